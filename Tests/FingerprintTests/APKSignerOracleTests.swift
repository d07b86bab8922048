import Foundation
import TestSupport
import Testing

/// APKs signed at test time by the real apksigner; for each, `fingerprint show --apk --format json`
/// must agree with `apksigner verify --print-certs -v` on every signer's SHA-256 and on whether
/// the APK verifies.
@Suite struct APKSignerOracleTests {
    let keys = APKKeys.shared
    let folder = TemporaryFolder("signed-apks")

    /// Both tools agree, and on what the case expects (so a case cannot pass by both being wrong).
    func expectAgreement(_ apk: String, minSdk: Int, verifies: Bool, _ comment: String, lineage: Bool = false) {
        let oracle = APKSignerVerdict(apk, minSdk: minSdk, lineage: lineage)
        let ours = RelopsVerdict(apk, minSdk: minSdk)
        #expect(oracle.verifies == verifies, "\(comment): apksigner says: \(oracle.output)")
        #expect(ours.verified == verifies, "\(comment): relops: \(ours.failedCheck ?? "") \(ours.stderr)")
        #expect(ours.status == (verifies ? 0 : 1), "\(comment): \(ours.stderr)")
        #expect(!ours.sha256.isEmpty, "\(comment): relops printed no fingerprint")
        if verifies {
            #expect(ours.sha256 == oracle.sha256, "\(comment): apksigner: \(oracle.output)")
            #expect(Set(ours.assetLinks) == oracle.sha256, "\(comment)")
        } else {
            #expect(ours.failedCheck != nil, "\(comment)")
            #expect(ours.stderr.contains("NOT VERIFIED"), "\(comment): \(ours.stderr)")
        }
    }

