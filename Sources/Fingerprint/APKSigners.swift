/// The signers of an APK, read from its ZIP structure without unpacking it.
///
/// APK Signature Scheme v2/v3 (source.android.com/docs/security/features/apksigning): an "APK
/// Signing Block" sits right before the ZIP central directory and ends with its size and the magic
/// `APK Sig Block 42`. It holds ID-value pairs (8-byte length, 4-byte ID); the v2 (`0x7109871a`),
/// v3 (`0xf05368c0`) and v3.1 (`0x1b93ad61`) values are length-prefixed sequences of signers, each
/// starting with its signed data, which starts with digests and then the X.509 certificates.
/// Without a block, the v1 JAR signature `META-INF/*.RSA|DSA|EC` (PKCS#7) names the signer.
struct APKSigners {
    struct Signer {
        /// `APK Signature Scheme v3`, or `v1 META-INF/CERT.RSA`.
        let scheme: String
        let index: Int
        /// The signer's certificate (v2/v3).
        let certificateDER: [UInt8]?
        /// The PKCS#7 signature block (v1).
        let signatureBlock: [UInt8]?
    }

    let signers: [Signer]

    static let schemes: [(id: UInt64, name: String)] = [
        (0x1b93_ad61, "APK Signature Scheme v3.1"), (0xf053_68c0, "APK Signature Scheme v3"),
        (0x7109_871a, "APK Signature Scheme v2"),
    ]

    init(bytes: [UInt8], path: String) throws(CertificateReadError) {
        func bad(_ reason: String) -> CertificateReadError { CertificateReadError(.badInput, path, reason) }
        guard let eocd = APKSigners.endOfCentralDirectory(bytes) else {
            throw bad("not an APK: no ZIP end-of-central-directory record")
        }
        var reader = ByteReader(bytes, offset: eocd + 10)
        let directory: (count: Int, size: Int, offset: Int)
        do {
            let count = Int(try reader.le(2))
            let size = Int(try reader.le(4))
            directory = (count, size, Int(try reader.le(4)))
        } catch {
            throw bad("not an APK: truncated end-of-central-directory record")
        }
        guard directory.offset + directory.size <= eocd else {
            throw bad("not an APK: the central directory lies outside the file")
        }
        do {
            if let pairs = try APKSigners.signingBlock(bytes, centralDirectory: directory.offset) {
                for scheme in APKSigners.schemes {
                    guard let value = pairs.first(where: { $0.id == scheme.id })?.value else { continue }
                    var signers: [Signer] = []
                    var outer = ByteReader(value)
                    var sequence = try outer.lengthPrefixed()
                    while sequence.remaining > 0 {
                        var signer = try sequence.lengthPrefixed()
                        var signedData = try signer.lengthPrefixed()
                        _ = try signedData.lengthPrefixed()  // digests
                        var certificates = try signedData.lengthPrefixed()
                        guard certificates.remaining > 0 else { continue }
                        let first = try certificates.lengthPrefixed()
                        signers.append(
                            Signer(
                                scheme: scheme.name, index: signers.count + 1,
                                certificateDER: Array(first.bytes), signatureBlock: nil))
                    }
                    if !signers.isEmpty {
                        self.signers = signers
                        return
                    }
                }
            }
        } catch {
            throw bad("malformed APK Signing Block (a field runs past its end at byte \(error.offset))")
        }
        signers = try APKSigners.v1Signers(bytes, directory: directory, path: path)
    }

    /// The offset of the end-of-central-directory record, searched backwards past a comment.
    static func endOfCentralDirectory(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        var i = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while i >= lowest {
            if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x05, bytes[i + 3] == 0x06 { return i }
            i -= 1
        }
        return nil
    }

    /// The ID-value pairs of the APK Signing Block, or nil when the APK has none.
    static func signingBlock(_ bytes: [UInt8], centralDirectory: Int) throws(TruncatedInput) -> [(
        id: UInt64, value: [UInt8]
    )]? {
        let magic = Array("APK Sig Block 42".utf8)
        guard centralDirectory >= 32, bytes[(centralDirectory - 16)..<centralDirectory].elementsEqual(magic) else {
            return nil
        }
        var footer = ByteReader(bytes, offset: centralDirectory - 24)
        let size = try footer.le(8)
        guard size >= 24, size <= UInt64(centralDirectory - 8) else {
            throw TruncatedInput(offset: centralDirectory - 24)
        }
        let start = centralDirectory - Int(size) - 8
        var header = ByteReader(bytes, offset: start)
        guard try header.le(8) == size else { throw TruncatedInput(offset: start) }
        var pairs = ByteReader(Array(bytes[(start + 8)..<(centralDirectory - 24)]))
        var out: [(UInt64, [UInt8])] = []
        while pairs.remaining > 0 {
            let length = try pairs.le(8)
            guard length >= 4, length <= UInt64(pairs.remaining) else {
                throw TruncatedInput(offset: start + 8 + pairs.offset)
            }
            let id = try pairs.le(4)
            out.append((id, try pairs.take(Int(length) - 4)))
        }
        return out
    }

    /// The v1 signature blocks named in the central directory, inflated when compressed.
    static func v1Signers(_ bytes: [UInt8], directory: (count: Int, size: Int, offset: Int), path: String)
        throws(CertificateReadError) -> [Signer]
    {
        func bad(_ reason: String) -> CertificateReadError { CertificateReadError(.badInput, path, reason) }
        var signers: [Signer] = []
        var reader = ByteReader(bytes, offset: directory.offset)
        do {
            for _ in 0..<directory.count {
                guard try reader.le(4) == 0x0201_4b50 else {
                    throw bad("malformed ZIP central directory at byte \(reader.offset - 4)")
                }
                _ = try reader.take(6)
                let method = try reader.le(2)
                _ = try reader.take(8)
                let compressedSize = Int(try reader.le(4))
                let size = Int(try reader.le(4))
                let nameLength = Int(try reader.le(2))
                let extraLength = Int(try reader.le(2))
                let commentLength = Int(try reader.le(2))
                _ = try reader.take(8)
                let localHeader = Int(try reader.le(4))
                let name = String(decoding: try reader.take(nameLength), as: UTF8.self)
                _ = try reader.take(extraLength + commentLength)
                let upper = name.uppercased()
                guard upper.hasPrefix("META-INF/"), !upper.dropFirst(9).contains("/"),
                    upper.hasSuffix(".RSA") || upper.hasSuffix(".DSA") || upper.hasSuffix(".EC")
                else { continue }
                var local = ByteReader(bytes, offset: localHeader)
                guard try local.le(4) == 0x0403_4b50 else { throw bad("\(name): malformed ZIP local header") }
                _ = try local.take(22)
                let skip = Int(try local.le(2)) + Int(try local.le(2))
                _ = try local.take(skip)
                let stored = try local.take(compressedSize)
                let block: [UInt8]
                switch method {
                case 0: block = stored
                case 8:
                    do {
                        block = try Inflater.inflate(stored, limit: max(size, 1) + 1 << 20)
                    } catch {
                        throw bad("\(name): cannot inflate: \(error.reason)")
                    }
                default: throw bad("\(name): unsupported ZIP compression method \(method)")
                }
                signers.append(
                    Signer(scheme: "v1 \(name)", index: signers.count + 1, certificateDER: nil, signatureBlock: block))
            }
        } catch let error as CertificateReadError {
            throw error
        } catch {
            throw bad("truncated ZIP structure")
        }
        if signers.isEmpty {
            throw bad("not signed: no APK Signing Block and no META-INF/*.RSA, *.DSA or *.EC signature")
        }
        return signers
    }
}
