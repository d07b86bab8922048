/// Citations written in words, for `AnchorFinder`: "(the registration in
/// `Source/.../DependencyInjection.cs`, lines 121-125)", "line 42", "lines 121–125". The numbers
/// cite the file their sentence (up to a `;`) names before them, across the physical lines of one
/// paragraph (list item, table row); with no file before them there ("lines 3-5 of the poem", a
/// revision note's "`X.cs:9` (...); line 8, which was ...") they cite nothing.

/// "line N", or "lines N-M" (`-` or an en dash; any case) starting at the word `word`: the
/// numbers as an anchor whose file the finder binds, nil for anything else. "lines" needs a
/// range: "lines 3 to 5" is not read as line 3.
func readProseLines(_ bytes: [UInt8], word: Range<Int>, end: Int) -> RawAnchor? {
    // Most words are not "line": look at the length and first letter before folding case.
    guard word.count == 4 || word.count == 5, bytes[word.lowerBound] | 0x20 == 0x6C else { return nil }
    let lowered = bytes[word].map { $0 | 0x20 }
    let plural = lowered == Array("lines".utf8)
    guard plural || lowered == Array("line".utf8) else { return nil }
    let space = word.upperBound
    guard space + 1 < end, bytes[space] == 0x20, isDigit(bytes[space + 1]),
        var anchor = readLines(bytes, colon: space, end: end, pathStart: nil),
        !plural || anchor.endBytes != nil
    else { return nil }
    anchor.whole = word.lowerBound..<anchor.whole.upperBound
    anchor.isProse = true
    return anchor
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
