import Foundation
import RelopsCore

/// The claims of an Expo app's config, which EAS builds into the apps: `ios.associatedDomains`
/// (`applinks:`, `webcredentials:`) and `android.intentFilters` with `autoVerify`. `app.json` and
/// `app.config.json` are read as JSON (the `expo` object); `app.config.js`/`.ts` are code, whose
/// literal `applinks:` entries and intent filter `host`s are read when it sets `autoVerify: true`.
extension RepositoryClaims {
    /// True for an Expo app config's name.
    static func isExpoConfig(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return ["app.json", "app.config.json", "app.config.js", "app.config.ts"].contains(name)
    }

    /// The claims of the Expo configs among `paths` (relative to `root`); others are skipped.
    public static func readExpo(root: String, paths: [String]) -> RepositoryClaims {
        var out = RepositoryClaims()
        for path in paths where isExpoConfig(path) && !path.contains("node_modules/") {
            guard
                let text = TrackedFileText.read(
                    path, in: root, containing: ["applinks:", "intentFilters"],
                    orNote: "its app-link claims were not read", in: &out.notes)
            else { continue }
            if path.hasSuffix(".json") { out.readExpoJSON(text, path) } else { out.readExpoCode(text, path) }
        }
        return out
    }

    mutating func readExpoJSON(_ text: String, _ path: String) {
        guard let top = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            notes.append("\(path): not a JSON object: its app-link claims were not read")
            return
        }
        guard let expo = top["expo"] as? [String: Any] ?? (path.hasSuffix("app.config.json") ? top : nil) else {
            return
        }
        for entry in (expo["ios"] as? [String: Any])?["associatedDomains"] as? [String] ?? [] {
            for (prefix, kind) in [("applinks:", Claim.Kind.appLinks), ("webcredentials:", .webCredentials)]
            where entry.hasPrefix(prefix) {
                let host = String(entry.dropFirst(prefix.count).prefix { $0 != "?" })
                claims.append(Claim(host: host, kind: kind, location: "\(path):\(Self.lineOfLiteral(entry, in: text))"))
            }
        }
        for filter in (expo["android"] as? [String: Any])?["intentFilters"] as? [[String: Any]] ?? [] {
            let data = (filter["data"] as? [[String: Any]]) ?? (filter["data"] as? [String: Any]).map { [$0] } ?? []
            let web = data.filter { ["http", "https"].contains(($0["scheme"] as? String)?.lowercased() ?? "") }
            for host in web.compactMap({ $0["host"] as? String }) {
                let location = "\(path):\(Self.lineOfLiteral(host, in: text))"
                if filter["autoVerify"] as? Bool == true {
                    claims.append(Claim(host: host, kind: .android, location: location))
                } else {
                    notes.append(
                        "\(location): intentFilters entry for \(host) has no \"autoVerify\": true: Android will not verify it"
                    )
                }
            }
        }
    }

    /// `app.config.ts`: literal `'applinks:host'` entries, and the literal `host:` values of
    /// intent filters when the config sets `autoVerify: true` (else a note).
    mutating func readExpoCode(_ text: String, _ path: String) {
        func matches(_ pattern: String) -> [(String, Int)] { BuiltInRegex(pattern).capturesWithLines(in: text) }
        for (host, line) in matches(#"["'`]applinks:([^"'`?\s]+)"#) {
            claims.append(Claim(host: host, kind: .appLinks, location: "\(path):\(line)"))
        }
        guard text.contains("intentFilters") else { return }
        let verified = text.range(of: #"autoVerify\s*:\s*true"#, options: .regularExpression) != nil
        for (host, line) in matches(#"\bhost\s*:\s*["'`]([^"'`\s]+)["'`]"#) {
            if verified {
                claims.append(Claim(host: host, kind: .android, location: "\(path):\(line)"))
            } else {
                notes.append(
                    "\(path):\(line): intentFilters entry for \(host) has no autoVerify: true: Android will not verify it"
                )
            }
        }
    }

    /// The 1-based line of the first `"value"` in `text`, 1 when it is not there.
    static func lineOfLiteral(_ value: String, in text: String) -> Int {
        guard let range = text.range(of: "\"" + value + "\"") else { return 1 }
        return line(of: range.lowerBound, in: text)
    }
}
