import RelopsCore
import Testing

/// UTF-16 and UTF-32 files with a byte order mark: recognised by the mark alone, decoded to the
/// UTF-8 relops searches, encoded back byte for byte, and refused with where and why.
@Suite struct TextEncodingTests {
    @Test func theMarkNamesTheEncodingAndUTF32LEIsTriedBeforeUTF16LE() {
        #expect(TextEncoding(announcedBy: [0xFF, 0xFE, 0x41, 0x00]) == .utf16LE)
        #expect(TextEncoding(announcedBy: [0xFE, 0xFF, 0x00, 0x41]) == .utf16BE)
        #expect(TextEncoding(announcedBy: [0xFF, 0xFE, 0x00, 0x00]) == .utf32LE)
        #expect(TextEncoding(announcedBy: [0x00, 0x00, 0xFE, 0xFF]) == .utf32BE)
        #expect(TextEncoding(announcedBy: [0xEF, 0xBB, 0xBF, 0x41]) == nil)
        #expect(TextEncoding(announcedBy: Array("host.com".utf8)) == nil)
        #expect(TextEncoding(announcedBy: [0x00, 0x00, 0x00, 0x01]) == nil)
        #expect(TextEncoding(announcedBy: [0xFF]) == nil)
    }

    @Test(arguments: TextEncoding.allCases)
    func decodingThenEncodingGivesBackTheFileByteForByte(_ encoding: TextEncoding) throws {
        let text = "\"web\" = \"https://host.com/\";\r\n/* é 🔗 */\r\n"
        var file = encoding.byteOrderMark
        for scalar in text.unicodeScalars {
            let units: [UInt32] =
                encoding == .utf32LE || encoding == .utf32BE
                ? [scalar.value] : String(scalar).utf16.map(UInt32.init)
            for unit in units { file += bytes(unit, encoding) }
        }
        let decoded = try encoding.decode(file).get()
        #expect(decoded == Array(text.utf8))
        #expect(encoding.encode(decoded) == file)
    }

    @Test func aTextThatIsNotInItsEncodingIsRefusedWithWhereAndWhy() {
        #expect(
            problem(.utf16LE, [0xFF, 0xFE, 0x41, 0x00, 0x00, 0xD8, 0x41, 0x00])
                == "a lone surrogate U+D800 at byte 4")
        #expect(problem(.utf16BE, [0xFE, 0xFF, 0xDC, 0x00]) == "a lone surrogate U+DC00 at byte 2")
        #expect(
            problem(.utf16LE, [0xFF, 0xFE, 0x41, 0x00, 0x42]) == "a length of 5 bytes is cut mid-character at byte 5")
        #expect(
            problem(.utf32BE, [0x00, 0x00, 0xFE, 0xFF, 0x00, 0x11, 0x00, 0x00])
                == "U+110000 is no Unicode character at byte 4")
        #expect(
            problem(.utf32LE, [0xFF, 0xFE, 0x00, 0x00, 0x00, 0xD8, 0x00, 0x00])
                == "U+D800 is no Unicode character at byte 4")
        #expect(problem(.utf16LE, [0xFF, 0xFE, 0x3D, 0xD8, 0x17, 0xDD]) == nil)
    }

    /// Why `bytes` is not text in `encoding`; nil when it is.
    func problem(_ encoding: TextEncoding, _ bytes: [UInt8]) -> String? {
        if case .failure(let problem) = encoding.decode(bytes) { return problem.description }
        return nil
    }

    func bytes(_ unit: UInt32, _ encoding: TextEncoding) -> [UInt8] {
        let size = encoding == .utf16LE || encoding == .utf16BE ? 2 : 4
        let big = encoding == .utf16BE || encoding == .utf32BE
        return (0..<size).map { k in UInt8(truncatingIfNeeded: unit >> UInt32(8 * (big ? size - 1 - k : k))) }
    }
}
