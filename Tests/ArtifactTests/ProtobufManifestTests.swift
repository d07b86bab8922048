import Artifact
import TestSupport
import Testing

/// The AAB manifest reader against Python's protobuf package, which writes aapt2's `XmlNode` (from
/// a descriptor with Resources.proto's field numbers) and reads it back.
@Suite struct ProtobufManifestTests {
    @Test func readsWhatPythonsProtobufReads() throws {
        let (bytes, reading) = try ManifestPeers.protobufXML()
        #expect(try AndroidAppManifest(protobufXML: bytes) == reading)
    }

    @Test func readsTheReleaseFacts() throws {
        let manifest = try AndroidAppManifest(protobufXML: try ManifestPeers.protobufXML().bytes)
        #expect(manifest.package == "com.example.app")
        #expect(manifest.versionCode == 1 << 32 | 42)
        #expect(manifest.versionName == "2.4.1")
        #expect(manifest.intentFilters.count == 4)
        // autoVerify from a compiled boolean; the callback activity's name carries no resource id.
        #expect(
            manifest.intentFilters.filter(\.isVerifiedAppLink).map(\.hosts) == [["example.org", "www.example.org"]])
        #expect(manifest.intentFilters[2].component == ".auth.CallbackActivity")
        #expect(manifest.intentFilters[2].customSchemes == ["com.example.app"])
        // A reference is listed, not resolved; an autoVerify without a compiled item is read from its string.
        #expect(manifest.intentFilters[3].unresolved == ["android:host=@0x7f0e0012"])
        #expect(manifest.intentFilters[3].autoVerify)
    }

    @Test func aWrongExpectationFails() throws {
        let (bytes, reading) = try ManifestPeers.protobufXML()
        var wrong = reading
        wrong.intentFilters[1].autoVerify = false
        let manifest = try AndroidAppManifest(protobufXML: bytes)
        withKnownIssue("a deliberately wrong expectation") {
            #expect(manifest == wrong)
        }
    }
}
