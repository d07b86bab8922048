internal import COpenSSL

/// Why a PKCS#12 file could not be read.
public enum PKCS12Error: Error, CustomStringConvertible, Sendable {
    /// The password does not open the file (its MAC does not verify).
    case wrongPassword
    /// The bytes are not a PKCS#12 file, or OpenSSL could not decrypt it.
    case unreadable(CryptoError)

    public var description: String {
        switch self {
        case .wrongPassword: return "the password does not open it"
        case .unreadable(let error): return "not a readable PKCS#12 file (\(error))"
        }
    }
}

/// PKCS#12 (`.p12`, `.pfx`, and keytool's default `.keystore`/`.jks` since Java 9).
public enum PKCS12 {
    /// The certificates in a PKCS#12 file: the one paired with the private key first (when there
    /// is one), then the others. Older files use RC2/3DES, so OpenSSL's legacy provider is loaded.
    public static func certificates(der bytes: [UInt8], password: String) throws(PKCS12Error) -> [Certificate] {
        do { try openSSLLoaded.get() } catch { throw .unreadable(error) }
        _ = providersLoaded
        let p12 = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PKCS12(nil, &cursor, buffer.count)
        }
        guard let p12 else { throw .unreadable(opensslError("d2i_PKCS12")) }
        defer { PKCS12_free(p12) }
        if PKCS12_mac_present(p12) == 1, PKCS12_verify_mac(p12, password, Int32(password.utf8.count)) != 1 {
            ERR_clear_error()
            throw .wrongPassword
        }
        var key: OpaquePointer?
        var leaf: OpaquePointer?
        var chain: OpaquePointer?
        guard PKCS12_parse(p12, password, &key, &leaf, &chain) == 1 else {
            throw .unreadable(opensslError("PKCS12_parse"))
        }
        defer {
            if let key { EVP_PKEY_free(key) }
            if let leaf { X509_free(leaf) }
        }
        do {
            var out: [Certificate] = []
            if let leaf { out.append(try Certificate(leaf)) }
            out += try takeCertificates(chain)
            return out
        } catch {
            throw .unreadable(error)
        }
    }
}

/// CMS / PKCS#7 SignedData, as in an APK's v1 `META-INF/*.RSA` signature block.
public enum SignedData {
    /// The certificates a DER SignedData carries, in their stored order.
    public static func certificates(der bytes: [UInt8]) throws(CryptoError) -> [Certificate] {
        try openSSLLoaded.get()
        let cms = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_CMS_ContentInfo(nil, &cursor, buffer.count)
        }
        guard let cms else { throw opensslError("d2i_CMS_ContentInfo") }
        defer { CMS_ContentInfo_free(cms) }
        guard let stack = CMS_get1_certs(cms) else {
            throw CryptoError(call: "CMS_get1_certs", message: "no certificates")
        }
        return try takeCertificates(stack)
    }
}

/// The default and legacy providers, loaded once (PKCS#12 files from older tools need RC2-40).
let providersLoaded: Bool = {
    guard case .success = openSSLLoaded else { return false }
    let legacy = OSSL_PROVIDER_load(nil, "legacy")
    let standard = OSSL_PROVIDER_load(nil, "default")
    ERR_clear_error()
    return legacy != nil && standard != nil
}()
