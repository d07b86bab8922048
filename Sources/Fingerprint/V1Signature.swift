import Crypto
import Foundation

/// The v1 (JAR) signature of an APK: each `META-INF/<NAME>.RSA|DSA|EC` PKCS#7 block signs
/// `META-INF/<NAME>.SF`, which digests `META-INF/MANIFEST.MF`, which digests every entry.
/// Verified as Android (and apksigner's `V1SchemeVerifier`) verifies it over a range of API levels.
struct V1Signature {
    /// One signature block with its signature file, and the certificate its SignerInfo names.
    struct Signer {
        let blockName: String
        let signatureFileName: String
        let block: [UInt8]
        /// The signer's certificate as stored in the bag, or nil when no certificate matches.
        let certificate: [UInt8]?
    }

    let signers: [Signer]
    /// Blocks that are not PKCS#7 SignedData: why, naming the entry. They fail v1 verification
    /// only where Android reads v1 (an APK whose min SDK skips v1 still verifies by v2/v3).
    let malformed: [String]

    /// The v1 signers of `archive` (empty when it has no v1 signature). A block without its `.SF`
    /// is not a signer (Android ignores it).
    init(_ archive: ZipArchive) throws(ZipArchive.Problem) {
        var signers: [Signer] = []
        var malformed: [String] = []
        for entry in archive.entries where V1Signature.isSignatureBlock(entry.name) {
            let base = entry.name[..<(entry.name.lastIndex(of: ".") ?? entry.name.endIndex)]
            guard archive.entry(base + ".SF") != nil else { continue }
            let block = try archive.data(entry, limit: (ZipArchive.signatureBlockCap, "a v1 signature block"))
            let bag: [[UInt8]]
            let indexes: [Int?]
            do {
                bag = try BERElement.signedDataCertificates(block)
                indexes = try SignedData.signerCertificateIndexes(der: block)
            } catch let error as CryptoError {
                malformed.append("\(entry.name): not a PKCS#7 signature block (\(error))")
                continue
            } catch {
                malformed.append("\(entry.name): not a PKCS#7 signature block (malformed ASN.1)")
                continue
            }
            let index = indexes.first ?? nil
            let certificate = index.flatMap { $0 < bag.count ? bag[$0] : nil }
            signers.append(
                Signer(blockName: entry.name, signatureFileName: base + ".SF", block: block, certificate: certificate))
        }
        self.signers = signers
        self.malformed = malformed
    }

    /// Android's rule, case-sensitive: `META-INF/` and `.RSA`, `.DSA` or `.EC`.
    static func isSignatureBlock(_ name: String) -> Bool {
        name.hasPrefix("META-INF/") && (name.hasSuffix(".RSA") || name.hasSuffix(".DSA") || name.hasSuffix(".EC"))
    }

    /// Whether a JAR entry must carry a digest in the manifest: Android's rule, everything outside
    /// `META-INF/` but folders (the JAR specification's rule is stricter; Android's decides).
    static func needsDigest(_ name: String) -> Bool { !name.hasPrefix("META-INF/") && !name.hasSuffix("/") }

    /// What the verification needs to know beyond the archive: the API levels, and the APK
    /// Signature Scheme versions Android knows at `sdk.max` (`supported`) and found (`found`).
    struct Context {
        let sdk: ClosedRange<Int>
        let supported: Set<Int>
        let found: Set<Int>
    }

