import Testing
import Zlib

/// zlib through the Zlib wrapper: raw DEFLATE, bounded output, malformed input refused.
@Suite struct ZlibTests {
    /// A final stored block holding "hello" (RFC 1951 3.2.4).
    let stored: [UInt8] = [0x01, 0x05, 0x00, 0xFA, 0xFF] + Array("hello".utf8)
    /// "hello hello hello" with fixed Huffman codes and a back-reference, as zlib writes it.
    let fixed: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57, 0xC8, 0x40, 0x90, 0x00]

    @Test func inflatesStoredAndCompressedBlocks() throws {
        #expect(try Inflate.raw(stored, limit: 5) == Array("hello".utf8))
        #expect(try Inflate.raw(fixed, limit: 100) == Array("hello hello hello".utf8))
    }

    @Test func refusesOutputPastTheLimit() {
        #expect(throws: InflateError.tooLarge(limit: 4)) { try Inflate.raw(stored, limit: 4) }
        #expect(throws: InflateError.tooLarge(limit: 16)) { try Inflate.raw(fixed, limit: 16) }
    }

    @Test func refusesMalformedAndTruncatedStreams() {
        let truncated = #expect(throws: InflateError.self) { try Inflate.raw(Array(stored.prefix(7)), limit: 100) }
        #expect(truncated?.description == "the compressed data ends early")
        let malformed = #expect(throws: InflateError.self) { try Inflate.raw([0xFF, 0xFF, 0xFF], limit: 100) }
        #expect(malformed?.description.hasPrefix("inflate: ") == true)
    }

    @Test func aStreamCutAfterItsLastByteInflatesAsFarAsItGoes() throws {
        // The same block, not marked final: "hello" comes out, the stream never ends.
        let open = [0x00] + stored.dropFirst()
        let prefix = try Inflate.rawPrefix(Array(open), limit: 100)
        #expect(prefix.output == Array("hello".utf8))
        #expect(!prefix.complete)
        #expect(try Inflate.rawPrefix(stored, limit: 100).complete)
        #expect(throws: InflateError.malformed("the compressed data ends early")) {
            try Inflate.raw(Array(open), limit: 100)
        }
    }
}
