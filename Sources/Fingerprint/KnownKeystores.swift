import Crypto
import Foundation
import RelopsCore

/// A certificate found in a local keystore: the upload key or the debug key, never the app
/// signing key (with Play App Signing, Google holds that one).
public struct LocalKey: Sendable, Equatable {
    public enum Role: String, Sendable {
        /// `~/.android/debug.keystore` or an `androiddebugkey` alias.
        case debug
        /// A keystore in the repository: what the team signs uploads with.
        case upload
    }

    public let role: Role
    /// `android/upload.jks alias upload`.
    public let origin: String
    public let certificate: SigningCertificate
}

/// The keystores `fingerprint rotate` checks a new fingerprint against, and what it could read.
public struct KnownKeystores: Sendable {
    /// Every certificate read.
    public let keys: [LocalKey]
    /// Keystores found but not readable (a PKCS#12 whose password is not known), with why.
    public let unread: [(path: String, reason: String)]

    /// Reads `*.keystore`, `*.jks`, `*.p12`, `*.pfx` under `root` and the debug keystore.
    /// JKS needs no password; PKCS#12 is tried with `android` (the debug keystore's), an empty
    /// password and `passwords`.
    public static func find(root: String?, debugKeystore: String?, passwords: [String] = []) -> KnownKeystores {
        var files: [(path: String, display: String, debug: Bool)] = []
        if let root {
            for relative in workingTreeFiles(root) {
                let lower = relative.lowercased()
                guard [".keystore", ".jks", ".p12", ".pfx"].contains(where: { lower.hasSuffix($0) }) else { continue }
                files.append((root + "/" + relative, relative, lower.hasSuffix("debug.keystore")))
            }
        }
        if let debugKeystore, FileManager.default.fileExists(atPath: debugKeystore),
            !files.contains(where: { $0.path == debugKeystore })
        {
            files.append((debugKeystore, debugKeystore, true))
        }
        var keys: [LocalKey] = []
        var unread: [(String, String)] = []
        for file in files {
            do {
                for certificate in try read(file.path, display: file.display, passwords: ["android", ""] + passwords) {
                    let debug =
                        file.debug || certificate.origin.hasSuffix("alias androiddebugkey")
                        || certificate.subject.contains("CN=Android Debug")
                    keys.append(
                        LocalKey(role: debug ? .debug : .upload, origin: certificate.origin, certificate: certificate))
                }
            } catch {
                unread.append((file.display, error.reason))
            }
        }
        return KnownKeystores(keys: keys, unread: unread)
    }

    static func read(_ path: String, display: String, passwords: [String]) throws(CertificateReadError)
        -> [SigningCertificate]
    {
        try CertificateReader.requireOpenSSL(display)
        let bytes = try CertificateReader.read(path)
        if JavaKeyStore.looksLikeKeyStore(bytes) {
            let store = try JavaKeyStore(bytes: bytes, path: display)
            var out: [SigningCertificate] = []
            for entry in store.entries {
                if let first = entry.certificates.first {
                    out.append(try SigningCertificate(der: first, origin: "\(display) alias \(entry.alias)"))
                }
            }
            return out
        }
        for password in passwords {
            let certificates: [Certificate]
            do {
                certificates = try PKCS12.certificates(der: bytes, password: password)
            } catch .wrongPassword {
                continue
            } catch {
                throw CertificateReadError(.badInput, display, "not a JKS or PKCS#12 keystore")
            }
            guard let first = certificates.first else { return [] }
            return [try SigningCertificate(first, origin: display)]
        }
        throw CertificateReadError(
            .badInput, display, "a PKCS#12 keystore whose password relops does not know; not checked")
    }

    /// The local key whose certificate has `fingerprint`, if any.
    public func match(_ fingerprint: CertificateFingerprint) -> LocalKey? {
        keys.first { $0.certificate.sha256 == fingerprint }
    }
}

/// The new fingerprint is a local key's: the upload or debug key, not the app signing key.
public struct WrongKeyError: RelopsFailure, Sendable {
    public let category = FailureCategory.badInput
    public let key: LocalKey

    public var description: String {
        let what =
            key.role == .debug
            ? "the debug key (\(key.origin)): Play never serves a build signed with it"
            : "the upload key (\(key.origin)): with Play App Signing, Google re-signs the app with its own app signing key"
        return "\(key.certificate.sha256.canonical) is \(what). Android checks assetlinks.json against the app signing "
            + "key: download its certificate from Play Console > Setup > App signing (\"App signing key certificate\", "
            + "deployment_cert.der) and run `relops fingerprint rotate --cert deployment_cert.der`"
    }
}
