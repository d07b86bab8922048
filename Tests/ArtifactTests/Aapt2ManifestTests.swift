import Artifact
import TestSupport
import Testing

/// Manifests real aapt2 wrote: the APK and AAB forms of one manifest read the same, and the binary
/// one reads as androguard reads it.
@Suite struct Aapt2ManifestTests {
    @Test func bothFormsReadTheSameAndAsAndroguardReads() throws {
        let binary = try AndroidAppManifest(binaryXML: Aapt2Manifests.binaryXML)
        let protobuf = try AndroidAppManifest(protobufXML: Aapt2Manifests.protobufXML)
        #expect(binary == protobuf)
        #expect(binary == (try ManifestPeers.androguardReading(Aapt2Manifests.binaryXML)))
    }

    @Test(arguments: [false, true])
    func readsTheReleaseFacts(protobuf: Bool) throws {
        let manifest =
            protobuf
            ? try AndroidAppManifest(protobufXML: Aapt2Manifests.protobufXML)
            : try AndroidAppManifest(binaryXML: Aapt2Manifests.binaryXML)
        #expect(manifest.package == "com.example.app")
        #expect(manifest.versionCode == 1 << 32 | 42)
        #expect(manifest.versionName == "2.4.1")
        #expect(
            manifest.intentFilters.filter(\.isVerifiedAppLink).map(\.hosts) == [["example.org", "www.example.org"]])
        #expect(manifest.intentFilters.flatMap(\.customSchemes) == ["com.example.app"])
        #expect(manifest.intentFilters.last?.unresolved == ["android:host=\(Aapt2Manifests.appHostID)"])
        #expect(manifest.intentFilters.last?.autoVerify == true)
    }
}
