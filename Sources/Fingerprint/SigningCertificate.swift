import Crypto
import Foundation
import RelopsCore

/// A certificate as `fingerprint show` reports it: names, validity and both fingerprints.
public struct SigningCertificate: Sendable, Equatable {
    /// Where it came from: the file, and the alias or APK signature scheme inside it.
    public let origin: String
    /// Subject in RFC 2253 form.
    public let subject: String
    /// Issuer in RFC 2253 form.
    public let issuer: String
    public let notBefore: Date
    public let notAfter: Date
    /// Serial number, uppercase hex.
    public let serialNumber: String
    /// SHA-256 of the DER certificate: the value `assetlinks.json` lists.
    public let sha256: CertificateFingerprint
    /// SHA-1 of the DER certificate, keytool's colon form (shown for recognition only).
    public let sha1: String

    init(_ certificate: Certificate, origin: String) throws(CertificateReadError) {
        self.origin = origin
        subject = certificate.subject
        issuer = certificate.issuer
        notBefore = certificate.notBefore
        notAfter = certificate.notAfter
        serialNumber = certificate.serialNumber
        do {
            sha256 = CertificateFingerprint(bytes: try Digest.sha256(certificate.der))
            sha1 = FingerprintNormalizer.colonHex(try Digest.sha1(certificate.der))
        } catch {
            throw CertificateReadError(.couldNotCheck, origin, "cannot digest the certificate: \(error)")
        }
    }

    /// Reads DER certificate bytes.
    init(der: [UInt8], origin: String) throws(CertificateReadError) {
        do {
            try self.init(try Certificate(der: der), origin: origin)
        } catch let error as CertificateReadError {
            throw error
        } catch {
            throw CertificateReadError(.badInput, origin, "not an X.509 certificate (\(error))")
        }
    }

    /// `2026-01-01T00:00:00Z until 2051-01-01T00:00:00Z`.
    public var validity: String { "\(isoDate(notBefore)) until \(isoDate(notAfter))" }
}

/// An input file that holds no readable certificate; the message names the file and why.
public struct CertificateReadError: RelopsFailure, Sendable {
    public let category: FailureCategory
    /// The file (and where inside it).
    public let origin: String
    public let reason: String

    public init(_ category: FailureCategory, _ origin: String, _ reason: String) {
        self.category = category
        self.origin = origin
        self.reason = reason
    }

    public var description: String { "\(origin): \(reason)" }
}

/// Reads signing certificates from the files a release manager has at hand.
public enum CertificateReader {
    /// An X.509 certificate file, DER or PEM (every certificate of a PEM chain, leaf first).
    public static func certificateFile(_ path: String) throws(CertificateReadError) -> [SigningCertificate] {
        try requireOpenSSL(path)
        let bytes = try read(path)
        let certificates: [Certificate]
        do {
            certificates = try Certificate.read(pemOrDER: bytes)
        } catch {
            throw CertificateReadError(.badInput, path, "not a DER or PEM X.509 certificate (\(error.message))")
        }
        var out: [SigningCertificate] = []
        for (i, certificate) in certificates.enumerated() {
            out.append(try SigningCertificate(certificate, origin: certificates.count > 1 ? "\(path) #\(i + 1)" : path))
        }
        return out
    }

    /// A PKCS#12 file opened with `password`: the key's certificate first, then its chain.
    public static func pkcs12(_ path: String, password: String) throws(CertificateReadError) -> [SigningCertificate] {
        try requireOpenSSL(path)
        let bytes = try read(path)
        let certificates: [Certificate]
        do {
            certificates = try PKCS12.certificates(der: bytes, password: password)
        } catch {
            throw CertificateReadError(.badInput, path, "cannot open as PKCS#12: \(error)")
        }
        if certificates.isEmpty { throw CertificateReadError(.badInput, path, "the PKCS#12 file holds no certificate") }
        var out: [SigningCertificate] = []
        for (i, certificate) in certificates.enumerated() {
            out.append(try SigningCertificate(certificate, origin: i == 0 ? path : "\(path) chain #\(i + 1)"))
        }
        return out
    }

    /// A Java keystore (JKS or JCEKS): every alias's first certificate; no password needed.
    public static func javaKeyStore(_ path: String) throws(CertificateReadError) -> [SigningCertificate] {
        try requireOpenSSL(path)
        let store = try JavaKeyStore(bytes: read(path), path: path)
        var out: [SigningCertificate] = []
        for entry in store.entries {
            guard let first = entry.certificates.first else { continue }
            out.append(try SigningCertificate(der: first, origin: "\(path) alias \(entry.alias)"))
        }
        if out.isEmpty { throw CertificateReadError(.badInput, path, "the keystore holds no certificate") }
        return out
    }

    /// A keystore that keytool wrote (`--jks`): JKS/JCEKS, whose certificates need no password
    /// (with `storePassword`, the store's integrity digest is checked too), or PKCS#12, keytool's
    /// default format, opened with `storePassword` (else `keyPassword`).
    public static func keystore(_ path: String, storePassword: String?, keyPassword: String?)
        throws(CertificateReadError) -> [SigningCertificate]
    {
        try requireOpenSSL(path)
        let bytes = try read(path)
        if JavaKeyStore.looksLikeKeyStore(bytes) {
            if let storePassword, !JavaKeyStore.passwordOpens(bytes, password: storePassword) {
                throw CertificateReadError(.badInput, path, "the store password does not open it")
            }
            return try javaKeyStore(path)
        }
        guard let storePassword else {
            throw CertificateReadError(
                .badInput, path,
                "a PKCS#12 keystore (keytool's default format) needs its password: give --storepass-env VAR")
        }
        do {
            return try pkcs12(path, password: storePassword)
        } catch {
            guard let keyPassword, keyPassword != storePassword else { throw error }
            return try pkcs12(path, password: keyPassword)
        }
    }

    /// An APK's signer certificates, every scheme's (v3.1, v3, v2, then v1), without verifying
    /// the signatures (`APKSignature.read` verifies).
    public static func apk(_ path: String) throws(CertificateReadError) -> [SigningCertificate] {
        let signature = try APKSignature.read(path, verify: false)
        if case .failed(let reason) = signature.verification, signature.signers.isEmpty {
            throw CertificateReadError(.checkFailed, path, reason)
        }
        var out: [SigningCertificate] = []
        for signer in signature.signers where !out.contains(signer.certificate) { out.append(signer.certificate) }
        return out
    }

    /// OpenSSL's libcrypto, which every certificate and signature needs, asked for before any work:
    /// a library that cannot be loaded is "could not check" (exit 3) with the message naming it
    /// and the package to install, never "not a certificate" or an unverified signature.
    static func requireOpenSSL(_ path: String) throws(CertificateReadError) {
        do { try loadOpenSSL() } catch { throw CertificateReadError(.couldNotCheck, path, error.message) }
    }

    /// The bytes of the file at `path`, bounded; a missing file, a folder or an unreadable file
    /// is a `CertificateReadError` naming it.
    public static func read(_ path: String) throws(CertificateReadError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CertificateReadError(.badInput, path, "no such file")
        }
        guard !isFolder.boolValue else { throw CertificateReadError(.badInput, path, "is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CertificateReadError(.couldNotCheck, path, "cannot read")
        }
        return Array(data)
    }
}

/// `2026-07-28T10:00:00Z`.
func isoDate(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
}
