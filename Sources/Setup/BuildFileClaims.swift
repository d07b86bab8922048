import Foundation
import RelopsCore
import Verify

/// The claims `relops init` reads beyond `RepositoryClaims`: placeholders in a claimed host
/// resolved (`${host}` from a Gradle module's `manifestPlaceholders`, `$(NAME)` from a tracked
/// `.xcconfig`), and Expo's `app.json` / `app.config.json` (`ios.associatedDomains`,
/// `android.intentFilters` with `autoVerify`, `ios.bundleIdentifier`, `android.package`). Text
/// only, no build; every file is read inside the repository (`RepositoryFile`).
struct BuildFileClaims {
    let root: String
    let paths: [String]
    /// The claims, placeholders resolved (one claim per value a placeholder can take).
    var claims: [RepositoryClaims.Claim] = []
    /// The claims of Expo configurations (`app.json`).
    var expoClaims: [RepositoryClaims.Claim] = []
    /// The Expo apps: each config's package and bundle id behind its claims.
    var expoApps: [ClaimingApp] = []
    /// Where each resolved placeholder came from, by claim location and host.
    var resolvedFrom: [String: String] = [:]
    /// What could not be read.
    var notes: [String] = []

    /// The text of `path`; when it cannot be read, nil, and the notes say which file and why (a
    /// placeholder is then resolved without it, never as if the file set nothing).
    mutating func text(_ path: String) -> String? {
        do { return try readText(path) } catch {
            let note = "\(path): not read for placeholder values (\(error.reason))"
            if !notes.contains(note) { notes.append(note) }
            return nil
        }
    }

    /// The text of `path`, or why it could not be read (it leads outside the repository, is not a
    /// regular file, or is over the limit).
    func readText(_ path: String) throws(RepositoryPathError) -> String {
        let bytes = try RepositoryFile.read(path, in: root, limit: RepositoryFile.Limit.projectFile)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads `native`'s claims with their placeholders resolved, then the Expo configurations.
    static func read(root: String, paths: [String], native: RepositoryClaims) -> BuildFileClaims {
        var out = BuildFileClaims(root: root, paths: paths)
        out.notes = native.notes
        for claim in native.claims {
            out.resolve(claim)
        }
        for path in paths.sorted() {
            let name = (path as NSString).lastPathComponent
            if name == "app.json" || name == "app.config.json" {
                out.readExpo(path)
            } else if name == "app.config.js" || name == "app.config.ts" {
                out.notes.append(
                    "\(path): an Expo configuration in code is not read (relops does not run it); "
                        + "its hosts and ids are not listed here")
            }
        }
        return out
    }

    /// The value of `${name}` or `$(name)` in `host`, when the whole host is one placeholder.
    static func placeholder(in host: String) -> String? {
        for (open, close) in [("${", "}"), ("$(", ")")] where host.hasPrefix(open) && host.hasSuffix(close) {
            return String(host.dropFirst(2).dropLast())
        }
        return nil
    }

    mutating func resolve(_ claim: RepositoryClaims.Claim) {
        guard let name = Self.placeholder(in: claim.host) else {
            if claim.host.contains("$") {
                notes.append("\(claim.location): host \(claim.host) holds a placeholder relops cannot resolve")
            } else {
                claims.append(claim)
            }
            return
        }
        let values = claim.kind == .android ? manifestPlaceholder(name, for: claim) : xcconfigValues(name)
        guard !values.isEmpty else {
            let looked = claim.kind == .android ? "the module's manifestPlaceholders" : "a tracked .xcconfig"
            notes.append("\(claim.location): host \(claim.host): no literal value for \(name) in \(looked)")
            return
        }
        for (value, location) in values {
            let resolved = RepositoryClaims.Claim(host: value, kind: claim.kind, location: claim.location)
            resolvedFrom[claim.location + " " + value] = location
            claims.append(resolved)
        }
    }

    /// `manifestPlaceholders` entries of the Gradle module around a manifest: `name: "v"`,
    /// `"name" to "v"`, `["name"] = "v"`, `put("name", "v")`.
    mutating func manifestPlaceholder(_ name: String, for claim: RepositoryClaims.Claim) -> [(String, String)] {
        let path = String(claim.location.prefix { $0 != ":" })
        guard let src = path.range(of: "src/", options: .backwards) else { return [] }
        let module = String(path[..<src.lowerBound])
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let pattern = #"["']?\b"# + escaped + #"\b["']?\s*(?:\]\s*=|:|=|\bto\b|,)\s*["']([^"'$]+)["']"#
        var out: [(String, String)] = []
        for gradle in ["build.gradle.kts", "build.gradle"].map({ module + $0 }) where paths.contains(gradle) {
            guard let text = text(gradle), text.contains("manifestPlaceholders") else { continue }
            for (value, line) in Self.matches(pattern, in: text) where !out.contains(where: { $0.0 == value }) {
                out.append((value, "manifestPlaceholders \(name), \(gradle):\(line)"))
            }
        }
        return out
    }

    /// `NAME = value` in every tracked `.xcconfig` (one value per file that sets it).
    mutating func xcconfigValues(_ name: String) -> [(String, String)] {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        var out: [(String, String)] = []
        for path in paths.filter({ $0.hasSuffix(".xcconfig") }).sorted() {
            guard let text = text(path) else { continue }
            for (value, line) in Self.matches(#"(?m)^[ \t]*"# + escaped + #"[ \t]*=[ \t]*([^\s/;]+)"#, in: text)
            where !value.contains("$") && !out.contains(where: { $0.0 == value }) {
                out.append((value, "\(name), \(path):\(line)"))
            }
        }
        return out
    }

    /// Every match's first group and its line.
    static func matches(_ pattern: String, in text: String) -> [(String, Int)] {
        BuiltInRegex(pattern).capturesWithLines(in: text)
    }

    /// The line of the first `"value"` in `text` (after `"key":` when a key is given; 1 when it is
    /// not found as written).
    static func line(of value: String, key: String? = nil, in text: String) -> Int {
        let quoted = NSRegularExpression.escapedPattern(for: "\"" + value + "\"")
        let pattern = key.map { "\"" + NSRegularExpression.escapedPattern(for: $0) + "\"\\s*:\\s*" + quoted } ?? quoted
        guard let range = text.range(of: pattern, options: .regularExpression) else { return 1 }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
