import RelopsCore

/// The values the association files must carry. Built from flags and `.relops.yml`.
public struct VerifyExpectation: Sendable, Equatable {
    /// The Android package (`--package`, `app.android.package`).
    public var androidPackage: String?
    /// App-signing SHA-256 fingerprints, canonical form (`--fingerprint`, `app.android.fingerprints`).
    public var fingerprints: [String]
    /// Apple app ids, `TEAMID.bundle.id` (`--app-id`, `app.ios.app_ids`).
    public var iosAppIDs: [String]
    /// Links the AASA must open in the app (`--path`, `app.ios.paths`).
    public var iosPaths: [String]

    public init(
        androidPackage: String? = nil, fingerprints: [String] = [], iosAppIDs: [String] = [], iosPaths: [String] = []
    ) {
        self.androidPackage = androidPackage
        self.fingerprints = fingerprints
        self.iosAppIDs = iosAppIDs
        self.iosPaths = iosPaths
    }

    /// Checks the inputs themselves and puts fingerprints in canonical form; bad values are usage errors.
    public func validated() throws(Failure) -> VerifyExpectation {
        var out = self
        out.fingerprints = []
        for fp in fingerprints {
            guard let canonical = CanonicalFingerprint.canonical(fp) else {
                throw Failure(
                    .usage, "fingerprint \"\(fp)\" is not a SHA-256 fingerprint (expected 32 colon-separated hex bytes)"
                )
            }
            if !out.fingerprints.contains(canonical) { out.fingerprints.append(canonical) }
        }
        for id in iosAppIDs where !AppID.isValid(id) {
            throw Failure(
                .usage, "app id \"\(id)\" is not TEAMID.bundle.id (a 10-character team id, a dot, a bundle id)")
        }
        for path in iosPaths where !path.hasPrefix("/") {
            throw Failure(.usage, "path \"\(path)\" must start with /")
        }
        return out
    }
}

/// Documents rendered from the project's configuration (`relops association render`), to compare
/// with the live ones. Either may be absent.
public struct ExpectedDocuments: Sendable {
    public var assetLinks: JSONValue?
    public var appSiteAssociation: JSONValue?

    public init(assetLinks: JSONValue? = nil, appSiteAssociation: JSONValue? = nil) {
        self.assetLinks = assetLinks
        self.appSiteAssociation = appSiteAssociation
    }
}

/// Everything `relops verify` needs.
public struct VerifyOptions: Sendable {
    /// The host to verify, `HOST` or `HOST:PORT`.
    public var host: String
    /// `HOST:PORT:ADDRESS` entries, as curl's `--resolve`.
    public var resolve: [String] = []
    /// `HOST:PORT:CONNECT-HOST:CONNECT-PORT` entries, as curl's `--connect-to`.
    public var connectTo: [String] = []
    /// A PEM CA bundle to trust instead of the system's.
    public var caFile: String?
    public var connectTimeout: Double = 5
    public var totalTimeout: Double = 10
    /// Skips Google's API and Apple's CDN (and says so).
    public var offline = false
    public var dalEndpoint = "https://digitalassetlinks.googleapis.com"
    public var appleCDNEndpoint = "https://app-site-association.cdn-apple.com/a/v1"
    public var expectation = VerifyExpectation()
    /// The hosts the repository's binaries claim (`--repo`); each is verified too.
    public var claims: RepositoryClaims?
    /// `app.web_host`, to report claims that differ from it.
    public var configuredWebHost: String?
    /// The seam for `relops association render`: when set, a live document that differs is a failure.
    public var expectedDocuments: ExpectedDocuments?
    /// The `User-Agent` product version.
    public var userAgent = "relops/\(relopsVersion)"

    public init(host: String) { self.host = host }
}

/// `HOST` or `HOST:PORT`, as `--host` takes it.
public enum HostSpec {
    /// Checks the spelling; a bad one is a usage error naming it.
    public static func validate(_ text: String) throws(Failure) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let name = parts[0]
        guard parts.count <= 2, !name.isEmpty, name.count <= 253,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }),
            !name.hasPrefix("."), !name.hasPrefix("-")
        else {
            throw Failure(
                .usage, "--host \(text): expected HOST or HOST:PORT (a DNS name; Unicode names in their xn-- form)")
        }
        if parts.count == 2 {
            guard let port = Int(parts[1]), (1...65535).contains(port) else {
                throw Failure(.usage, "--host \(text): port must be a number from 1 to 65535")
            }
        }
    }

    /// The host name without a port.
    public static func name(of text: String) -> String {
        String(text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

    /// Checks a `--connect-to` entry: `HOST:PORT:CONNECT-HOST:CONNECT-PORT` (empty parts allowed, as curl's).
    public static func validateConnectTo(_ text: String) throws(Failure) {
        guard text.split(separator: ":", omittingEmptySubsequences: false).count == 4 else {
            throw Failure(
                .usage, "--connect-to \(text): expected HOST:PORT:CONNECT-HOST:CONNECT-PORT, as curl's --connect-to")
        }
    }

    /// Checks a `--resolve` entry: `HOST:PORT:ADDRESS`.
    public static func validateResolve(_ text: String) throws(Failure) {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port),
            !parts[2].isEmpty
        else {
            throw Failure(.usage, "--resolve \(text): expected HOST:PORT:ADDRESS, as curl's --resolve")
        }
    }
}
