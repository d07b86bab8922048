import Fingerprint
import Foundation
import TestSupport
import Testing

/// The bytes `fingerprint show --format json` prints for committed certificates and APKs (one
/// signed with a rotated key, verified; one not verified), against goldens recorded from the
/// hand-built writers before each output became a `Codable` type; the `"schema_version"` a
/// `Codable` output adds first is compared apart.
@Suite struct FingerprintShowGoldenTests {
    static let folder = "Tests/FingerprintTests/Golden/v31/"

    /// `printed` with the source root named and its schema version line taken out is the golden `name`.
    func expectOutput(_ printed: String, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var text = printed.replacingOccurrences(of: sourceRoot, with: "$SOURCE")
        let version = "{\n  \"schema_version\": 1,"
        #expect(text.hasPrefix(version), "no schema version first", sourceLocation: sourceLocation)
        if text.hasPrefix(version) { text = "{" + text.dropFirst(version.count) }
        expectGolden(text, at: "Tests/Golden/FingerprintTests/\(name).json", sourceLocation: sourceLocation)
    }

    @Test func certificates() throws {
        for name in ["rsa", "rotated"] {
            let result = relops([
                "fingerprint", "show", "--cert", sourceRoot + "/" + Self.folder + name + ".der", "--format", "json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            expectOutput(result.stdout, golden: "fingerprint-show-cert-\(name)")
            let document = try JSONDecoder().decode(CertificateListDocument.self, from: Data(result.stdout.utf8))
            #expect(try document.jsonText() + "\n" == result.stdout)
        }
    }

    @Test func apks() throws {
        let apk = sourceRoot + "/" + Self.folder + "rotation-34-min-24.apk"
        let verified = relops(["fingerprint", "show", "--apk", apk, "--format", "json"])
        #expect(verified.status == 0, "\(verified.stderr)")
        expectOutput(verified.stdout, golden: "fingerprint-show-apk")
        // Read back by type, it writes the same bytes.
        let document = try JSONDecoder().decode(APKSignatureDocument.self, from: Data(verified.stdout.utf8))
        #expect(document.verified == true && document.signers.first?.minSDK == 34)
        #expect(try document.jsonText() + "\n" == verified.stdout)
        let unverified = relops(["fingerprint", "show", "--apk", apk, "--no-verify", "--format", "json"])
        #expect(unverified.status == 0, "\(unverified.stderr)")
        expectOutput(unverified.stdout, golden: "fingerprint-show-apk-no-verify")
        let newer = sourceRoot + "/" + Self.folder + "rotation-34-min-33.apk"
        let failed = relops(["fingerprint", "show", "--apk", newer, "--min-sdk-version", "24", "--format", "json"])
        expectOutput(failed.stdout, golden: "fingerprint-show-apk-min-33")
    }
}
