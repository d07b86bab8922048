import Crypto

/// Decides whether an APK verifies the way Android (and apksigner's `ApkVerifier`) decides it for
/// every API level from the min SDK up: each scheme is checked only where Android reads it (v3.1
/// on 33+, v3 on 28+, v2 below 28 or without v3, v1 below 24 or without v2/v3), stripped schemes
/// are caught by the attribute each scheme carries, and the manifest's target SDK and
/// `targetSandboxVersion` demand v2 or later. Every failure names the scheme and the rule.
struct APKVerdict {
    let reader: APKSignatureReader
    let block: APKSigningBlock?
    let v1: V1Signature
    /// What decided the verdict (set by `decide`).
    private(set) var basis: String?

    /// API levels (`AndroidSdkVersion`).
    static let n = 24, o = 26, p = 28, r = 30, t = 33
    static let maxSdk = Int(Int32.max)
    static let strippingAttributeID: UInt32 = 0xbeef_f00d
    static let rotationMinSdkAttributeID: UInt32 = 0x559f_8b02
    static let devReleaseAttributeID: UInt32 = 0xc2a6_b3ba

    init(reader: APKSignatureReader, block: APKSigningBlock?, v1: V1Signature) {
        self.reader = reader
        self.block = block
        self.v1 = v1
    }

    var archive: ZipArchive { reader.archive }

    /// nil when the APK verifies, else the scheme and rule that failed.
    mutating func decide() throws -> String? {
        guard let failure = try decideSchemes() else { return nil }
        guard block != nil, archive.bytesBeforeEndRecord != 0 else { return failure }
        return failure
            + " (the APK Signing Block does not count: \(archive.bytesBeforeEndRecord) bytes lie between the "
            + "ZIP central directory and its end record, where Android does not look for it)"
    }

    mutating func decideSchemes() throws -> String? {
        let manifest: AndroidManifest
        let minSdk: Int
        let sdkText: String
        switch try readManifest() {
        case .refused(let failure): return failure
        case .read(let read, let level, let source):
            manifest = read
            minSdk = level
            sdkText = "min SDK \(level) (\(source))"
        }
        var checked: [String] = []
        var skipped: [String] = []
        var found: Set<Int> = []
        var verifier = APKSchemeVerifier(archive: archive, blockOffset: block?.offset ?? 0)
        var schemes: [APKSigningBlock.Scheme: [APKSigningBlock.Signer]] = [:]
        if archive.bytesBeforeEndRecord == 0 {
            for (scheme, signers) in block?.schemes ?? [] { schemes[scheme] = signers }
        } else if block != nil {
            skipped.append("the APK Signing Block (bytes between the ZIP central directory and its end record)")
        }
        let stamped = archive.entry("stamp-cert-sha256") != nil
        defer { basis = Self.describe(checked, skipped, sdkText, stamped: stamped) }

        if let failure = try checkV3Blocks(schemes, minSdk: minSdk, &found, &checked, &verifier) { return failure }
        var verifiedV2 = false
        if let signers = schemes[.v2] {
            if minSdk < Self.p || found.isEmpty {
                if let failure = try checkV2(signers, found: found, &verifier) { return failure }
                verifiedV2 = true
                found.insert(2)
                checked.append("v2")
            } else {
                skipped.append("v2 (Android 9+ reads v3)")
            }
        }
        if found.isEmpty && manifest.targetSandboxVersion > 1 {
            return "targetSandboxVersion \(manifest.targetSandboxVersion) (AndroidManifest.xml) requires APK Signature "
                + "Scheme v2 or later, and the APK has only a v1 (JAR) signature"
        }
        var verifiedV1 = false
        if minSdk < Self.n || found.isEmpty {
            let context = V1Signature.Context(
                sdk: minSdk...Self.maxSdk, supported: [2, 3], found: found.intersection([2, 3]))
            if let failure = try v1.verify(archive, context) { return failure }
            verifiedV1 = true
            checked.append("v1")
        } else if !v1.signers.isEmpty {
            skipped.append("v1 (Android 7.0+ reads v2/v3)")
        }
        if let failure = try checkSameSigners(schemes, verifiedV1: verifiedV1, verifiedV2: verifiedV2) {
            return failure
        }
        let signedV2OrLater = verifiedV2 || found.contains(3) || found.contains(31)
        if manifest.targetSdkVersion >= Self.r && !signedV2OrLater {
            return "targetSdkVersion \(manifest.targetSdkVersion) (AndroidManifest.xml): Android 11+ requires APK "
                + "Signature Scheme v2 or later for an app targeting SDK 30+, and the APK has only a v1 (JAR) signature"
        }
        return nil
    }

