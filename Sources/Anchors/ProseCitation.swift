/// Citations written in words, for `AnchorFinder`: "(the registration in
/// `Source/.../DependencyInjection.cs`, lines 121-125)", "line 42", "lines 121–125", "lines 3 to
/// 5", "lines 60-63 and 74-77" (two ranges of one file, the second maybe on the next line). The numbers
/// cite the file their sentence (up to a `;`) names before them, across the physical lines of one
/// paragraph (list item, table row); with no file before them there ("lines 3-5 of the poem", a
/// revision note's "`X.cs:9` (...); line 8, which was ...") they cite nothing.

/// "line N", "lines N-M" (`-` or an en dash; any case), "lines N to M" (or "through"), and
/// further ranges of the same file ("lines 60-63 and 74-77", "lines 3, 7 and 9-11"), starting at
/// the word `word`: the numbers as anchors whose file the finder binds, empty for anything else.
/// "lines" needs a range or a list: "lines 3 of" is not read as line 3.
func readProseLines(_ bytes: [UInt8], word: Range<Int>, end: Int) -> [RawAnchor] {
    // Most words are not "line": look at the length and first letter before folding case.
    guard word.count == 4 || word.count == 5, bytes[word.lowerBound] | 0x20 == 0x6C else { return [] }
    let lowered = bytes[word].map { $0 | 0x20 }
    let plural = lowered == Array("lines".utf8)
    guard plural || lowered == Array("line".utf8) else { return [] }
    guard word.upperBound < end, bytes[word.upperBound] == 0x20,
        var first = readProseRange(bytes, before: word.upperBound, end: end)
    else { return [] }
    first.whole = word.lowerBound..<first.whole.upperBound
    var anchors = [first]
    if plural { anchors += readProseList(bytes, from: first.whole.upperBound, end: end) }
    guard !plural || first.endBytes != nil || anchors.count > 1 else { return [] }
    return anchors
}

/// The further ranges of a prose citation from `i` on: each after `, `, ` and `, `, and ` or ` & `.
/// A single number is an element only where nothing but punctuation or another element follows
/// it ("lines 3-5 and 2 other places" cites 3-5 only).
func readProseList(_ bytes: [UInt8], from i: Int, end: Int) -> [RawAnchor] {
    var out: [RawAnchor] = []
    var at = i
    while let space = proseSeparator(bytes, at: at, end: end),
        let element = readProseRange(bytes, before: space, end: end)
    {
        guard isListElement(element, bytes, end: end) else { break }
        out.append(element)
        at = element.whole.upperBound
    }
    return out
}

/// A range is an element of a prose list; a single number only when nothing but punctuation or
/// another element follows it.
func isListElement(_ element: RawAnchor, _ bytes: [UInt8], end: Int) -> Bool {
    let after = element.whole.upperBound
    return element.endBytes != nil || after >= end || bytes[after] != 0x20
        || proseSeparator(bytes, at: after, end: end) != nil
}

/// The words that join the two ends of a prose range ("lines 3 to 5"), lowercase.
let proseRangeWords: Set<[UInt8]> = [Array("to".utf8), Array("through".utf8), Array("thru".utf8)]

/// The separators between the ranges of one prose citation, longest first.
let proseListSeparators: [[UInt8]] = [", and ", ", & ", ", ", " and ", " & "].map { Array($0.utf8) }

/// The index of the last byte (a space) of the list separator at `i`, nil when there is none.
func proseSeparator(_ bytes: [UInt8], at i: Int, end: Int) -> Int? {
    for separator in proseListSeparators where i + separator.count <= end {
        if bytes[i..<(i + separator.count)].elementsEqual(separator) { return i + separator.count - 1 }
    }
    return nil
}

