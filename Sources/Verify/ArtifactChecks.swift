import Artifact
import Association
import Fingerprint
import RelopsCore

/// What the main host serves, as the run read it: the grants of its assetlinks.json after its
/// includes, and its apple-app-site-association. Nil for a document that was not read (the
/// release binary's checks against it are then "not checked", never passed).
struct ServedGrants {
    /// The statements of the host's assetlinks.json and every file it includes.
    var assetLinks: [AssetLinksDocument.Statement]?
    /// The apple-app-site-association.
    var appSiteAssociation: AppSiteAssociation?
    /// The files' URLs, for messages.
    var assetLinksURL: String?
    var appSiteAssociationURL: String?

    /// The fingerprints the served assetlinks.json lets `package` handle every URL with, canonical.
    func fingerprints(granting package: String) -> [String] {
        var out: [String] = []
        for statement in assetLinks ?? [] where statement.relations.contains(AssetLinksDocument.handleAllURLs) {
            guard case .androidApp(let name, let fingerprints) = statement.target, name == package else { continue }
            for written in fingerprints {
                // A malformed fingerprint is the assetlinks.format check's failure; it grants nothing.
                guard let canonical = Self.canonical(written) else { continue }
                if !out.contains(canonical) { out.append(canonical) }
            }
        }
        return out
    }

    /// `written` in canonical form; nil when it is no SHA-256 fingerprint.
    static func canonical(_ written: String) -> String? {
        do {
            return try FingerprintNormalizer.sha256(written).canonical
        } catch {
            return nil
        }
    }
}

/// The `artifact.*` checks of `relops verify --artifact FILE`: each release binary against the host
/// verified, the expected identity and the files the host serves. A check relops could not make (a
/// served file not read, a host written as a resource reference) is a skip saying why, and goes in
/// the report's "could not check" lines: it never passes.
struct ArtifactChecks {
    let host: String
    let expectation: VerifyExpectation
    let served: ServedGrants
    /// The custom schemes the repository's OAuth callback leg registers, by platform.
    let callbackSchemes: [Platform: [String]]
    /// `--min-app-version`.
    let minAppVersion: String?
    /// The keys the repository and the debug keystore hold, to name the one a binary is signed with.
    let knownKeys: KnownKeystores?

    /// The checks of `options`' run, with what the main host serves.
    init(_ options: VerifyOptions, served: ServedGrants) {
        host = options.host.name
        expectation = options.expectation
        self.served = served
        callbackSchemes = options.callbackSchemes
        minAppVersion = options.minAppVersion
        knownKeys = options.knownKeys
    }

    /// Every artifact's checks, in the order given.
    func checks(_ artifacts: [ReleaseArtifact]) -> [Check] { artifacts.flatMap(checks) }

    func checks(_ artifact: ReleaseArtifact) -> [Check] {
        switch artifact {
        case .apk(let android), .aab(let android): return AndroidArtifactChecks(base: self, artifact: android).checks()
        case .ipa(let ios): return IOSArtifactChecks(base: self, artifact: ios).checks()
        }
    }

    /// A check of the release binary `file`: the reason starts with the file, which is its evidence.
    static func check(_ name: String, _ verdict: Check.Verdict, _ file: String, _ reason: String) -> Check {
        Check(name, verdict, url: nil, "\(file): " + reason, evidence: [file])
    }

    /// `FP (the debug key ~/.android/debug.keystore alias androiddebugkey)` when a known key has it.
    func named(_ fingerprint: String) -> String {
        guard let key = localKey(fingerprint) else { return fingerprint }
        return "\(fingerprint) (\(key.role == .debug ? "the debug key" : "the repository's keystore") \(key.origin))"
    }

    /// The local key whose certificate has `fingerprint` (canonical), if relops read one.
    func localKey(_ fingerprint: String) -> LocalKey? {
        knownKeys?.keys.first { $0.certificate.sha256.canonical == fingerprint }
    }

    /// True when `pattern` (a host as a binary claims it; `*.` a wildcard for subdomains) covers `host`.
    static func covers(_ pattern: String, _ host: String) -> Bool {
        let pattern = pattern.lowercased()
        let host = host.lowercased()
        if pattern.hasPrefix("*.") { return host.hasSuffix(String(pattern.dropFirst(1))) }
        return pattern == host
    }

    /// The version check: `version` (as the binary states it) at least `minAppVersion`, both compared
    /// as dotted numbers (`2.10` after `2.9`).
    func version(_ version: String?, named field: String, _ file: String) -> Check? {
        guard let minAppVersion else { return nil }
        let evidence = [file]
        guard let version else {
            return Check(
                "artifact.version", .skip, url: nil, "\(file): no \(field): cannot compare with \(minAppVersion)",
                evidence: evidence)
        }
        guard let order = Self.compare(version, minAppVersion) else {
            return Check(
                "artifact.version", .skip, url: nil,
                "\(file): \(field) \(version) and --min-app-version \(minAppVersion) are not both dotted numbers",
                evidence: evidence)
        }
        return order >= 0
            ? Check(
                "artifact.version", .pass, url: nil, "\(file): \(field) \(version) is at least \(minAppVersion)",
                evidence: evidence)
            : Check(
                "artifact.version", .fail, url: nil,
                "\(file): \(field) \(version) is older than \(minAppVersion), the first version that names \(host)",
                evidence: evidence)
    }

    /// -1, 0 or 1; nil when either is not dotted numbers.
    static func compare(_ a: String, _ b: String) -> Int? {
        func parts(_ text: String) -> [Int]? {
            let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
            let numbers = pieces.compactMap { Int($0) }
            return numbers.count == pieces.count && !numbers.isEmpty ? numbers : nil
        }
        guard let x = parts(a), let y = parts(b) else { return nil }
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? x[i] : 0
            let r = i < y.count ? y[i] : 0
            if l != r { return l < r ? -1 : 1 }
        }
        return 0
    }

    /// The OAuth callback check: every scheme the repository registers for `platform` is in the binary.
    func callback(_ platform: Platform, registered: [String], _ file: String, where place: String) -> Check? {
        let wanted = callbackSchemes[platform] ?? []
        guard !wanted.isEmpty else { return nil }
        let missing = wanted.filter { scheme in !registered.contains { $0.lowercased() == scheme.lowercased() } }
        if missing.isEmpty {
            return Check(
                "artifact.oauth", .pass, url: nil,
                "\(file) registers the OAuth callback scheme\(wanted.count == 1 ? "" : "s") "
                    + wanted.joined(separator: ", "),
                evidence: [file])
        }
        return Check(
            "artifact.oauth", .fail, url: nil,
            "\(file) does not register the OAuth callback scheme \(missing.joined(separator: ", ")) that the "
                + "repository registers (\(place): \(registered.isEmpty ? "none" : registered.joined(separator: ", "))): "
                + "the sign-in never returns to this build",
            evidence: [file])
    }
}