    /// nil when the v1 signature verifies on every API level of `context.sdk`, else the rule that
    /// failed, naming the entry.
    func verify(_ archive: ZipArchive, _ context: Context) throws(ZipArchive.Problem) -> String? {
        var names: Set<String> = []
        for entry in archive.entries where !names.insert(entry.name).inserted {
            return "v1: the APK holds two ZIP entries named \(entry.name)"
        }
        guard let manifestEntry = archive.entry("META-INF/MANIFEST.MF") else {
            return "v1: no JAR signature (META-INF/MANIFEST.MF is missing)"
        }
        let manifest = JarManifest(try archive.data(manifestEntry))
        var manifestSections: [String: JarManifest.Section] = [:]
        for (i, section) in manifest.sections.enumerated() {
            guard let name = section.name else { return "v1: META-INF/MANIFEST.MF: section \(i + 1) has no Name" }
            if manifestSections.updateValue(section, forKey: name) != nil {
                return "v1: META-INF/MANIFEST.MF names \(name) twice"
            }
            if !names.contains(name) { return "v1: META-INF/MANIFEST.MF names \(name), which is not in the APK" }
        }
        if let problem = malformed.first { return "v1 \(problem)" }
        if signers.isEmpty { return "v1: no JAR signature (no META-INF/*.RSA, *.DSA or *.EC with its .SF)" }
        if signers.count > 10 { return "v1: \(signers.count) JAR signers, more than Android's 10" }
        var signedNames: [String: Set<String>] = [:]
        for signer in signers {
            guard let sfEntry = archive.entry(signer.signatureFileName) else { continue }
            let sfBytes = try archive.data(sfEntry)
            if let failure = try checkBlock(signer, sfBytes, context) { return failure }
            let sf = JarManifest(sfBytes)
            switch V1Signature.checkSignatureFile(sf, manifest, manifestSections, signer.signatureFileName, context) {
            case .failed(let failure): return failure
            case .ignored: continue
            case .names(let entries): signedNames[signer.blockName] = entries
            }
        }
        if signedNames.isEmpty { return "v1: no JAR signature Android uses (every .SF lacks Signature-Version)" }
        return try V1Signature.checkEntries(archive, manifestSections, signedNames, context)
    }

    /// The PKCS#7 block verifies over its `.SF` with the certificate its SignerInfo names, and its
    /// signed attributes (when present) are ones Android accepts.
    func checkBlock(_ signer: Signer, _ sfBytes: [UInt8], _ context: Context) throws(ZipArchive.Problem) -> String? {
        let name = "v1 \(signer.blockName)"
        guard signer.certificate != nil else {
            return "\(name): no certificate in the PKCS#7 bag matches its SignerInfo"
        }
        let attributes: BERElement.SignerAttributes
        do {
            attributes = try BERElement.firstSignerAttributes(signer.block)
        } catch {
            return "\(name): malformed PKCS#7 SignerInfo"
        }
        if let levels = JarSignatureAlgorithms.unsupported(
            digest: attributes.digestAlgorithm, signature: attributes.signatureAlgorithm, sdk: context.sdk)
        {
            let pair = JarSignatureAlgorithms.name(
                digest: attributes.digestAlgorithm, signature: attributes.signatureAlgorithm)
            return "\(name): Android does not verify its PKCS#7 algorithms (\(pair)) on API levels \(levels)"
        }
        if attributes.signed {
            if context.sdk.lowerBound < 19 {
                return "\(name): signed attributes in the PKCS#7 SignerInfo do not protect the APK before "
                    + "Android 4.4 (API 19), and the min SDK is \(context.sdk.lowerBound)"
            }
            if context.sdk.upperBound >= 24 {
                guard let contentType = attributes.contentType else {
                    return "\(name): the PKCS#7 signed attributes carry no content type (Android 7.0+ requires one)"
                }
                if contentType != attributes.encapsulatedContentType {
                    return "\(name): the PKCS#7 signed attributes' content type (\(BERElement.oidText(contentType))) "
                        + "is not the signed content's (\(BERElement.oidText(attributes.encapsulatedContentType)), "
                        + "data); Android 7.0+ rejects it"
                }
            }
        }
        let failure: String?
        do {
            failure = try SignedData.verifyDetached(der: signer.block, content: sfBytes)
        } catch {
            return "\(name): the PKCS#7 signature cannot be checked (\(error))"
        }
        if let failure { return "\(name): the PKCS#7 signature over \(signer.signatureFileName) (\(failure))" }
        return nil
    }

