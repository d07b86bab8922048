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

/// Protobuf wire bytes for hostile shapes.
enum ProtobufBytes {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    static func field(_ number: UInt64, _ contents: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(UInt64(contents.count)) + contents
    }

    /// An `XmlNode` whose element is named `name`, with `children` (each an `XmlNode`).
    static func node(_ name: String, children: [[UInt8]]) -> [UInt8] {
        field(1, field(3, Array(name.utf8)) + children.flatMap { field(5, $0) })
    }
}

/// Binary XML for hostile shapes, encoded here: a UTF-16 string pool and element chunks.
enum HandmadeBinaryXML {
    static let none: UInt32 = 0xFFFF_FFFF

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) } }

    static func chunk(_ type: Int, header: Int, _ rest: [UInt8]) -> [UInt8] {
        u16(type) + u16(header) + u32(UInt32(8 + rest.count)) + rest
    }

    /// A UTF-16 pool of `strings`; the last one is listed `repeats` more times, at the same offset.
    static func pool(_ strings: [String], repeatingLast repeats: Int = 0) -> [UInt8] {
        var data: [UInt8] = []
        var starts: [UInt32] = []
        for text in strings {
            starts.append(UInt32(data.count))
            data += u16(text.utf16.count) + text.utf16.flatMap { u16(Int($0)) } + [0, 0]
        }
        starts += [UInt32](repeating: starts.last ?? 0, count: repeats)
        let table = starts.flatMap(u32)
        let header = 28
        let fields = u32(UInt32(starts.count)) + u32(0) + u32(0) + u32(UInt32(header + table.count)) + u32(0)
        return chunk(0x0001, header: header, fields + table + data)
    }

    static func start(_ name: UInt32, attributes: [[UInt8]] = []) -> [UInt8] {
        chunk(
            0x0102, header: 16,
            u32(1) + u32(none) + u32(none) + u32(name) + u16(20) + u16(20) + u16(attributes.count) + u16(0) + u16(0)
                + u16(0) + attributes.flatMap { $0 })
    }

    static func end(_ name: UInt32) -> [UInt8] { chunk(0x0103, header: 16, u32(1) + u32(none) + u32(none) + u32(name)) }

    /// `<manifest package="com.example.app">` with `depth - 1` nested `<x>` inside.
    static func document(depth: Int) -> [UInt8] {
        let package = u32(none) + u32(1) + u32(2) + u16(8) + [0, 0x03] + u32(2)
        var body = pool(["manifest", "package", "com.example.app", "x"]) + start(0, attributes: [package])
        body += (1..<max(depth, 1)).flatMap { _ in start(3) }
        body += (1..<max(depth, 1)).flatMap { _ in end(3) }
        return chunk(0x0003, header: 8, body + end(0))
    }

    /// `<manifest>` holding `elements` elements, each named by its own index into one long string.
    static func overlappingNames(elements: Int, length: Int) -> [UInt8] {
        let package = u32(none) + u32(1) + u32(2) + u16(8) + [0, 0x03] + u32(2)
        let long = String(repeating: "m", count: length)
        var body = pool(["manifest", "package", "com.example.app", long], repeatingLast: elements)
        body += start(0, attributes: [package])
        body += (3..<UInt32(3 + elements)).flatMap { start($0) + end($0) }
        return chunk(0x0003, header: 8, body + end(0))
    }

    static func firstStartElement(in bytes: [UInt8]) -> Int? {
        (0..<(bytes.count - 3)).first { bytes[$0] == 0x02 && bytes[$0 + 1] == 0x01 && bytes[$0 + 2] == 16 }
    }
}
