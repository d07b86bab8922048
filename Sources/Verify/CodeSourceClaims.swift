import Association
import RelopsCore

extension Verifier {
    /// With `--local`, a document served by code: the app's ids held against the ids the code's
    /// string literals name (Apple app ids, Android package names). An app id the code does not
    /// name fails; no literal id at all is a warning (the code may build the ids at run time).
    static func codeClaim(
        _ app: ClaimingApp, at locations: [String], _ document: WellKnownDocument, _ origin: String,
        _ literals: CodeLiteralIDs
    ) -> Check {
        let at = locations.joined(separator: ", ")
        let android = document == .assetLinks
        let name = android ? "claims.android-package" : "claims.ios-app-id"
        let named = android ? literals.androidPackages : literals.appleAppIDs
        guard !app.ids.isEmpty else {
            return Check(name, .warn, url: nil, "\(at): no app id found for the claiming app: \(app.origin)")
        }
        let claimant = "\(app.ids.joined(separator: ", ")) (\(app.origin))"
        guard !named.isEmpty else {
            return Check(
                name, .warn, url: nil,
                "\(at): \(claimant) claims \(android ? "App Links" : "applinks:"); \(document.rawValue) is served by "
                    + "code at \(origin), whose string literals name no \(android ? "package" : "app id"): "
                    + "relops verify checks it live",
                evidence: locations + [origin])
        }
        let missing = app.ids.filter { id in
            !named.contains { app.teamKnown || android ? $0 == id : $0.hasSuffix("." + id) }
        }
        guard missing.isEmpty else {
            return Check(
                name, .fail, url: nil,
                "\(at): \(claimant) claims \(android ? "App Links" : "applinks:"), but the code that serves "
                    + "\(document.rawValue) at \(origin) names \(named.joined(separator: ", ")), not "
                    + missing.joined(separator: ", "),
                evidence: locations + [origin])
        }
        return Check(
            name, .pass, url: nil,
            "\(at): \(claimant) claims \(android ? "App Links" : "applinks:"); the code that serves "
                + "\(document.rawValue) at \(origin) names it in a string literal",
            evidence: locations + [origin])
    }
}
