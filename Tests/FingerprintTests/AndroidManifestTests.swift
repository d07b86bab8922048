import Fingerprint
import Testing

/// The binary AndroidManifest.xml reader, in process, over manifests encoded here (the oracle
/// tests check that apksigner reads the same encoding the same way).
@Suite struct AndroidManifestTests {
    @Test(arguments: [false, true])
    func readsTheSdkLevelsAndSandboxVersion(_ utf8: Bool) throws {
        let bytes = BinaryManifest(minSdk: 23, targetSdk: 33, targetSandboxVersion: 2, utf8: utf8).encoded()
        let manifest = try AndroidManifest(binary: bytes)
        #expect(manifest == AndroidManifest(minSdkVersion: 23, targetSdkVersion: 33, targetSandboxVersion: 2))
    }

    @Test func androidsDefaultsApplyWithoutUsesSdk() throws {
        #expect(
            try AndroidManifest(binary: BinaryManifest().encoded())
                == AndroidManifest(minSdkVersion: 1, targetSdkVersion: 1, targetSandboxVersion: 1))
        // No targetSdkVersion: the min SDK.
        #expect(try AndroidManifest(binary: BinaryManifest(minSdk: 26).encoded()).targetSdkVersion == 26)
    }

    @Test(arguments: [("O", 25), ("P", 26), ("Tiramisu", 30), ("B", 1)])
    func aCodenameCountsAsTheLevelBeforeItsRelease(_ codename: String, _ level: Int) throws {
        let manifest = try AndroidManifest(binary: BinaryManifest(minSdkCodename: codename).encoded())
        #expect(manifest.minSdkVersion == level)
    }

    @Test func withoutAResourceMapAttributesAreMatchedByName() throws {
        let bytes = BinaryManifest(minSdk: 28, targetSdk: 30, resourceMap: false).encoded()
        #expect(try AndroidManifest(binary: bytes).minSdkVersion == 28)
        #expect(try AndroidManifest(binary: bytes).targetSdkVersion == 30)
    }

    @Test func textXMLIsRefusedByName() {
        #expect {
            try AndroidManifest(binary: Array("<manifest package=\"a\"/>".utf8))
        } throws: { error in
            (error as? AndroidManifest.Problem)?.reason.contains("not Android binary XML") == true
        }
    }

    @Test func everyTruncationIsRefusedOrReadNeverTrapped() throws {
        let bytes = BinaryManifest(minSdk: 21, targetSdk: 30, targetSandboxVersion: 2).encoded()
        var refused = 0
        for length in 0..<bytes.count {
            // The outer chunk still declares the whole size: every cut is out of bounds.
            if (try? AndroidManifest(binary: Array(bytes.prefix(length)))) == nil { refused += 1 }
        }
        #expect(refused == bytes.count)
        // A string index past the pool: named.
        var bad = bytes
        let manifestName = try #require(
            (0..<(bad.count - 4)).first { bad[$0] == 0x02 && bad[$0 + 1] == 0x01 && bad[$0 + 2] == 16 })
        bad[manifestName + 20] = 0xEE
        #expect {
            try AndroidManifest(binary: bad)
        } throws: { error in
            (error as? AndroidManifest.Problem)?.reason.contains("is not in the string pool") == true
        }
    }
}
