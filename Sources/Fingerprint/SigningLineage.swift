import Crypto

/// One certificate of a v3 proof-of-rotation lineage, oldest first, with the capabilities the
/// newer key grants it.
public struct LineageStep: Sendable {
    /// The certificate at this step of the rotation.
    public let certificate: SigningCertificate
    /// The capability flags (`PAST_CERT_*`) this certificate keeps after the rotation.
    public let flags: UInt32

    /// The capability names, in the order apksigner prints them.
    public var capabilities: [String] {
        let names: [(UInt32, String)] = [
            (1, "installed-data"), (2, "shared-uid"), (4, "permission"), (8, "rollback"), (16, "auth"),
        ]
        return names.filter { flags & $0.0 != 0 }.map(\.1)
    }
}

/// The proof-of-rotation attribute (`0x3ba06f8c`) of a v3 signer: a version, then nodes, each a
/// length-prefixed signed data (certificate, the algorithm the next node is signed with), flags,
/// the signature algorithm and a signature by the previous node's key.
enum SigningLineage {
    static let attributeID: UInt32 = 0x3ba0_6f8c

    struct Node {
        let certificate: [UInt8]
        let signedData: [UInt8]
        let signedAlgorithm: UInt32
        let flags: UInt32
        let algorithm: UInt32
        let signature: [UInt8]
    }

    static func nodes(_ value: [UInt8]) throws(TruncatedInput) -> [Node] {
        var reader = ByteReader(value)
        guard try reader.le(4) == 1 else { throw TruncatedInput(offset: 0) }
        var nodes: [Node] = []
        while reader.remaining > 0 {
            var node = try reader.lengthPrefixed()
            let signedBytes = try node.lengthPrefixed()
            var signed = signedBytes
            let certificate = Array(try signed.lengthPrefixed().bytes)
            let signedAlgorithm = UInt32(try signed.le(4))
            let flags = UInt32(try node.le(4))
            let algorithm = UInt32(try node.le(4))
            let signature = Array(try node.lengthPrefixed().bytes)
            nodes.append(
                Node(
                    certificate: certificate, signedData: signedBytes.bytes, signedAlgorithm: signedAlgorithm,
                    flags: flags, algorithm: algorithm, signature: signature))
        }
        return nodes
    }

    /// nil when each node is signed by the one before it, else what failed.
    static func check(_ nodes: [Node]) throws(CryptoError) -> String? {
        for (previous, node) in zip(nodes, nodes.dropFirst()) {
            guard node.signedAlgorithm == previous.algorithm,
                let algorithm = APKSchemeVerifier.Algorithm(previous.algorithm)
            else { return "the proof-of-rotation lineage names an unexpected signature algorithm" }
            let key = try Certificate(der: previous.certificate).publicKey
            let ok = try SignatureCheck.verify(
                publicKey: key, algorithm: algorithm.signature, message: node.signedData, signature: node.signature)
            if !ok { return "the proof-of-rotation lineage: a certificate is not signed by the one before it" }
        }
        return nil
    }
}
