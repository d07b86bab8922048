import Crypto

/// The v1 (JAR) signature of an APK: each `META-INF/<NAME>.RSA|DSA|EC` PKCS#7 block signs
/// `META-INF/<NAME>.SF`, which digests `META-INF/MANIFEST.MF`, which digests every entry.
struct V1Signature {
    /// One signature block and the certificate its SignerInfo names.
    struct Signer {
        let blockName: String
        let block: [UInt8]
        /// The signer's certificate as stored in the bag, or nil when no certificate matches.
        let certificate: [UInt8]?
    }

    let signers: [Signer]

    /// The v1 signers of `archive` (empty when it has no v1 signature).
    init(_ archive: ZipArchive) throws(ZipArchive.Problem) {
        var signers: [Signer] = []
        for entry in archive.entries where V1Signature.isSignatureBlock(entry.name) {
            let block = try archive.data(entry)
            let bag: [[UInt8]]
            let indexes: [Int?]
            do {
                bag = try BERElement.signedDataCertificates(block)
            } catch {
                throw ZipArchive.Problem(reason: "\(entry.name): not a PKCS#7 signature block (malformed ASN.1)")
            }
            do {
                indexes = try SignedData.signerCertificateIndexes(der: block)
            } catch {
                throw ZipArchive.Problem(reason: "\(entry.name): not a PKCS#7 signature block (\(error))")
            }
            let index = indexes.first ?? nil
            let certificate = index.flatMap { $0 < bag.count ? bag[$0] : nil }
            signers.append(Signer(blockName: entry.name, block: block, certificate: certificate))
        }
        self.signers = signers
    }

    static func isSignatureBlock(_ name: String) -> Bool {
        let upper = name.uppercased()
        return upper.hasPrefix("META-INF/") && !upper.dropFirst(9).contains("/")
            && (upper.hasSuffix(".RSA") || upper.hasSuffix(".DSA") || upper.hasSuffix(".EC"))
    }

    /// Whether a JAR entry must carry a digest in the manifest (Android's rule: everything but
    /// folders and the signature files themselves).
    static func needsDigest(_ name: String) -> Bool {
        if name.hasSuffix("/") { return false }
        let upper = name.uppercased()
        guard upper.hasPrefix("META-INF/") else { return true }
        let rest = upper.dropFirst(9)
        if rest.contains("/") { return true }
        if rest == "MANIFEST.MF" || rest.hasPrefix("SIG-") { return false }
        return !(rest.hasSuffix(".SF") || rest.hasSuffix(".RSA") || rest.hasSuffix(".DSA") || rest.hasSuffix(".EC"))
    }

    /// nil when every v1 signer verifies, else the check that failed. `schemes` are the APK
    /// Signature Scheme versions present (2, 3): a `.SF` that names one missing was stripped.
    func verify(_ archive: ZipArchive, schemes: Set<Int>) throws(ZipArchive.Problem) -> String? {
        guard let manifestEntry = archive.entry("META-INF/MANIFEST.MF") else {
            return "v1: META-INF/MANIFEST.MF is missing"
        }
        let manifest = JarManifest(try archive.data(manifestEntry))
        var signatureFiles: [JarManifest] = []
        for signer in signers {
            let base = signer.blockName[..<(signer.blockName.lastIndex(of: ".") ?? signer.blockName.endIndex)]
            guard let sfEntry = archive.entry(base + ".SF") else { return "v1: \(base).SF is missing" }
            guard signer.certificate != nil else {
                return "v1 \(signer.blockName): no certificate in the PKCS#7 bag matches its SignerInfo"
            }
            let sfBytes = try archive.data(sfEntry)
            let failure: String?
            do {
                failure = try SignedData.verifyDetached(der: signer.block, content: sfBytes)
            } catch {
                return "v1 \(signer.blockName): the PKCS#7 signature cannot be checked (\(error))"
            }
            if let failure { return "v1 \(signer.blockName): the PKCS#7 signature over \(sfEntry.name) (\(failure))" }
            let sf = JarManifest(sfBytes)
            if let problem = V1Signature.checkStripping(sf, schemes: schemes, sfName: sfEntry.name) { return problem }
            if let problem = V1Signature.checkManifestDigest(sf, manifest, sfName: sfEntry.name) { return problem }
            signatureFiles.append(sf)
        }
        return try V1Signature.checkEntries(archive, manifest: manifest, signatureFiles: signatureFiles)
    }

    /// `X-Android-APK-Signed: 2, 3` says the APK was also signed with those schemes; Android
    /// refuses the APK when one of them is gone (a stripped signature, to downgrade to v1).
    static func checkStripping(_ sf: JarManifest, schemes: Set<Int>, sfName: String) -> String? {
        guard let value = sf.main.value("X-Android-APK-Signed") else { return nil }
        for part in value.split(separator: ",") {
            guard let id = Int(part.trimmingCharacters(in: .whitespaces)), id == 2 || id == 3 else { continue }
            if !schemes.contains(id) {
                return "v1 \(sfName): it says the APK was signed with APK Signature Scheme v\(id), "
                    + "whose signature is missing (stripped)"
            }
        }
        return nil
    }

    /// The signature file's digest of the whole manifest, else of each section it names.
    static func checkManifestDigest(_ sf: JarManifest, _ manifest: JarManifest, sfName: String) -> String? {
        let whole = sf.main.digests(suffix: "-Digest-Manifest")
        if !whole.isEmpty, whole.allSatisfy({ digest($0.algorithm, manifest.bytes[...]) == $0.expected }) {
            return nil
        }
        for section in sf.sections {
            guard let name = section.name else { continue }
            guard let target = manifest.section(named: name) else {
                return "v1 \(sfName): names \(name), which the manifest does not"
            }
            let digests = section.digests(suffix: "-Digest")
            guard !digests.isEmpty, digests.allSatisfy({ digest($0.algorithm, target.bytes) == $0.expected }) else {
                return "v1 \(sfName): its digest of the manifest section for \(name)"
            }
        }
        if !whole.isEmpty && sf.sections.isEmpty { return "v1 \(sfName): its digest of the manifest" }
        return nil
    }

    /// Every entry that needs one has a manifest digest that matches, and every signature file names it.
    static func checkEntries(_ archive: ZipArchive, manifest: JarManifest, signatureFiles: [JarManifest])
        throws(ZipArchive.Problem) -> String?
    {
        for entry in archive.entries where needsDigest(entry.name) {
            guard let section = manifest.section(named: entry.name) else {
                return "v1: \(entry.name) is not in the manifest (not protected by the signature)"
            }
            let digests = section.digests(suffix: "-Digest")
            guard !digests.isEmpty else { return "v1: the manifest has no digest for \(entry.name)" }
            let data = try archive.data(entry)
            for expected in digests where digest(expected.algorithm, data[...]) != expected.expected {
                return "v1: the manifest's digest of \(entry.name) does not match its contents"
            }
            for sf in signatureFiles where sf.section(named: entry.name) == nil && !sf.sections.isEmpty {
                return "v1: \(entry.name) is not named in every signature file"
            }
        }
        return nil
    }

    static func digest(_ name: DigestName, _ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        let algorithm: DigestAlgorithm
        switch name {
        case .sha1: algorithm = .sha1
        case .sha256: algorithm = .sha256
        case .sha512: algorithm = .sha512
        }
        return try? Digest.hash(algorithm, [bytes])
    }
}
