/// Which registered schemes are the OAuth callback's: a head registers schemes for other reasons
/// too (a Facebook SDK's `fb1234567890`, Google Sign-In's reversed client id), and a release
/// manager must not be sent to allow-list those.
extension OAuthCallbackLeg {
    /// Why `registration` is the callback scheme: the client's callback URL uses it, an allowlist
    /// names it, or (Android) it is on a `WebAuthenticatorCallbackActivity`. Nil when none holds.
    func callbackEvidence(_ registration: Registration) -> String? {
        let scheme = registration.scheme.lowercased()
        if let callback = callbacks.first(where: { $0.scheme == scheme }) {
            return "the client's callback URL at \(callback.location) uses it"
        }
        if let entry = allowlists.lazy.flatMap(\.entries).first(where: { $0.scheme.lowercased() == scheme }) {
            return "allow-listed at \(entry.location)"
        }
        if registration.onCallbackActivity { return "on the WebAuthenticatorCallbackActivity" }
        return nil
    }

    /// The registrations that are the callback's (see `callbackEvidence`).
    var callbackRegistrations: [Registration] { registrations.filter { callbackEvidence($0) != nil } }

    /// True when relops has something to tell the callback scheme by: a resolved callback URL or an allowlist.
    var canTellCallbackScheme: Bool { callbacks.contains { $0.url != nil } || !allowlists.isEmpty }

    /// One line per registration that is not the callback's: a skip ("not checked") naming the
    /// file and line and, for a well-known SDK shape, the SDK; a warning when relops cannot tell
    /// (no callback URL resolved and no allowlist), instead of guessing.
    func otherSchemeChecks() -> [Check] {
        var out: [Check] = []
        for r in registrations where callbackEvidence(r) == nil {
            let what = "\(r.location): the \(r.head.name) registers \(r.scheme) (\(r.source))"
            if let sdk = Self.knownSDK(r.scheme) {
                out.append(
                    Check(
                        "oauth.other-scheme", .skip, url: nil,
                        "\(what), \(sdk): registered but not used for the OAuth callback (not checked)",
                        evidence: [r.location]))
            } else if canTellCallbackScheme {
                out.append(
                    Check(
                        "oauth.other-scheme", .skip, url: nil,
                        "\(what): registered but not used for the OAuth callback (not checked): no callback URL "
                            + "uses it and no allowlist names it",
                        evidence: [r.location]))
            } else {
                out.append(
                    Check(
                        "oauth.other-scheme", .warn, url: nil,
                        "\(what), but relops cannot tell whether it is the OAuth callback scheme: no callback URL "
                            + "was resolved and no \(Self.defaultKey) allowlist was found, so it is not checked",
                        evidence: [r.location]))
            }
        }
        return out
    }

    /// The SDK a well-known scheme shape belongs to (`fb1234567890`: the Facebook SDK), or nil.
    public static func knownSDK(_ scheme: String) -> String? {
        let s = scheme.lowercased()
        func digits(after prefix: String) -> Bool {
            guard s.hasPrefix(prefix) else { return false }
            let rest = s.dropFirst(prefix.count)
            let number = rest.prefix { $0.isASCII && $0.isNumber }
            return !number.isEmpty && rest.dropFirst(number.count).allSatisfy { $0.isASCII && $0.isLetter }
        }
        let prefixes: [(String, String)] = [
            ("com.googleusercontent.apps.", "Google Sign-In's reversed client id"),
            ("msauth.", "the Microsoft Authentication Library's (MSAL) broker scheme"),
            ("msauthv2", "the Microsoft Authenticator broker's scheme"),
            ("msauthv3", "the Microsoft Authenticator broker's scheme"),
            ("twitterkit-", "Twitter Kit's scheme"),
            ("db-", "the Dropbox SDK's scheme"),
            ("line3rdp.", "the LINE SDK's scheme"),
            ("amzn-", "Login with Amazon's scheme"),
        ]
        if let match = prefixes.first(where: { s.hasPrefix($0.0) && s.count > $0.0.count }) { return match.1 }
        if digits(after: "fb") { return "the Facebook SDK's scheme (fb<app id>)" }
        if s.hasPrefix("msal"), s.count >= 36, s.dropFirst(4).allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            return "the Microsoft Authentication Library's (MSAL) scheme (msal<client id>)"
        }
        if digits(after: "vk") { return "the VK SDK's scheme (vk<app id>)" }
        if digits(after: "pdk") { return "the Pinterest SDK's scheme (pdk<app id>)" }
        return nil
    }
}
