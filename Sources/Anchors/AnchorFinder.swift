import Markdown

/// An anchor as written in a document: `path:N`, `path:N-M`, `` `X:N`-`X:M` `` or a bare `:N`
/// continuation, with the byte ranges a re-pin rewrites.
public struct FoundAnchor: Sendable, Equatable {
    /// 1-based line and byte column of the anchor in the document.
    public let line: Int
    public let column: Int
    /// The anchor exactly as written (`Program.cs:169`, `:65-80`).
    public let text: String
    /// The cited path as written, or for a continuation the path it binds to; nil when a
    /// continuation has no file named before it in its section.
    public let path: String?
    /// False for a bare `:N` continuation.
    public let pathWritten: Bool
    public let start: Int
    public let end: Int
    /// True when its sentence marks the anchor as a former position ("was `:160`", "the previously
    /// cited :162", "both anchors sat at :167 and :160 when this entry was written").
    public let isHistorical: Bool
    /// Byte offsets in the document of the written path, the first number and the last number.
    public let pathBytes: Range<Int>?
    public let startBytes: Range<Int>
    public let endBytes: Range<Int>?
    /// The second path of a range written as two anchors (`` `X.cs:377`-`X.cs:382` ``).
    public let endPathBytes: Range<Int>?
    /// The section (0 before the first heading) the anchor sits in.
    public let section: Int
    /// Identifiers in code spans of the same sentence: hints for finding edited code by content.
    public let hints: [String]
    /// True for the second and later elements of a comma list (`:20,109,288-294`): each element
    /// is an anchor of its own, bound to the list's path, whose path bytes only the first holds.
    public var isListElement: Bool = false
    /// Identifier-like words the same sentence names outside code spans (`AndroidCertFingerprints`):
    /// with `hints`, what decides among several files a bare name fits by their cited lines.
    public var words: [String] = []
    /// The byte offset where the anchor's paragraph (or list item, or table row) starts: where
    /// the repository a bare name belongs to is looked for, nearest before the anchor first.
    public var paragraphStart: Int = 0
    /// The date of the earlier `Revision (YYYY-MM-DD)` section the anchor sits in, if any. Only
    /// where it stands: such an anchor is checked and re-pinned like any other unless its
    /// sentence marks it as a former position.
    public var revision: String? = nil
    /// The anchor's bytes as they stand in the document (a list element's from its comma): what
    /// older versions of the document are searched for to find the commit that wrote it.
    public var written: String = ""
}

/// A file named in a document (with or without a line), in document order.
public struct NamedFile: Sendable, Equatable {
    public let path: String
    public let line: Int
    public let section: Int
}

/// What the finder read from one document.
public struct AnchorScan: Sendable {
    public let anchors: [FoundAnchor]
    /// Every file named, anchors and plain mentions alike, in document order.
    public let namedFiles: [NamedFile]
    /// The line ending the document uses most (`\r\n` or `\n`).
    public let lineEnding: String
}

