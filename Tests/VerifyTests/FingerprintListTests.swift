import Foundation
import TestSupport
import Testing

/// `verify --fingerprint` takes a comma-separated list (a runbook variable holds one), and a
/// fingerprint spelled as hex bytes separated by spaces is still one fingerprint.
@Suite struct FingerprintListTests {
    static let served =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let other = "50:49:86:BA:2E:2B:B2:2F:8F:D7:BC:8F:81:44:1E:55:98:6F:E4:CC:F7:A5:4E:10:26:D8:CB:9C:A5:83:14:F9"

    func verify(_ fingerprint: String) -> ProcessOutput {
        let repo = GitFixture("fingerprint-list")
        repo.write(
            "public/.well-known/assetlinks.json",
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": [""#
                + Self.served + "\"]}}]\n")
        repo.commit("Site")
        return relops(
            [
                "verify", "--host", "app.example.com", "--local", "--platforms", "android", "--package",
                "com.example.app", "--fingerprint", fingerprint,
            ], in: repo.root)
    }

    @Test func aFingerprintSpelledWithSpacesIsOneFingerprint() {
        let result = verify(Self.served.replacingOccurrences(of: ":", with: " "))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("pass  assetlinks.fingerprint"))
    }

    @Test func aCommaSeparatedListIsEachOfItsFingerprints() {
        let result = verify(Self.served + ", " + Self.other)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("com.example.app lists \(Self.served)"), "\(result.stdout)")
        #expect(result.stdout.contains(Self.other), "\(result.stdout)")
    }
}
