import Association
import RelopsCore

extension Verifier {
    /// With `--local`: the repository's claims held against the documents it serves, per document
    /// and its source. The Android packages that claim app links must be granted
    /// `handle_all_urls` in assetlinks.json, the Apple app ids whose entitlements claim `applinks:`
    /// must be in the AASA's `applinks.details`, and each claimed host should be the host the
    /// documents are checked as (a claim of another host is named: that host serves its own).
    static func localClaims(_ options: VerifyOptions) -> [Check] {
        guard let claims = options.claims, let documents = options.expectedDocuments else { return [] }
        guard !claims.claims.isEmpty else {
            // A repository that only serves the documents (the apps live elsewhere) claims nothing.
            return claims.notes.map { Check("claims.read", .warn, url: nil, $0) } + [
                Check(
                    "claims", .skip, url: nil,
                    "no applinks: or verified intent filter in this repository: the documents are not held against "
                        + "an app's claims")
            ]
        }
        // Notes and the one-platform claims; the hosts are checked below.
        var out = claims.checks(webHost: options.host.name, platforms: options.platforms).filter {
            $0.name != "claims.web-host"
        }
        let host = options.host.name
        for document in WellKnownDocument.allCases {
            let android = document == .assetLinks
            let name = android ? "claims.android-package" : "claims.ios-app-id"
            let mine = claims.claims.filter { $0.kind == (android ? .android : .appLinks) }
            guard !mine.isEmpty else { continue }
            let locations = Set(mine.map(\.location)).sorted().joined(separator: ", ")
            let platform: Platform = android ? .android : .iOS
            guard options.platforms.contains(platform) else {
                out.append(
                    Check(
                        name, .skip, url: nil,
                        "--platforms leaves out \(platform.flagName): the claims at \(locations) are not checked"))
                continue
            }
            if let code = documents.servedByCode[document.rawValue] {
                let apps = grouped(options.claimingApps.filter { mine.contains($0.claim) })
                out += apps.map { codeClaim($0.app, at: $0.locations, document, code.origin, code.ids) }
                continue
            }
            if let reason = documents.external[document.rawValue] {
                out.append(
                    Check(
                        name, .skip, url: nil,
                        "--local: \(document.rawValue) is \(reason); the claims at \(locations) are checked only live"))
                continue
            }
            let origin = origin(of: document, options)
            guard let json = android ? documents.assetLinks : documents.appSiteAssociation else {
                out.append(
                    Check(
                        name, .fail, url: nil,
                        "\(locations): the app claims \(android ? "App Links" : "applinks:") hosts, but \(origin) "
                            + "serves no readable \(document.rawValue)", evidence: mine.map(\.location)))
                continue
            }
            for app in grouped(options.claimingApps.filter { mine.contains($0.claim) }) {
                out.append(
                    android
                        ? androidGrant(app.app, at: app.locations, documents.expandedAssetLinks(json), origin)
                        : appleDetail(app.app, at: app.locations, AppSiteAssociation(json: json), origin))
            }
            var seen: Set<String> = []
            for claim in mine where seen.insert(claim.location + " " + claim.host.lowercased()).inserted {
                let prefix = "\(claim.location): \(claim.kind.rawValue) \(claim.host)"
                if claim.host.lowercased() == host {
                    out.append(
                        Check(
                            "claims.host", .pass, url: nil,
                            "\(prefix) is the host these documents stand for (\(origin))", evidence: [claim.location]))
                } else {
                    out.append(
                        Check(
                            "claims.host", .warn, url: nil,
                            "\(prefix) points elsewhere: \(origin) is checked as \(host)'s; \(claim.host) must serve "
                                + "its own \(document.rawValue) (relops verify --host \(claim.host))",
                            evidence: [claim.location]))
                }
            }
        }
        return out
    }

    /// One line naming the document's source: `static file web/.well-known/assetlinks.json`.
    static func origin(of document: WellKnownDocument, _ options: VerifyOptions) -> String {
        if let entry = options.documentSources.first(where: { $0.document == document }), entry.sources.count == 1 {
            return entry.sources[0].summary
        }
        return options.expectedDocuments?.source ?? "the configuration"
    }

