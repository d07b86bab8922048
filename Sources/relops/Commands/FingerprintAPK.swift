import Fingerprint
import Foundation
import RelopsCore

/// `fingerprint show --apk`: every signer, the rotation lineage, the fingerprints assetlinks.json
/// must list, and the verification result (exit 1 when a check fails).
enum FingerprintAPKView {
    static func show(_ signature: APKSignature, _ format: OutputFormat, _ console: Console) throws -> Int32 {
        let failed: String?
        if case .failed(let check) = signature.verification { failed = check } else { failed = nil }
        if format == .json {
            console.out(try APKSignatureDocument(signature).jsonText())
        } else {
            text(signature, failed: failed, console)
        }
        if let failed { console.error("\(signature.path): NOT VERIFIED: \(failed)") }
        return failed == nil ? ExitCode.ok : ExitCode.checkFailed
    }

    static func text(_ signature: APKSignature, failed: String?, _ console: Console) {
        // One block per certificate, naming every scheme that signs with it.
        var groups: [(certificate: SigningCertificate, schemes: [String])] = []
        for signer in signature.signers {
            let scheme = signer.scheme + (signer.sdkText.map { " (SDK \($0))" } ?? "")
            if let i = groups.firstIndex(where: { $0.certificate.sha256 == signer.certificate.sha256 }) {
                groups[i].schemes.append(scheme)
            } else {
                groups.append((signer.certificate, [scheme]))
            }
        }
        for (i, (certificate, schemes)) in groups.enumerated() {
            if i > 0 { console.out("") }
            console.out(console.styled("\(signature.path) signer \(i + 1)", .bold))
            console.out("  Schemes: \(schemes.joined(separator: ", "))")
            console.out("  Subject: \(certificate.subject)")
            console.out("  Issuer:  \(certificate.issuer)")
            console.out("  Valid:   \(certificate.validity)")
            console.out("  Serial:  \(certificate.serialNumber)")
            let mark = failed == nil ? "" : "  NOT VERIFIED"
            console.out("  SHA256: \(certificate.sha256.canonical)\(mark)")
            console.out("  SHA1:   \(certificate.sha1)")
        }
        if !signature.lineage.isEmpty {
            console.out("")
            console.out(console.styled("Proof-of-rotation lineage (oldest first):", .bold))
            for step in signature.lineage {
                let capabilities = step.capabilities.isEmpty ? "none" : step.capabilities.joined(separator: ", ")
                console.out("  \(step.certificate.sha256.canonical) \(step.certificate.subject)")
                console.out("    capabilities: \(capabilities)")
            }
        }
        console.out("")
        console.out("assetlinks.json must list:")
        for fingerprint in signature.assetLinksFingerprints { console.out("  \(fingerprint.canonical)") }
        switch signature.verification {
        case .verified: console.out(console.styled("Verified: every signature and digest checks out.", .green))
        case .skipped: console.out("Not verified (--no-verify).")
        case .failed(let check): console.out(console.styled("NOT VERIFIED: \(check)", .red))
        }
        if let basis = signature.basis { console.out("  (\(basis))") }
    }
}
