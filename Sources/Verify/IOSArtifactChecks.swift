import Artifact
import Association
import RelopsCore

/// The checks of one IPA (`ArtifactChecks`).
struct IOSArtifactChecks {
    let base: ArtifactChecks
    let artifact: IOSArtifact

    var file: String { artifact.path }
    var app: IOSApp { artifact.app }

    func check(_ name: String, _ verdict: Check.Verdict, _ reason: String) -> Check {
        ArtifactChecks.check(name, verdict, file, reason)
    }

    func checks() -> [Check] {
        var out = [read()]
        guard let entitlements = app.entitlements else {
            out.append(
                check(
                    "artifact.entitlements", .fail,
                    "\(app.bundlePath)'s executable carries no entitlements: not signed for distribution, so it "
                        + "claims no associated domain"))
            return out
        }
        out.append(hosts(entitlements))
        out.append(appID(entitlements))
        out += profile(entitlements)
        if let oauth = base.callback(.iOS, registered: app.urlSchemes, file, where: "CFBundleURLSchemes") {
            out.append(oauth)
        }
        if let version = base.version(app.shortVersion, named: "CFBundleShortVersionString", file) {
            out.append(version)
        }
        return out
    }

    func read() -> Check {
        let version = [app.shortVersion, app.buildVersion.map { "(\($0))" }].compactMap { $0 }
        return check(
            "artifact.read", .pass,
            "IPA of \(app.bundleID)\(version.isEmpty ? "" : " " + version.joined(separator: " ")) (\(app.bundlePath))")
    }

    func hosts(_ entitlements: Entitlements) -> Check {
        let claimed = entitlements.appLinkHosts
        if claimed.contains(where: { ArtifactChecks.covers($0, base.host) }) {
            return check(
                "artifact.hosts", .pass, "signed with the applinks:\(base.host) entitlement (\(entitlements.source))")
        }
        let others =
            claimed.isEmpty
            ? "no applinks: domain at all" : "only " + claimed.map { "applinks:" + $0 }.joined(separator: ", ")
        return check(
            "artifact.hosts", .fail,
            "not signed with applinks:\(base.host): its entitlements (\(entitlements.source)) claim \(others). "
                + "Rebuild it with the associated domain of \(base.host)")
    }

    /// The app id the entitlements state is the bundle's, the expected one, and one the served AASA names.
    func appID(_ entitlements: Entitlements) -> Check {
        guard let id = entitlements.applicationIdentifier else {
            return check("artifact.appid", .fail, "its entitlements have no application-identifier")
        }
        guard id.hasSuffix("." + app.bundleID) else {
            return check(
                "artifact.appid", .fail, "application-identifier \(id) is not of its bundle id \(app.bundleID)")
        }
        let expected = base.expectation.iosAppIDs
        if !expected.isEmpty, !expected.contains(id) {
            return check(
                "artifact.appid", .fail,
                "is app id \(id), not \(expected.joined(separator: " or ")) (another team or bundle id?)")
        }
        guard let aasa = base.served.appSiteAssociation else {
            return check(
                "artifact.appid", .skip,
                "not checked: \(base.host)'s apple-app-site-association was not read, so whether it names \(id) is "
                    + "unknown")
        }
        guard aasa.details.contains(where: { $0.appIDs.contains(id) }) else {
            return check(
                "artifact.appid", .fail,
                "\(base.host)'s apple-app-site-association names no applinks detail for \(id): universal links "
                    + "open Safari, not this build")
        }
        return check("artifact.appid", .pass, "\(base.host)'s apple-app-site-association names \(id)")
    }

    /// The embedded provisioning profile: the same team, the associated domain allowed, an App Store profile.
    func profile(_ entitlements: Entitlements) -> [Check] {
        guard let profile = app.profile else {
            return [
                check(
                    "artifact.profile", .warn,
                    "\(app.bundlePath) has no embedded.mobileprovision; an App Store build carries one")
            ]
        }
        var out: [Check] = []
        if let team = entitlements.teamIdentifier ?? entitlements.applicationIdentifier.map({ String($0.prefix(10)) }),
            !profile.teamIdentifiers.isEmpty, !profile.teamIdentifiers.contains(team)
        {
            out.append(
                check(
                    "artifact.profile", .fail,
                    "signed for team \(team), but embedded.mobileprovision is of team "
                        + profile.teamIdentifiers.joined(separator: ", ")))
        }
        let allowed = profile.entitlements.associatedDomains
        let wildcard = allowed.contains("*")
        if !wildcard, !profile.entitlements.appLinkHosts.contains(where: { ArtifactChecks.covers($0, base.host) }),
            entitlements.appLinkHosts.contains(where: { ArtifactChecks.covers($0, base.host) })
        {
            out.append(
                check(
                    "artifact.profile", .fail,
                    "embedded.mobileprovision does not allow applinks:\(base.host) (it allows "
                        + (allowed.isEmpty ? "no associated domain" : allowed.joined(separator: ", "))
                        + "): regenerate the profile after adding the domain to the app id"))
        }
        if profile.listsDevices {
            out.append(
                check(
                    "artifact.profile", .warn,
                    "embedded.mobileprovision lists devices: a development or ad hoc build, not the one App Store "
                        + "Connect takes"))
        }
        if out.isEmpty {
            out.append(
                check(
                    "artifact.profile", .pass,
                    "embedded.mobileprovision \(profile.name.map { "\"\($0)\" " } ?? "")is of the same team and "
                        + "allows the associated domain"))
        }
        return out
    }
}
