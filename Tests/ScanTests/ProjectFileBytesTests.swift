import TestSupport
import Testing

@testable import Scan

/// `ProjectFileBytes` finds a needle with `memmem`, over the bytes or over a copy with ASCII
/// capitals made small: held to a byte-by-byte search on random project-file-like text (tags,
/// quotes, capitals, bytes that are not ASCII), at every range, with and without case.
@Suite struct ProjectFileBytesTests {
    @Test func firstIndexIsTheFirstPlaceTheNeedleMatchesByteByByte() {
        var numbers = SeededNumbers(seed: 1717)
        let alphabet = Array("<>/=\"' ;\r\nabcAbCEmbedReSOURCEIncludezZ@[`{\u{C9}\u{E9}".utf8)
        func text(_ length: Int) -> [UInt8] { (0..<length).map { _ in alphabet[numbers.next(alphabet.count)] } }
        var checked = 0
        for _ in 0..<3000 {
            let hay = text(numbers.next(numbers.next(2) == 0 ? 40 : 1500))
            let bytes = ProjectFileBytes(hay)
            // A needle taken from the text itself (so it often matches), or made up.
            var needle: [UInt8]
            if !hay.isEmpty && numbers.next(3) > 0 {
                let start = numbers.next(hay.count)
                needle = Array(hay[start..<min(hay.count, start + 1 + numbers.next(6))])
            } else {
                needle = text(1 + numbers.next(4))
            }
            let ignoringCase = numbers.next(2) == 0
            if ignoringCase { needle = needle.map(ByteSearch.fold) }
            let from = hay.isEmpty ? 0 : numbers.next(hay.count)
            let to = from + numbers.next(hay.count - from + 1)
            let expected = naiveFirstIndex(needle, in: hay, from: from, to: to, ignoringCase: ignoringCase)
            let found = bytes.firstIndex(of: needle, from: from, to: to, ignoringCase: ignoringCase)
            #expect(found == expected, "\(needle) in \(hay) [\(from)..<\(to)] ignoringCase \(ignoringCase)")
            if expected != nil { checked += 1 }
        }
        #expect(checked > 500)
    }

    @Test func aCaseBlindSearchFoldsOnlyASCIICapitals() {
        let bytes = ProjectFileBytes(Array("<UseMaui>TRUE</UseMaui> \u{C9}".utf8))
        #expect(bytes.contains("<usemaui>true</usemaui>", ignoringCase: true))
        #expect(!bytes.contains("<usemaui>true</usemaui>"))
        #expect(!bytes.contains("\u{E9}", ignoringCase: true))
        #expect(bytes.bytes == Array("<UseMaui>TRUE</UseMaui> \u{C9}".utf8))
    }

    private func naiveFirstIndex(_ needle: [UInt8], in hay: [UInt8], from: Int, to: Int, ignoringCase: Bool)
        -> Int?
    {
        guard !needle.isEmpty, to - from >= needle.count else { return nil }
        func same(_ byte: UInt8, _ wanted: UInt8) -> Bool {
            (ignoringCase ? ByteSearch.fold(byte) : byte) == wanted
        }
        for start in from...(to - needle.count) where needle.indices.allSatisfy({ same(hay[start + $0], needle[$0]) }) {
            return start
        }
        return nil
    }
}
