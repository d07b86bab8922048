/// The APK Signing Block (source.android.com/docs/security/features/apksigning): it sits right
/// before the ZIP central directory, ends with its size and the magic `APK Sig Block 42`, and
/// holds ID-value pairs (8-byte length, 4-byte ID). The v2 (`0x7109871a`), v3 (`0xf05368c0`)
/// and v3.1 (`0x1b93ad61`) values are length-prefixed sequences of signers.
struct APKSigningBlock {
    /// One signer of a v2/v3/v3.1 block, as stored.
    struct Signer {
        /// The signed data, exactly the bytes the signatures cover.
        let signedData: [UInt8]
        /// (signature algorithm id, digest) pairs inside the signed data.
        let digests: [(algorithm: UInt32, digest: [UInt8])]
        /// The X.509 certificates, as stored; the first is the signer's.
        let certificates: [[UInt8]]
        /// v3: the SDK range inside the signed data and outside it (they must agree).
        let signedSdkRange: ClosedRange<Int>?
        let sdkRange: ClosedRange<Int>?
        /// (id, value) additional attributes inside the signed data (v3: proof-of-rotation).
        let attributes: [(id: UInt32, value: [UInt8])]
        /// (signature algorithm id, signature) pairs.
        let signatures: [(algorithm: UInt32, signature: [UInt8])]
        /// SubjectPublicKeyInfo DER.
        let publicKey: [UInt8]
    }

    enum Scheme: UInt32, CaseIterable {
        case v31 = 0x1b93_ad61
        case v3 = 0xf053_68c0
        case v2 = 0x7109_871a

        var name: String {
            switch self {
            case .v31: return "APK Signature Scheme v3.1"
            case .v3: return "APK Signature Scheme v3"
            case .v2: return "APK Signature Scheme v2"
            }
        }
    }

    /// Where the block starts (the first ZIP section ends here).
    let offset: Int
    /// The signers of each scheme present.
    let schemes: [(scheme: Scheme, signers: [Signer])]

    /// The block in front of the central directory, or nil when the APK has none.
    init?(_ bytes: [UInt8], centralDirectory: Int) throws(TruncatedInput) {
        let magic = Array("APK Sig Block 42".utf8)
        guard centralDirectory >= 32, centralDirectory <= bytes.count,
            bytes[(centralDirectory - 16)..<centralDirectory].elementsEqual(magic)
        else { return nil }
        var footer = ByteReader(bytes, offset: centralDirectory - 24)
        let size = try footer.le(8)
        guard size >= 24, size <= UInt64(centralDirectory - 8) else {
            throw TruncatedInput(offset: centralDirectory - 24)
        }
        let start = centralDirectory - Int(size) - 8
        var header = ByteReader(bytes, offset: start)
        guard try header.le(8) == size else { throw TruncatedInput(offset: start) }
        var pairs = ByteReader(Array(bytes[(start + 8)..<(centralDirectory - 24)]))
        var found: [(Scheme, [Signer])] = []
        while pairs.remaining > 0 {
            let length = try pairs.le(8)
            guard length >= 4, length <= UInt64(pairs.remaining) else {
                throw TruncatedInput(offset: start + 8 + pairs.offset)
            }
            let id = try pairs.le(4)
            let value = try pairs.take(Int(length) - 4)
            guard let scheme = Scheme(rawValue: UInt32(id)) else { continue }
            found.append((scheme, try APKSigningBlock.signers(value, scheme: scheme)))
        }
        offset = start
        schemes = Scheme.allCases.compactMap { scheme in found.first { $0.0 == scheme } }
    }

    static func signers(_ value: [UInt8], scheme: Scheme) throws(TruncatedInput) -> [Signer] {
        var outer = ByteReader(value)
        var sequence = try outer.lengthPrefixed()
        var signers: [Signer] = []
        while sequence.remaining > 0 {
            var signer = try sequence.lengthPrefixed()
            let signedBytes = try signer.lengthPrefixed()
            var signed = signedBytes
            var digests = try signed.lengthPrefixed()
            var digestPairs: [(UInt32, [UInt8])] = []
            while digests.remaining > 0 {
                var pair = try digests.lengthPrefixed()
                digestPairs.append((UInt32(try pair.le(4)), Array(try pair.lengthPrefixed().bytes)))
            }
            var certificateList = try signed.lengthPrefixed()
            var certificates: [[UInt8]] = []
            while certificateList.remaining > 0 {
                certificates.append(Array(try certificateList.lengthPrefixed().bytes))
            }
            var signedRange: ClosedRange<Int>?
            var range: ClosedRange<Int>?
            if scheme != .v2 { signedRange = try sdkRange(&signed) }
            var attributeList = try signed.lengthPrefixed()
            var attributes: [(UInt32, [UInt8])] = []
            while attributeList.remaining > 0 {
                var attribute = try attributeList.lengthPrefixed()
                let id = UInt32(try attribute.le(4))
                attributes.append((id, try attribute.take(attribute.remaining)))
            }
            if scheme != .v2 { range = try sdkRange(&signer) }
            var signatureList = try signer.lengthPrefixed()
            var signatures: [(UInt32, [UInt8])] = []
            while signatureList.remaining > 0 {
                var pair = try signatureList.lengthPrefixed()
                signatures.append((UInt32(try pair.le(4)), Array(try pair.lengthPrefixed().bytes)))
            }
            let publicKey = Array(try signer.lengthPrefixed().bytes)
            signers.append(
                Signer(
                    signedData: signedBytes.bytes, digests: digestPairs, certificates: certificates,
                    signedSdkRange: signedRange, sdkRange: range, attributes: attributes, signatures: signatures,
                    publicKey: publicKey))
        }
        return signers
    }

    /// A v3 `minSdkVersion`, `maxSdkVersion` pair (two little-endian 32-bit values).
    static func sdkRange(_ reader: inout ByteReader) throws(TruncatedInput) -> ClosedRange<Int> {
        let low = Int(Int32(truncatingIfNeeded: try reader.le(4)))
        let high = Int(Int32(truncatingIfNeeded: try reader.le(4)))
        guard low <= high else { throw TruncatedInput(offset: reader.offset - 8) }
        return low...high
    }
}