    @Test(arguments: ["rsa", "ec", "dsa"])
    func everySchemeAndKeyType(_ key: String) {
        let v1Only = keys.sign(
            key, minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        expectAgreement(v1Only, minSdk: 21, verifies: true, "\(key) v1 only")
        let v2Only = keys.sign(
            key, minSdk: 24, ["--v1-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        expectAgreement(v2Only, minSdk: 24, verifies: true, "\(key) v2 only")
        let all = keys.sign(key, minSdk: 21, ["--v3-signing-enabled", "true"], into: folder)
        expectAgreement(all, minSdk: 21, verifies: true, "\(key) v1+v2+v3")
        let schemes = (RelopsVerdict(all).json["signers"] as? [[String: Any]] ?? []).compactMap {
            $0["scheme"] as? String
        }
        #expect(
            schemes == [
                "APK Signature Scheme v3", "APK Signature Scheme v2",
                "v1 META-INF/KEY.\(key == "ec" ? "EC" : key.uppercased())",
            ])
    }

    @Test func aRotationListsBothKeysAndTheLineage() throws {
        let apk = keys.sign(
            "rsa", minSdk: 24, ["--next-signer"] + keys.signer("rotated") + ["--lineage", keys.lineage], into: folder)
        expectAgreement(apk, minSdk: 24, verifies: true, "v3 rotation", lineage: true)
        let ours = RelopsVerdict(apk, minSdk: 24)
        let lineage = ours.json["lineage"] as? [[String: Any]] ?? []
        #expect(lineage.map { $0["subject"] as? String } == ["CN=APK rsa,O=Example", "CN=APK rotated,O=Example"])
        #expect((lineage.first?["capabilities"] as? [String])?.contains("installed-data") == true)
        let v3 = (ours.json["signers"] as? [[String: Any]] ?? []).first
        #expect(v3?["scheme"] as? String == "APK Signature Scheme v3")
        #expect(v3?["min_sdk"] as? Int == 24)
        #expect(ours.assetLinks.count == 2)
    }

    @Test func aBERCertificateIsHashedAsStored() throws {
        let apk = keys.sign(
            "rsa", minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        let block = entryBytes(apk, "META-INF/KEY.RSA")
        replaceEntry(apk, "META-INF/KEY.RSA", rewriteCertificateBag(block) { $0.map(berEncoded) })
        expectAgreement(apk, minSdk: 21, verifies: true, "BER certificate")
        let ber = berEncoded(keys.certificate("rsa"))
        #expect(RelopsVerdict(apk).sha256.count == 1)
        #expect(!RelopsVerdict(apk).sha256.contains(sha256Hex(keys.certificate("rsa"))))
        #expect(RelopsVerdict(apk).sha256 == [sha256Hex(ber)])
    }

    @Test func theV1SignerIsTheOneItsSignerInfoNames() throws {
        let apk = keys.sign(
            "rsa", minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        let block = entryBytes(apk, "META-INF/KEY.RSA")
        replaceEntry(apk, "META-INF/KEY.RSA", rewriteCertificateBag(block) { [keys.certificate("ec")] + $0 })
        expectAgreement(apk, minSdk: 21, verifies: true, "signer last in the bag")
        #expect(RelopsVerdict(apk).sha256 == [sha256Hex(keys.certificate("rsa"))])
        // A bag without the signer's certificate: say so, exit 1.
        replaceEntry(apk, "META-INF/KEY.RSA", rewriteCertificateBag(block) { _ in [keys.certificate("ec")] })
        let missing = relops(["fingerprint", "show", "--apk", apk])
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("no certificate in the PKCS#7 bag matches its SignerInfo"))
    }

    @Test func tamperingFailsVerification() throws {
        let v1 = keys.sign(
            "rsa", minSdk: 21, ["--v2-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        replaceEntry(v1, "classes.dex", Array("dex\n035\0 tampered".utf8))
        expectAgreement(v1, minSdk: 21, verifies: false, "tampered entry")
        #expect(RelopsVerdict(v1).failedCheck?.contains("classes.dex") == true)

        let v2 = keys.sign(
            "ec", minSdk: 24, ["--v1-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        try flip(v2, after: Array("dex\n035".utf8))
        expectAgreement(v2, minSdk: 24, verifies: false, "tampered zip section")
        #expect(RelopsVerdict(v2).failedCheck?.contains("content digest") == true)

        let signature = keys.sign(
            "ec", minSdk: 24, ["--v1-signing-enabled", "false", "--v3-signing-enabled", "false"], into: folder)
        let publicKey = subjectPublicKey(keys.folder.url("ec.der"))
        try flip(signature, before: withUnsafeBytes(of: UInt32(publicKey.count).littleEndian) { Array($0) } + publicKey)
        expectAgreement(signature, minSdk: 24, verifies: false, "tampered signature")
        #expect(RelopsVerdict(signature).failedCheck?.contains("signature") == true)

        let text = relops(["fingerprint", "show", "--apk", signature])
        #expect(text.status == 1)
        #expect(text.stdout.contains("NOT VERIFIED"))
        let quick = relops(["fingerprint", "show", "--apk", signature, "--no-verify"])
        #expect(quick.status == 0, "\(quick.stderr)")
        #expect(quick.stdout.contains("Not verified (--no-verify)."))
    }

    @Test func aStrippedSigningBlockFailsTheV1Check() throws {
        let apk = keys.sign("rsa", minSdk: 21, ["--v3-signing-enabled", "true"], into: folder)
        let url = URL(fileURLWithPath: apk)
        var bytes = Array(try Data(contentsOf: url))
        let eocd = bytes.count - 22
        let field = (eocd + 16)..<(eocd + 20)
        let directory = bytes[field].reversed().reduce(0) { $0 << 8 | Int($1) }
        let size = bytes[(directory - 24)..<(directory - 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
        let start = directory - size - 8
        bytes.removeSubrange(start..<directory)
        bytes.replaceSubrange(
            (field.lowerBound - (directory - start))..<(field.upperBound - (directory - start)),
            with: withUnsafeBytes(of: UInt32(start).littleEndian) { Array($0) })
        try Data(bytes).write(to: url)
        expectAgreement(apk, minSdk: 21, verifies: false, "stripped v2/v3")
        #expect(RelopsVerdict(apk).failedCheck?.contains("stripped") == true)
    }

    /// Flips the byte right after the first occurrence of `marker`, or the one right before it.
    func flip(_ apk: String, after marker: [UInt8]? = nil, before: [UInt8]? = nil) throws {
        let url = URL(fileURLWithPath: apk)
        var bytes = Array(try Data(contentsOf: url))
        let needle = try #require(marker ?? before)
        let at = try #require(
            (0..<(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        let index = marker != nil ? at + needle.count : at - 1
        bytes[index] ^= 0x01
        try Data(bytes).write(to: url)
    }
}

/// The SubjectPublicKeyInfo DER of a DER certificate, through openssl.
func subjectPublicKey(_ certificate: String) -> [UInt8] {
    let folder = TemporaryFolder("spki")
    openssl(["x509", "-inform", "DER", "-in", certificate, "-pubkey", "-noout", "-out", folder.url("key.pem")])
    openssl(["pkey", "-pubin", "-in", folder.url("key.pem"), "-outform", "DER", "-out", folder.url("key.der")])
    return folder.read("key.der")
}

/// SHA-256 in lowercase hex, through openssl.
func sha256Hex(_ bytes: [UInt8]) -> String {
    let folder = TemporaryFolder("digest")
    folder.write("in", bytes: bytes)
    let out = openssl(["dgst", "-sha256", "-r", folder.url("in")]).stdout
    return String(out.prefix(while: { $0 != " " }))
}
