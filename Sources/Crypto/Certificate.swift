internal import COpenSSL
import Foundation

/// An X.509 certificate read into plain values: names, validity and its DER encoding.
public struct Certificate: Sendable, Equatable {
    /// The subject as OpenSSL prints it in RFC 2253 form (`CN=Upload,O=Example`).
    public let subject: String
    /// The issuer in the same form.
    public let issuer: String
    /// Start of validity.
    public let notBefore: Date
    /// End of validity.
    public let notAfter: Date
    /// The serial number in uppercase hex.
    public let serialNumber: String
    /// The certificate's bytes exactly as stored (DER, or BER as some old tools wrote it):
    /// fingerprints are digests of these, never of a re-encoding.
    public let der: [UInt8]
    /// The subject public key (SubjectPublicKeyInfo, DER).
    public let publicKey: [UInt8]

    /// Reads one certificate from DER (or BER) bytes, keeping the bytes it was read from.
    public init(der bytes: [UInt8]) throws(CryptoError) {
        try openSSLLoaded.get()
        var consumed = 0
        let x509 = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let x509 = d2i_X509(nil, &cursor, buffer.count)
            if let cursor, let base = buffer.baseAddress { consumed = cursor - base }
            return x509
        }
        guard let x509 else { throw opensslError("d2i_X509") }
        defer { X509_free(x509) }
        try self.init(x509, stored: Array(bytes.prefix(consumed)))
    }

    /// Reads every certificate in `bytes`: PEM (one or more `BEGIN CERTIFICATE` blocks) or a single DER.
    public static func read(pemOrDER bytes: [UInt8]) throws(CryptoError) -> [Certificate] {
        try openSSLLoaded.get()
        let marker = Array("-----BEGIN".utf8)
        let isPEM =
            bytes.count >= marker.count
            && (0...(bytes.count - marker.count)).contains { i in bytes[i..<(i + marker.count)].elementsEqual(marker) }
        guard isPEM else { return [try Certificate(der: bytes)] }
        var certificates: [Certificate] = []
        var failure: CryptoError?
        bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
                failure = opensslError("BIO_new_mem_buf")
                return
            }
            defer { BIO_free(bio) }
            while let x509 = PEM_read_bio_X509(bio, nil, nil, nil) {
                defer { X509_free(x509) }
                do {
                    certificates.append(try Certificate(x509))
                } catch {
                    failure = error as? CryptoError ?? CryptoError(call: "X509", message: "\(error)")
                    return
                }
            }
            ERR_clear_error()  // the loop ends on "no start line": not an error
        }
        if let failure { throw failure }
        if certificates.isEmpty {
            throw CryptoError(call: "PEM_read_bio_X509", message: "no certificate in the PEM text")
        }
        return certificates
    }

    /// Reads the values of an `X509*` the caller keeps owning; `stored` are the bytes it was
    /// parsed from, when known (else its DER encoding).
    init(_ x509: OpaquePointer, stored: [UInt8]? = nil) throws(CryptoError) {
        subject = try Certificate.name(X509_get_subject_name(x509))
        issuer = try Certificate.name(X509_get_issuer_name(x509))
        notBefore = try Certificate.date(X509_get0_notBefore(x509))
        notAfter = try Certificate.date(X509_get0_notAfter(x509))
        serialNumber = Certificate.serial(X509_get_serialNumber(x509))
        publicKey = try Certificate.publicKey(x509)
        if let stored, !stored.isEmpty {
            der = stored
            return
        }
        var out: UnsafeMutablePointer<UInt8>?
        let length = i2d_X509(x509, &out)
        guard length > 0, let out else { throw opensslError("i2d_X509") }
        der = Array(UnsafeBufferPointer(start: out, count: Int(length)))
        relops_openssl_free(out)
    }

    static func publicKey(_ x509: OpaquePointer) throws(CryptoError) -> [UInt8] {
        guard let key = X509_get0_pubkey(x509) else { throw opensslError("X509_get0_pubkey") }
        var out: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(key, &out)
        guard length > 0, let out else { throw opensslError("i2d_PUBKEY") }
        defer { relops_openssl_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }

    static func name(_ name: OpaquePointer?) throws(CryptoError) -> String {
        guard let name else { return "" }
        guard let bio = BIO_new(BIO_s_mem()) else { throw opensslError("BIO_new") }
        defer { BIO_free(bio) }
        guard X509_NAME_print_ex(bio, name, 0, relops_xn_flags_rfc2253_utf8()) >= 0 else {
            throw opensslError("X509_NAME_print_ex")
        }
        return memoryText(bio)
    }

    static func date(_ time: UnsafePointer<ASN1_TIME>?) throws(CryptoError) -> Date {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { throw opensslError("ASN1_TIME_to_tm") }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    static func serial(_ serial: UnsafePointer<ASN1_INTEGER>?) -> String {
        guard let serial, let bn = ASN1_INTEGER_to_BN(serial, nil) else { return "" }
        defer { BN_free(bn) }
        guard let hex = BN_bn2hex(bn) else { return "" }
        defer { relops_openssl_free(hex) }
        return String(cString: hex)
    }
}

/// The text a memory BIO holds.
func memoryText(_ bio: OpaquePointer) -> String {
    var data: UnsafeMutablePointer<CChar>?
    let length = relops_bio_get_mem_data(bio, &data)
    guard length > 0, let data else { return "" }
    return data.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
}

/// Reads every certificate of an OpenSSL `STACK_OF(X509)` and frees the stack and its certificates.
func takeCertificates(_ stack: OpaquePointer?) throws(CryptoError) -> [Certificate] {
    guard let stack else { return [] }
    defer { relops_sk_x509_pop_free(stack) }
    var out: [Certificate] = []
    for i in 0..<relops_sk_x509_num(stack) {
        guard let x509 = relops_sk_x509_value(stack, i) else { continue }
        out.append(try Certificate(x509))
    }
    return out
}
