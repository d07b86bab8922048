import Crypto

/// Verifies a v2/v3/v3.1 signer the way Android does: every signature over the signed data
/// through OpenSSL's EVP with the APK Signature Scheme's algorithm ids, the signer's public key
/// against its certificate, and the content digests over 1 MiB chunks of the three ZIP sections
/// (entries, central directory, end of central directory pointing at the signing block).
struct APKSchemeVerifier {
    /// An algorithm id of the APK Signature Scheme: how it signs and how it digests the content.
    struct Algorithm {
        let signature: SignatureAlgorithm
        let content: DigestAlgorithm
        /// The verity (Merkle tree) content digests of the 0x042x ids: signature only.
        let verity: Bool

        init?(_ id: UInt32) {
            switch id {
            case 0x0101: (signature, content, verity) = (.rsaPSS(.sha256), .sha256, false)
            case 0x0102: (signature, content, verity) = (.rsaPSS(.sha512), .sha512, false)
            case 0x0103: (signature, content, verity) = (.rsaPKCS1(.sha256), .sha256, false)
            case 0x0104: (signature, content, verity) = (.rsaPKCS1(.sha512), .sha512, false)
            case 0x0201, 0x0301: (signature, content, verity) = (.plain(.sha256), .sha256, false)
            case 0x0202: (signature, content, verity) = (.plain(.sha512), .sha512, false)
            case 0x0421: (signature, content, verity) = (.rsaPKCS1(.sha256), .sha256, true)
            case 0x0423, 0x0425: (signature, content, verity) = (.plain(.sha256), .sha256, true)
            default: return nil
            }
        }
    }

    let archive: ZipArchive
    let blockOffset: Int
    private var contentDigests: [DigestAlgorithm: [UInt8]] = [:]

    init(archive: ZipArchive, blockOffset: Int) {
        self.archive = archive
        self.blockOffset = blockOffset
    }

    /// nil when the signer verifies, else the check that failed.
    mutating func check(_ signer: APKSigningBlock.Signer) throws(CryptoError) -> String? {
        guard let first = signer.certificates.first else { return "the signer carries no certificate" }
        let certificate = try Certificate(der: first)
        guard certificate.publicKey == signer.publicKey else {
            return "the signer's public key is not its certificate's"
        }
        let supported = signer.signatures.compactMap { pair in Algorithm(pair.algorithm).map { (pair, $0) } }
        guard !supported.isEmpty else { return "no signature with a supported algorithm" }
        for (pair, algorithm) in supported {
            let ok = try SignatureCheck.verify(
                publicKey: signer.publicKey, algorithm: algorithm.signature, message: signer.signedData,
                signature: pair.signature)
            guard ok else { return "the signature (algorithm 0x\(hex(pair.algorithm))) over the signed data" }
        }
        guard signer.signatures.map(\.algorithm) == signer.digests.map(\.algorithm) else {
            return "the signed digests do not list the same algorithms as the signatures"
        }
        if signer.signedSdkRange != signer.sdkRange {
            return "the SDK range outside the signed data differs from inside"
        }
        var checked = 0
        for (id, digest) in signer.digests {
            guard let algorithm = Algorithm(id), !algorithm.verity else { continue }
            guard try contentDigest(algorithm.content) == digest else {
                return "the content digest (algorithm 0x\(hex(id))) over the ZIP entries, central directory "
                    + "and end of central directory"
            }
            checked += 1
        }
        return checked == 0 ? "no content digest relops can check (verity only)" : nil
    }

    /// The chunked digest of the three sections, computed once per digest algorithm.
    mutating func contentDigest(_ algorithm: DigestAlgorithm) throws(CryptoError) -> [UInt8] {
        if let known = contentDigests[algorithm] { return known }
        let bytes = archive.bytes
        var eocd = Array(bytes[archive.endOfCentralDirectory...])
        let offset = UInt32(blockOffset)
        for i in 0..<4 { eocd[16 + i] = UInt8(truncatingIfNeeded: offset >> (8 * UInt32(i))) }
        let sections: [ArraySlice<UInt8>] = [
            bytes[0..<blockOffset], bytes[archive.centralDirectoryOffset..<archive.endOfCentralDirectory], eocd[...],
        ]
        let chunk = 1 << 20
        var digests: [UInt8] = []
        var count: UInt32 = 0
        for section in sections {
            var start = section.startIndex
            while start < section.endIndex {
                let end = min(start + chunk, section.endIndex)
                let prefix: [UInt8] = [0xa5] + le32(UInt32(end - start))
                digests += try Digest.hash(algorithm, [prefix[...], section[start..<end]])
                count += 1
                start = end
            }
        }
        let top = try Digest.hash(algorithm, [([0x5a] + le32(count))[...], digests[...]])
        contentDigests[algorithm] = top
        return top
    }
}

func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }

func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
