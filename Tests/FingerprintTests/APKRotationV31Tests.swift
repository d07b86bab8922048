import Foundation
import TestSupport
import Testing

/// The three APK shapes Play writes after a signing-key rotation targeted at a later SDK: the
/// v3.1 block covers from its signers' min SDK (34, or 34 as a development release), the v3
/// block the SDKs below. Debian's apksigner (31) predates v3.1, so the shapes were made and
/// judged by apksig 33's `apksigner sign --rotation-min-sdk-version 34
/// [--rotation-targets-dev-release]` with a lineage from `apksigner rotate`, and kept in
/// `Golden/v31/`. With `RELOPS_APKSIG_V31=<classpath of apksig 33+>` the test makes them
/// afresh and asks that apksigner too; with `RELOPS_RECORD_GOLDEN=1` as well it re-records them.
@Suite struct APKRotationV31Tests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden/v31"
    ).path
    /// name, manifest min SDK, extra `apksigner sign` options.
    static let shapes: [(String, Int, [String])] = [
        ("rotation-34-min-24", 24, ["--rotation-min-sdk-version", "34"]),
        ("rotation-34-dev-release-min-24", 24, ["--rotation-min-sdk-version", "34", "--rotation-targets-dev-release"]),
        ("rotation-34-min-33", 33, ["--rotation-min-sdk-version", "34"]),
    ]

    @Test(arguments: shapes.map(\.0))
    func aV31BlockTargetingALaterSDKVerifiesWithV3Below(name: String) throws {
        let apk = Self.fixtures + "/\(name).apk"
        let ours = RelopsVerdict(apk)
        #expect(ours.status == 0 && ours.verified == true, "\(name): \(ours.failedCheck ?? "") \(ours.stderr)")
        #expect(
            ours.basis?.contains("APK Signature Scheme v3.1, APK Signature Scheme v3") == true, "\(ours.basis ?? "")")
        // Both keys count: the v3.1 signer's (rotated) and the v3 signer's (original).
        let keys = APKKeys.shared
        let rotated = sha256Hex(keys.recordedCertificate("rotated", in: Self.fixtures))
        let original = sha256Hex(keys.recordedCertificate("rsa", in: Self.fixtures))
        #expect(ours.sha256.isSuperset(of: [rotated, original]), "\(ours.sha256)")
    }

    @Test func strippingTheV31BlockIsStillCaught() throws {
        let folder = TemporaryFolder("v31-stripped")
        let apk = folder.url("stripped.apk")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/rotation-34-min-24.apk", toPath: apk)
        try rewriteSigningBlock(apk) { $0.filter { $0.id != 0x1b93_ad61 } }
        let ours = RelopsVerdict(apk)
        #expect(ours.status == 1)
        #expect(ours.failedCheck?.contains("the APK has no v3.1 block (stripped)") == true, "\(ours.json)")
        // A v3.1 block that no longer starts where the v3 signer says rotation starts.
        let moved = folder.url("moved.apk")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/rotation-34-min-24.apk", toPath: moved)
        try rewriteSigningBlock(moved) { pairs in pairs.filter { $0.id != 0xf053_68c0 } }
        #expect(RelopsVerdict(moved).failedCheck?.contains("no v3 block") == true)
    }

    /// With a v3.1-capable apksig on the class path: the shapes made afresh, judged by it and by relops.
    @Test func theShapesAgreeWithApksig33WhenItIsAtHand() throws {
        guard let classpath = ProcessInfo.processInfo.environment["RELOPS_APKSIG_V31"] else { return }
        let keys = APKKeys.shared
        let folder = TemporaryFolder("v31-fresh")
        let record = ProcessInfo.processInfo.environment["RELOPS_RECORD_GOLDEN"] == "1"
        for (name, minSdk, options) in Self.shapes {
            let unsigned = keys.unsignedAPK(BinaryManifest(minSdk: minSdk), into: folder)
            let apk = folder.url("\(name).apk")
            let signed = runProcess(
                "java",
                ["-cp", classpath, "com.android.apksigner.ApkSignerTool", "sign"] + keys.signer("rsa")
                    + ["--next-signer"] + keys.signer("rotated") + ["--lineage", keys.lineage, "--out", apk]
                    + options + [unsigned])
            #expect(signed.status == 0, "\(name): apksig sign: \(signed.stderr)")
            let oracle = runProcess(
                "java", ["-cp", classpath, "com.android.apksigner.ApkSignerTool", "verify", "-v", apk])
            #expect(oracle.status == 0 && oracle.stdout.hasPrefix("Verifies"), "\(name): \(oracle.stdout)")
            #expect(oracle.stdout.contains("Verified using v3.1 scheme (APK Signature Scheme v3.1): true"))
            let ours = RelopsVerdict(apk)
            #expect(ours.verified == true, "\(name): \(ours.failedCheck ?? "") \(ours.stderr)")
            if record {
                try? FileManager.default.removeItem(atPath: Self.fixtures + "/\(name).apk")
                try FileManager.default.copyItem(atPath: apk, toPath: Self.fixtures + "/\(name).apk")
            }
        }
        if record {
            for key in ["rsa", "rotated"] {
                _ = FileManager.default.createFile(
                    atPath: Self.fixtures + "/\(key).der", contents: Data(keys.certificate(key)))
            }
            Issue.record("re-recorded the v3.1 APKs in \(Self.fixtures); run again without RELOPS_RECORD_GOLDEN")
        }
    }
}

extension APKKeys {
    /// The certificate the recorded fixtures were signed with (the keys are made anew each run).
    func recordedCertificate(_ name: String, in folder: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: folder + "/\(name).der") ?? Data())
    }
}