    /// v3.1, then v3 (Android 9+), as apksig's `ApkVerifier` reads them: the v3.1 signers need
    /// only reach the latest SDK from wherever they start (their lowest min SDK, a development
    /// release included, is where rotation starts); the v3 signers cover the app's SDKs from 28
    /// up to the one below that. A v3.1 block without its v3 block is stripped.
    func checkV3Blocks(
        _ schemes: [APKSigningBlock.Scheme: [APKSigningBlock.Signer]], minSdk: Int, _ found: inout Set<Int>,
        _ checked: inout [String], _ verifier: inout APKSchemeVerifier
    ) throws -> String? {
        var rotationMinSdk: Int?
        if let signers = schemes[.v31] {
            if let failure = try checkV3(.v31, signers, Self.maxSdk...Self.maxSdk, rotationMinSdk: nil, &verifier) {
                return failure
            }
            found.insert(31)
            checked.append("v3.1")
            rotationMinSdk = signers.map { $0.sdkRange?.lowerBound ?? Self.t }.min()
        }
        guard let signers = schemes[.v3] else {
            guard found.contains(31) else { return nil }
            return "APK Signature Scheme v3.1: the APK has a v3.1 block but no v3 block (a v3.1 signature is only "
                + "valid beside the v3 one; the v3 block was stripped or never written)"
        }
        let range = max(minSdk, Self.p)...Self.maxSdk
        if let failure = try checkV3(.v3, signers, range, rotationMinSdk: rotationMinSdk, &verifier) {
            return failure
        }
        found.insert(3)
        checked.append("v3")
        return nil
    }

    enum ManifestReading {
        /// The manifest, the min SDK and where it came from.
        case read(AndroidManifest, Int, String)
        /// Why the APK cannot be installed.
        case refused(String)
    }

    /// The manifest, and the min SDK with where it came from; or why the APK cannot be installed.
    func readManifest() throws -> ManifestReading {
        guard let entry = archive.entry("AndroidManifest.xml") else {
            return .refused(
                archive.entries.isEmpty
                    ? "ZIP: the APK has no entries (Android installs no APK without AndroidManifest.xml)"
                    : "ZIP: AndroidManifest.xml is missing (Android installs no APK without it)")
        }
        let bytes = try archive.data(entry)
        let manifest: AndroidManifest
        do {
            manifest = try AndroidManifest(binary: bytes)
        } catch {
            guard let level = reader.minSdkOverride else {
                return .refused(
                    "AndroidManifest.xml: the min SDK cannot be read (\(error.reason)); give --min-sdk-version N")
            }
            // apksigner too reads the defaults then: target SDK and sandbox version 1.
            return .read(
                AndroidManifest(minSdkVersion: level, targetSdkVersion: 1, targetSandboxVersion: 1), level,
                "--min-sdk-version; AndroidManifest.xml not read: \(error.reason)")
        }
        if let level = reader.minSdkOverride { return .read(manifest, level, "--min-sdk-version") }
        return .read(manifest, manifest.minSdkVersion, "AndroidManifest.xml")
    }

    /// A v3 or v3.1 block: every signer verifies, the signers' SDK ranges cover `range` without gap,
    /// each lineage ends at its signer, and the stripping-protection attributes hold.
    func checkV3(
        _ scheme: APKSigningBlock.Scheme, _ signers: [APKSigningBlock.Signer], _ range: ClosedRange<Int>,
        rotationMinSdk: Int?, _ verifier: inout APKSchemeVerifier
    ) throws -> String? {
        if signers.isEmpty { return "\(scheme.name): no signers" }
        for (i, signer) in signers.enumerated() {
            let name = "\(scheme.name) signer \(i + 1)"
            if let failure = try verifier.check(signer) { return "\(name): \(failure)" }
            if let value = signer.attributes.first(where: { $0.id == SigningLineage.attributeID })?.value {
                let nodes: [SigningLineage.Node]
                do { nodes = try SigningLineage.nodes(value) } catch {
                    return "\(name): its proof-of-rotation lineage is malformed (cut off at byte \(error.offset))"
                }
                guard let last = nodes.last else { return "\(name): its proof-of-rotation lineage is empty" }
                if last.certificate != signer.certificates.first {
                    return "\(name): its proof-of-rotation lineage does not end with the signer's certificate"
                }
                if let failure = try SigningLineage.check(nodes) { return "\(name): \(failure)" }
            }
            if scheme == .v3,
                let value = signer.attributes.first(where: { $0.id == Self.rotationMinSdkAttributeID })?.value,
                value.count >= 4, let declared = ByteReader.le32(value, 0).map({ Int(Int32(bitPattern: $0)) })
            {
                guard let rotationMinSdk else {
                    return "\(name): it says a v3.1 block rotates the key from SDK \(declared), and the APK has no "
                        + "v3.1 block (stripped)"
                }
                if declared != rotationMinSdk {
                    return "\(name): it says the v3.1 rotation starts at SDK \(declared), the v3.1 block at "
                        + "SDK \(rotationMinSdk)"
                }
            }
        }
        // A signer marked as targeting a development release may start at the previous one's last level.
        let ranges = signers.compactMap { signer in
            signer.sdkRange.map { ($0, signer.attributes.contains { $0.id == Self.devReleaseAttributeID }) }
        }
        let sorted = ranges.sorted { $0.0.upperBound < $1.0.upperBound }
        guard let first = sorted.first?.0, let last = sorted.last?.0 else { return "\(scheme.name): no SDK range" }
        for (previous, next) in zip(sorted, sorted.dropFirst())
        where next.0.lowerBound != previous.0.upperBound + 1 && !(next.1 && next.0.lowerBound == previous.0.upperBound)
        {
            return "\(scheme.name): the signers' SDK ranges \(previous.0) and \(next.0) leave a gap or overlap"
        }
        let needed = rotationMinSdk.map { $0 - 1 } ?? range.upperBound
        if first.lowerBound > range.lowerBound || last.upperBound < needed {
            // v3.1 (range maxSdk...maxSdk) need only reach the latest SDK.
            let from = range.lowerBound == Self.maxSdk ? "up to" : "all of \(range.lowerBound)-"
            return "\(scheme.name): the signers cover SDK \(first.lowerBound)-\(last.upperBound), not "
                + "\(from)\(needed == Self.maxSdk ? "latest" : String(needed))"
        }
        return nil
    }

