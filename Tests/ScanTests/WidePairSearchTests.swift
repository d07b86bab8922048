import TestSupport
import Testing

@testable import Scan

/// The scan's candidates come sixty-four positions at a time from C with AVX-512BW, thirty-two
/// with AVX2, where the processor has them (`relops_next_byte_pair_64`, `_32`), else from the
/// sixteen-byte Swift loop: each must find the same matches, of every kind, at every position of
/// the buffer, its last byte included.
@Suite struct WidePairSearchTests {
    /// Each width this processor runs (the scan uses no other).
    @Test(arguments: [32, 64].filter { $0 <= pairSearchWidth })
    func theWideSearchFindsWhatTheSixteenByteLoopFinds(width: Int) throws {
        var numbers = SeededNumbers(seed: 3131)
        let hosts = ["app.example.com", "a.io", "example.com", "x-y.example.org"]
        let pieces = [
            "app.example.com", "APP.Example.COM", "my", "app.", ".example.com", "example", ".com", "a.io", "x-y",
            "https://", "%2F", "@", "{{env}}.", "package ", " ", "\n", "\"", "/", "-", "_", "é", "\u{0}", "z",
        ]
        var found = 0
        for round in 0..<3000 {
            let needle = Needle(host: hosts[round % hosts.count])
            var text: [UInt8] = []
            for _ in 0..<numbers.next(60) { text += Array(pieces[numbers.next(pieces.count)].utf8) }
            // The scan's buffers are padded with 64 zero bytes after the data.
            let buffer = text + [UInt8](repeating: 0, count: 64)
            var wide: [Match] = [], narrow: [Match] = []
            buffer.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                findMatches(of: needle, in: base, count: text.count, into: &wide, width: width)
                findMatches(of: needle, in: base, count: text.count, into: &narrow, width: 0)
            }
            #expect(
                wide.map { "\($0.offset) \($0.kind)" } == narrow.map { "\($0.offset) \($0.kind)" },
                "\(needle.host) in \(String(decoding: text, as: UTF8.self).debugDescription)")
            found += narrow.count
        }
        #expect(found > 1000)
    }

    /// A worker searches for each needle through its pattern in the worker's own memory
    /// (`NeedleStore`): the same matches as the needle itself gives, for every needle of several.
    @Test func aStoredPatternFindsWhatItsNeedleFinds() {
        let needles = ["app.example.com", "a.io", "example.com", "x-y.example.org"].map { Needle(host: $0) }
        let store = NeedleStore(needles)
        let text = Array("see https://APP.example.com/a and a.io, x-y.example.org; example.com\n".utf8)
        let buffer = text + [UInt8](repeating: 0, count: 64)
        var found = 0
        for (n, needle) in needles.enumerated() {
            #expect(Array(store.patterns[n].bytes) == needle.bytes && store.needles[n].host == needle.host)
            var direct: [Match] = [], stored: [Match] = []
            buffer.withUnsafeBufferPointer { bytes in
                findMatches(of: needle, in: bytes.baseAddress!, count: text.count, into: &direct)
                findMatches(of: store.patterns[n], in: bytes.baseAddress!, count: text.count, into: &stored)
            }
            #expect(stored.map { "\($0.offset) \($0.kind)" } == direct.map { "\($0.offset) \($0.kind)" })
            found += direct.count
        }
        #expect(found >= needles.count)
    }
}
