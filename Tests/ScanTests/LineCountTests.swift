import Testing

@testable import Scan

/// `countNewlines` (64 bytes a step into byte-wide lane counters) against a byte-by-byte count, on
/// the bytes that fool word tricks: a newline after a zero byte, bytes one above and below it, high
/// bytes, ragged tails; and on runs long enough that a lane counter would wrap if never summed.
@Suite struct LineCountTests {
    @Test func countsEveryNewlineAndFindsTheLastOne() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x00, 0x09, 0x0B, 0x8A, 0xFF, 0x7F, 0x41, 0x0D]
        for length in 0..<80 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                for from in [0, min(1, length), length / 2] {
                    let expected = bytes[from...].filter { $0 == 0x0A }.count
                    let last = bytes[from...].lastIndex(of: 0x0A) ?? -1
                    let got = (bytes + [UInt8](repeating: 0, count: 8)).withUnsafeBufferPointer {
                        countNewlines($0.baseAddress!, from: from, to: length)
                    }
                    #expect(got.count == expected && got.last == last, "\(bytes) from \(from)")
                }
            }
        }
    }

    @Test func longRunsOfNewlinesAreCountedWithoutALaneWrapping() {
        var generator = SystemRandomNumberGenerator()
        // All newlines: every lane gains 4 a step, the most it can; 63 full steps, 64, and more.
        for length in [4031, 4032, 4033, 4096, 8191, 16_384 + 17] {
            let bytes = [UInt8](repeating: 0x0A, count: length)
            for from in [0, 1, 63, 64, 4000] where from <= length {
                let got = (bytes + [UInt8](repeating: 0, count: 8)).withUnsafeBufferPointer {
                    countNewlines($0.baseAddress!, from: from, to: length)
                }
                #expect(got.count == length - from && got.last == (length > from ? length - 1 : -1))
            }
        }
        // Sparse and dense newlines in a long text, with the last one anywhere.
        for _ in 0..<40 {
            let length = Int.random(in: 4000..<20_000, using: &generator)
            let density = Int.random(in: 1...200, using: &generator)
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<density, using: &generator) == 0 ? 0x0A : 0x41 as UInt8
            }
            let from = Int.random(in: 0..<length, using: &generator)
            let to = Int.random(in: from...length, using: &generator)
            let got = bytes.withUnsafeBufferPointer { countNewlines($0.baseAddress!, from: from, to: to) }
            let expected = bytes[from..<to].filter { $0 == 0x0A }.count
            #expect(got.count == expected && got.last == (bytes[from..<to].lastIndex(of: 0x0A) ?? -1))
        }
    }

    @Test func aLineLocatorGivesTheLineAndColumnOfEachHitInOrder() {
        let text = Array("one\ntwo\n\nfour has it\nfive has it too\n".utf8)
        text.withUnsafeBufferPointer { buffer in
            var lines = LineLocator(base: buffer.baseAddress!, count: buffer.count)
            let four = text.firstIndex(of: UInt8(ascii: "h"))!
            #expect(lines.locate(four) == (line: 4, column: 6))
            let five = text.lastIndex(of: UInt8(ascii: "h"))!
            #expect(lines.locate(five) == (line: 5, column: 6))
            #expect(lines.locate(0) == (line: 1, column: 1))  // a second needle starts over
        }
    }
}
