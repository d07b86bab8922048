import Foundation
import TestSupport
import Testing

/// Issue 38, case 5: `status` takes verify's `--offline`, `--fingerprint` and `--app-id` (declared
/// once, in verify), so its screen holds the served files against the identity the operator gives.
@Suite struct StatusIdentityOptionsTests {
    static let served =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let other =
        "50:49:86:BA:2E:2B:B2:2F:8F:D7:BC:8F:81:44:1E:55:98:6F:E4:CC:F7:A5:4E:10:26:D8:CB:9C:A5:83:14:F9"

    func repository() -> GitFixture {
        let repo = GitFixture("status-identity")
        repo.write(
            "public/.well-known/assetlinks.json",
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": [""#
                + Self.served + "\"]}}]\n")
        repo.write(".relops.yml", "app:\n  web_host: app.example.com\n  android:\n    package: com.example.app\n")
        repo.commit("Site")
        return repo
    }

    @Test func theServedFileIsHeldAgainstTheFingerprintGiven() {
        let repo = repository()
        let right = relops(["status", "--local", "--offline", "--fingerprint", Self.served], in: repo.root)
        #expect(right.status == 0, "\(right.stdout)\(right.stderr)")
        let wrong = relops(["status", "--local", "--offline", "--fingerprint", Self.other], in: repo.root)
        #expect(wrong.status == 1, "\(wrong.stdout)\(wrong.stderr)")
        #expect(wrong.stdout.contains("assetlinks.fingerprint"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains(Self.other), "\(wrong.stdout)")
    }
}
