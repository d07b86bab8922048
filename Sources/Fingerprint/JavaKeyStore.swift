import Crypto

/// The certificates of a Java keystore (JKS, or JCEKS without secret-key entries), read without
/// the store password: JKS keeps certificates in the clear and only protects private keys.
///
/// Layout (big-endian): magic `FEEDFEED` (JKS) or `CECECECE` (JCEKS), version 1 or 2, entry count,
/// then per entry a tag (1 private key, 2 trusted certificate, 3 secret key), an alias (Java
/// modified UTF-8 with a 2-byte length), an 8-byte timestamp, and for a key the protected key and
/// its certificate chain, for a trusted certificate the certificate; each certificate is preceded
/// by its type name (version 2) and a 4-byte length. A SHA-1 over the store ends the file.
struct JavaKeyStore {
    struct Entry {
        let alias: String
        let isPrivateKey: Bool
        /// DER certificates, the entry's own first.
        let certificates: [[UInt8]]
    }

    let entries: [Entry]

    static let jksMagic: UInt32 = 0xFEED_FEED
    static let jceksMagic: UInt32 = 0xCECE_CECE

    /// True when `bytes` start like a JKS or JCEKS store.
    static func looksLikeKeyStore(_ bytes: [UInt8]) -> Bool {
        var reader = ByteReader(bytes)
        guard let magic = try? reader.u32() else { return false }
        return magic == jksMagic || magic == jceksMagic
    }

    init(bytes: [UInt8], path: String) throws(CertificateReadError) {
        var reader = ByteReader(bytes)
        do {
            let magic = try reader.u32()
            guard magic == JavaKeyStore.jksMagic || magic == JavaKeyStore.jceksMagic else {
                throw CertificateReadError(
                    .badInput, path,
                    "not a JKS or JCEKS keystore (a PKCS#12 keystore needs --p12 and its password)")
            }
            let version = try reader.u32()
            guard version == 1 || version == 2 else {
                throw CertificateReadError(.badInput, path, "unknown keystore version \(version)")
            }
            let count = try reader.u32()
            var entries: [Entry] = []
            for _ in 0..<count {
                let tag = try reader.u32()
                let alias = try reader.javaUTF()
                _ = try reader.take(8)  // creation time
                switch tag {
                case 1:
                    let keyLength = try reader.u32()
                    _ = try reader.take(Int(keyLength))
                    let chainLength = try reader.u32()
                    var chain: [[UInt8]] = []
                    for _ in 0..<chainLength { chain.append(try JavaKeyStore.certificate(&reader, version: version)) }
                    entries.append(Entry(alias: alias, isPrivateKey: true, certificates: chain))
                case 2:
                    entries.append(
                        Entry(
                            alias: alias, isPrivateKey: false,
                            certificates: [try JavaKeyStore.certificate(&reader, version: version)]))
                case 3:
                    throw CertificateReadError(
                        .badInput, path,
                        "alias \(alias) is a secret-key entry (JCEKS), which relops cannot skip; export the certificate with keytool -exportcert"
                    )
                default:
                    throw CertificateReadError(.badInput, path, "unknown entry tag \(tag) at alias \(alias)")
                }
            }
            self.entries = entries
        } catch let error as CertificateReadError {
            throw error
        } catch let error as TruncatedInput {
            throw CertificateReadError(
                .badInput, path, "truncated keystore (it ends inside a field at byte \(error.offset) of \(bytes.count))"
            )
        } catch {
            throw CertificateReadError(.badInput, path, "unreadable keystore (\(error))")
        }
    }

    /// Whether `password` opens the store: the SHA-1 over the password (UTF-16BE), the words
    /// "Mighty Aphrodite" and the store matches the digest that ends the file (JKS and JCEKS).
    static func passwordOpens(_ bytes: [UInt8], password: String) -> Bool {
        guard bytes.count > 20 else { return false }
        let utf16 = password.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let body = bytes[..<(bytes.count - 20)]
        guard let digest = try? Digest.hash(.sha1, [utf16[...], Array("Mighty Aphrodite".utf8)[...], body]) else {
            return false
        }
        return digest[...] == bytes[(bytes.count - 20)...]
    }

    static func certificate(_ reader: inout ByteReader, version: UInt32) throws(TruncatedInput) -> [UInt8] {
        if version == 2 { _ = try reader.javaUTF() }  // "X.509"
        let length = try reader.u32()
        return try reader.take(Int(length))
    }
}

/// Input ended before a field it announced.
struct TruncatedInput: Error {
    let offset: Int
}

/// Reads fixed-width integers and length-prefixed fields from bytes, never past their end.
struct ByteReader {
    let bytes: [UInt8]
    var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func take(_ count: Int) throws(TruncatedInput) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw TruncatedInput(offset: offset) }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// Big-endian 32-bit.
    mutating func u32() throws(TruncatedInput) -> UInt32 {
        let b = try take(4)
        return UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
    }

    /// Java's `writeUTF`: a big-endian 2-byte length, then modified UTF-8.
    mutating func javaUTF() throws(TruncatedInput) -> String {
        let b = try take(2)
        return String(decoding: try take(Int(b[0]) << 8 | Int(b[1])), as: UTF8.self)
    }

    /// Little-endian integer of `width` bytes (ZIP and APK Signing Block fields).
    mutating func le(_ width: Int) throws(TruncatedInput) -> UInt64 {
        let b = try take(width)
        return b.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A little-endian 4-byte length, then that many bytes (APK Signature Scheme v2/v3 fields).
    mutating func lengthPrefixed() throws(TruncatedInput) -> ByteReader {
        let length = try le(4)
        guard length <= UInt64(remaining) else { throw TruncatedInput(offset: offset) }
        return ByteReader(try take(Int(length)))
    }
}
