import Fingerprint
import RelopsCore

/// The app's identity the documents are made from when the repository does not render them:
/// Android packages and signing fingerprints, Apple app ids and Universal Link paths. Given on
/// the command line (`association render --package --fingerprint --app-id --paths`), else from
/// `.relops.yml`, else from the build files; each value's origin is kept for messages.
public struct AssociationIdentity: Sendable, Equatable {
    /// Android packages; each gets one statement.
    public var packages: [String] = []
    /// SHA-256 signing fingerprints, canonical `AB:CD:...`.
    public var fingerprints: [String] = []
    /// Apple app ids, `TEAMID.bundle.id`.
    public var appIDs: [String] = []
    /// Universal Link paths (`/items/*`); none means every path (`/*`).
    public var paths: [String] = []
    /// Where each kind came from: `packages`, `fingerprints`, `appIDs`, `paths`.
    public var origins: [String: String] = [:]

    /// An empty identity.
    public init() {}

    /// The flag values, validated: a fingerprint in any spelling the normaliser reads, a package
    /// of dotted Java identifiers, an app id `TEAMID.bundle.id`, a path starting with `/`. A bad
    /// value is a usage error naming the flag and the value. Empty values are no values.
    public static func fromFlags(packages: [String], fingerprints: [String], appIDs: [String], paths: [String])
        throws(Failure) -> AssociationIdentity
    {
        var out = AssociationIdentity()
        for package in packages where !package.isEmpty {
            guard isPackageName(package) else {
                throw Failure(
                    .usage,
                    "--package \(package): not an Android package name (dotted Java identifiers, com.example.app)")
            }
            if !out.packages.contains(package) { out.packages.append(package) }
        }
        for fingerprint in fingerprints where !fingerprint.isEmpty {
            let canonical: String
            do {
                canonical = try FingerprintNormalizer.sha256(fingerprint).canonical
            } catch {
                throw Failure(.usage, "--fingerprint \(error.description)")
            }
            if !out.fingerprints.contains(canonical) { out.fingerprints.append(canonical) }
        }
        for id in appIDs where !id.isEmpty {
            guard AppleAppID.isValid(id) else {
                throw Failure(
                    .usage, "--app-id \(id): not TEAMID.bundle.id (a 10-character team id, a dot, a bundle id)")
            }
            if !out.appIDs.contains(id) { out.appIDs.append(id) }
        }
        for list in paths {
            for path in list.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) })
            where !path.isEmpty {
                guard path.hasPrefix("/") else { throw Failure(.usage, "--paths \(path): a path starts with /") }
                out.paths.append(path)
            }
        }
        for (key, given) in [
            ("packages", !out.packages.isEmpty), ("fingerprints", !out.fingerprints.isEmpty),
            ("appIDs", !out.appIDs.isEmpty), ("paths", !out.paths.isEmpty),
        ] where given {
            out.origins[key] = "the command line"
        }
        return out
    }

    /// True when neither a package nor an app id is known: nothing can be rendered.
    public var isUnknown: Bool { packages.isEmpty && appIDs.isEmpty }

    /// True when a flag gave any value.
    public var isEmpty: Bool { packages.isEmpty && fingerprints.isEmpty && appIDs.isEmpty && paths.isEmpty }

    /// Fills each kind the flags left empty from `config`, then from `build` (the build files').
    public mutating func fill(from config: ProjectConfig, build: (packages: [String], appIDs: [String], origin: String))
    {
        if packages.isEmpty, let package = config.androidPackage {
            packages = [package]
            origins["packages"] = ".relops.yml app.android.package"
        }
        if appIDs.isEmpty, !config.iosAppIDs.isEmpty {
            appIDs = config.iosAppIDs
            origins["appIDs"] = ".relops.yml app.ios.app_ids"
        }
        if paths.isEmpty, !config.iosPaths.isEmpty {
            paths = config.iosPaths
            origins["paths"] = ".relops.yml app.ios.paths"
        }
        if packages.isEmpty, !build.packages.isEmpty {
            packages = build.packages
            origins["packages"] = build.origin
        }
        if appIDs.isEmpty, !build.appIDs.isEmpty {
            appIDs = build.appIDs
            origins["appIDs"] = build.origin
        }
    }

    /// Puts the flags' values over a settings section's (the flags win, kind by kind).
    public func applied(to settings: AppAssociationSettings) -> AppAssociationSettings {
        var out = settings
        if let package = packages.first { out.androidPackage = package }
        if !fingerprints.isEmpty { out.androidFingerprints = fingerprints }
        if !appIDs.isEmpty { out.appleAppIDs = appIDs }
        if !paths.isEmpty {
            out.applePaths = paths
            out.appleComponents = []
        }
        return out
    }

    /// The settings the documents are rendered from: the first package (the others are added as
    /// statements of their own by `assetLinks(_:)`), every fingerprint, app id and path (`/*`
    /// when none is given).
    public var settings: AppAssociationSettings {
        var out = AppAssociationSettings()
        out.androidPackage = packages.first
        out.androidFingerprints = fingerprints
        out.appleAppIDs = appIDs
        out.applePaths = paths.isEmpty ? ["/*"] : paths
        return out
    }

    /// Dotted Java identifiers, at least two parts: `com.example.app`.
    public static func isPackageName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.first, first.isASCII, first.isLetter || first == "_" else { return false }
                return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
    }

    /// assetlinks.json with one statement per package, each with every fingerprint.
    public func assetLinks() -> String? {
        guard !packages.isEmpty else { return nil }
        let statements = packages.map { package -> JSONValue in
            .object([
                ("relation", .array([.string(AssetLinksDocument.handleAllURLs)])),
                (
                    "target",
                    .object([
                        ("namespace", .string("android_app")), ("package_name", .string(package)),
                        ("sha256_cert_fingerprints", .array(fingerprints.map { .string($0) })),
                    ])
                ),
            ])
        }
        return JSONValue.array(statements).rendered(pretty: true) + "\n"
    }
}