/// Finds anchors in a Markdown document. Fenced and indented code blocks and HTML blocks are
/// skipped; everything else (code spans, plain text, tables) is searched line by line.
public enum AnchorFinder {
    /// Scans `bytes`. `isFileName` decides whether a path-like word without a line number names a
    /// file (continuations and prose citations bind to it); by default anything with a `/` or a
    /// common source extension.
    public static func scan(_ bytes: [UInt8], isFileName: (String) -> Bool = looksLikeFileName) -> AnchorScan {
        let lines = splitLines(bytes)
        let (skipped, headingLine) = blockLines(bytes, lineCount: lines.count)
        var anchors: [FoundAnchor] = []
        var named: [NamedFile] = []
        var section = 0
        var crlf = 0
        var revision: String?
        var paragraph = 0
        // The file the current sentence names: carried across the physical lines of a paragraph.
        var sentenceFile: SentenceFile?
        // True when the previous line ended inside a prose list ("lines 60-63 and"): its next range opens this line.
        var openProseList = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if line.hasCR { crlf += 1 }
            if headingLine[number] || skipped[number] || isBlankLine(bytes[line.range]) {
                paragraph = line.range.upperBound
                sentenceFile = nil
                openProseList = false
            } else if startsParagraph(bytes[line.range]) {
                paragraph = line.range.lowerBound
                sentenceFile = nil
                openProseList = false
            }
            if let date = revisionHeading(bytes[line.range]) {
                if !headingLine[number] { section += 1 }
                revision = date
            } else if headingLine[number] {
                revision = nil
            }
            if headingLine[number] { section += 1 }
            if skipped[number] { continue }
            var place = LinePlace(
                number: number, range: line.range, section: section, paragraph: paragraph, revision: revision,
                sentences: SentenceHints(bytes: bytes, line: line.range),
                earlier: writtenEarlierClauses(bytes, line.range))
            let tokens = tokenize(bytes, line.range, continuingProseList: openProseList)
            openProseList = endsInOpenProseList(bytes, tokens, line.range)
            for token in tokens {
                switch token {
                case .sentenceEnd:
                    sentenceFile = nil
                case .mention(let path, let range):
                    guard isFileName(path) else { continue }
                    named.append(NamedFile(path: path, line: number, section: section))
                    sentenceFile = SentenceFile(path: path, bytes: range)
                case .anchor(var raw):
                    var path: String?
                    if raw.isProse {
                        guard let bound = bindProse(raw, to: &sentenceFile) else { continue }
                        raw = bound
                        path = bound.path
                    } else if raw.isListElement {
                        path =
                            raw.path ?? place.lastWritten ?? (named.last?.section == section ? named.last?.path : nil)
                    } else if let written = raw.path {
                        path = written
                        place.lastWritten = written
                        named.append(NamedFile(path: written, line: number, section: section))
                        sentenceFile = SentenceFile(path: written, bytes: nil)
                    } else {
                        place.lastWritten = nil
                        path = (named.last?.section == section ? named.last?.path : nil)
                    }
                    anchors.append(found(raw, path: path, bytes: bytes, place: &place))
                }
            }
        }
        return AnchorScan(anchors: anchors, namedFiles: named, lineEnding: crlf * 2 > lines.count ? "\r\n" : "\n")
    }

    /// Where on its line the finder stands: what every anchor of the line shares, and what one
    /// anchor leaves for the next.
    struct LinePlace {
        let number: Int
        let range: Range<Int>
        let section: Int
        let paragraph: Int
        let revision: String?
        var sentences: SentenceHints
        let earlier: [Range<Int>]
        var previousHistorical = false
        var lastWritten: String?
    }

    /// The anchor `raw` bound to `path`, with its sentence's hints and whether it is a former position.
    static func found(_ raw: RawAnchor, path: String?, bytes: [UInt8], place: inout LinePlace) -> FoundAnchor {
        let historical =
            place.earlier.contains { $0.contains(raw.whole.lowerBound) }
            || isHistorical(bytes, place.range, raw, previousHistorical: place.previousHistorical)
        place.previousHistorical = historical
        var text = String(decoding: bytes[raw.whole], as: UTF8.self)
        if raw.isListElement {
            text = (raw.path.map { $0 + ":" } ?? ":") + text.dropFirst()
        } else if raw.isProse, let path {
            text = path + ":" + (raw.end == raw.start ? "\(raw.start)" : "\(raw.start)-\(raw.end)")
        }
        // A prose citation past the first of its sentence cites the file without holding its bytes.
        let pathWritten = raw.path != nil && (!raw.isProse || raw.pathBytes != nil)
        var anchor = FoundAnchor(
            line: place.number, column: raw.whole.lowerBound - place.range.lowerBound + 1, text: text,
            path: path, pathWritten: pathWritten, start: raw.start, end: raw.end,
            isHistorical: historical, pathBytes: raw.isListElement ? nil : raw.pathBytes,
            startBytes: raw.startBytes, endBytes: raw.endBytes, endPathBytes: raw.endPathBytes,
            section: place.section, hints: place.sentences.hints(around: raw.whole))
        anchor.isListElement = raw.isListElement
        anchor.words = place.sentences.words(around: raw.whole)
        anchor.revision = place.revision
        anchor.paragraphStart = place.paragraph
        anchor.written = String(decoding: bytes[raw.whole], as: UTF8.self)
        return anchor
    }

    /// Which lines (1-based) lie in code or HTML blocks, and which open headings.
    static func blockLines(_ bytes: [UInt8], lineCount: Int) -> (skipped: [Bool], heading: [Bool]) {
        let document = MarkdownDocument(parsing: String(decoding: bytes, as: UTF8.self))
        var skipped = [Bool](repeating: false, count: lineCount + 2)
        var heading = [Bool](repeating: false, count: lineCount + 2)
        for node in document.nodes {
            let first = max(1, node.startLine), last = min(lineCount, node.endLine)
            guard first <= last else { continue }
            switch node.kind {
            case "code_block", "html_block":
                for l in first...last { skipped[l] = true }
            case "heading":
                heading[first] = true
            default:
                break
            }
        }
        return (skipped, heading)
    }

    /// The default test for a path-like word: it has a `/`, or a common source or config extension.
    public static func looksLikeFileName(_ word: String) -> Bool {
        if word.contains("/") { return true }
        guard let dot = word.lastIndex(of: ".") else { return false }
        return knownExtensions.contains(word[word.index(after: dot)...].lowercased())
    }

    static let knownExtensions: Set<String> = [
        "cs", "razor", "cshtml", "json", "yml", "yaml", "bicep", "md", "csproj", "props", "targets", "xml", "plist",
        "swift", "kt", "java", "js", "ts", "tsx", "jsx", "py", "go", "rs", "c", "h", "cpp", "m", "sh", "toml", "sql",
        "html", "css", "scss", "xaml", "gradle", "txt", "sln", "config", "entitlements",
    ]
}

