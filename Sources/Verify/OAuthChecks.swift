import RelopsCore

/// The checks of the native OAuth callback leg, each a line of the verify checklist.
extension OAuthCallbackLeg {
    /// Schemes too generic to be the app's own: another app can register them too.
    static let genericSchemes: Set<String> = [
        "app", "apps", "myapp", "auth", "oauth", "oauth2", "login", "signin", "callback", "redirect", "mobile",
        "client", "native", "custom", "scheme", "account", "example", "sample", "default", "service", "android",
        "ios", "maui", "application", "identity", "connect", "return", "complete",
    ]

    /// True for a scheme another app could plausibly register: shorter than 6 characters, or one
    /// common word from `genericSchemes`.
    public static func isGeneric(_ scheme: String) -> Bool {
        scheme.count < 6 || genericSchemes.contains(scheme.lowercased())
    }

    static func isWeb(_ scheme: String) -> Bool { ["http", "https"].contains(scheme.lowercased()) }

    /// The checklist lines: what could not be read, registrations against the allowlists, the
    /// allowlists against every head, the client's callback URLs, web schemes in an allowlist,
    /// and generic schemes. One skip line when the repository holds no part of the leg.
    public func checks() -> [Check] {
        guard !isEmpty else {
            return [
                Check(
                    "oauth", .skip, url: nil,
                    "no native OAuth callback found (no CFBundleURLSchemes, custom-scheme intent filter, "
                        + "WebAuthenticator call or \(Self.defaultKey))")
            ]
        }
        var out = notes.map {
            Check("oauth.read", .warn, url: nil, $0, evidence: [String($0.prefix { $0 != " " }.dropLast())])
        }
        out += registrationChecks()
        out += otherSchemeChecks()
        out += headChecks()
        out += callbackChecks()
        out += webSchemeChecks()
        out += genericSchemeChecks()
        return out
    }

    /// Every scheme a head registers for the callback (`callbackRegistrations`) is in every
    /// environment's allowlist. Other registered schemes are `otherSchemeChecks`'.
    func registrationChecks() -> [Check] {
        let registrations = callbackRegistrations
        guard !allowlists.isEmpty || registrations.isEmpty else {
            // Absence is not a failure: the identity service may live in another repository.
            let why =
                allowlistExternal.map { "the allowlist is external (\($0))" }
                ?? "no allowlist in this repository: no tracked appsettings*.json sets \(Self.defaultKey) (name "
                + "it with app.oauth.allowlist: path#Section:Key in .relops.yml, or say app.oauth.allowlist: "
                + "external when another repository holds it)"
            let schemes = registrations.map(\.scheme).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return [
                Check(
                    "oauth.allow-listed", .skip, url: nil,
                    "not checked here: \(why); the identity service must allow-list "
                        + schemes.joined(separator: ", "),
                    evidence: registrations.map(\.location))
            ]
        }
        var out: [Check] = []
        for r in registrations {
            let what = "\(r.location): the \(r.head.name) registers \(r.scheme) (\(r.source))"
            let missing = allowlists.filter { !$0.contains(r.scheme) }
            let evidence = [r.location] + allowlists.flatMap(\.keyLocations)
            if missing.isEmpty {
                let places = allowlists.compactMap {
                    $0.entries.first { $0.scheme.lowercased() == r.scheme.lowercased() }?.location
                }
                out.append(
                    Check(
                        "oauth.allow-listed", .pass, url: nil,
                        "\(what); allow-listed at \(unique(places).joined(separator: ", "))", evidence: evidence))
            } else {
                let lacking = missing.map { "\($0.environment) (\($0.keyLocations.joined(separator: " over ")))" }
                let why = callbackEvidence(r).map { ", the callback scheme (\($0))" } ?? ""
                out.append(
                    Check(
                        "oauth.allow-listed", .fail, url: nil,
                        "\(what)\(why), but \(missing.first?.key ?? Self.defaultKey) in \(lacking.joined(separator: ", ")) "
                            + "lacks it: the completion redirect falls back to the web base URL",
                        evidence: evidence))
            }
        }
        return out
    }

