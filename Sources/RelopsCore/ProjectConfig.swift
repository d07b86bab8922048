import Foundation
import YAML

/// `.relops.yml` at the repository root. Every field is optional: flags can stand in for all.
public struct ProjectConfig: Sendable, Equatable {
    /// The app's public web host (`app.web_host`).
    public var webHost: String?
    /// The Android package name (`app.android.package`).
    public var androidPackage: String?
    /// Where the served fingerprints live: `path#Section:Key` (`app.android.fingerprints`).
    public var androidFingerprints: String?
    /// Apple app ids, `TEAMID.bundle.id` (`app.ios.app_ids`).
    public var iosAppIDs: [String] = []
    /// Universal Link paths the AASA must match (`app.ios.paths`).
    public var iosPaths: [String] = []
    /// Where the identity service's OAuth return-URL scheme allowlist lives: `path#Section:Key`
    /// (`app.oauth.allowlist`).
    public var oauthAllowlist: String?
    /// Classification overrides, first match wins (`classify`).
    public var classify: [ClassifyRule] = []
    /// ADR globs to audit (`anchors.docs`).
    public var anchorDocs: [String] = []
    /// Anchor prefixes and the checkouts they name (`anchors.repos`), relative to the repository root.
    public var anchorRepos: [(prefix: String, path: String)] = []
    /// The checkout unprefixed anchors point into (`anchors.code`), relative to the repository root.
    public var anchorCode: String?
    /// Values for runbook `{{name}}` placeholders (`vars`).
    public var vars: [(name: String, value: String)] = []

    /// A `classify:` entry: a glob and the class to give files it matches.
    public struct ClassifyRule: Sendable, Equatable {
        public let glob: Glob
        public let className: String
        /// Where the rule sits in `.relops.yml`, for the `rule` field of an occurrence.
        public let line: Int
    }

    public init() {}

    public static func == (lhs: ProjectConfig, rhs: ProjectConfig) -> Bool {
        lhs.webHost == rhs.webHost && lhs.androidPackage == rhs.androidPackage
            && lhs.androidFingerprints == rhs.androidFingerprints && lhs.iosAppIDs == rhs.iosAppIDs
            && lhs.iosPaths == rhs.iosPaths && lhs.oauthAllowlist == rhs.oauthAllowlist && lhs.classify == rhs.classify
            && lhs.anchorDocs == rhs.anchorDocs && lhs.anchorCode == rhs.anchorCode
            && lhs.anchorRepos.map { "\($0.prefix)=\($0.path)" } == rhs.anchorRepos.map { "\($0.prefix)=\($0.path)" }
            && lhs.vars.map { "\($0.name)=\($0.value)" } == rhs.vars.map { "\($0.name)=\($0.value)" }
    }

    /// The file name relops reads at a repository root.
    public static let fileName = ".relops.yml"

    /// The class names a `classify:` rule may give.
    public static let classNames = ["binary-config", "binary-literal", "server", "docs", "test", "other"]