// MARK: - Lines and tokens

struct LineSpan {
    /// The line's bytes without `\n` and without a trailing `\r`.
    let range: Range<Int>
    let hasCR: Bool
}

func splitLines(_ bytes: [UInt8]) -> [LineSpan] {
    var out: [LineSpan] = []
    var start = 0
    for i in 0..<bytes.count where bytes[i] == 0x0A {
        let cr = i > start && bytes[i - 1] == 0x0D
        out.append(LineSpan(range: start..<(cr ? i - 1 : i), hasCR: cr))
        start = i + 1
    }
    if start < bytes.count { out.append(LineSpan(range: start..<bytes.count, hasCR: false)) }
    return out
}

struct RawAnchor {
    var path: String?
    var pathBytes: Range<Int>?
    var start: Int
    var end: Int
    var startBytes: Range<Int>
    var endBytes: Range<Int>?
    var endPathBytes: Range<Int>? = nil
    var whole: Range<Int>
    var isListElement = false
    /// "line N" or "lines N-M" in words: bound to the file its sentence names before it.
    var isProse = false
}

enum Token {
    case anchor(RawAnchor)
    /// A file named without a line, and its bytes.
    case mention(String, Range<Int>)
    /// The end of a sentence (`.`, `!` or `?` before a space or the end of the line) or of a
    /// clause (`;`): where a prose citation stops looking back for its file.
    case sentenceEnd
}

@inline(__always) func isAlnum(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
}

@inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

@inline(__always) func isPathByte(_ c: UInt8) -> Bool {
    isAlnum(c) || c == 0x5F || c == 0x2E || c == 0x2F || c == 0x2D || c == 0x2B || c >= 0x80
}

/// A path-like word is a valid path when its last segment has an extension that starts and
/// ends with a letter or digit (`Program.cs`, `appsettings.Development.json`).
func validPath(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let last = bytes.last, isAlnum(last) || last >= 0x80 else { return false }
    guard let first = bytes.first, first != 0x2F || bytes.count > 1 else { return false }
    if bytes.starts(with: [0x2F, 0x2F]) { return false }
    let segmentStart = (bytes.lastIndex(of: 0x2F) ?? bytes.startIndex - 1) + 1
    guard let dot = bytes[segmentStart...].lastIndex(of: 0x2E), dot > segmentStart, dot + 1 < bytes.endIndex else {
        return false
    }
    let c = bytes[dot + 1]
    return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c >= 0x80
}

/// Reads up to nine digits at `i`; returns the value and the end index.
func readNumber(_ bytes: [UInt8], _ i: Int, _ end: Int) -> (Int, Int)? {
    var j = i, value = 0
    while j < end && isDigit(bytes[j]) && j - i < 9 {
        value = value * 10 + Int(bytes[j] - 0x30)
        j += 1
    }
    guard j > i, j >= end || !isDigit(bytes[j]) else { return nil }
    return (value, j)
}

