import Crypto
import RelopsCore

/// One signer of an APK under one signature scheme.
public struct APKSigner: Sendable {
    /// `APK Signature Scheme v3.1`, `APK Signature Scheme v3`, `APK Signature Scheme v2`, or
    /// `v1 META-INF/CERT.RSA`.
    public let scheme: String
    /// The signer's certificate; its fingerprint is over the bytes exactly as stored.
    public let certificate: SigningCertificate
    /// The Android versions (API levels) this signer serves: v3 and v3.1 only.
    public let sdkRange: ClosedRange<Int>?

    /// `33-2147483647`, or nil.
    public var sdkText: String? { sdkRange.map { "\($0.lowerBound)-\($0.upperBound)" } }
}

/// What `fingerprint show --apk` reports: every signer, the rotation lineage, the fingerprints
/// `assetlinks.json` must list, and whether the signatures verify.
public struct APKSignature: Sendable {
    /// Whether the signatures were checked, and how that went.
    public enum Verification: Sendable, Equatable {
        /// Every signature and digest verifies.
        case verified
        /// A check failed: which one.
        case failed(String)
        /// `--no-verify`.
        case skipped
    }

    /// The APK.
    public let path: String
    /// Every signer of every scheme present, newest scheme first (v3.1, v3, v2, v1).
    public let signers: [APKSigner]
    /// The v3 proof-of-rotation lineage, oldest certificate first (empty without a rotation).
    public let lineage: [LineageStep]
    /// The verification result.
    public let verification: Verification
    /// Which schemes decided the verdict and for which API levels: `checked APK Signature Scheme
    /// v3, v2 and v1 for min SDK 21 (AndroidManifest.xml)`, with the schemes Android skips there
    /// (nil when not verified).
    public let basis: String?

    /// The fingerprints `assetlinks.json` must list so every Android version the APK supports
    /// verifies the App Links: every signer's, the oldest (pre-rotation) first.
    public var assetLinksFingerprints: [CertificateFingerprint] {
        var out: [CertificateFingerprint] = []
        let ordered = lineage.map(\.certificate) + signers.reversed().map(\.certificate)
        for certificate in ordered where !out.contains(certificate.sha256) {
            guard signers.contains(where: { $0.certificate.sha256 == certificate.sha256 }) else { continue }
            out.append(certificate.sha256)
        }
        return out
    }

    /// Reads the APK at `path` and, unless `verify` is false, verifies every signature on it as
    /// Android does on every API level from its min SDK up: the manifest's `minSdkVersion`, or
    /// `minSdkVersion` when given (apksigner's `--min-sdk-version`).
    public static func read(_ path: String, verify: Bool = true, minSdkVersion: Int? = nil)
        throws(CertificateReadError) -> APKSignature
    {
        try CertificateReader.requireOpenSSL(path)
        return try read(
            bytes: try CertificateReader.read(path), path: path, verify: verify, minSdkVersion: minSdkVersion)
    }

    /// Reads (and, unless `verify` is false, verifies) the APK held in `bytes`; `path` names it.
    public static func read(bytes: [UInt8], path: String, verify: Bool = true, minSdkVersion: Int? = nil)
        throws(CertificateReadError) -> APKSignature
    {
        try CertificateReader.requireOpenSSL(path)
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes)
        } catch {
            throw CertificateReadError(.badInput, path, error.reason)
        }
        return try read(archive: archive, path: path, verify: verify, minSdkVersion: minSdkVersion)
    }

    /// An archive with no signature of any scheme: a fact about the file, not a malformed one.
    package struct Unsigned: Error {
        static let reason = "not signed: no APK Signing Block and no META-INF/*.RSA, *.DSA or *.EC signature"
    }

    /// Reads (and, unless `verify` is false, verifies) the signatures of an archive already read:
    /// an APK, or an app bundle's JAR signature (`verify: false`: its v1 signer only).
    package static func read(archive: ZipArchive, path: String, verify: Bool = true, minSdkVersion: Int? = nil)
        throws(CertificateReadError) -> APKSignature
    {
        guard
            let signature = try readIfSigned(archive: archive, path: path, verify: verify, minSdkVersion: minSdkVersion)
        else { throw CertificateReadError(.badInput, path, Unsigned.reason) }
        return signature
    }

    /// `read(archive:...)`, with nil for an archive that carries no signature at all.
    package static func readIfSigned(
        archive: ZipArchive, path: String, verify: Bool = true, minSdkVersion: Int? = nil
    ) throws(CertificateReadError) -> APKSignature? {
        try CertificateReader.requireOpenSSL(path)
        do {
            return try APKSignatureReader(archive: archive, path: path, minSdkOverride: minSdkVersion).read(
                verify: verify)
        } catch is Unsigned {
            return nil
        } catch let problem as ZipArchive.Problem {
            throw CertificateReadError(.badInput, path, problem.reason)
        } catch let error as CertificateReadError {
            throw error
        } catch let error as CryptoError {
            throw CertificateReadError(.couldNotCheck, path, "OpenSSL failed: \(error)")
        } catch {
            throw CertificateReadError(.badInput, path, "\(error)")
        }
    }
}
