/// Anchor forms beyond `path:N`, for `AnchorFinder`: comma lists, ranges written as two anchors,
/// columns, and the dated revision sections anchors stand in.

/// Reads the further elements of a comma list (`:69,70`, `:20,109,288-294`: a comma, no space,
/// then a line or range), each an anchor bound to the same path. Returns where the list ends.
func readListElements(_ bytes: [UInt8], after first: RawAnchor, end: Int, into tokens: inout [Token]) -> Int {
    var i = first.whole.upperBound
    while i + 1 < end, bytes[i] == 0x2C, isDigit(bytes[i + 1]),
        var element = readLines(bytes, colon: i, end: end, pathStart: nil)
    {
        element.path = first.path
        element.isListElement = true
        tokens.append(.anchor(element))
        i = element.whole.upperBound
    }
    return i
}

/// The words that join two anchors into one range (`` `X.cs:62` through `:70` ``), lowercase.
let rangeWords: Set<[UInt8]> = [Array("through".utf8), Array("thru".utf8)]

/// The date of a line that opens an earlier revision: `Revision (2026-08-01)`, as a heading or
/// a line of its own.
func revisionHeading(_ line: ArraySlice<UInt8>) -> String? {
    var text = line.drop { $0 == 0x23 || $0 == 0x20 }
    while let last = text.last, last == 0x20 || last == 0x09 { text = text.dropLast() }
    let marker = Array("Revision (".utf8)
    guard text.count == marker.count + 11, text.starts(with: marker), text.last == 0x29 else { return nil }
    let date = text.dropFirst(marker.count).dropLast()
    let isDate = date.enumerated().allSatisfy { k, c in k == 4 || k == 7 ? c == 0x2D : isDigit(c) }
    return isDate ? String(decoding: date, as: UTF8.self) : nil
}

/// Skips a `:COL` after an anchor (`Program.cs:12:5`), which is not a second anchor.
func skipColumn(_ bytes: [UInt8], _ i: Int, _ end: Int) -> Int {
    guard i + 1 < end, bytes[i] == 0x3A, isDigit(bytes[i + 1]) else { return i }
    var j = i + 1
    while j < end && isDigit(bytes[j]) { j += 1 }
    return j
}

/// `` `X.cs:377`-`X.cs:382` ``, `` `X.cs:62`-`:70` `` and `` `X.cs:62` through `:70` `` are one
/// range written as two anchors: its ends move together.
func mergeTwoAnchorRanges(_ bytes: [UInt8], _ tokens: [Token]) -> [Token] {
    var out: [Token] = []
    for token in tokens {
        if case .anchor(let second) = token, case .anchor(let first)? = out.last,
            first.endBytes == nil, second.endBytes == nil, second.path == nil || second.path == first.path,
            !first.isListElement, !second.isListElement, !first.isProse, !second.isProse,
            second.start >= first.start
        {
            let between = bytes[first.whole.upperBound..<second.whole.lowerBound].filter { $0 != 0x60 && $0 != 0x20 }
            if between == [0x2D] || between == [0xE2, 0x80, 0x93] || rangeWords.contains(between.map { $0 | 0x20 }) {
                var merged = first
                merged.end = second.start
                merged.endBytes = second.startBytes
                merged.endPathBytes = second.pathBytes
                merged.whole = first.whole.lowerBound..<second.whole.upperBound
                out[out.count - 1] = .anchor(merged)
                continue
            }
        }
        out.append(token)
    }
    return out
}
