import Crypto

/// Reads and verifies the signatures of one APK (see `APKSignature.read`).
struct APKSignatureReader {
    let archive: ZipArchive
    let path: String
    /// `--min-sdk-version`: the lowest API level to verify for, instead of the manifest's.
    let minSdkOverride: Int?

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
        if block == nil && v1.signers.isEmpty, let problem = v1.malformed.first {
            throw ZipArchive.Problem(reason: problem)
        }
        if block == nil && v1.signers.isEmpty {
            throw APKSignature.Unsigned()
        }
        let nodes = try lineageNodes(block)
        var lineage: [LineageStep] = []
        for (i, node) in nodes.enumerated() {
            let certificate = try SigningCertificate(der: node.certificate, origin: "\(path) lineage \(i + 1)")
            lineage.append(LineageStep(certificate: certificate, flags: node.flags))
        }
        var verification = APKSignature.Verification.skipped
        var basis: String?
        if verify {
            var verdict = APKVerdict(reader: self, block: block, v1: v1)
            verification = try verdict.decide().map { .failed($0) } ?? .verified
            basis = verdict.basis
        }
        return APKSignature(
            path: path, signers: signers, lineage: lineage, verification: verification, basis: basis)
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
}
