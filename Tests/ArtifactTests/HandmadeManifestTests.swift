import Artifact
import TestSupport
import Testing

/// Manifest shapes the peers do not write, encoded here.
@Suite struct HandmadeManifestTests {
    @Test func withoutAResourceMapAttributesAreFoundByName() throws {
        let manifest = try AndroidAppManifest(binaryXML: HandmadeBinaryXML.withoutResourceMap())
        let expected = AndroidAppManifest(
            package: "com.example.app", versionName: nil,
            intentFilters: [IntentFilter(component: ".Main", autoVerify: true, hosts: ["example.org"])],
            unresolved: ["android:versionName=@0x7f0e0001"])
        #expect(manifest == expected)
    }

    @Test func anEndElementThatClosesNothingIsRefused() {
        #expect {
            try AndroidAppManifest(binaryXML: HandmadeBinaryXML.withoutResourceMap(extraEnd: 1))
        } throws: { error in
            (error as? ArtifactProblem)?.reason.contains("an end element closes no element") == true
        }
    }

    @Test func protobufValuesWithoutACompiledItemAreReadFromTheirString() throws {
        let android = Array("http://schemas.android.com/apk/res/android".utf8)
        func attribute(_ name: String, _ value: String, id: UInt64) -> [UInt8] {
            let resourceID = ProtobufBytes.varint(5 << 3) + ProtobufBytes.varint(id)
            return ProtobufBytes.field(
                4,
                ProtobufBytes.field(1, android) + ProtobufBytes.field(2, Array(name.utf8))
                    + ProtobufBytes.field(3, Array(value.utf8)) + resourceID)
        }
        let package = ProtobufBytes.field(
            4, ProtobufBytes.field(2, Array("package".utf8)) + ProtobufBytes.field(3, Array("a.b".utf8)))
        let element =
            ProtobufBytes.field(3, Array("manifest".utf8)) + package
            + attribute("versionCode", "305", id: 0x0101_021b) + attribute("versionName", "3.0.5", id: 0x0101_021c)
        let manifest = try AndroidAppManifest(protobufXML: ProtobufBytes.field(1, element))
        #expect(manifest == AndroidAppManifest(package: "a.b", versionCode: 305, versionName: "3.0.5"))
    }

    @Test func aReferencedVersionCodeLeavesTheVersionUnknown() throws {
        let android = Array("http://schemas.android.com/apk/res/android".utf8)
        func attribute(_ name: String, id: UInt64, compiled item: [UInt8]) -> [UInt8] {
            let resourceID = ProtobufBytes.varint(5 << 3) + ProtobufBytes.varint(id)
            return ProtobufBytes.field(
                4,
                ProtobufBytes.field(1, android) + ProtobufBytes.field(2, Array(name.utf8)) + resourceID
                    + ProtobufBytes.field(6, item))
        }
        // Item { ref = 1 { id = 2 } } and Item { prim = 7 { int_decimal_value = 6 } }.
        let reference = ProtobufBytes.field(1, ProtobufBytes.varint(2 << 3) + ProtobufBytes.varint(0x7f0b_0001))
        let major = ProtobufBytes.field(7, ProtobufBytes.varint(6 << 3) + ProtobufBytes.varint(3))
        let package = ProtobufBytes.field(
            4, ProtobufBytes.field(2, Array("package".utf8)) + ProtobufBytes.field(3, Array("a.b".utf8)))
        let element =
            ProtobufBytes.field(3, Array("manifest".utf8)) + package
            + attribute("versionCode", id: 0x0101_021b, compiled: reference)
            + attribute("versionCodeMajor", id: 0x0101_0576, compiled: major)
        let manifest = try AndroidAppManifest(protobufXML: ProtobufBytes.field(1, element))
        #expect(manifest == AndroidAppManifest(package: "a.b", unresolved: ["android:versionCode=@0x7f0b0001"]))
    }
}