    /// Every allow-listed scheme is registered by each head (a warning naming the head).
    func headChecks() -> [Check] {
        var out: [Check] = []
        var seen: Set<String> = []
        for list in allowlists {
            for entry in list.entries where !Self.isWeb(entry.scheme) && seen.insert(entry.scheme.lowercased()).inserted
            {
                let registeredBy = registrations.filter { $0.scheme.lowercased() == entry.scheme.lowercased() }
                let lacking = heads.filter { head in !registeredBy.contains { $0.head == head } }
                let evidence = [entry.location] + registeredBy.map(\.location)
                if heads.isEmpty {
                    out.append(
                        Check(
                            "oauth.heads", .warn, url: nil,
                            "\(entry.location): \(entry.scheme) is allow-listed, but the repository has no iOS or Android head to register it",
                            evidence: evidence))
                } else if lacking.isEmpty {
                    out.append(
                        Check(
                            "oauth.heads", .pass, url: nil,
                            "\(entry.location): \(entry.scheme) is registered by every head (\(heads.map(\.platform.rawValue).joined(separator: ", ")))",
                            evidence: evidence))
                } else {
                    for head in lacking {
                        out.append(
                            Check(
                                "oauth.heads", .warn, url: nil,
                                "\(entry.location): \(entry.scheme) is allow-listed, but the \(head.name) does not register it: "
                                    + "a login started there cannot come back to the app",
                                evidence: evidence))
                    }
                }
            }
        }
        return out
    }

    /// The callback URL each `WebAuthenticator` call passes uses a scheme every head registers.
    func callbackChecks() -> [Check] {
        var out: [Check] = []
        for callback in callbacks {
            guard let url = callback.url, let scheme = callback.scheme else {
                out.append(
                    Check(
                        "oauth.callback", .warn, url: nil,
                        "\(callback.location): the callback URL is `\(callback.expression)`, not a literal or a const "
                            + "string of this file: not resolved, so not checked",
                        evidence: [callback.location]))
                continue
            }
            let registeredBy = registrations.filter { $0.scheme.lowercased() == scheme }
            let lacking = heads.filter { head in !registeredBy.contains { $0.head == head } }
            let evidence = [callback.location] + registeredBy.map(\.location)
            if registeredBy.isEmpty {
                out.append(
                    Check(
                        "oauth.callback", .fail, url: nil,
                        "\(callback.location): the client's callback URL \(url) uses \(scheme), which no head registers: "
                            + "the system browser cannot hand the result back to the app",
                        evidence: evidence))
            } else if !lacking.isEmpty {
                out.append(
                    Check(
                        "oauth.callback", .fail, url: nil,
                        "\(callback.location): the client's callback URL \(url) uses \(scheme), which "
                            + lacking.map { "the \($0.name)" }.joined(separator: " and ") + " does not register",
                        evidence: evidence))
            } else {
                out.append(
                    Check(
                        "oauth.callback", .pass, url: nil,
                        "\(callback.location): the client's callback URL \(url) uses \(scheme), registered at "
                            + registeredBy.map(\.location).joined(separator: ", "),
                        evidence: evidence))
            }
        }
        return out
    }

    /// `http` or `https` in an allowlist: the framework ignores them, and listing them shows a
    /// wrong model of the allowlist (one that honoured them would be an open redirect).
    func webSchemeChecks() -> [Check] {
        var out: [Check] = []
        var seen: Set<String> = []
        for list in allowlists {
            for entry in list.entries where Self.isWeb(entry.scheme) && seen.insert(entry.location).inserted {
                out.append(
                    Check(
                        "oauth.allowlist-web", .fail, url: nil,
                        "\(entry.location): \(entry.scheme) in \(list.key) is a misconfiguration: web destinations must "
                            + "go through the pinned UI base URL; the framework ignores it, and an allowlist that honoured "
                            + "it would be an open redirect. Remove it",
                        evidence: [entry.location]))
            }
        }
        return out
    }

    /// Each custom scheme in play: generic ones warn about scheme hijacking.
    func genericSchemeChecks() -> [Check] {
        var places: [(scheme: String, location: String)] = callbackRegistrations.map { ($0.scheme, $0.location) }
        places += allowlists.flatMap(\.entries).filter { !Self.isWeb($0.scheme) }
        places += callbacks.compactMap { c in c.scheme.map { ($0, c.location) } }
        var order: [String] = []
        var locations: [String: [String]] = [:]
        for (scheme, location) in places {
            let key = scheme.lowercased()
            if locations[key] == nil { order.append(key) }
            if !(locations[key] ?? []).contains(location) { locations[key, default: []].append(location) }
        }
        let suggestion =
            suggestedScheme.map { " such as \($0.lowercased())" } ?? " (the app's bundle id or package name)"
        return order.map { scheme in
            let evidence = locations[scheme] ?? []
            if Self.isGeneric(scheme) {
                return Check(
                    "oauth.scheme", .warn, url: nil,
                    "\(evidence.first ?? ""): \(scheme) is generic: another app can register it and receive the "
                        + "single-use code (scheme hijacking, the risk ADR-043 accepts); use a reverse-DNS scheme\(suggestion)",
                    evidence: evidence)
            }
            return Check(
                "oauth.scheme", .pass, url: nil, "\(evidence.first ?? ""): \(scheme) is specific to the app",
                evidence: evidence)
        }
    }

    func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
