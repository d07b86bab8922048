import Fingerprint
import RelopsCore
import Testing

@Suite struct FingerprintNormalizerTests {
    static let canonical =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let compact = "146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"

    @Test(arguments: [
        "SHA256: " + canonical,  // keytool -list -v
        "sha256 Fingerprint=" + canonical,  // openssl x509 -fingerprint -sha256
        "SHA256 Fingerprint=" + canonical.lowercased(),
        "Signer #1 certificate SHA-256 digest: " + compact,  // apksigner verify --print-certs
        compact,  // bare apksigner hex
        compact.uppercased(),
        canonical.replacingOccurrences(of: ":", with: " "),  // spaced
        "  " + canonical.lowercased() + "\n",
    ])
    func acceptsEveryToolsForm(_ text: String) throws {
        #expect(try FingerprintNormalizer.sha256(text).canonical == Self.canonical)
    }

    @Test func refusesSHA1SayingItIsSHA1() {
        let sha1 = "A2:22:8C:F4:A4:F8:13:41:AA:0C:5C:C8:85:D2:EA:1D:2D:48:9A:2D"
        let error = #expect(throws: FingerprintFormatError.self) { try FingerprintNormalizer.sha256("SHA1: " + sha1) }
        #expect(error?.description.contains("is a SHA-1 fingerprint (20 bytes)") == true)
        let bare = #expect(throws: FingerprintFormatError.self) { try FingerprintNormalizer.sha256(sha1) }
        #expect(bare?.description.contains("SHA-1") == true)
    }

    @Test func refusesOtherLengthsWithTheCount() {
        let error = #expect(throws: FingerprintFormatError.self) { try FingerprintNormalizer.sha256("AB:CD") }
        #expect(error?.description == "\"AB:CD\" has 2 bytes; a SHA-256 fingerprint has 32 (64 hex digits)")
        #expect(error?.category == .badInput)
    }

    @Test func namesTheOffendingPartOfNonHex() {
        let bad = Self.canonical.replacingOccurrences(of: "2F:34", with: "2F:3G")
        let error = #expect(throws: FingerprintFormatError.self) { try FingerprintNormalizer.sha256(bad) }
        #expect(error?.description.contains("part 14 \"3G\" holds 'G'") == true)
        let compactBad = #expect(throws: FingerprintFormatError.self) { try FingerprintNormalizer.sha256("abz1") }
        #expect(compactBad?.description.contains("character 3 holds 'z'") == true)
        let odd = #expect(throws: FingerprintFormatError.self) { try FingerprintNormalizer.sha256("AB:C:DE") }
        #expect(odd?.description.contains("odd number of hex digits in part 2 \"C\"") == true)
        #expect(throws: FingerprintFormatError.self) { try FingerprintNormalizer.sha256("") }
    }

    @Test func refusesThePlaceholder() {
        let error = #expect(throws: FingerprintFormatError.self) {
            try FingerprintNormalizer.sha256("REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT")
        }
        #expect(error?.description.contains("is the placeholder") == true)
        #expect(FingerprintNormalizer.isPlaceholder("REPLACE_WITH_ANYTHING"))
        #expect(!FingerprintNormalizer.isPlaceholder(Self.canonical))
    }
}
