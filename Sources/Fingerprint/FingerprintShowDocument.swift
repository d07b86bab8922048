import RelopsCore

/// A certificate as `fingerprint show --format json` lists it: where it came from, its names,
/// validity (ISO 8601 UTC), serial and both fingerprints.
public struct CertificateEntry: Codable, Sendable, Equatable {
    /// The file, and the alias or APK signature scheme inside it.
    public var origin: String
    public var subject: String
    public var issuer: String
    public var notBefore: String
    public var notAfter: String
    /// Uppercase hex.
    public var serial: String
    /// The value `assetlinks.json` lists, canonical colon form.
    public var sha256: String
    public var sha1: String

    enum CodingKeys: String, CodingKey {
        case origin, subject, issuer
        case notBefore = "not_before"
        case notAfter = "not_after"
        case serial, sha256, sha1
    }

    /// The entry of `certificate`.
    public init(_ certificate: SigningCertificate) {
        origin = certificate.origin
        subject = certificate.subject
        issuer = certificate.issuer
        notBefore = isoDate(certificate.notBefore)
        notAfter = isoDate(certificate.notAfter)
        serial = certificate.serialNumber
        sha256 = certificate.sha256.canonical
        sha1 = certificate.sha1
    }
}

/// `relops fingerprint show --cert/--p12/--jks --format json`, read back by type: a schema
/// version, then every certificate read.
public struct CertificateListDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    public var certificates: [CertificateEntry]

    /// The document of `certificates`, in the order read.
    public init(_ certificates: [SigningCertificate]) {
        self.certificates = certificates.map(CertificateEntry.init)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case certificates
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(certificates, forKey: .certificates)
    }

    /// Reads a document this relops or an older one wrote; a newer schema version throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        certificates = try object.decode([CertificateEntry].self, forKey: .certificates)
    }

    /// The JSON text `fingerprint show --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the certificates") }
}
