import Association
import Fingerprint
import RelopsCore

extension ExpectationOrigins {
    /// Notes where `applyExpectations` took each value from: a flag, the web host's settings
    /// (`target`), or `.relops.yml`.
    mutating func note(
        _ arguments: VerifyArguments, config: ProjectConfig, settings: AppAssociationSettings?,
        from target: ConfigTarget?
    ) {
        let file = target.map { "\($0.displayPath) AppAssociation:" }
        if arguments.package != nil {
            package = "--package"
        } else if settings?.androidPackage != nil, config.androidPackage == nil, let file {
            package = file + "AndroidPackageName"
        } else if config.androidPackage != nil {
            package = ".relops.yml app.android.package"
        }
        if !arguments.fingerprints.isEmpty {
            fingerprints = "--fingerprint"
        } else if arguments.config != nil, let file {
            fingerprints = "--config " + file + "AndroidCertFingerprints"
        } else if config.servedSettings != nil {
            fingerprints = ".relops.yml app.android.fingerprints"
        }
        if !arguments.appIDs.isEmpty {
            appIDs = "--app-id"
        } else if !config.iosAppIDs.isEmpty {
            appIDs = ".relops.yml app.ios.app_ids"
        } else if settings?.appleAppIDs.isEmpty == false, let file {
            appIDs = file + "AppleAppIds"
        }
        if !arguments.paths.isEmpty {
            paths = "--path"
        } else if !config.iosPaths.isEmpty {
            paths = ".relops.yml app.ios.paths"
        } else if settings?.applePaths.isEmpty == false, let file {
            paths = file + "ApplePaths"
        }
    }
}

extension VerifyOptions {
    /// With a repository (`--repo`, or `--local` inside one): the Android package and Apple app ids
    /// of the apps that claim links, from the build files, where no flag, `.relops.yml` or settings
    /// gave them; and, live and without `--platforms`, only the platforms whose apps claim links,
    /// so an Android-only app is not failed on the Apple file and Apple's CDN.
    mutating func applyBuildFiles(platformsGiven: Bool) {
        guard let claims, !claims.claims.isEmpty else { return }
        let android = claimingApps.filter { $0.claim.kind == .android && !$0.ids.isEmpty }
        let packages = android.flatMap(\.ids).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if expectation.androidPackage == nil, packages.count == 1 {
            expectation.androidPackage = packages[0]
        }
        let apple = claimingApps.filter { $0.claim.kind == .appLinks && $0.teamKnown && !$0.ids.isEmpty }
        if expectation.iosAppIDs.isEmpty, !apple.isEmpty {
            expectation.iosAppIDs = apple.flatMap(\.ids).reduce(into: [String]()) {
                if !$0.contains($1) && AppleAppID.isValid($1) { $0.append($1) }
            }
        }
        // With --local the claims are held against the documents per platform (`localClaims`).
        guard !local, !platformsGiven else { return }
        var found: Set<Platform> = []
        // A platform something was asked of (a package, an app id) stays.
        if claims.claims.contains(where: { $0.kind == .android }) || origins.package != nil
            || origins.fingerprints != nil
        {
            found.insert(.android)
        }
        if claims.claims.contains(where: { $0.kind != .android }) || origins.appIDs != nil || origins.paths != nil {
            found.insert(.iOS)
        }
        if !found.isEmpty && found != platforms {
            platforms = found
            notes.append(
                "only \(found.sorted().map(\.flagName).joined(separator: ", ")) checked: the build files claim links only for it, "
                    + "and nothing else was asked for (give --platforms to choose)")
        }
    }
}