/// Splits one line into anchors and file mentions, left to right. `continuingProseList`: the
/// line before ended inside a prose list ("lines 60-63 and"), so a range opening this line is its next element.
func tokenize(_ bytes: [UInt8], _ line: Range<Int>, continuingProseList: Bool = false) -> [Token] {
    var tokens: [Token] = []
    var i = line.lowerBound
    let end = line.upperBound
    if continuingProseList, let continued = readContinuedProseList(bytes, line) {
        tokens = continued.map { .anchor($0) }
        i = continued.last?.whole.upperBound ?? i
    }
    while i < end {
        let c = bytes[i]
        if isPathByte(c) {
            // A word of path bytes; it must not continue a word we already passed (`a@b.cs`).
            var j = i
            while j < end && isPathByte(bytes[j]) { j += 1 }
            var wordEnd = j
            while wordEnd > i && (bytes[wordEnd - 1] == 0x2E || bytes[wordEnd - 1] == 0x2D) { wordEnd -= 1 }
            let precededByScheme = i >= 1 && (bytes[i - 1] == 0x3A || bytes[i - 1] == 0x40)
            if wordEnd == j && j + 1 < end && bytes[j] == 0x3A && isDigit(bytes[j + 1]) && validPath(bytes[i..<j]),
                !precededByScheme, let anchor = readLines(bytes, colon: j, end: end, pathStart: i)
            {
                tokens.append(.anchor(anchor))
                i = readListElements(bytes, after: anchor, end: end, into: &tokens)
                i = skipColumn(bytes, i, end)
                continue
            }
            let prose = readProseLines(bytes, word: i..<j, end: end)
            if let last = prose.last {
                tokens += prose.map { .anchor($0) }
                i = last.whole.upperBound
                continue
            }
            if !precededByScheme && validPath(bytes[i..<wordEnd]) {
                tokens.append(.mention(String(decoding: bytes[i..<wordEnd], as: UTF8.self), i..<wordEnd))
            }
            if endsSentence(bytes, wordEnd: j, end: end) { tokens.append(.sentenceEnd) }
            i = max(j, i + 1)
            continue
        }
        if c == 0x3B || ((c == 0x21 || c == 0x3F) && endsSentence(bytes, wordEnd: i + 1, end: end)) {
            tokens.append(.sentenceEnd)
        }
        if c == 0x3A && i + 1 < end && isDigit(bytes[i + 1])
            && (i == line.lowerBound || !isPathByte(bytes[i - 1]) && bytes[i - 1] != 0x3A)
        {
            if let anchor = readLines(bytes, colon: i, end: end, pathStart: nil) {
                tokens.append(.anchor(anchor))
                i = skipColumn(bytes, readListElements(bytes, after: anchor, end: end, into: &tokens), end)
                continue
            }
        }
        i += 1
    }
    return mergeTwoAnchorRanges(bytes, tokens)
}

/// Reads `:N` or `:N-M` at `colon`; nil when the number runs on into a word (`:12px`).
func readLines(_ bytes: [UInt8], colon: Int, end: Int, pathStart: Int?) -> RawAnchor? {
    guard let (start, afterStart) = readNumber(bytes, colon + 1, end) else { return nil }
    var last = start, endBytes: Range<Int>?, stop = afterStart
    var dashEnd = -1
    if afterStart < end && bytes[afterStart] == 0x2D { dashEnd = afterStart + 1 }
    if afterStart + 2 < end && bytes[afterStart] == 0xE2 && bytes[afterStart + 1] == 0x80
        && bytes[afterStart + 2] == 0x93
    {
        dashEnd = afterStart + 3
    }
    if dashEnd > 0, dashEnd < end, isDigit(bytes[dashEnd]), let (m, afterEnd) = readNumber(bytes, dashEnd, end) {
        last = m
        endBytes = dashEnd..<afterEnd
        stop = afterEnd
    }
    if stop < end && (isAlnum(bytes[stop]) || bytes[stop] == 0x5F || bytes[stop] >= 0x80) { return nil }
    if stop + 1 < end && bytes[stop] == 0x2E && isDigit(bytes[stop + 1]) { return nil }
    let path = pathStart.map { String(decoding: bytes[$0..<colon], as: UTF8.self) }
    return RawAnchor(
        path: path, pathBytes: pathStart.map { $0..<colon }, start: start, end: last,
        startBytes: (colon + 1)..<afterStart, endBytes: endBytes, whole: (pathStart ?? colon)..<stop)
}

/// True for a line of only spaces and tabs.
func isBlankLine(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
}

/// True for a line that opens a paragraph of its own: a list item (`- `, `* `, `+ `, `1. `), a
/// table row or a block quote.
func startsParagraph(_ line: ArraySlice<UInt8>) -> Bool {
    let text = line.drop { $0 == 0x20 || $0 == 0x09 }
    guard let first = text.first else { return false }
    if first == 0x7C || first == 0x3E { return true }
    if (first == 0x2D || first == 0x2A || first == 0x2B) && text.dropFirst().first == 0x20 { return true }
    let digits = text.prefix { isDigit($0) }
    guard !digits.isEmpty else { return false }
    let rest = text.dropFirst(digits.count)
    return (rest.first == 0x2E || rest.first == 0x29) && rest.dropFirst().first == 0x20
}