    /// Reads `.relops.yml` in `root`; a missing file is an empty configuration.
    public static func load(repositoryRoot root: String) throws(Failure) -> ProjectConfig {
        let path = root + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return ProjectConfig() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(.couldNotCheck, "\(path): cannot read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(.badInput, "\(path): not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// Parses the text of a `.relops.yml`; errors read `path:line:col: what is wrong`.
    public static func parse(_ text: String, path: String) throws(Failure) -> ProjectConfig {
        let root: YAMLNode
        do {
            root = try parseYAML(text)
        } catch {
            throw Failure(
                .badInput, "\(path):\(error.mark.line):\(error.mark.column): malformed YAML: \(error.message)")
        }
        var reader = ConfigReader(path: path)
        return try reader.read(root)
    }
}

private struct ConfigReader {
    let path: String

    func fail(_ node: YAMLNode, _ message: String) -> Failure {
        Failure(.badInput, "\(path):\(node.mark.line):\(node.mark.column): \(message)")
    }

    func mapping(_ node: YAMLNode, _ name: String, keys: [String]) throws(Failure) -> [(key: String, value: YAMLNode)] {
        if case .scalar("", _) = node { return [] }
        guard let pairs = node.pairs else { throw fail(node, "`\(name)` must be a mapping") }
        for pair in pairs where !keys.contains(pair.key) {
            let hint = closest(pair.key, in: keys).map { " (did you mean `\($0)`?)" } ?? ""
            throw fail(
                pair.value, "unknown key `\(name).\(pair.key)`\(hint); known keys: \(keys.joined(separator: ", "))")
        }
        return pairs
    }

    func string(_ node: YAMLNode, _ name: String) throws(Failure) -> String {
        guard let s = node.string else { throw fail(node, "`\(name)` must be a single value") }
        return s
    }

    func strings(_ node: YAMLNode, _ name: String) throws(Failure) -> [String] {
        if let s = node.string { return s.isEmpty ? [] : [s] }
        guard let items = node.items else { throw fail(node, "`\(name)` must be a list") }
        var out: [String] = []
        for item in items { out.append(try string(item, name + "[]")) }
        return out
    }

    mutating func read(_ root: YAMLNode) throws(Failure) -> ProjectConfig {
        var config = ProjectConfig()
        for (key, value) in try mapping(root, ".relops.yml", keys: ["app", "classify", "anchors", "vars"]) {
            switch key {
            case "app":
                for (k, v) in try mapping(value, "app", keys: ["web_host", "android", "ios", "oauth"]) {
                    switch k {
                    case "web_host": config.webHost = try string(v, "app.web_host")
                    case "oauth":
                        for (_, ov) in try mapping(v, "app.oauth", keys: ["allowlist"]) {
                            config.oauthAllowlist = try string(ov, "app.oauth.allowlist")
                        }
                    case "android":
                        for (ak, av) in try mapping(v, "app.android", keys: ["package", "fingerprints"]) {
                            if ak == "package" {
                                config.androidPackage = try string(av, "app.android.package")
                            } else {
                                config.androidFingerprints = try string(av, "app.android.fingerprints")
                            }
                        }
                    default:
                        for (ik, iv) in try mapping(v, "app.ios", keys: ["app_ids", "paths"]) {
                            if ik == "app_ids" {
                                config.iosAppIDs = try strings(iv, "app.ios.app_ids")
                            } else {
                                config.iosPaths = try strings(iv, "app.ios.paths")
                            }
                        }
                    }
                }
            case "classify":
                guard let items = value.items else { throw fail(value, "`classify` must be a list of {glob, class}") }
                for item in items {
                    let pairs = try mapping(item, "classify[]", keys: ["glob", "class"])
                    guard let glob = pairs.first(where: { $0.key == "glob" })?.value,
                        let cls = pairs.first(where: { $0.key == "class" })?.value
                    else { throw fail(item, "a `classify` rule needs both `glob` and `class`") }
                    let className = try string(cls, "classify[].class")
                    guard ProjectConfig.classNames.contains(className) else {
                        throw fail(
                            cls,
                            "unknown class `\(className)`; use one of \(ProjectConfig.classNames.joined(separator: ", "))"
                        )
                    }
                    config.classify.append(
                        .init(
                            glob: Glob(try string(glob, "classify[].glob")), className: className,
                            line: item.mark.line))
                }
            case "anchors":
                for (k, v) in try mapping(value, "anchors", keys: ["docs", "repos", "code"]) {
                    if k == "docs" {
                        config.anchorDocs = try strings(v, "anchors.docs")
                    } else if k == "code" {
                        config.anchorCode = try string(v, "anchors.code")
                    } else {
                        for (prefix, p) in try mapping(v, "anchors.repos", keys: (v.pairs ?? []).map(\.key)) {
                            config.anchorRepos.append((prefix, try string(p, "anchors.repos.\(prefix)")))
                        }
                    }
                }
            default:
                for (name, v) in try mapping(value, "vars", keys: (value.pairs ?? []).map(\.key)) {
                    config.vars.append((name, try string(v, "vars.\(name)")))
                }
            }
        }
        return config
    }
}

/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo
/// (a candidate that `word` starts, of two characters or more, counts as closest of all).
public func closest(_ word: String, in candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
        let d = candidate.hasPrefix(word) && word.count >= 2 ? 0 : editDistance(word, candidate)
        if d <= max(2, candidate.count / 3), best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
}

/// Levenshtein distance between two strings, by Unicode scalar.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[y.count]
}
