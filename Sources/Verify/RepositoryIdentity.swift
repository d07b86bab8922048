import Foundation
import RelopsCore

/// The app's identity as one repository's tracked files state it, read once per command: the hosts
/// the apps claim (native manifests and entitlements, C# attributes, Expo's config), the apps behind
/// the claims (packages, bundle ids with their teams), and the native OAuth callback leg. `verify`
/// (and `status` for every host it verifies) and `association render` take their build-file
/// values from it; flags and `.relops.yml` come first, as each command says.
public struct RepositoryIdentity: Sendable {
    /// The repository's root.
    public let root: String
    /// The tracked files (the git index), relative to `root`.
    public let tracked: [String]
    /// The hosts the native apps claim (manifests, entitlements, C# attributes).
    public let nativeClaims: RepositoryClaims
    /// The hosts the apps claim, Expo's included (EAS builds them into the apps).
    public let claims: RepositoryClaims
    /// The native OAuth callback leg: the schemes the heads register, the allowlists, the callbacks;
    /// nil when the command did not ask for it.
    public let oauth: OAuthCallbackLeg?
    /// The configuration the apps were read with (`app.oauth.allowlist`, ...).
    let config: ProjectConfig

    /// Reads `project`'s tracked files with `config` (its `.relops.yml`, or none); the OAuth leg
    /// too when `readingOAuth`.
    public static func read(_ project: Project, config: ProjectConfig, readingOAuth: Bool = true) throws(Failure)
        -> RepositoryIdentity
    {
        let paths = try VerifyOptions.trackedPaths(project)
        let native = RepositoryClaims.read(root: project.root, paths: paths)
        let expo = RepositoryClaims.readExpo(root: project.root, paths: paths)
        var claims = native
        (claims.claims, claims.notes) = (claims.claims + expo.claims, claims.notes + expo.notes)
        let oauth = readingOAuth ? try OAuthCallbackLeg.read(root: project.root, paths: paths, config: config) : nil
        return RepositoryIdentity(
            root: project.root, tracked: paths, nativeClaims: native, claims: claims, oauth: oauth, config: config)
    }

    /// The app behind each claim, with the package and app ids given on the command line first.
    public func claimingApps(package: String? = nil, appIDs: [String] = []) -> [ClaimingApp] {
        ClaimingApp.read(claims, root: root, paths: tracked, config: config, package: package, appIDs: appIDs)
    }

    /// The packages and app ids the build files name, where they were read, and the iOS apps that
    /// claim Universal Links but whose team relops could not read.
    public func buildFileIDs() -> (packages: [String], appIDs: [String], origin: String, iosWithoutTeam: [String]) {
        // The native claims only: Expo's app ids are read where their config is rendered.
        let apps = ClaimingApp.read(nativeClaims, root: root, paths: tracked, config: ProjectConfig())
        var packages: [String] = []
        var appIDs: [String] = []
        var origins: [String] = []
        let iosWithoutTeam = apps.filter { $0.claim.kind == .appLinks && !$0.teamKnown }.map(\.origin)
        for app in apps where !app.ids.isEmpty && (app.claim.kind == .android || app.teamKnown) {
            for id in app.ids {
                if app.claim.kind == .android, !packages.contains(id) { packages.append(id) }
                if app.claim.kind == .appLinks, !appIDs.contains(id) { appIDs.append(id) }
            }
            if !origins.contains(app.origin) { origins.append(app.origin) }
        }
        return (packages, appIDs, "the build files (" + origins.joined(separator: "; ") + ")", iosWithoutTeam)
    }
}
