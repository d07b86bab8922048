import Foundation
import RelopsCore

/// Another place that sets the served key and would override the edited value at run time.
public struct ConfigOverride: Encodable, Sendable, Equatable {
    public enum Kind: String, Encodable, Sendable {
        /// Another `appsettings.*.json` sets the key.
        case appsettings
        /// `launchSettings.json` sets it as an environment variable for a launch profile.
        case launchSettings = "launch-settings"
        /// A pipeline, Bicep file, Dockerfile or `.env` file sets the environment variable.
        case environment
    }

    public let kind: Kind
    /// Relative to the repository.
    public let path: String
    public let line: Int
    /// The line's text, trimmed.
    public let text: String

    enum CodingKeys: String, CodingKey { case kind, path, line, text }

    /// As `fingerprint rotate --format json` lists it: kind, path, line and text.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(kind, forKey: .kind)
        try object.encode(path, forKey: .path)
        try object.encode(line, forKey: .line)
        try object.encode(text, forKey: .text)
    }
}

/// A line of documentation that still holds the placeholder or a retired fingerprint.
public struct StaleDocumentLine: Encodable, Sendable, Equatable {
    public enum Reason: String, Encodable, Sendable {
        case placeholder
        case retiredFingerprint = "retired-fingerprint"
    }

    public let reason: Reason
    public let path: String
    public let line: Int
    public let text: String

    enum CodingKeys: String, CodingKey { case reason, path, line, text }

    /// As `fingerprint rotate --format json` lists it: reason, path, line and text.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(reason, forKey: .reason)
        try object.encode(path, forKey: .path)
        try object.encode(line, forKey: .line)
        try object.encode(text, forKey: .text)
    }
}

/// Finds what a fingerprint rotation leaves behind in a working tree.
public enum RotationReports {
    /// Every place under `root`, other than the target itself and `.relops.yml`, that sets the
    /// target's key: other appsettings files (by key path), and the environment form
    /// (`Section__Key`, `Section__Key__0`) or colon form in launchSettings.json, YAML pipelines,
    /// Bicep, Dockerfiles and `.env` files.
    public static func overrides(of target: ConfigTarget, root: String) -> [ConfigOverride] {
        var found: [ConfigOverride] = []
        let environmentName = target.environmentName.lowercased()
        let colonName = target.key.lowercased()
        for relative in workingTreeFiles(root) {
            let full = root + "/" + relative
            guard full != target.path, relative != ProjectConfig.fileName else { continue }
            let name = (relative as NSString).lastPathComponent.lowercased()
            if name.hasPrefix("appsettings") && name.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: full),
                    let document = try? JSONCDocument(bytes: Array(data), path: relative),
                    let value = document.node(at: target.keyPath)
                else { continue }
                let (line, _) = document.location(of: value.range.lowerBound)
                let lines = textLines(full) ?? []
                let text = line <= lines.count ? lines[line - 1].trimmingCharacters(in: .whitespaces) : ""
                found.append(ConfigOverride(kind: .appsettings, path: relative, line: line, text: text))
                continue
            }
            let kind: ConfigOverride.Kind
            if name == "launchsettings.json" {
                kind = .launchSettings
            } else if name.hasSuffix(".yml") || name.hasSuffix(".yaml") || name.hasSuffix(".bicep")
                || name.hasSuffix(".bicepparam") || name.hasPrefix("dockerfile") || name.hasSuffix(".dockerfile")
                || name == ".env" || name.hasPrefix(".env.") || name.hasSuffix(".env")
            {
                kind = .environment
            } else {
                continue
            }
            guard let lines = textLines(full) else { continue }
            for (index, line) in lines.enumerated() {
                let lower = line.lowercased()
                guard
                    containsKey(lower, environmentName, separator: "__")
                        || containsKey(lower, colonName, separator: ":")
                else { continue }
                found.append(
                    ConfigOverride(
                        kind: kind, path: relative, line: index + 1,
                        text: line.trimmingCharacters(in: .whitespaces)))
            }
        }
        return found
    }

    /// True when `line` holds `name` as a whole key: not followed by more name characters other
    /// than an index separator (`__0`, `:0`).
    static func containsKey(_ line: String, _ name: String, separator: String) -> Bool {
        var searchStart = line.startIndex
        while let range = line.range(of: name, range: searchStart..<line.endIndex) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let rest = line[range.upperBound...]
            let startsClean = before.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
            let endsClean =
                rest.first.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ":") } ?? true
                || rest.hasPrefix(separator)
            if startsClean && endsClean { return true }
            searchStart = range.upperBound
        }
        return false
    }

    /// Documentation lines (Markdown, text, AsciiDoc, reStructuredText) under `root` that hold the
    /// placeholder literal or one of `retired` in canonical, lowercase or compact hex form.
    public static func staleDocuments(root: String, retired: [CertificateFingerprint]) -> [StaleDocumentLine] {
        let extensions = [".md", ".markdown", ".txt", ".adoc", ".rst"]
        var needles: [String] = []
        for fingerprint in retired {
            needles += [fingerprint.canonical.lowercased(), fingerprint.compactLowercase]
        }
        var found: [StaleDocumentLine] = []
        for relative in workingTreeFiles(root) where extensions.contains(where: { relative.lowercased().hasSuffix($0) })
        {
            guard let lines = textLines(root + "/" + relative) else { continue }
            for (index, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                if line.contains(FingerprintNormalizer.placeholderPrefix) {
                    found.append(StaleDocumentLine(reason: .placeholder, path: relative, line: index + 1, text: text))
                } else if !needles.isEmpty {
                    let lower = line.lowercased()
                    if needles.contains(where: { lower.contains($0) }) {
                        found.append(
                            StaleDocumentLine(reason: .retiredFingerprint, path: relative, line: index + 1, text: text))
                    }
                }
            }
        }
        return found
    }
}

/// A unified diff of two texts that differ in one region, with `context` lines around it. An
/// absolute `path` is headed as git heads one (`a/tmp/x.json`), never `a//tmp/x.json`.
public func unifiedDiff(path: String, before: [UInt8], after: [UInt8], context: Int = 3) -> String {
    func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0.last == 0x0D ? $0.dropLast() : $0[...], as: UTF8.self)
        }
    }
    let a = lines(before), b = lines(after)
    if a == b && before == after { return "" }
    var prefix = 0
    while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
        suffix += 1
    }
    let start = max(0, prefix - context)
    let endA = min(a.count, a.count - suffix + context), endB = min(b.count, b.count - suffix + context)
    let shown = path.drop(while: { $0 == "/" })
    var out = "--- a/\(shown)\n+++ b/\(shown)\n"
    out += "@@ -\(start + 1),\(endA - start) +\(start + 1),\(endB - start) @@\n"
    for line in a[start..<prefix] { out += " \(line)\n" }
    for line in a[prefix..<(a.count - suffix)] { out += "-\(line)\n" }
    for line in b[prefix..<(b.count - suffix)] { out += "+\(line)\n" }
    for line in a[(a.count - suffix)..<endA] { out += " \(line)\n" }
    return out
}
