import Foundation
import YAML

/// `.relops.yml` at the repository root. Every field is optional: flags can stand in for all.
public struct ProjectConfig: Sendable, Equatable {
    /// The app's public web host (`app.web_host`), with the port a local test server needs;
    /// validated by the reader.
    public var webHost: WebHost?
    /// The platforms the app ships on (`app.platforms`: `[android, ios]`); nil when not set, so
    /// each command finds them as before (the build files, or both).
    public var platforms: Set<Platform>?
    /// The Android package name (`app.android.package`).
    public var androidPackage: String?
    /// Where the served fingerprints live: `path#Section:Key` (`app.android.fingerprints`).
    public var androidFingerprints: String?
    /// Apple app ids, `TEAMID.bundle.id` (`app.ios.app_ids`).
    public var iosAppIDs: [String] = []
    /// Universal Link paths the AASA must match (`app.ios.paths`).
    public var iosPaths: [String] = []
    /// How the association documents are served (`app.association`): found in the repository
    /// (`auto`, the default) or served by another repository (`external`).
    public var association: AssociationMode = .auto
    /// `app.android.fingerprints` unless `app.association` is `external`: the settings file this
    /// repository serves the documents from, for the commands that read or edit it.
    public var servedSettings: String? { association == .external ? nil : androidFingerprints }
    /// The served file (or settings file, or nginx configuration) `app.association` names, to pick
    /// one when a document has several sources in the repository.
    public var associationPath: String?
    /// The line of `app.association` in `.relops.yml`, for messages that cite it.
    public var associationLine: Int?
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
    /// Occurrences every cutover keeps as they are (`cutover.exclude`), besides `--exclude`.
    public var cutoverExclude: [CutoverExclusion] = []
    /// Values for runbook `{{name}}` placeholders (`vars`).
    public var vars: [(name: String, value: String)] = []

    /// `app.association`'s values.
    public enum AssociationMode: String, Sendable, Equatable, CaseIterable {
        /// relops finds how the repository serves each document.
        case auto
        /// Another repository serves them: local steps say so and the live checks carry the work.
        case external
    }

    /// A `classify:` entry: a glob and the class to give files it matches.
    public struct ClassifyRule: Sendable, Equatable {
        public let glob: Glob
        /// The class it gives.
        public let occurrenceClass: OccurrenceClass
        /// Where the rule sits in `.relops.yml`, for the `rule` field of an occurrence.
        public let line: Int
        /// The class's name as `.relops.yml` writes it (`docs`).
        public var className: String { occurrenceClass.rawValue }
    }

    public init() {}

    public static func == (lhs: ProjectConfig, rhs: ProjectConfig) -> Bool {
        lhs.webHost == rhs.webHost && lhs.androidPackage == rhs.androidPackage
            && lhs.androidFingerprints == rhs.androidFingerprints && lhs.iosAppIDs == rhs.iosAppIDs
            && lhs.iosPaths == rhs.iosPaths && lhs.association == rhs.association
            && lhs.oauthAllowlist == rhs.oauthAllowlist && lhs.classify == rhs.classify
            && lhs.cutoverExclude == rhs.cutoverExclude && lhs.anchorDocs == rhs.anchorDocs
            && lhs.anchorCode == rhs.anchorCode
            && lhs.anchorRepos.map { "\($0.prefix)=\($0.path)" } == rhs.anchorRepos.map { "\($0.prefix)=\($0.path)" }
            && lhs.vars.map { "\($0.name)=\($0.value)" } == rhs.vars.map { "\($0.name)=\($0.value)" }
    }

    /// The file name relops reads at a repository root.
    public static let fileName = ".relops.yml"

    /// The class names a `classify:` rule may give.
    public static let classNames = classifiable.map(\.rawValue)
    /// The classes a `classify:` rule may give: every class `scan` prints but `unknown`, which a
    /// person's rule exists to settle.
    public static let classifiable: [OccurrenceClass] = OccurrenceClass.allCases.filter { $0 != .unknown }

    /// The largest `.relops.yml` read: a real one is a few hundred bytes.
    public static let maximumSize = 1 << 20

    /// Reads `.relops.yml` in `root`; a missing file is an empty configuration. A symlink that
    /// leads outside the repository is not followed, and nothing but a regular file is read.
    public static func load(repositoryRoot root: String) throws(Failure) -> ProjectConfig {
        let path = root + "/" + fileName
        let bytes: [UInt8]
        do {
            // The one containment rule and regular-file reader: a symlink (or a symlinked folder)
            // leading outside is refused, a FIFO is never waited on.
            bytes = try RepositoryFile.read(fileName, in: root, limit: maximumSize)
        } catch {
            switch error.kind {
            case .missing: return ProjectConfig()
            case .notRegular(let what):
                throw Failure(.badInput, "\(path): \(what), not a regular file; a configuration is a YAML text file")
            case .tooLarge(let size, _):
                throw Failure(.badInput, "\(path): \(size) bytes; a configuration is at most \(maximumSize) bytes")
            default: throw Failure(error.category, error.description)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(.badInput, "\(path): not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// Parses the text of a `.relops.yml`; errors read `path:line:col: what is wrong`, and never
    /// quote more of the file than a short key or value name.
    public static func parse(_ text: String, path: String) throws(Failure) -> ProjectConfig {
        let root: YAMLNode
        do {
            root = try parseYAML(text)
        } catch {
            throw Failure(
                .badInput, "\(path):\(error.mark.line):\(error.mark.column): malformed YAML: \(error.message)")
        }
        return try ConfigReader(path: path).read(root)
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
