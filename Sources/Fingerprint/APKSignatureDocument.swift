import RelopsCore

/// `relops fingerprint show --apk --format json`, read back by type: a schema version, the APK,
/// whether it verified (`null` with `--no-verify`) and what failed, every signer, the rotation
/// lineage, the fingerprints `assetlinks.json` must list and each certificate once.
public struct APKSignatureDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    public var apk: String
    /// True when every signature verifies, false when a check failed, nil when not checked.
    public var verified: Bool?
    public var failedCheck: String?
    /// Which schemes decided the verdict, for which API levels.
    public var basis: String?
    public var signers: [Signer]
    public var lineage: [Step]
    /// The fingerprints `assetlinks.json` must list, the oldest first.
    public var assetlinks: [String]
    /// Every signer's certificate, once each.
    public var certificates: [CertificateEntry]

    /// One signer: its scheme, the API levels it serves (v3 and v3.1), then its certificate's fields.
    public struct Signer: Codable, Sendable, Equatable {
        public var scheme: String
        public var minSDK: Int?
        public var maxSDK: Int?
        public var certificate: CertificateEntry

        enum CodingKeys: String, CodingKey {
            case scheme
            case minSDK = "min_sdk"
            case maxSDK = "max_sdk"
        }

        /// The scheme, the SDK range when there is one, the certificate's keys in the same object.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(scheme, forKey: .scheme)
            try object.encodeIfPresent(minSDK, forKey: .minSDK)
            try object.encodeIfPresent(maxSDK, forKey: .maxSDK)
            try certificate.encode(to: encoder)
        }

        public init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: CodingKeys.self)
            scheme = try object.decode(String.self, forKey: .scheme)
            minSDK = try object.decodeIfPresent(Int.self, forKey: .minSDK)
            maxSDK = try object.decodeIfPresent(Int.self, forKey: .maxSDK)
            certificate = try CertificateEntry(from: decoder)
        }

        init(_ signer: APKSigner) {
            scheme = signer.scheme
            minSDK = signer.sdkRange?.lowerBound
            maxSDK = signer.sdkRange?.upperBound
            certificate = CertificateEntry(signer.certificate)
        }
    }

    /// One certificate of the proof-of-rotation lineage, oldest first.
    public struct Step: Codable, Sendable, Equatable {
        public var subject: String
        public var sha256: String
        /// The `PAST_CERT_*` capability flags.
        public var flags: Int
        public var capabilities: [String]
    }

    /// The document of `signature`.
    public init(_ signature: APKSignature) {
        apk = signature.path
        switch signature.verification {
        case .verified: (verified, failedCheck) = (true, nil)
        case .failed(let check): (verified, failedCheck) = (false, check)
        case .skipped: (verified, failedCheck) = (nil, nil)
        }
        basis = signature.basis
        signers = signature.signers.map(Signer.init)
        lineage = signature.lineage.map { step in
            Step(
                subject: step.certificate.subject, sha256: step.certificate.sha256.canonical, flags: Int(step.flags),
                capabilities: step.capabilities)
        }
        assetlinks = signature.assetLinksFingerprints.map(\.canonical)
        var seen: [CertificateFingerprint] = []
        certificates = []
        for signer in signature.signers where !seen.contains(signer.certificate.sha256) {
            seen.append(signer.certificate.sha256)
            certificates.append(CertificateEntry(signer.certificate))
        }
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case apk, verified
        case failedCheck = "failed_check"
        case basis, signers, lineage, assetlinks, certificates
    }

    /// Every key written; a missing value is `null`.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(apk, forKey: .apk)
        try object.encode(verified, forKey: .verified)
        try object.encode(failedCheck, forKey: .failedCheck)
        try object.encode(basis, forKey: .basis)
        try object.encode(signers, forKey: .signers)
        try object.encode(lineage, forKey: .lineage)
        try object.encode(assetlinks, forKey: .assetlinks)
        try object.encode(certificates, forKey: .certificates)
    }

    /// Reads a document this relops or an older one wrote; a newer schema version throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        apk = try object.decode(String.self, forKey: .apk)
        verified = try object.decodeIfPresent(Bool.self, forKey: .verified)
        failedCheck = try object.decodeIfPresent(String.self, forKey: .failedCheck)
        basis = try object.decodeIfPresent(String.self, forKey: .basis)
        signers = try object.decode([Signer].self, forKey: .signers)
        lineage = try object.decode([Step].self, forKey: .lineage)
        assetlinks = try object.decode([String].self, forKey: .assetlinks)
        certificates = try object.decode([CertificateEntry].self, forKey: .certificates)
    }

    /// The JSON text `fingerprint show --apk --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the APK's signatures") }
}
