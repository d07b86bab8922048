import Foundation
import TestSupport
import Testing

@testable import Artifact

/// Binary property lists built byte by byte to break the reader's assumptions: each must be a
/// problem, found quickly, never a crash or a hang.
@Suite struct PropertyListHostileTests {
    /// `bplist00`, the objects, a one-byte offset table and a trailer (overridable fields).
    static func bplist(
        _ objects: [[UInt8]], top: UInt64 = 0, offsetSize: UInt8 = 1, referenceSize: UInt8 = 1,
        count: UInt64? = nil, tableOffset: UInt64? = nil, offsets: [Int]? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var starts: [Int] = []
        for object in objects {
            starts.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for start in offsets ?? starts { bytes += bigEndian(UInt64(start)).suffix(Int(offsetSize)) }
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
        bytes += bigEndian(count ?? UInt64(objects.count)) + bigEndian(top) + bigEndian(tableOffset ?? UInt64(table))
        return bytes
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static let hostile: [(label: String, bytes: [UInt8], reason: String)] = [
        ("an array that contains itself", bplist([[0xA1, 0x00]]), "contains itself"),
        ("two arrays that contain each other", bplist([[0xA1, 0x01], [0xA1, 0x00]]), "contains itself"),
        ("a dictionary that is its own value", bplist([[0xD1, 0x01, 0x00], [0x51, 0x61]]), "contains itself"),
        ("an object offset past the table", bplist([[0x09]], offsets: [200]), "outside the object area"),
        ("a reference past the objects", bplist([[0xA1, 0x07]]), "refers to object 7"),
        ("a top object past the objects", bplist([[0x09]], top: 3), "top object 3"),
        ("a trailer with a huge object count", bplist([[0x09]], count: UInt64.max), "do not fit"),
        ("an offset table past the end", bplist([[0x09]], tableOffset: 1 << 40), "do not fit"),
        ("zero-byte references", bplist([[0x09]], referenceSize: 0), "references"),
        ("an array with a huge count", bplist([[0xAF, 0x13] + bigEndian(UInt64.max / 2)]), "runs past"),
        ("a string longer than the file", bplist([[0x5F, 0x10, 0xFF]]), "runs past"),
        ("a UTF-16 string cut in half", bplist([[0x62, 0x00, 0x41]]), "runs past"),
        ("a lone UTF-16 surrogate", bplist([[0x61, 0xD8, 0x00]]), "not valid UTF-16"),
        ("an integer cut short", bplist([[0x13, 0x00]]), "runs past"),
        ("a 16-byte integer past 64 bits", bplist([[0x14] + [1] + Array(repeating: 0, count: 15)]), "64 bits"),
        ("a set", bplist([[0xC0]]), "unknown marker"),
        ("a dictionary key that is a number", bplist([[0xD1, 0x01, 0x01], [0x10, 0x05]]), "not a string"),
        ("a duplicated key", bplist([[0xD2, 0x01, 0x01, 0x02, 0x02], [0x51, 0x61], [0x09]]), "twice"),
        ("a header only", Array("bplist00".utf8), "too short"),
    ]

    @Test(arguments: 0..<hostile.count)
    func hostileBinaryPlistIsAProblem(index: Int) {
        let (label, bytes, reason) = Self.hostile[index]
        let problem = #expect(throws: ArtifactProblem.self, "\(label)") { try PropertyList(bytes, name: "hostile") }
        #expect(problem?.reason.contains(reason) == true, "\(label): \(problem?.reason ?? "no problem")")
    }

    @Test func sharedReferencesCannotExpandWithoutBound() {
        // Object i is [i+1, i+1]: 2^40 leaves from 41 objects.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        let started = Date()
        let problem = #expect(throws: ArtifactProblem.self) { try PropertyList(Self.bplist(objects), name: "bomb") }
        #expect(problem?.reason.contains("more than") == true)
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func deepBinaryNestingIsRefused() {
        var objects: [[UInt8]] = (0..<200).map { [0xA1, UInt8($0 + 1)] }
        objects.append([0x09])
        let problem = #expect(throws: ArtifactProblem.self) {
            try PropertyList(Self.bplist(objects, offsetSize: 2), name: "deep")
        }
        #expect(problem?.reason.contains("deeper than 64") == true)
        let shallow = Self.bplist([[0xA1, 0x01], [0xA1, 0x02], [0x09]])
        #expect((try? PropertyList(shallow, name: "ok")) == .array([.array([.boolean(true)])]))
    }

    @Test func everyPrefixOfARealXMLPlistIsAProblem() throws {
        // Without plistlib's final newline, so only the whole document ends in `</plist>`.
        let whole = hexBytes(
            runPythonHex(
                "plistlib.dumps({'a': [1, 2.5, True, b'xyz', 'é<&>'], 'd': {}, 'e': [], 'when': "
                    + "__import__('datetime').datetime(2027, 1, 31)}, fmt=plistlib.FMT_XML).rstrip()"))
        #expect(throws: Never.self) { try PropertyList(whole, name: "whole") }
        for length in 0..<whole.count {
            #expect(throws: ArtifactProblem.self, "prefix \(length)") {
                try PropertyList(Array(whole.prefix(length)), name: "prefix")
            }
        }
    }

    @Test func everyPrefixOfARealBinaryPlistIsAProblem() throws {
        let output = runPythonHex(
            "plistlib.dumps({'CFBundleIdentifier': 'org.example.app', 'n': [1, 2.5, True, b'x', 'é' * 40]}, "
                + "fmt=plistlib.FMT_BINARY)")
        let whole = hexBytes(output)
        #expect(throws: Never.self) { try PropertyList(whole, name: "whole") }
        for length in 0..<whole.count {
            #expect(throws: ArtifactProblem.self, "prefix \(length)") {
                try PropertyList(Array(whole.prefix(length)), name: "prefix")
            }
        }
    }
}

/// The hex of a Python expression's bytes (with `plistlib` imported).
func runPythonHex(_ expression: String) -> String {
    runPython("import plistlib, sys\nsys.stdout.write((\(expression)).hex())").stdout
}
