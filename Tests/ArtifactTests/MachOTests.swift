import Foundation
import Testing

@testable import Artifact

/// Mach-O files the generator writes, then broken at the offsets its layout puts fields at: a thin
/// file has LC_CODE_SIGNATURE at 104 (dataoff at 112, datasize at 116) and its SuperBlob at
/// 0x4000; a universal one has its fat_arch entries at 8 and 28.
@Suite struct MachOTests {
    static func thin() throws -> [UInt8] { try IPAFixture.make("macho", IPAFixture.slices(["arm64"])) }
    static func universal() throws -> [UInt8] { try IPAFixture.make("macho", IPAFixture.slices(["arm64", "x86_64"])) }

    static func patched(_ bytes: [UInt8], at offset: Int, bigEndian value: UInt32) -> [UInt8] {
        var out = bytes
        for index in 0..<4 { out[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        return out
    }

    static func patched(_ bytes: [UInt8], at offset: Int, littleEndian value: UInt32) -> [UInt8] {
        var out = bytes
        for index in 0..<4 { out[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        return out
    }

    func problem(_ bytes: [UInt8]) -> String? {
        let problem = #expect(throws: ArtifactProblem.self) { try Entitlements.executable(bytes, path: "App") }
        return problem?.reason
    }

    @Test func readsEverySliceAndNamesTheArchitectures() throws {
        let bytes = try Self.universal()
        let slices = try MachOSlice.slices(bytes, name: "App")
        #expect(slices.map(\.architecture) == ["arm64", "x86_64"])
        let entitlements = try #require(try Entitlements.executable(bytes, path: "App"))
        #expect(entitlements.source == "App (arm64, x86_64)")
        #expect(entitlements.applicationIdentifier == "ABCDE12345.org.example.app")
    }

    @Test func readsA64BitFatHeaderAndA32BitSlice() throws {
        var spec = IPAFixture.slices(["armv7", "arm64_32", "arm64"])
        spec["fat64"] = true
        let bytes = try IPAFixture.make("macho", spec)
        #expect(bytes.prefix(4) == [0xCA, 0xFE, 0xBA, 0xBF])
        let entitlements = try #require(try Entitlements.executable(bytes, path: "App"))
        #expect(entitlements.source == "App (armv7, arm64_32, arm64)")
        #expect(entitlements.associatedDomains == IOSAppTests.expectedDomains)
    }

    @Test func cpuTypesHaveNames() {
        #expect(MachOSlice.architectureName(cpu: 0x0100_000C, subtype: 0) == "arm64")
        #expect(MachOSlice.architectureName(cpu: 0x0100_0007, subtype: 3) == "x86_64")
        #expect(MachOSlice.architectureName(cpu: 0x0200_000C, subtype: 1) == "arm64_32")
        #expect(MachOSlice.architectureName(cpu: 12, subtype: 9) == "armv7")
        #expect(MachOSlice.architectureName(cpu: 18, subtype: 0) == "cpu 0x12")
    }

    @Test func fatSlicesThatOverlapOrRunPastTheFileAreRefused() throws {
        let bytes = try Self.universal()
        let firstOffset = UInt32(bytes[16]) << 24 | UInt32(bytes[17]) << 16 | UInt32(bytes[18]) << 8 | UInt32(bytes[19])
        let overlapping = Self.patched(bytes, at: 36, bigEndian: firstOffset + 16)
        #expect(problem(overlapping)?.contains("overlaps bytes") == true)
        let overHeader = Self.patched(bytes, at: 16, bigEndian: 0)
        #expect(problem(overHeader)?.contains("overlaps the universal header") == true)
        let pastEnd = Self.patched(bytes, at: 20, bigEndian: UInt32.max)
        #expect(problem(pastEnd)?.contains("runs past the file") == true)
        let offsetPastEnd = Self.patched(bytes, at: 36, bigEndian: UInt32.max - 4)
        #expect(problem(offsetPastEnd)?.contains("runs past the file") == true)
        let hugeCount = Self.patched(bytes, at: 4, bigEndian: UInt32.max)
        #expect(problem(hugeCount)?.contains("does not fit") == true)
        let noSlices = Self.patched(bytes, at: 4, bigEndian: 0)
        #expect(problem(noSlices)?.contains("does not fit") == true)
        let mislabelled = Self.patched(bytes, at: 8, bigEndian: 0x0100_0007)
        #expect(problem(mislabelled)?.contains("the slice's own header says arm64") == true)
    }

    @Test func loadCommandsAndSignaturesOutsideTheFileAreRefused() throws {
        let bytes = try Self.thin()
        #expect(problem(Self.patched(bytes, at: 20, littleEndian: UInt32.max))?.contains("do not fit") == true)
        #expect(problem(Self.patched(bytes, at: 16, littleEndian: 1000))?.contains("do not fit") == true)
        #expect(problem(Self.patched(bytes, at: 36, littleEndian: 0))?.contains("declares 0 bytes") == true)
        #expect(problem(Self.patched(bytes, at: 108, littleEndian: 8))?.contains("not 16") == true)
        #expect(problem(Self.patched(bytes, at: 112, littleEndian: UInt32.max))?.contains("runs past") == true)
        #expect(problem(Self.patched(bytes, at: 116, littleEndian: UInt32.max))?.contains("runs past") == true)
        #expect(problem(Self.patched(bytes, at: 0x4000, bigEndian: 0xFADE_0C01))?.contains("SuperBlob") == true)
        #expect(problem(Self.patched(bytes, at: 0x4008, bigEndian: UInt32.max))?.contains("does not fit") == true)
        #expect(problem(Self.patched(bytes, at: 0x4004, bigEndian: UInt32.max))?.contains("does not fit") == true)
        // The third index entry (slot 5) points past the SuperBlob; then the entitlements blob (after a
        // 36-byte header and index, a 44-byte CodeDirectory and a 12-byte requirements blob, at 0x5C)
        // declares more bytes than the SuperBlob has.
        #expect(problem(Self.patched(bytes, at: 0x4020, bigEndian: 0x7FFF_FFF0))?.contains("outside") == true)
        #expect(problem(Self.patched(bytes, at: 0x4000 + 0x5C + 4, bigEndian: 0xFFFF))?.contains("past the") == true)
        #expect(problem(Self.patched(bytes, at: 0, littleEndian: 0xCAFE_D00D))?.contains("not a Mach-O") == true)
    }

    @Test func everyPrefixOfASignedExecutableIsAProblem() throws {
        for bytes in [try Self.thin(), try Self.universal()] {
            let started = Date()
            for length in stride(from: 0, to: bytes.count, by: 7) {
                #expect(throws: ArtifactProblem.self, "prefix \(length)") {
                    try Entitlements.executable(Array(bytes.prefix(length)), path: "App")
                }
            }
            #expect(Date().timeIntervalSince(started) < 30)
        }
    }

    @Test func everyPrefixOfDEREntitlementsIsAProblem() throws {
        let bytes = try IPAFixture.make(
            "macho", ["slices": [["cpu": "arm64", "entitlements": IPAFixture.entitlements, "der": "only"]]])
        let slice = try #require(try MachOSlice.slices(bytes, name: "App").first)
        let signature = try #require(try slice.codeSignature(name: "App"))
        let blob = try #require(try MachOSlice.superBlobIndex(signature, place: "App").first { $0.slot == 7 })
        let der = blob.bytes.dropFirst(8)
        var whole = DERPropertyListReader(der, name: "whole")
        #expect(try whole.entitlements()["application-identifier"] == .string("ABCDE12345.org.example.app"))
        for length in 0..<der.count {
            var reader = DERPropertyListReader(der.prefix(length), name: "prefix")
            #expect(throws: ArtifactProblem.self, "prefix \(length)") { try reader.entitlements() }
        }
    }

    @Test func everyPrefixOfAProfileIsAProblem() throws {
        let bytes = try IPAFixture.make("profile", IPAFixture.profile)
        _ = try ProvisioningProfile(cms: bytes, path: "embedded.mobileprovision")
        for length in 0..<bytes.count {
            #expect(throws: ArtifactProblem.self, "prefix \(length)") {
                try ProvisioningProfile(cms: Array(bytes.prefix(length)), path: "embedded.mobileprovision")
            }
        }
    }

    @Test func everyPrefixOfAnIPAIsAProblem() throws {
        let ipa = try IPAFixture.make("ipa", ["bundles": [IPAFixture.bundle()]])
        for length in stride(from: 0, to: ipa.count, by: 97) {
            #expect(throws: ArtifactProblem.self, "prefix \(length)") { try IOSApp(ipa: Array(ipa.prefix(length))) }
        }
    }
}
