import Foundation
import TestSupport
import Testing

/// Verdicts compared with Debian's `apksigner verify` over APKs made here with `apksigner sign`,
/// `jarsigner` and zip edits: every APK apksigner verifies, relops verifies; every one it rejects,
/// relops flags, naming the scheme and rule. A run where apksigner throws (its JRE lacks an
/// algorithm) is reported and not counted.
@Suite struct APKVerdictOracleTests {
    let keys = APKKeys.shared
    let folder = TemporaryFolder("verdict-apks")

    /// Both tools agree, and on what the case expects; a rejection names `rule`. `minSdk` nil: both
    /// read the manifest's.
    func expect(
        _ apk: String, minSdk: Int?, verifies: Bool, rule: String? = nil, _ comment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let oracle = APKSignerVerdict(apk, minSdk: minSdk)
        let ours = RelopsVerdict(apk, minSdk: minSdk)
        if oracle.threw {
            print("\(comment): apksigner threw (not counted): \(oracle.output)")
        } else {
            #expect(
                oracle.verifies == verifies, "\(comment): apksigner: \(oracle.output)", sourceLocation: sourceLocation)
        }
        if verifies {
            #expect(
                ours.verified == true, "\(comment): \(ours.failedCheck ?? "") \(ours.stderr)",
                sourceLocation: sourceLocation)
            #expect(ours.status == 0, "\(comment): \(ours.stderr)", sourceLocation: sourceLocation)
            if !oracle.threw { #expect(ours.sha256 == oracle.sha256, "\(comment)", sourceLocation: sourceLocation) }
        } else {
            // Flagged: NOT VERIFIED (exit 1), or refused as a malformed APK (exit 2).
            #expect(
                ours.status != 0 && ours.verified != true, "\(comment): \(ours.json)", sourceLocation: sourceLocation)
            let said = (ours.failedCheck ?? "") + ours.stderr
            if let rule { #expect(said.contains(rule), "\(comment): \(said)", sourceLocation: sourceLocation) }
        }
    }

    func jarsign(_ key: String, digest: String, algorithm: String) -> String {
        let out = folder.url("jar-\(UUID().uuidString).apk")
        let signed = runProcess(
            "jarsigner",
            [
                "-keystore", keys.folder.url("\(key).p12"), "-storetype", "PKCS12", "-storepass", APKKeys.password,
                "-digestalg", digest, "-sigalg", algorithm, "-signedjar", out, keys.unsignedAPK, "key",
            ])
        #expect(signed.status == 0, "jarsigner: \(signed.stdout) \(signed.stderr)")
        return out
    }

    @Test func everyV1DigestApksignerAccepts() throws {
        let sha1 = keys.sign(
            "rsa", minSdk: 17, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        #expect(String(decoding: entryBytes(sha1, "META-INF/KEY.SF"), as: UTF8.self).contains("SHA1-Digest-Manifest"))
        expect(sha1, minSdk: 17, verifies: true, "SHA-1 v1 (min SDK 17)")
        let sha256 = keys.sign(
            "ec", minSdk: nil, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        #expect(String(decoding: entryBytes(sha256, "META-INF/KEY.SF"), as: UTF8.self).contains("SHA-256-Digest"))
        expect(sha256, minSdk: nil, verifies: true, "SHA-256 v1 (min SDK 21 from the manifest)")
        for (key, digest, algorithm) in [
            ("rsa", "SHA-384", "SHA384withRSA"), ("rsa", "SHA-512", "SHA512withRSA"),
            ("ec", "SHA-384", "SHA384withECDSA"),
            ("ec", "SHA-512", "SHA512withECDSA"),
        ] {
            let apk = jarsign(key, digest: digest, algorithm: algorithm)
            let sf = String(decoding: entryBytes(apk, "META-INF/KEY.SF"), as: UTF8.self)
            #expect(sf.contains("\(digest)-Digest-Manifest:") && sf.contains("\(digest)-Digest:"), "\(sf)")
            expect(apk, minSdk: nil, verifies: true, "jarsigner \(digest) \(key)")
        }
    }

    /// A v1 signature made by hand (openssl cms over a `.SF` written here), for digests no signer
    /// writes any more: `Digest-Algorithms: MD5`, which Android reads only below API 18.
    @Test func anMD5DigestCountsOnlyBelowAPI18() throws {
        let work = TemporaryFolder("md5")
        let files: [(String, [UInt8])] = [
            ("AndroidManifest.xml", BinaryManifest(minSdk: 15).encoded()), ("classes.dex", Array("dex\n035\0".utf8)),
        ]
        func md5(_ bytes: [UInt8]) -> String {
            work.write("digest.in", bytes: bytes)
            let result = runProcess(
                "openssl", ["dgst", "-md5", "-binary", "-out", work.url("digest.out"), work.url("digest.in")])
            #expect(result.status == 0, "openssl dgst: \(result.stderr)")
            return Data(work.read("digest.out")).base64EncodedString()
        }
        var manifest = Array("Manifest-Version: 1.0\r\nCreated-By: hand\r\n\r\n".utf8)
        var sections: [(String, [UInt8])] = []
        for (name, bytes) in files {
            let section = Array("Name: \(name)\r\nDigest-Algorithms: MD5\r\nMD5-Digest: \(md5(bytes))\r\n\r\n".utf8)
            manifest += section
            sections.append((name, section))
        }
        var sf = "Signature-Version: 1.0\r\nCreated-By: hand\r\nDigest-Algorithms: MD5\r\n"
        sf += "MD5-Digest-Manifest: \(md5(manifest))\r\n\r\n"
        for (name, section) in sections {
            sf += "Name: \(name)\r\nDigest-Algorithms: MD5\r\nMD5-Digest: \(md5(section))\r\n\r\n"
        }
        work.write("CERT.SF", sf)
        let pem = runProcess(
            "openssl",
            [
                "pkcs12", "-in", keys.folder.url("rsa.p12"), "-passin", "pass:\(APKKeys.password)", "-nodes", "-out",
                work.url("key.pem"),
            ])
        #expect(pem.status == 0, "openssl pkcs12: \(pem.stderr)")
        let signed = runProcess(
            "openssl",
            [
                "cms", "-sign", "-binary", "-noattr", "-nosmimecap", "-outform", "DER", "-md", "sha1", "-in",
                work.url("CERT.SF"),
                "-signer", work.url("key.pem"), "-out", work.url("CERT.RSA"),
            ])
        #expect(signed.status == 0, "openssl cms: \(signed.stderr)")
        let apk = makeZip(
            files + [
                ("META-INF/MANIFEST.MF", manifest), ("META-INF/CERT.SF", Array(sf.utf8)),
                ("META-INF/CERT.RSA", work.read("CERT.RSA")),
            ])
        folder.write("md5.apk", bytes: apk)
        expect(folder.url("md5.apk"), minSdk: nil, verifies: true, "MD5 digests, min SDK 15 from the manifest")
        expect(
            folder.url("md5.apk"), minSdk: 21, verifies: false, rule: "no digest Android reads", "MD5 digests at API 21"
        )
    }

    @Test func aSignatureBlockThatIsNotPKCS7IsRefusedNamingIt() throws {
        let apk = keys.sign(
            "rsa", minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        replaceEntry(apk, "META-INF/KEY.RSA", Array("not a signature".utf8))
        expect(
            apk, minSdk: 21, verifies: false, rule: "META-INF/KEY.RSA: not a PKCS#7 signature block", "garbage block")
        #expect(RelopsVerdict(apk, minSdk: 21).status == 2)
    }

    @Test func aV1AlgorithmAndroidDoesNotVerifyAtTheMinSdkIsRefused() throws {
        let rsa = jarsign("rsa", digest: "SHA-384", algorithm: "SHA384withRSA")
        expect(rsa, minSdk: 19, verifies: false, rule: "on API levels 19-20", "SHA384withRSA from API 19")
        expect(rsa, minSdk: 21, verifies: true, "SHA384withRSA from API 21")
        let ec = jarsign("ec", digest: "SHA-256", algorithm: "SHA256withECDSA")
        expect(ec, minSdk: 18, verifies: false, rule: "on API levels 18-20", "SHA256withECDSA from API 18")
    }

    @Test func aSignatureEntryWithAnUnknownCompressionMethodIsInflatedAsAndroidDoes() throws {
        let apk = keys.sign(
            "rsa", minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        try setMethod(apk, "META-INF/KEY.RSA", 21)
        expect(apk, minSdk: 21, verifies: true, "KEY.RSA declares method 21")
        // Stored data declared as method 21 does not inflate: refused naming the entry.
        let stored = keys.sign(
            "rsa", minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        try setMethod(stored, "classes.dex", 21)
        expect(stored, minSdk: 21, verifies: false, rule: "classes.dex: cannot inflate", "stored data as method 21")
    }

    @Test func aLocalHeaderThatDisagreesWithTheCentralDirectoryIsRefused() throws {
        let apk = keys.sign(
            "rsa", minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        let url = URL(fileURLWithPath: apk)
        var bytes = Array(try Data(contentsOf: url))
        let local: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        let name = Array("classes.dex".utf8)
        func isHeader(_ i: Int) -> Bool {
            bytes[i..<(i + 4)].elementsEqual(local) && bytes[(i + 30)..<(i + 30 + name.count)].elementsEqual(name)
        }
        let found = (0..<(bytes.count - 30 - name.count)).first(where: isHeader)
        let at = try #require(found)
        bytes[at + 30 + name.count - 1] = UInt8(ascii: "y")  // the local header says classes.dey
        try Data(bytes).write(to: url)
        expect(apk, minSdk: 21, verifies: false, rule: "classes.dex: the local header names another entry", "LFH name")
    }

    @Test func theManifestsMinSdkDecidesWhichSchemesCount() throws {
        let unsigned = keys.unsignedAPK(BinaryManifest(minSdk: 24), into: folder)
        let v2Only = keys.sign(
            "rsa", minSdk: nil, ["--v1-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder,
            unsigned: unsigned)
        expect(v2Only, minSdk: nil, verifies: true, "v2 only, min SDK 24 from the manifest")
        #expect(RelopsVerdict(v2Only).basis?.contains("min SDK 24 (AndroidManifest.xml)") == true)
        expect(v2Only, minSdk: 21, verifies: false, rule: "v1: no JAR signature", "v2 only, --min-sdk-version 21")
        // v1 beside v2 at min SDK 24: Android 7.0+ reads v2 only, and the verdict says so.
        let both = keys.sign("rsa", minSdk: nil, ["--v3-signing-enabled", "false"], into: folder, unsigned: unsigned)
        expect(both, minSdk: nil, verifies: true, "v1+v2, min SDK 24")
        #expect(RelopsVerdict(both).basis?.contains("not checked: v1") == true, "\(RelopsVerdict(both).json)")
    }

    @Test func targetSdk30AndTargetSandboxVersion2NeedV2() throws {
        for (manifest, rule) in [
            (BinaryManifest(minSdk: 21, targetSdk: 30), "targetSdkVersion 30"),
            (BinaryManifest(minSdk: 21, targetSandboxVersion: 2), "targetSandboxVersion 2"),
        ] {
            let unsigned = keys.unsignedAPK(manifest, into: folder)
            let v1Only = keys.sign(
                "ec", minSdk: nil, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder,
                unsigned: unsigned)
            expect(v1Only, minSdk: nil, verifies: false, rule: rule, "\(rule), v1 only")
            let all = keys.sign("ec", minSdk: nil, [], into: folder, unsigned: unsigned)
            expect(all, minSdk: nil, verifies: true, "\(rule), v1+v2+v3")
        }
    }

    @Test func aStrippedV3BlockIsCaughtByTheV2Attribute() throws {
        let apk = keys.sign(
            "rsa", minSdk: 24, ["--v1-signing-enabled", "false", "--v3-signing-enabled", "true"], into: folder)
        try rewriteSigningBlock(apk) { $0.filter { $0.id != 0xf053_68c0 } }
        expect(apk, minSdk: 24, verifies: false, rule: "stripping-protection attribute", "v3 block stripped")
    }

    @Test func aV31BlockCountsOnlyBesideItsV3Block() throws {
        let apk = keys.sign(
            "rsa", minSdk: 24, ["--v1-signing-enabled", "false", "--v3-signing-enabled", "true"], into: folder)
        let alone = folder.url("v31-alone.apk")
        try FileManager.default.copyItem(atPath: apk, toPath: alone)
        // Beside v3 (the v3 pair copied under the v3.1 id): verifies, v3.1 listed first.
        try rewriteSigningBlock(apk) { pairs in
            pairs + pairs.filter { $0.id == 0xf053_68c0 }.map { (0x1b93_ad61, $0.value) }
        }
        expect(apk, minSdk: 24, verifies: true, "v3.1 beside v3")
        let schemes = (RelopsVerdict(apk, minSdk: 24).json["signers"] as? [[String: Any]] ?? []).compactMap {
            $0["scheme"] as? String
        }
        #expect(schemes.prefix(2) == ["APK Signature Scheme v3.1", "APK Signature Scheme v3"])
        // Without v3: apksig (33+) refuses; Debian's apksigner 31 predates v3.1 and is not asked.
        try rewriteSigningBlock(alone) { pairs in pairs.map { $0.id == 0xf053_68c0 ? (0x1b93_ad61, $0.value) : $0 } }
        let ours = RelopsVerdict(alone, minSdk: 24)
        #expect(ours.status == 1)
        #expect(ours.failedCheck?.contains("a v3.1 block but no v3 block") == true, "\(ours.json)")
    }

    @Test func anAPKWithoutManifestOrEntriesIsRefused() throws {
        let unsigned = keys.unsignedAPK(nil, into: folder)
        let apk = keys.sign("rsa", minSdk: 21, [], into: folder, unsigned: unsigned)
        expect(apk, minSdk: 21, verifies: false, rule: "AndroidManifest.xml is missing", "no AndroidManifest.xml")
        let empty = folder.url("empty.apk")
        folder.write("empty.apk", bytes: [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        let result = relops(["fingerprint", "show", "--apk", empty])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("\(empty): not signed"), "\(result.stderr)")
        // No entries, but a v2 signer: NOT VERIFIED by the ZIP rule, the signer still listed.
        let signer = TestCertificate("empty-v2")
        let der = FileManager.default.contents(atPath: signer.derPath).map { Array($0) } ?? []
        folder.write(
            "v2-empty.apk", bytes: withSigningBlock(folder.read("empty.apk"), id: 0x7109_871a, certificates: [der]))
        let ours = RelopsVerdict(folder.url("v2-empty.apk"))
        #expect(ours.status == 1, "\(ours.stderr)")
        #expect(ours.failedCheck?.hasPrefix("ZIP: the APK has no entries") == true, "\(ours.json)")
        #expect(ours.sha256.count == 1)
    }

    @Test func bytesBetweenTheCentralDirectoryAndItsEndRecordHideTheSigningBlock() throws {
        let apk = keys.sign(
            "rsa", minSdk: 24, ["--v1-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: apk)))
        bytes.insert(contentsOf: [UInt8](repeating: 0x47, count: 16), at: bytes.count - 22)
        try Data(bytes).write(to: URL(fileURLWithPath: apk))
        expect(apk, minSdk: 24, verifies: false, rule: "16 bytes lie between the ZIP central directory", "garbage")
    }

    @Test func aSignedAttributesContentTypeOtherThanDataIsRefused() throws {
        let apk = jarsign("rsa", digest: "SHA-256", algorithm: "SHA256withRSA")
        expect(apk, minSdk: nil, verifies: true, "jarsigner, signed attributes")
        var block = entryBytes(apk, "META-INF/KEY.RSA")
        // The contentType attribute (1.2.840.113549.1.9.3) whose value is data (1.2.840.113549.1.7.1).
        let attribute: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x03, 0x31, 0x0B, 0x06, 0x09]
        let at = try #require(
            (0..<(block.count - attribute.count)).first { block[$0..<($0 + attribute.count)].elementsEqual(attribute) })
        block[at + attribute.count + 8] = 0x02  // ...1.7.2, signedData
        replaceEntry(apk, "META-INF/KEY.RSA", block)
        expect(apk, minSdk: nil, verifies: false, rule: "content type (1.2.840.113549.1.7.2)", "wrong content type")
    }

    @Test func aValidSourceStampDoesNotChangeTheVerdict() throws {
        // apksigner 31 signs a stamp with RSA keys only (SHA256withRSA).
        let apk = keys.sign("rsa", minSdk: 24, ["--stamp-signer"] + keys.signer("rotated"), into: folder)
        expect(apk, minSdk: 24, verifies: true, "source stamp")
        // A stamp whose signature does not verify: apksigner warns and verifies; so does relops,
        // saying it did not check the stamp.
        try rewriteSigningBlock(apk) { pairs in
            pairs.map { pair in
                guard pair.id == 0x6dff_800d else { return pair }
                var value = pair.value
                value[value.count - 10] ^= 0x01
                return (pair.id, value)
            }
        }
        let oracle = APKSignerVerdict(apk, minSdk: 24)
        #expect(oracle.output.contains("WARNING: SourceStamp"), "\(oracle.output)")
        expect(apk, minSdk: 24, verifies: true, "source stamp signature flipped")
        #expect(RelopsVerdict(apk, minSdk: 24).basis?.contains("source stamp is not checked") == true)
    }

    @Test func minSdkVersionMustBeAnAPILevel() {
        let result = relops(["fingerprint", "show", "--apk", keys.unsignedAPK, "--min-sdk-version", "S"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--min-sdk-version \"S\" is not an API level"), "\(result.stderr)")
    }

    /// Sets the compression method of entry `name` in its local header and central directory record.
    func setMethod(_ apk: String, _ name: String, _ method: UInt16) throws {
        let url = URL(fileURLWithPath: apk)
        var bytes = Array(try Data(contentsOf: url))
        let nameBytes = Array(name.utf8)
        for (signature, nameOffset, methodOffset) in [
            ([0x50, 0x4B, 0x03, 0x04] as [UInt8], 30, 8), ([0x50, 0x4B, 0x01, 0x02], 46, 10),
        ] {
            let at = try #require(
                (0..<(bytes.count - nameOffset - nameBytes.count)).first {
                    bytes[$0..<($0 + 4)].elementsEqual(signature)
                        && bytes[($0 + nameOffset)..<($0 + nameOffset + nameBytes.count)].elementsEqual(nameBytes)
                })
            bytes[at + methodOffset] = UInt8(method & 0xFF)
            bytes[at + methodOffset + 1] = UInt8(method >> 8)
        }
        try Data(bytes).write(to: url)
    }
}

/// Rewrites the ID-value pairs of the APK Signing Block of `apk` with `transform`, moving the
/// central directory and its offset in the end record (the signed ZIP sections do not change).
func rewriteSigningBlock(_ apk: String, _ transform: ([(id: UInt32, value: [UInt8])]) -> [(id: UInt32, value: [UInt8])])
    throws
{
    let url = URL(fileURLWithPath: apk)
    let bytes = Array(try Data(contentsOf: url))
    func le(_ at: Int, _ width: Int) -> Int { bytes[at..<(at + width)].reversed().reduce(0) { $0 << 8 | Int($1) } }
    func bytesOf(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    let eocd = bytes.count - 22
    let directory = le(eocd + 16, 4)
    let size = le(directory - 24, 8)
    let start = directory - size - 8
    var pairs: [(id: UInt32, value: [UInt8])] = []
    var at = start + 8
    while at < directory - 24 {
        let length = le(at, 8)
        pairs.append((UInt32(le(at + 8, 4)), Array(bytes[(at + 12)..<(at + 8 + length)])))
        at += 8 + length
    }
    let body = transform(pairs).flatMap { bytesOf($0.value.count + 4, 8) + bytesOf(Int($0.id), 4) + $0.value }
    let blockSize = body.count + 24
    let block = bytesOf(blockSize, 8) + body + bytesOf(blockSize, 8) + Array("APK Sig Block 42".utf8)
    var out = Array(bytes[..<start]) + block + Array(bytes[directory...])
    let newEOCD = out.count - 22
    out.replaceSubrange((newEOCD + 16)..<(newEOCD + 20), with: bytesOf(start + block.count, 4))
    try Data(out).write(to: url)
}
