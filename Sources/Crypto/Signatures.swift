internal import COpenSSL

/// A message digest the APK signature schemes (and v1 JAR signing) use.
public enum DigestAlgorithm: Sendable, Equatable {
    case sha1, sha256, sha384, sha512
    /// JAR signing before Android 4.3 (`Digest-Algorithms: MD5`) only.
    case md5

    var md: OpaquePointer? {
        switch self {
        case .md5: return EVP_md5()
        case .sha1: return EVP_sha1()
        case .sha256: return EVP_sha256()
        case .sha384: return EVP_sha384()
        case .sha512: return EVP_sha512()
        }
    }
}

extension Digest {
    /// The digest of the concatenation of `parts`, without copying them together.
    public static func hash(_ algorithm: DigestAlgorithm, _ parts: [ArraySlice<UInt8>]) throws(CryptoError)
        -> [UInt8]
    {
        try openSSLLoaded.get()
        guard let context = EVP_MD_CTX_new() else { throw opensslError("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        try check(EVP_DigestInit_ex(context, algorithm.md, nil), "EVP_DigestInit_ex")
        for part in parts where !part.isEmpty {
            try check(part.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }, "EVP_DigestUpdate")
        }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        try check(EVP_DigestFinal_ex(context, &out, &length), "EVP_DigestFinal_ex")
        return Array(out.prefix(Int(length)))
    }
}

/// A public-key signature algorithm: the key type's padding and the digest.
public enum SignatureAlgorithm: Sendable, Equatable {
    /// RSASSA-PKCS1-v1_5.
    case rsaPKCS1(DigestAlgorithm)
    /// RSASSA-PSS with MGF1 over the same digest and a salt as long as the digest.
    case rsaPSS(DigestAlgorithm)
    /// ECDSA or DSA: the key says which.
    case plain(DigestAlgorithm)
}

/// Checks signatures through OpenSSL's EVP interface.
public enum SignatureCheck {
    /// True when `signature` over `message` verifies with `publicKey` (SubjectPublicKeyInfo DER);
    /// false when it does not; throws when the key cannot be read or the algorithm does not fit it.
    public static func verify(
        publicKey: [UInt8], algorithm: SignatureAlgorithm, message: [UInt8], signature: [UInt8]
    ) throws(CryptoError) -> Bool {
        try openSSLLoaded.get()
        let key = publicKey.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key else { throw opensslError("d2i_PUBKEY") }
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_MD_CTX_new() else { throw opensslError("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        let digest: DigestAlgorithm
        switch algorithm {
        case .rsaPKCS1(let d), .rsaPSS(let d), .plain(let d): digest = d
        }
        var keyContext: OpaquePointer?
        try check(EVP_DigestVerifyInit(context, &keyContext, digest.md, nil, key), "EVP_DigestVerifyInit")
        if case .rsaPSS = algorithm, let keyContext {
            guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) > 0,
                EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, -1) > 0,  // RSA_PSLEN_DIGEST
                EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, digest.md) > 0
            else { throw opensslError("EVP_PKEY_CTX_set_rsa_padding(PSS)") }
        }
        let result = message.withUnsafeBufferPointer { m in
            signature.withUnsafeBufferPointer { s in
                EVP_DigestVerify(context, s.baseAddress, s.count, m.baseAddress, m.count)
            }
        }
        ERR_clear_error()
        return result == 1
    }
}

extension SignedData {
    /// Which certificate of the bag (an index into `certificates(der:)`) each SignerInfo names by
    /// issuer and serial number or subject key identifier; nil for a SignerInfo that names none.
    public static func signerCertificateIndexes(der bytes: [UInt8]) throws(CryptoError) -> [Int?] {
        try openSSLLoaded.get()
        let cms = try parse(bytes)
        defer { CMS_ContentInfo_free(cms) }
        guard let infos = CMS_get0_SignerInfos(cms) else { return [] }
        let certificates = CMS_get1_certs(cms)
        defer { if let certificates { relops_sk_x509_pop_free(certificates) } }
        var out: [Int?] = []
        for i in 0..<relops_sk_signerinfo_num(infos) {
            guard let info = relops_sk_signerinfo_value(infos, i) else { continue }
            var match: Int?
            if let certificates {
                for j in 0..<relops_sk_x509_num(certificates) {
                    if let x509 = relops_sk_x509_value(certificates, j), CMS_SignerInfo_cert_cmp(info, x509) == 0 {
                        match = Int(j)
                        break
                    }
                }
            }
            out.append(match)
        }
        ERR_clear_error()
        return out
    }

    /// Verifies a detached SignedData over `content` (the v1 signature file) with the signer
    /// certificates it carries; the chain is not checked (APK certificates are self-signed by
    /// design). Returns OpenSSL's reason when it does not verify.
    public static func verifyDetached(der bytes: [UInt8], content: [UInt8]) throws(CryptoError) -> String? {
        try openSSLLoaded.get()
        _ = providersLoaded
        let cms = try parse(bytes)
        defer { CMS_ContentInfo_free(cms) }
        let flags = UInt32(CMS_BINARY | CMS_NO_SIGNER_CERT_VERIFY | CMS_NOCRL)
        let ok = content.withUnsafeBytes { buffer -> Int32 in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return -1 }
            defer { BIO_free(bio) }
            return CMS_verify(cms, nil, nil, bio, nil, flags)
        }
        if ok == 1 { return nil }
        let error = opensslError("CMS_verify")
        return error.message.isEmpty ? "the signature does not verify" : error.message
    }

    static func parse(_ bytes: [UInt8]) throws(CryptoError) -> OpaquePointer {
        let cms = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_CMS_ContentInfo(nil, &cursor, buffer.count)
        }
        guard let cms else { throw opensslError("d2i_CMS_ContentInfo") }
        return cms
    }
}
