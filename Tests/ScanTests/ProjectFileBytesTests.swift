import Foundation
import TestSupport
import Testing

@testable import Scan

/// `ProjectFileBytes` finds a needle with the scan's byte search (`ByteSearch.firstIndex`), over
/// the bytes or over a copy with ASCII capitals made small: held to a byte-by-byte search on random
/// project-file-like text (tags, quotes, capitals, bytes that are not ASCII), at every range, with
/// and without case; and reads the attributes of several elements in one pass over the tags.
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

    /// One pass over the tags for several elements gives each element what a search of its own
    /// would: random MSBuild-like text with unclosed tags, a tag inside another's value, names
    /// that are prefixes of others, both quotes.
    @Test func onePassOverTheTagsGivesEachElementWhatItsOwnSearchWould() {
        var numbers = SeededNumbers(seed: 4049)
        let fragments = [
            "<EmbeddedResource ", "<MauiAsset ", "<MauiAsset\n", "<EmbeddedResourceX ", "<AndroidAsset\t",
            "<ProjectReference ", "<PackageReference ", "<ProjectReferences ",
            "Include=\"a.json;b.json \"", "Update='c.png'", " Include=\"d\"", "\tUpdate=\"e;\"",
            "Include='<MauiAsset f'",
            ">", "/>", "\n", "<", "x", " ", "</MauiAsset>", "<EmbeddedResource Include=\"g\" />",
        ]
        // Each element with its own attributes: a `ProjectReference` is read for `Include` alone.
        let wanted = [
            ("EmbeddedResource", ["Include", "Update"]), ("ProjectReference", ["Include"]),
            ("MauiAsset", ["Include", "Update"]), ("AndroidAsset", ["Include", "Update"]),
        ]
        let query = TagQuery(wanted)
        var found = 0, references = 0
        for _ in 0..<2000 {
            let text = (0..<numbers.next(40)).map { _ in fragments[numbers.next(fragments.count)] }.joined()
            let bytes = Array(text.utf8)
            let values = ProjectFileBytes(bytes).attributeValues(query)
            let expected = wanted.map { naiveAttributeValues(bytes, element: $0.0, attributes: $0.1) }
            #expect(values == expected, "\(text)")
            found += expected.joined().count
            references += expected[1].count
        }
        #expect(found > 1000 && references > 100)
    }

    /// A search per element, byte by byte: each `<element` followed by white space up to its `>`,
    /// then each attribute after white space, its value split at `;` and trimmed.
    private func naiveAttributeValues(_ bytes: [UInt8], element: String, attributes: [String]) -> [String] {
        let open = Array(("<" + element).utf8)
        func first(_ needle: [UInt8], from: Int, to: Int) -> Int? {
            guard to - from >= needle.count else { return nil }
            return (from...(to - needle.count)).first { at in needle.indices.allSatisfy { bytes[at + $0] == needle[$0] }
            }
        }
        let spaces: Set<UInt8> = [0x20, 0x0A, 0x09, 0x0D]
        var values: [String] = []
        var at = 0
        while let start = first(open, from: at, to: bytes.count) {
            let after = start + open.count
            guard after < bytes.count, spaces.contains(bytes[after]),
                let close = first([UInt8(ascii: ">")], from: after, to: bytes.count)
            else {
                at = after
                continue
            }
            for attribute in attributes {
                for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                    let name = Array(attribute.utf8) + [UInt8(ascii: "="), quote]
                    var from = after + 1
                    while let found = first(name, from: from, to: close) {
                        if [0x20, 0x0A, 0x09].contains(bytes[found - 1]) {
                            let valueStart = found + name.count
                            if let end = bytes[valueStart..<close].firstIndex(of: quote) {
                                values += bytes[valueStart..<end].split(separator: UInt8(ascii: ";")).map {
                                    String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                                }
                            }
                            break
                        }
                        from = found + 1
                    }
                }
            }
            at = close
        }
        return values
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
