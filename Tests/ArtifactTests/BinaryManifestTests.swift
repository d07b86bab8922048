import Artifact
import TestSupport
import Testing

/// The APK manifest reader against real peers: pyaxml compiles the manifest text, androguard reads
/// the same bytes, and relops must read what androguard reads.
@Suite struct BinaryManifestTests {
    @Test(arguments: [false, true])
    func readsWhatAndroguardReads(utf8: Bool) throws {
        let bytes = try ManifestPeers.binaryXML(ManifestPeers.releaseManifest, utf8: utf8)
        // The string pool is the one asked for (flag 0x100 of the pool header at byte 8).
        #expect(bytes[8 + 17] & 0x01 == (utf8 ? 1 : 0))
        let manifest = try AndroidAppManifest(binaryXML: bytes)
        #expect(manifest == (try ManifestPeers.androguardReading(bytes)))
    }

    @Test func readsTheReleaseFacts() throws {
        let manifest = try AndroidAppManifest(
            binaryXML: try ManifestPeers.binaryXML(ManifestPeers.releaseManifest, utf8: false))
        #expect(manifest.package == "com.example.app")
        #expect(manifest.versionCode == 1 << 32 | 42)
        #expect(manifest.versionName == "2.4.1")
        #expect(
            manifest.intentFilters.map(\.component) == [
                ".MainActivity", ".MainActivity", ".auth.CallbackActivity", ".ShareAlias",
            ])
        let appLink = try #require(manifest.intentFilters.first { $0.isVerifiedAppLink })
        #expect(appLink.hosts == ["example.org", "www.example.org"])
        #expect(appLink.schemes == ["https", "http"])
        #expect(manifest.intentFilters.flatMap(\.customSchemes) == ["com.example.app"])
        let alias = try #require(manifest.intentFilters.last)
        #expect(alias.unresolved == ["android:host=@0x7f0e0012"])
        #expect(alias.hosts.isEmpty && alias.autoVerify)
        // The service's and the queries' filters do not count.
        #expect(!manifest.intentFilters.flatMap(\.hosts).contains("service.example.org"))
        #expect(!manifest.intentFilters.flatMap(\.hosts).contains("queried.example.net"))
    }

    @Test func aManifestWithoutIntentFilters() throws {
        let bytes = try ManifestPeers.binaryXML(ManifestPeers.noFilters, utf8: false)
        let manifest = try AndroidAppManifest(binaryXML: bytes)
        #expect(manifest == AndroidAppManifest(package: "org.example.plain", versionCode: 7))
        #expect(manifest == (try ManifestPeers.androguardReading(bytes)))
    }

    /// The comparison with the oracle can fail: a manifest that differs in one host is caught.
    @Test func aWrongExpectationFails() throws {
        let bytes = try ManifestPeers.binaryXML(ManifestPeers.releaseManifest, utf8: false)
        var wrong = try ManifestPeers.androguardReading(bytes)
        wrong.intentFilters[1].hosts.append("evil.example")
        let manifest = try AndroidAppManifest(binaryXML: bytes)
        withKnownIssue("a deliberately wrong expectation") {
            #expect(manifest == wrong)
        }
    }
}