    /// Claims of the same app (same ids, same origin), with their locations.
    static func grouped(_ apps: [ClaimingApp]) -> [(app: ClaimingApp, locations: [String])] {
        var out: [(app: ClaimingApp, locations: [String])] = []
        for app in apps {
            if let i = out.firstIndex(where: { $0.app.ids == app.ids && $0.app.origin == app.origin }) {
                if !out[i].locations.contains(app.claim.location) { out[i].locations.append(app.claim.location) }
            } else {
                out.append((app, [app.claim.location]))
            }
        }
        return out
    }

    static func androidGrant(
        _ app: ClaimingApp, at locations: [String],
        _ document: (statements: [AssetLinksDocument.Statement], unresolved: Bool), _ origin: String
    )
        -> Check
    {
        let at = locations.joined(separator: ", ")
        let name = "claims.android-package"
        guard let package = app.ids.first else {
            return Check(
                name, .warn, url: nil,
                "\(at): no Android package found for the app that claims App Links: \(app.origin)",
                evidence: locations)
        }
        let relation = AssetLinksDocument.handleAllURLs
        let apps = document.statements.compactMap { s -> (index: Int, package: String, grants: Bool)? in
            guard case .androidApp(let package, _) = s.target else { return nil }
            return (s.index, package, s.relations.contains(relation))
        }
        let claimant = "\(package) (\(app.origin))"
        if let statement = apps.first(where: { $0.package == package && $0.grants }) {
            return Check(
                name, .pass, url: nil,
                "\(at): \(claimant) claims App Links; \(origin) grants it \(relation) in statement [\(statement.index)]",
                evidence: locations)
        }
        let granted = Set(apps.filter(\.grants).map(\.package)).sorted()
        var lacks = "has no statement granting \(relation) to \(package)"
        if apps.contains(where: { $0.package == package }) { lacks += " (\(package) is listed without it)" }
        lacks += granted.isEmpty ? "" : "; it grants it to " + granted.joined(separator: ", ")
        if document.unresolved {
            return Check(
                name, .skip, url: nil,
                "\(at): \(claimant) claims App Links; \(origin) \(lacks), and an include statement names a file "
                    + "outside this repository's site, not fetched with --local (checked live)", evidence: locations)
        }
        return Check(
            name, .fail, url: nil, "\(at): \(claimant) claims App Links, but \(origin) \(lacks)", evidence: locations)
    }

    static func appleDetail(
        _ app: ClaimingApp, at locations: [String], _ document: AppSiteAssociation, _ origin: String
    )
        -> Check
    {
        let at = locations.joined(separator: ", ")
        let name = "claims.ios-app-id"
        guard !app.ids.isEmpty else {
            return Check(
                name, .warn, url: nil,
                "\(at): no Apple app id found for the target that claims applinks: \(app.origin)",
                evidence: locations)
        }
        let named = document.details.flatMap(\.appIDs)
        var missing: [String] = []
        var found: [String] = []
        for id in app.ids {
            let detail = document.details.first { detail in
                detail.appIDs.contains { app.teamKnown ? $0 == id : $0.hasSuffix("." + id) }
            }
            if let detail {
                found.append("\(id) in applinks.details[\(detail.index)]")
            } else {
                missing.append(id)
            }
        }
        let claimant = "\(app.ids.joined(separator: ", ")) (\(app.origin))"
        guard missing.isEmpty else {
            let what = app.teamKnown ? "no entry for" : "no app id with the bundle id"
            let lacks =
                document.hasAppLinks
                ? "applinks.details names \(what) \(missing.joined(separator: ", "))"
                    + (named.isEmpty ? "" : "; it names " + named.joined(separator: ", "))
                : "has no applinks section"
            return Check(
                name, .fail, url: nil, "\(at): \(claimant) claims applinks:, but \(origin): \(lacks)",
                evidence: locations)
        }
        return Check(
            name, .pass, url: nil,
            "\(at): \(claimant) claims applinks:; \(origin) names \(found.joined(separator: ", "))",
            evidence: locations)
    }
}
