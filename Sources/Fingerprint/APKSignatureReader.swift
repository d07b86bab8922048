import Crypto

/// Reads and verifies the signatures of one APK (see `APKSignature.read`).
struct APKSignatureReader {
    let archive: ZipArchive
    let path: String

    func read(verify: Bool) throws -> APKSignature {
        let block: APKSigningBlock?
        do {
            block = try APKSigningBlock(archive.bytes, centralDirectory: archive.centralDirectoryOffset)
        } catch {
            throw ZipArchive.Problem(
                reason: "malformed APK Signing Block (a field runs past its end at byte \(error.offset))")
        }
        let v1 = try V1Signature(archive)
        var signers: [APKSigner] = []
        for (scheme, schemeSigners) in block?.schemes ?? [] {
            for (i, signer) in schemeSigners.enumerated() {
                guard let first = signer.certificates.first else { continue }
                let origin = "\(path) \(scheme.name) signer \(i + 1)"
                signers.append(
                    APKSigner(
                        scheme: scheme.name, certificate: try SigningCertificate(der: first, origin: origin),
                        sdkRange: signer.sdkRange))
            }
        }
        for signer in v1.signers {
            guard let der = signer.certificate else { continue }
            let certificate = try SigningCertificate(der: der, origin: "\(path) v1 \(signer.blockName)")
            signers.append(APKSigner(scheme: "v1 \(signer.blockName)", certificate: certificate, sdkRange: nil))
        }
        if block == nil && v1.signers.isEmpty {
            throw ZipArchive.Problem(
                reason: "not signed: no APK Signing Block and no META-INF/*.RSA, *.DSA or *.EC signature")
        }
        let nodes = try lineageNodes(block)
        var lineage: [LineageStep] = []
        for (i, node) in nodes.enumerated() {
            let certificate = try SigningCertificate(der: node.certificate, origin: "\(path) lineage \(i + 1)")
            lineage.append(LineageStep(certificate: certificate, flags: node.flags))
        }
        var verification = APKSignature.Verification.skipped
        if let missing = v1.signers.first(where: { $0.certificate == nil }) {
            verification = .failed("v1 \(missing.blockName): no certificate in the PKCS#7 bag matches its SignerInfo")
        } else if verify {
            verification = try check(block, v1, nodes).map { .failed($0) } ?? .verified
        }
        return APKSignature(path: path, signers: signers, lineage: lineage, verification: verification)
    }

    /// The lineage of the newest v3 block that carries one.
    func lineageNodes(_ block: APKSigningBlock?) throws(ZipArchive.Problem) -> [SigningLineage.Node] {
        for (scheme, signers) in block?.schemes ?? [] where scheme != .v2 {
            for signer in signers {
                guard let value = signer.attributes.first(where: { $0.id == SigningLineage.attributeID })?.value
                else { continue }
                do {
                    return try SigningLineage.nodes(value)
                } catch {
                    throw ZipArchive.Problem(reason: "\(scheme.name): malformed proof-of-rotation lineage")
                }
            }
        }
        return []
    }

    /// nil when everything verifies, else the first check that failed.
    func check(_ block: APKSigningBlock?, _ v1: V1Signature, _ nodes: [SigningLineage.Node]) throws -> String? {
        if let block {
            var verifier = APKSchemeVerifier(archive: archive, blockOffset: block.offset)
            for (scheme, signers) in block.schemes {
                if signers.isEmpty { return "\(scheme.name): no signers" }
                for (i, signer) in signers.enumerated() {
                    if let failure = try verifier.check(signer) { return "\(scheme.name) signer \(i + 1): \(failure)" }
                }
            }
        }
        var schemes: Set<Int> = []
        for (scheme, _) in block?.schemes ?? [] { schemes.insert(scheme == .v2 ? 2 : 3) }
        if !v1.signers.isEmpty, let failure = try v1.verify(archive, schemes: schemes) { return failure }
        if let failure = try SigningLineage.check(nodes) { return failure }
        return nil
    }
}