    /// The v2 block: every signer verifies, and none says a newer scheme signed the APK when its
    /// block is gone (the stripping-protection attribute `0xbeeff00d`).
    func checkV2(_ signers: [APKSigningBlock.Signer], found: Set<Int>, _ verifier: inout APKSchemeVerifier) throws
        -> String?
    {
        if signers.isEmpty { return "APK Signature Scheme v2: no signers" }
        for (i, signer) in signers.enumerated() {
            let name = "APK Signature Scheme v2 signer \(i + 1)"
            if let failure = try verifier.check(signer) { return "\(name): \(failure)" }
            for attribute in signer.attributes where attribute.id == Self.strippingAttributeID {
                guard attribute.value.count >= 4, let id = ByteReader.le32(attribute.value, 0) else {
                    return "\(name): malformed stripping-protection attribute"
                }
                if id == 3 && !found.contains(3) {
                    return "\(name): its stripping-protection attribute says the APK is also signed with APK "
                        + "Signature Scheme v3, whose block is missing (stripped)"
                }
            }
        }
        return nil
    }

    /// When v1 and v2 both verified, they name the same certificates; a v3 signer matches them, or
    /// its lineage starts with their certificate.
    func checkSameSigners(
        _ schemes: [APKSigningBlock.Scheme: [APKSigningBlock.Signer]], verifiedV1: Bool, verifiedV2: Bool
    ) throws -> String? {
        let v1Certificates = verifiedV1 ? v1.signers.compactMap(\.certificate) : []
        let v2Certificates = verifiedV2 ? (schemes[.v2] ?? []).compactMap(\.certificates.first) : []
        if verifiedV1 && verifiedV2 && Set(v1Certificates) != Set(v2Certificates) {
            return "v1 and APK Signature Scheme v2 are signed by different certificates"
        }
        guard let v3 = schemes[.v3], let old = v1Certificates.first ?? v2Certificates.first else { return nil }
        // checkV3 has refused a malformed lineage already; here only the readable ones count.
        let lineage = v3.compactMap { signer in
            signer.attributes.first(where: { $0.id == SigningLineage.attributeID }).flatMap {
                try? SigningLineage.nodes($0.value)
            }
        }.max { $0.count < $1.count }
        if let lineage, let root = lineage.first {
            if root.certificate != old {
                return "APK Signature Scheme v3: its lineage does not start with the certificate that signs "
                    + "\(verifiedV1 ? "v1" : "v2")"
            }
        } else if v3.first?.certificates.first != old {
            return "APK Signature Scheme v3 is signed by another certificate than \(verifiedV1 ? "v1" : "v2"), "
                + "without a rotation lineage"
        }
        return nil
    }

    static func describe(_ checked: [String], _ skipped: [String], _ sdkText: String, stamped: Bool) -> String {
        let names = checked.map { $0 == "v1" ? "v1 (JAR)" : "APK Signature Scheme \($0)" }
        var text = "checked \(names.isEmpty ? "nothing" : names.joined(separator: ", ")) for \(sdkText)"
        if !skipped.isEmpty { text += "; not checked: " + skipped.joined(separator: ", ") }
        if stamped { text += "; the source stamp is not checked (Android and apksigner only warn about a bad one)" }
        return text
    }
}
