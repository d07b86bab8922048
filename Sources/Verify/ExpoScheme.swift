import Foundation
import RelopsCore

/// Expo's `scheme` (a string or a list), which EAS registers on both apps: in `app.json`'s `expo`
/// object (or `app.config.json`), or as literal `scheme: "..."` values in `app.config.js`/`.ts`.
extension OAuthCallbackLeg {
    /// Registers each scheme of the Expo config at `path` on the iOS and the Android head; returns
    /// the config's `android.package` (else `ios.bundleIdentifier`), a scheme to suggest.
    mutating func readExpoScheme(_ text: String, _ path: String) -> String? {
        var schemes: [String] = []
        var appID: String?
        if path.hasSuffix(".json") {
            guard let top = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let expo = top["expo"] as? [String: Any] ?? (path.hasSuffix("app.config.json") ? top : nil)
            else { return nil }
            schemes = (expo["scheme"] as? String).map { [$0] } ?? expo["scheme"] as? [String] ?? []
            appID =
                (expo["android"] as? [String: Any])?["package"] as? String
                ?? (expo["ios"] as? [String: Any])?["bundleIdentifier"] as? String
        } else {
            schemes = Self.literals(#"\bscheme\s*:\s*["'`]([A-Za-z][A-Za-z0-9+.-]*)["'`]"#, in: text)
            appID = Self.literals(#"\b(?:package|bundleIdentifier)\s*:\s*["'`]([A-Za-z0-9_.]+)["'`]"#, in: text).first
        }
        for scheme in schemes where !["http", "https"].contains(scheme.lowercased()) {
            let line = RepositoryClaims.lineOfLiteral(scheme, in: text.replacingOccurrences(of: "'", with: "\""))
            for platform in [Platform.iOS, .android] {
                register(scheme, platform, path, line, "Expo scheme")
            }
        }
        return appID
    }

    /// The first capture group of each match of `pattern` in `text`.
    private static func literals(_ pattern: String, in text: String) -> [String] {
        BuiltInRegex(pattern).captures(in: text)
    }
}
