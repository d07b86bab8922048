import Artifact
import Association
import Fingerprint
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

    /// The values, unchecked; `validated()` checks them.
    public init(
        androidPackage: String? = nil, fingerprints: [String] = [], iosAppIDs: [String] = [], iosPaths: [String] = []
    ) {
        self.androidPackage = androidPackage
        self.fingerprints = fingerprints
        self.iosAppIDs = iosAppIDs
        self.iosPaths = iosPaths
    }

    /// Checks the inputs themselves and puts fingerprints in canonical form (any form
    /// `FingerprintNormalizer` reads); bad values are usage errors.
    public func validated() throws(Failure) -> VerifyExpectation {
        var out = self
        out.fingerprints = []
        for fp in fingerprints {
            let canonical: String
            do {
                canonical = try FingerprintNormalizer.sha256(fp).canonical
            } catch {
                throw Failure(.usage, "fingerprint \(error.description)")
            }
            if !out.fingerprints.contains(canonical) { out.fingerprints.append(canonical) }
        }
        for id in iosAppIDs where !AppleAppID.isValid(id) {
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
/// with the live ones as JSON values. Either may be absent.
public struct ExpectedDocuments: Sendable {
    /// The rendered assetlinks.json.
    public var assetLinks: JSONValue?
    /// The rendered apple-app-site-association.
    public var appSiteAssociation: JSONValue?
    /// The rendered text, byte for byte, when known: what `--local` reads as the served body.
    public var assetLinksText: String?
    /// The rendered AASA text, byte for byte.
    public var appSiteAssociationText: String?
    /// Where they came from, for messages: `Web/appsettings.json`.
    public var source: String
    /// What the association validator found wrong with them (each a failure).
    public var problems: [String]

    /// Documents given as JSON values.
    public init(
        assetLinks: JSONValue? = nil, appSiteAssociation: JSONValue? = nil, source: String = "the configuration",
        problems: [String] = []
    ) {
        self.assetLinks = assetLinks
        self.appSiteAssociation = appSiteAssociation
        self.source = source
        self.problems = problems
    }

    /// Documents another repository serves, by file name, with why: with `--local` their checks
    /// are skipped saying so, since only the live checks can see them.
    public var external: [String: String] = [:]

    /// Documents served by code, by file name: where (`path:line`) and the ids its string
    /// literals name; with `--local` the claims are held against those ids.
    public var servedByCode: [String: (origin: String, ids: CodeLiteralIDs)] = [:]

    /// With `--local`: the files a served static assetlinks.json includes, by URL, read from the
    /// same site folder (`VerifyOptions.readLocalIncludes`).
    public var includedFiles: [String: LocalInclude] = [:]

    /// The documents as this repository serves them, from their sources (`association sources`):
    /// a static or nginx-served file, an nginx `return` body, the settings section rendered; an
    /// external one is listed in `external`.
    public init(sourced documents: [SourcedDocument]) {
        func value(_ text: String?) -> JSONValue? {
            text.flatMap { try? JSONCDocument(text: $0, path: "document", strict: true).root.value }
        }
        let links = documents.first { $0.document == .assetLinks }
        let apple = documents.first { $0.document == .appleAppSiteAssociation }
        let origins = documents.filter { $0.text != nil }.map(\.origin).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        self.init(
            assetLinks: value(links?.text), appSiteAssociation: value(apple?.text),
            source: origins.isEmpty ? "the repository" : origins.joined(separator: " and "),
            problems: documents.flatMap(Self.problemsInEffect).map(\.description))
        assetLinksText = links?.text
        appSiteAssociationText = apple?.text
        for document in documents where document.text == nil {
            external[document.document.rawValue] = document.source.summary
            if let ids = document.codeIDs { servedByCode[document.document.rawValue] = (document.origin, ids) }
        }
    }

    /// The documents `AssociationDocuments.render` produced, read back as JSON values and validated
    /// by `AssociationValidator`. A document that does not parse is left out; its problem says why.
    public init(rendered: AssociationDocuments, source: String) {
        func value(_ text: String?) -> JSONValue? {
            text.flatMap { try? JSONCDocument(text: $0, path: source, strict: true).root.value }
        }
        self.init(
            assetLinks: value(rendered.assetLinks), appSiteAssociation: value(rendered.appleAppSiteAssociation),
            source: source, problems: rendered.problems.map(\.description))
        assetLinksText = rendered.assetLinks
        appSiteAssociationText = rendered.appleAppSiteAssociation
    }
}

/// Everything `relops verify` needs.
public struct VerifyOptions: Sendable {
    /// The host to verify, with its port when given (`HOST:PORT`).
    public var host: WebHost
    /// `HOST:PORT:ADDRESS` entries, as curl's `--resolve`.
    public var resolve: [String] = []
    /// `HOST:PORT:CONNECT-HOST:CONNECT-PORT` entries, as curl's `--connect-to`.
    public var connectTo: [String] = []
    /// A PEM CA bundle to trust instead of the system's.
    public var caFile: String?
    /// Seconds allowed to connect, per request.
    public var connectTimeout: Double = 5
    /// Seconds allowed for each whole request.
    public var totalTimeout: Double = 10
    /// Skips Google's API and Apple's CDN (and says so).
    public var offline = false
    /// Fetches nothing: `expectedDocuments` stand in for every host's served files, HTTP-level
    /// checks are skipped. Implies `offline`; needs `expectedDocuments`.
    public var local = false
    /// The Digital Asset Links API base URL.
    public var dalEndpoint = "https://digitalassetlinks.googleapis.com"
    /// Apple's CDN base URL; the host is appended.
    public var appleCDNEndpoint = "https://app-site-association.cdn-apple.com/a/v1"
    /// What the files must carry.
    public var expectation = VerifyExpectation()
    /// Where each expected value came from: an expected value given is a demand (`VerifyDemands`).
    public var origins = ExpectationOrigins()
    /// `--allow-unchecked`: a demand relops could not check, or a run that checked nothing, is
    /// reported but does not fail the command.
    public var allowUnchecked = false
    /// The hosts the repository's binaries claim (`--repo`, or `--local` in a repository); live,
    /// each is verified too; with `--local` they are held against the repository's documents.
    public var claims: RepositoryClaims?
    /// The app behind each claim (`--local`): its Android package or Apple app id, and where from.
    public var claimingApps: [ClaimingApp] = []
    /// Only resolve the host and complete a verified TLS handshake (`--tls-only`).
    public var tlsOnly = false
    /// The platforms whose documents the main host must serve (`--platforms`): `android` for
    /// assetlinks.json, `ios` for apple-app-site-association; both when not given.
    public var platforms: Set<Platform> = [.android, .iOS]
    /// Re-check until every check passes or the time runs out (`--wait`, `--interval`).
    public var wait: VerifyWait?
    /// The native OAuth callback leg read from the repository (`--repo`, or `--local` in one).
    public var oauth: OAuthCallbackLeg?
    /// Warnings found while resolving the options, for the executable to show on stderr.
    public var notes: [String] = []
    /// `app.web_host`, to report claims that differ from it.
    public var configuredWebHost: WebHost?
    /// The seam for `relops association render`: when set, a live document that differs is a failure.
    public var expectedDocuments: ExpectedDocuments?
    /// How the repository serves each document (`association sources`), for the JSON output.
    public var documentSources: [DocumentSource] = []
    /// The `User-Agent` product version.
    public var userAgent = "relops/\(relopsVersion)"
    /// `--artifact FILE`: release binaries (APK, AAB, IPA) checked against the host and its files.
    public var artifacts: [ReleaseArtifact] = []
    /// `--min-app-version V`: the first app version that names the host; an artifact older fails.
    public var minAppVersion: String?
    /// The custom schemes the repository's OAuth callback leg registers, by platform: a release
    /// binary must register them too. Read when `--artifact` is given inside a repository.
    public var callbackSchemes: [Platform: [String]] = [:]
    /// The signing keys the repository (and the debug keystore) holds, to name the key a release
    /// binary is signed with. Read when `--artifact` names an APK or AAB inside a repository.
    public var knownKeys: KnownKeystores?

    /// Options for `host` with the defaults.
    public init(host: WebHost) { self.host = host }

    /// The options with `--resolve` and `--connect-to` host names in lowercase ASCII (punycode for
    /// Unicode names) and checked expectations; a bad entry or expectation is a usage error.
    public func normalized() throws(Failure) -> VerifyOptions {
        var out = self
        out.resolve = try resolve.map { entry throws(Failure) in try HostSpec.normalizedResolve(entry) }
        out.connectTo = try connectTo.map { entry throws(Failure) in try HostSpec.normalizedConnectTo(entry) }
        out.expectation = try expectation.validated()
        if local {
            guard expectedDocuments != nil else {
                throw Failure(
                    .usage,
                    "--local needs the documents association render makes: give --config FILE (the web host's "
                        + "appsettings), or run in or --repo a repository (its association sources are found)"
                )
            }
            let fetchOnly = [
                ("--cacert", caFile != nil), ("--resolve", !resolve.isEmpty), ("--connect-to", !connectTo.isEmpty),
            ]
            if let flag = fetchOnly.first(where: \.1)?.0 {
                throw Failure(.usage, "\(flag) means nothing with --local, which fetches nothing; drop one of them")
            }
            out.offline = true
        }
        return out
    }
}

/// The host texts curl's options take: `HOST:PORT` (`WebHost`), `--resolve`, `--connect-to`.
public enum HostSpec {
    /// `HOST` or `HOST:PORT` as text, with the name checked and in lowercase ASCII (`WebHost`'s
    /// rules: a Unicode name becomes punycode). A bad one is a usage error naming it.
    public static func normalized(_ text: String, option: String = "--host") throws(Failure) -> String {
        try WebHost(text, option: option).description
    }

    /// The host name without a port.
    public static func name(of text: String) -> String {
        String(text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

    /// A `--connect-to` entry, `HOST:PORT:CONNECT-HOST:CONNECT-PORT` (empty parts allowed, as
    /// curl's), with its first host name normalised.
    public static func normalizedConnectTo(_ text: String) throws(Failure) -> String {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else {
            throw Failure(
                .usage, "--connect-to \(text): expected HOST:PORT:CONNECT-HOST:CONNECT-PORT, as curl's --connect-to")
        }
        if !parts[0].isEmpty { parts[0] = try HostName(parts[0], option: "--connect-to").name }
        return parts.joined(separator: ":")
    }

    /// A `--resolve` entry, `HOST:PORT:ADDRESS`, with its host name normalised.
    public static func normalizedResolve(_ text: String) throws(Failure) -> String {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[2].isEmpty else {
            throw Failure(.usage, "--resolve \(text): expected HOST:PORT:ADDRESS, as curl's --resolve")
        }
        let name = try HostName(String(parts[0]), option: "--resolve")
        return "\(name):\(try port(parts[1], text, "--resolve")):\(parts[2])"
    }

    static func port(_ digits: Substring, _ text: String, _ option: String) throws(Failure) -> Int {
        try WebHost.port(digits, in: text, option: option)
    }
}
