import Artifact
import TestSupport
import Testing

/// Manifests shaped to hurt a reader: every one is refused with an `ArtifactProblem` naming what is
/// wrong, quickly, without trapping.
@Suite struct HostileManifestTests {
    @Test func everyPrefixOfABinaryManifestIsRefused() throws {
        let bytes = try ManifestPeers.binaryXML(ManifestPeers.noFilters, utf8: true)
        #expect(throws: Never.self) { try AndroidAppManifest(binaryXML: bytes) }
        let refused = (0..<bytes.count).filter { length in
            (try? AndroidAppManifest(binaryXML: Array(bytes.prefix(length)))) == nil
        }
        #expect(refused.count == bytes.count)
    }

    @Test func everyPrefixOfAProtobufManifestIsRefused() throws {
        // The root XmlNode is one length-delimited element field, so every cut runs past a length.
        let bytes = try ManifestPeers.protobufXML().bytes
        #expect(throws: Never.self) { try AndroidAppManifest(protobufXML: bytes) }
        let refused = (0..<bytes.count).filter { length in
            (try? AndroidAppManifest(protobufXML: Array(bytes.prefix(length)))) == nil
        }
        #expect(refused.count == bytes.count)
    }

    @Test func hugeDeclaredCountsAreRefused() throws {
        let valid = HandmadeBinaryXML.document(depth: 1)
        #expect(try AndroidAppManifest(binaryXML: valid).package == "com.example.app")
        // The string pool's count (byte 16) and the first start element's attribute count.
        var count = valid
        count[16...19] = [0xFF, 0xFF, 0xFF, 0x7F]
        expectProblem("does not fit its chunk") { try AndroidAppManifest(binaryXML: count) }
        var attributes = valid
        let start = try #require(HandmadeBinaryXML.firstStartElement(in: valid))
        attributes[start + 28...start + 29] = [0xFF, 0xFF]
        expectProblem("do not fit their chunk") { try AndroidAppManifest(binaryXML: attributes) }
        var chunk = valid
        chunk[start + 4...start + 7] = [0xFF, 0xFF, 0xFF, 0xFF]
        expectProblem("malformed chunk at byte \(start)") { try AndroidAppManifest(binaryXML: chunk) }
        // A protobuf length of 2^62.
        let length = [0x0A] + ProtobufBytes.varint(1 << 62) + [0x1A, 0x01, 0x61]
        expectProblem("runs past its message") { try AndroidAppManifest(protobufXML: length) }
    }

    @Test func deepNestingIsRefused() throws {
        #expect(try AndroidAppManifest(binaryXML: HandmadeBinaryXML.document(depth: 64)).package == "com.example.app")
        expectProblem("nested deeper than 64") {
            try AndroidAppManifest(binaryXML: HandmadeBinaryXML.document(depth: 5000))
        }
        var node = ProtobufBytes.node("x", children: [])
        for _ in 0..<1000 { node = ProtobufBytes.node("x", children: [node]) }
        node = ProtobufBytes.node("manifest", children: [node])
        expectProblem("nested deeper than 64") { try AndroidAppManifest(protobufXML: node) }
    }

    @Test func overlappingStringsCannotMakeDecodingQuadratic() throws {
        // 4000 elements each named by a different index into one 30000-unit string.
        let bytes = HandmadeBinaryXML.overlappingNames(elements: 4000, length: 30000)
        expectProblem("decodes to more than the file's size") { try AndroidAppManifest(binaryXML: bytes) }
    }

    @Test func malformedProtobufIsRefusedByName() {
        let tooLong = [0x08] + [UInt8](repeating: 0xFF, count: 11) + [0x01]
        expectProblem("longer than 10 bytes") { try AndroidAppManifest(protobufXML: tooLong) }
        expectProblem("wire type 3") { try AndroidAppManifest(protobufXML: [0x0B, 0x0C]) }
        expectProblem("there is no <manifest> element") { try AndroidAppManifest(protobufXML: []) }
        expectProblem("the root element is <x>") {
            try AndroidAppManifest(protobufXML: ProtobufBytes.node("x", children: []))
        }
        expectProblem("<manifest> has no package") {
            try AndroidAppManifest(protobufXML: ProtobufBytes.node("manifest", children: []))
        }
    }

    func expectProblem(
        _ words: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> AndroidAppManifest
    ) {
        do {
            let read = try body()
            Issue.record("read \(read) instead of refusing it", sourceLocation: sourceLocation)
        } catch let problem as ArtifactProblem {
            #expect(problem.reason.contains(words), "\(problem.reason)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("threw \(error), not an ArtifactProblem", sourceLocation: sourceLocation)
        }
    }
}

/// Random byte changes to real manifests: each is read or refused, never trapped (a trap ends the
/// test process, so reaching the end is the assertion), and some still read (a reader that refused
/// everything would pass the other hostile tests).
@Suite struct MutatedManifestTests {
    /// A small deterministic generator (SplitMix64), so a failure reproduces.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func mutations(of bytes: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix(state: seed)
        return (0..<count).map { _ in
            var changed = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                changed[Int.random(in: 0..<changed.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            return changed
        }
    }

    @Test func mutatedBinaryManifestsAreReadOrRefused() throws {
        let bytes = try ManifestPeers.binaryXML(ManifestPeers.releaseManifest, utf8: false)
        var read = 0
        for changed in Self.mutations(of: bytes, count: 3000, seed: 38) {
            if (try? AndroidAppManifest(binaryXML: changed)) != nil { read += 1 }
        }
        // Most single-byte changes land in string data or values, which still read.
        #expect(read > 0)
    }

    @Test func mutatedProtobufManifestsAreReadOrRefused() throws {
        let bytes = try ManifestPeers.protobufXML().bytes
        var read = 0
        for changed in Self.mutations(of: bytes, count: 3000, seed: 38) {
            if (try? AndroidAppManifest(protobufXML: changed)) != nil { read += 1 }
        }
        #expect(read > 0)
    }
}