    enum SignatureFileResult {
        case failed(String)
        /// Android ignores this signer (no Signature-Version, or a malformed section).
        case ignored
        /// The entries the `.SF` names.
        case names(Set<String>)
    }

    /// The `.SF` against the manifest, as Android checks it: stripping protection, the digest of
    /// the whole manifest (else of each section the `.SF` names) and of its main section.
    static func checkSignatureFile(
        _ sf: JarManifest, _ manifest: JarManifest, _ sections: [String: JarManifest.Section], _ sfName: String,
        _ context: Context
    ) -> SignatureFileResult {
        guard sf.main.value("Signature-Version") != nil else { return .ignored }
        if context.sdk.upperBound >= 24, let problem = checkStripping(sf, context, sfName: sfName) {
            return .failed(problem)
        }
        let signtool = sf.main.value("Created-By")?.contains("signtool") ?? false
        let whole = digestsToVerify(sf.main, signtool ? "-Digest" : "-Digest-Manifest", context.sdk)
        let wholeVerifies =
            !whole.isEmpty && whole.allSatisfy { digest($0.algorithm, manifest.bytes[...]) == $0.expected }
        if !signtool {
            for expected in digestsToVerify(sf.main, "-Digest-Manifest-Main-Attributes", context.sdk)
            where digest(expected.algorithm, manifest.main.bytes) != expected.expected {
                return .failed("v1 \(sfName): its \(expected.algorithm.name) digest of the manifest's main section")
            }
        }
        var names: Set<String> = []
        for section in sf.sections {
            guard let name = section.name, names.insert(name).inserted else { return .ignored }
            if wholeVerifies { continue }
            guard let target = sections[name] else { return .ignored }
            let expected = digestsToVerify(section, "-Digest", context.sdk)
            if expected.isEmpty {
                return .failed("v1 \(sfName): no digest Android reads for the manifest section of \(name)")
            }
            var bytes = target.bytes
            if signtool, bytes.count >= 2, bytes.suffix(2).elementsEqual([0x0A, 0x0A]) { bytes = bytes.dropLast() }
            for digestToCheck in expected where digest(digestToCheck.algorithm, bytes) != digestToCheck.expected {
                return .failed(
                    "v1 \(sfName): its \(digestToCheck.algorithm.name) digest of the manifest section for \(name) "
                        + "does not match")
            }
        }
        return .names(names)
    }

    /// `X-Android-APK-Signed: 2, 3` says the APK was also signed with those schemes; Android 7.0+
    /// refuses the APK when a scheme it knows is missing (a signature stripped to downgrade to v1).
    static func checkStripping(_ sf: JarManifest, _ context: Context, sfName: String) -> String? {
        guard let value = sf.main.value("X-Android-APK-Signed") else { return nil }
        for part in value.split(separator: ",") {
            guard let id = Int(part.trimmingCharacters(in: .whitespaces)), context.supported.contains(id) else {
                continue
            }
            if !context.found.contains(id) {
                return "v1 \(sfName): X-Android-APK-Signed says the APK is signed with APK Signature Scheme v\(id), "
                    + "whose signature is missing (stripped)"
            }
        }
        return nil
    }