/// "N", "N-M", "N–M" or "N to M" whose first digit follows `before`, as a prose anchor whose
/// `whole` covers the numbers; nil when the numbers run on into a word.
func readProseRange(_ bytes: [UInt8], before: Int, end: Int) -> RawAnchor? {
    guard before + 1 < end, isDigit(bytes[before + 1]),
        var anchor = readLines(bytes, colon: before, end: end, pathStart: nil)
    else { return nil }
    anchor.whole = (before + 1)..<anchor.whole.upperBound
    anchor.isProse = true
    guard anchor.endBytes == nil else { return anchor }
    // "3 to 5": a range word between two numbers.
    var j = anchor.whole.upperBound + 1
    guard j <= end, anchor.whole.upperBound < end, bytes[anchor.whole.upperBound] == 0x20 else { return anchor }
    let wordStart = j
    while j < end && (bytes[j] | 0x20) >= 0x61 && (bytes[j] | 0x20) <= 0x7A { j += 1 }
    guard proseRangeWords.contains(bytes[wordStart..<j].map { $0 | 0x20 }), j < end, bytes[j] == 0x20,
        let last = readLines(bytes, colon: j, end: end, pathStart: nil), last.endBytes == nil,
        last.start >= anchor.start
    else { return anchor }
    anchor.end = last.start
    anchor.endBytes = last.startBytes
    anchor.whole = anchor.whole.lowerBound..<last.whole.upperBound
    return anchor
}

/// The ranges that open a line continuing a prose list the line before left open ("lines 60-63
/// and" / "74-77 bind ..."); nil when the line opens with no range.
func readContinuedProseList(_ bytes: [UInt8], _ line: Range<Int>) -> [RawAnchor]? {
    var i = line.lowerBound
    while i < line.upperBound && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
    guard i > 0, let first = readProseRange(bytes, before: i - 1, end: line.upperBound),
        isListElement(first, bytes, end: line.upperBound)
    else { return nil }
    return [first] + readProseList(bytes, from: first.whole.upperBound, end: line.upperBound)
}

/// True when the line's last token is a prose citation followed by nothing but a list separator
/// ("lines 60-63 and", "lines 60-63,"): its next ranges are on the paragraph's next line.
func endsInOpenProseList(_ bytes: [UInt8], _ tokens: [Token], _ line: Range<Int>) -> Bool {
    guard case .anchor(let last)? = tokens.last, last.isProse else { return false }
    var rest = bytes[last.whole.upperBound..<line.upperBound]
    while let last = rest.last, last == 0x20 || last == 0x09 { rest = rest.dropLast() }
    let open: [[UInt8]] = [",", ", and", " and", " &", ", &"].map { Array($0.utf8) }
    return open.contains { rest.elementsEqual($0) }
}

/// True when the byte before `wordEnd` ends a sentence: a `.` (`Program.cs.`, a lone `.` after a
/// code span), `!` or `?`, followed by a space, a tab or the end of the line.
func endsSentence(_ bytes: [UInt8], wordEnd: Int, end: Int) -> Bool {
    let last = bytes[wordEnd - 1]
    guard last == 0x2E || last == 0x21 || last == 0x3F else { return false }
    return wordEnd == end || bytes[wordEnd] == 0x20 || bytes[wordEnd] == 0x09
}

/// The file a sentence names, carried to the prose citations after it until the sentence or its
/// paragraph ends. The first prose citation takes the path's bytes (a re-pin into a renamed file
/// rewrites them); a path already written with a line (`A.cs:12`, lines 14-16) gives none away.
struct SentenceFile {
    let path: String
    private var bytes: Range<Int>?

    init(path: String, bytes: Range<Int>?) {
        self.path = path
        self.bytes = bytes
    }

    /// The path's bytes, once.
    mutating func claim() -> Range<Int>? {
        defer { bytes = nil }
        return bytes
    }
}

extension AnchorFinder {
    /// A prose citation bound to its sentence's file: its path, and the path's bytes when it is
    /// the first to cite them; nil (no anchor) when the sentence names no file before it.
    static func bindProse(_ raw: RawAnchor, to file: inout SentenceFile?) -> RawAnchor? {
        guard file != nil else { return nil }
        var bound = raw
        bound.path = file?.path
        bound.pathBytes = file?.claim()
        return bound
    }
}