    /// Every entry outside META-INF has a manifest digest that matches, is named by the `.SF` of
    /// every signer, the same signers for all.
    static func checkEntries(
        _ archive: ZipArchive, _ sections: [String: JarManifest.Section], _ signedNames: [String: Set<String>],
        _ context: Context
    ) throws(ZipArchive.Problem) -> String? {
        var firstSigners: (entry: String, signers: [String])?
        for entry in archive.entries.sorted(by: { $0.localHeaderOffset < $1.localHeaderOffset })
        where needsDigest(entry.name) {
            guard let section = sections[entry.name] else {
                return "v1: \(entry.name) is not in META-INF/MANIFEST.MF (not protected by the signature)"
            }
            let signers = signedNames.filter { $0.value.contains(entry.name) }.map(\.key).sorted()
            if signers.isEmpty { return "v1: \(entry.name) is not named in any .SF (not signed)" }
            if let first = firstSigners {
                if first.signers != signers {
                    return "v1: \(entry.name) is signed by \(signers.joined(separator: ", ")), but \(first.entry) by "
                        + first.signers.joined(separator: ", ")
                }
            } else {
                firstSigners = (entry.name, signers)
            }
            let expected = digestsToVerify(section, "-Digest", context.sdk)
            if expected.isEmpty { return "v1: META-INF/MANIFEST.MF has no digest Android reads for \(entry.name)" }
            let data = try archive.data(entry)
            for digestToCheck in expected where digest(digestToCheck.algorithm, data[...]) != digestToCheck.expected {
                return "v1: the manifest's \(digestToCheck.algorithm.name) digest of \(entry.name) does not match "
                    + "its contents"
            }
        }
        return firstSigners == nil ? "v1: no ZIP entry is signed" : nil
    }

    /// A digest algorithm JAR signing names.
    enum Algorithm: Equatable {
        case sha1, sha256, sha384, sha512, md5

        init?(canonical text: String) {
            switch text.uppercased() {
            case "SHA", "SHA1", "SHA-1": self = .sha1
            case "SHA-256": self = .sha256
            case "SHA-384": self = .sha384
            case "SHA-512": self = .sha512
            case "MD5": self = .md5
            default: return nil
            }
        }

        var name: String {
            switch self {
            case .sha1: return "SHA-1"
            case .sha256: return "SHA-256"
            case .sha384: return "SHA-384"
            case .sha512: return "SHA-512"
            case .md5: return "MD5"
            }
        }

        /// The attribute name Android 4.3+ looks for (`SHA1-Digest`, `SHA-256-Digest`, ...).
        var attributePrefix: String { self == .sha1 ? "SHA1" : name }
    }

    /// The digests Android checks in `section` for `<ALG><suffix>` attributes over `sdk`, as
    /// apksigner picks them: before API 18, the first algorithm of `Digest-Algorithms` (default
    /// `SHA SHA1`) present; from API 18, the strongest present of SHA-512, SHA-384, SHA-256, SHA-1.
    static func digestsToVerify(_ section: JarManifest.Section, _ suffix: String, _ sdk: ClosedRange<Int>)
        -> [(algorithm: Algorithm, expected: [UInt8])]
    {
        func decoded(_ text: String) -> [UInt8] { Data(base64Encoded: text).map(Array.init) ?? [] }
        var result: [(algorithm: Algorithm, expected: [UInt8])] = []
        if sdk.lowerBound < 18 {
            let listed = section.value("Digest-Algorithms") ?? "SHA SHA1"
            for token in listed.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                guard let value = section.value(String(token) + suffix) else { continue }
                guard let algorithm = Algorithm(canonical: String(token)),
                    !([.sha384, .sha512].contains(algorithm) && sdk.lowerBound < 9)
                else { continue }
                result.append((algorithm, decoded(value)))
                break
            }
            if result.isEmpty { return result }
        }
        if sdk.upperBound >= 18 {
            for algorithm in [Algorithm.sha512, .sha384, .sha256, .sha1] {
                guard let value = section.value(algorithm.attributePrefix + suffix) else { continue }
                let expected = decoded(value)
                if !result.contains(where: { $0.algorithm == algorithm && $0.expected == expected }) {
                    result.append((algorithm, expected))
                }
                break
            }
        }
        return result
    }

    static func digest(_ algorithm: Algorithm, _ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        let digest: DigestAlgorithm
        switch algorithm {
        case .sha1: digest = .sha1
        case .sha256: digest = .sha256
        case .sha384: digest = .sha384
        case .sha512: digest = .sha512
        case .md5: digest = .md5
        }
        return try? Digest.hash(digest, [bytes])
    }
}
