/// Historical cues and code-span hints around anchors, for `AnchorFinder`.

// MARK: - Historical forms and hints

/// Words right before an anchor that mark it as a former position cited on purpose. `from` counts
/// only as "(from" or after "moved"/"shifted": "read from `appsettings.json:12`" is a live citation.
let historicalCues = [
    "(from", "moved from", "shifted from", "was", "were", "previously cited", "previously at", "previously",
    "formerly at", "formerly", "used to sit at", "used to be at", "sat at", "not", "instead of", "old",
]

func isHistorical(_ bytes: [UInt8], _ line: Range<Int>, _ anchor: RawAnchor, previousHistorical: Bool) -> Bool {
    let before = lowercasedWordsBefore(bytes, line, anchor.whole.lowerBound)
    for cue in historicalCues where before.hasSuffix(cue) {
        let head = before.dropLast(cue.count)
        if head.last.map({ !$0.isLetter }) ?? true { return true }
    }
    if previousHistorical && (before.hasSuffix(" and") || before.hasSuffix(" or") || before.hasSuffix(",")) {
        return true
    }
    // "`:169` is now `:181`", "`:176` now `:188`": the first is the old position.
    var j = anchor.whole.upperBound
    while j < line.upperBound && (bytes[j] == 0x60 || bytes[j] == 0x29) { j += 1 }
    let after = String(decoding: bytes[j..<min(line.upperBound, j + 8)], as: UTF8.self).lowercased()
    let cue = after.hasPrefix(" is now ") ? 8 : after.hasPrefix(" now ") ? 5 : 0
    guard cue > 0 else { return false }
    // Only when another anchor follows: "`:174-179` is now a block comment" is not a move.
    var k = j + cue
    while k < line.upperBound && (bytes[k] == 0x60 || bytes[k] == 0x20) { k += 1 }
    while k < line.upperBound && isPathByte(bytes[k]) { k += 1 }
    return k + 1 < line.upperBound && bytes[k] == 0x3A && isDigit(bytes[k + 1])
}

/// The clauses of one line (between sentence ends and semicolons) that say their positions are
/// those of an earlier time: "when this entry was written", "when it was written", "at the time
/// of writing". Every anchor inside such a clause is a former position ("Both anchors sat at
/// :167 and :160 when this entry was written; later commits shifted them").
func writtenEarlierClauses(_ bytes: [UInt8], _ line: Range<Int>) -> [Range<Int>] {
    guard line.count >= 7, containsFolded(bytes, line, Array("writ".utf8)) else { return [] }
    var out: [Range<Int>] = []
    var start = line.lowerBound
    var i = line.lowerBound
    while i <= line.upperBound {
        let isEnd =
            i == line.upperBound || bytes[i] == 0x3B
            || (bytes[i] == 0x2E && (i + 1 == line.upperBound || bytes[i + 1] == 0x20))
        if isEnd {
            if start < i && marksWrittenEarlier(bytes, start..<i) { out.append(start..<i) }
            start = i + 1
        }
        i += 1
    }
    return out
}

/// True when `clause` holds "when it was written", "when this entry was written" (the words
/// between are `writingSubjects`; "were" too) or "at the time of writing".
func marksWrittenEarlier(_ bytes: [UInt8], _ clause: Range<Int>) -> Bool {
    let words = bytes[clause].split { !(isAlnum($0) || $0 >= 0x80) }.map {
        String(decoding: $0, as: UTF8.self).lowercased()
    }
    for (k, word) in words.enumerated() {
        if word == "writing", k >= 4, words[(k - 4)..<k] == ["at", "the", "time", "of"] { return true }
        guard word == "written", k >= 2, words[k - 1] == "was" || words[k - 1] == "were" else { continue }
        // "when it was written", "when this entry was written": the subject is the writing
        // itself, not "when the file was written".
        guard let when = words[max(0, k - 5)..<(k - 1)].lastIndex(of: "when") else { continue }
        if words[(when + 1)..<(k - 1)].allSatisfy(writingSubjects.contains) { return true }
    }
    return false
}

/// The words that may stand between "when" and "was written" for the clause to speak of the
/// document's own writing.
let writingSubjects: Set<String> = [
    "it", "this", "that", "the", "these", "they", "entry", "note", "adr", "page", "section", "document", "doc",
    "revision", "record", "paragraph", "text", "item", "list", "decision", "wiki", "first",
]

/// True when `needle` (lowercase ASCII) occurs in `bytes[range]`, ASCII case folded.
func containsFolded(_ bytes: [UInt8], _ range: Range<Int>, _ needle: [UInt8]) -> Bool {
    guard range.count >= needle.count, let first = needle.first else { return false }
    var i = range.lowerBound
    let last = range.upperBound - needle.count
    while i <= last {
        if bytes[i] | 0x20 == first {
            var k = 1
            while k < needle.count && bytes[i + k] | 0x20 == needle[k] { k += 1 }
            if k == needle.count { return true }
        }
        i += 1
    }
    return false
}

/// The text before `position` on its line, lowercased, without trailing spaces, backticks and `(`.
func lowercasedWordsBefore(_ bytes: [UInt8], _ line: Range<Int>, _ position: Int) -> String {
    var j = position
    while j > line.lowerBound && (bytes[j - 1] == 0x20 || bytes[j - 1] == 0x60 || bytes[j - 1] == 0x28) { j -= 1 }
    let start = max(line.lowerBound, j - 32)
    return " " + String(decoding: bytes[start..<j], as: UTF8.self).lowercased()
}

/// The code spans of each sentence of one line, found once per line (a line with many anchors
/// would otherwise be scanned once per anchor).
struct SentenceHints {
    let bytes: [UInt8]
    let line: Range<Int>
    /// Sentence ends (the `.` of ". " or a final "."), in order; filled on first use.
    private var ends: [Int]?
    private var cache: [Int: [String]] = [:]
    private var wordCache: [Int: [String]] = [:]

    init(bytes: [UInt8], line: Range<Int>) {
        self.bytes = bytes
        self.line = line
    }

    /// Code spans in the sentence around `anchor` that are not anchors themselves.
    mutating func hints(around anchor: Range<Int>) -> [String] {
        let k = sentence(around: anchor)
        if let known = cache[k] { return known }
        let spans = codeSpans(bytes, range(ofSentence: k))
        cache[k] = spans
        return spans
    }

    /// Identifier-like words the sentence around `anchor` names outside code spans
    /// (`MapAppAssociationEndpoints`, `rate_limit`), for telling files apart by their lines.
    mutating func words(around anchor: Range<Int>) -> [String] {
        let k = sentence(around: anchor)
        if let known = wordCache[k] { return known }
        let words = identifierWords(bytes, range(ofSentence: k))
        wordCache[k] = words
        return words
    }

    /// The index of the sentence around `anchor`.
    private mutating func sentence(around anchor: Range<Int>) -> Int {
        if ends == nil {
            var found: [Int] = []
            for i in line where bytes[i] == 0x2E && (i + 1 == line.upperBound || bytes[i + 1] == 0x20) {
                found.append(i)
            }
            ends = found
        }
        let ends = ends ?? []
        // The first sentence end at or after the anchor's end closes its sentence.
        var lo = 0, hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] < anchor.upperBound { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func range(ofSentence k: Int) -> Range<Int> {
        let ends = ends ?? []
        let from = k > 0 ? ends[k - 1] + 1 : line.lowerBound
        let to = k < ends.count ? ends[k] : line.upperBound
        return from..<to
    }
}

/// Words of `range` outside code spans that read as identifiers: a lowercase letter followed by
/// an uppercase one (`AndroidCertFingerprints`, `handleLogin`) or an underscore inside
/// (`rate_limit`); four characters or more; file names and anchors left out.
func identifierWords(_ bytes: [UInt8], _ range: Range<Int>) -> [String] {
    var out: [String] = []
    var i = range.lowerBound
    var inSpan = false
    while i < range.upperBound {
        let c = bytes[i]
        if c == 0x60 {
            inSpan.toggle()
            i += 1
            continue
        }
        guard !inSpan, isAlnum(c) || c == 0x5F else {
            i += 1
            continue
        }
        var j = i
        while j < range.upperBound && (isAlnum(bytes[j]) || bytes[j] == 0x5F || bytes[j] == 0x2E) { j += 1 }
        var end = j
        while end > i && bytes[end - 1] == 0x2E { end -= 1 }
        let word = bytes[i..<end]
        let followedByLine = j < range.upperBound && bytes[j] == 0x3A
        var camel = false, underscore = false
        for k in word.indices.dropFirst() {
            let previous = word[k - 1], here = word[k]
            if previous >= 0x61 && previous <= 0x7A && here >= 0x41 && here <= 0x5A { camel = true }
            if here == 0x5F && isAlnum(previous) { underscore = true }
        }
        if word.count >= 4, camel || underscore, !followedByLine, !validPath(word) {
            let text = String(decoding: word, as: UTF8.self)
            let last = text.split(separator: ".").last.map(String.init) ?? text
            if last.count >= 4 && !out.contains(last) { out.append(last) }
        }
        i = max(j, i + 1)
    }
    return out
}

/// The code spans in `range` that are not anchors (no `:`), up to 80 characters each.
func codeSpans(_ bytes: [UInt8], _ range: Range<Int>) -> [String] {
    var out: [String] = []
    var i = range.lowerBound
    let to = range.upperBound
    while i < to {
        if bytes[i] == 0x60, let close = bytes[(i + 1)..<to].firstIndex(of: 0x60) {
            let span = String(decoding: bytes[(i + 1)..<close], as: UTF8.self)
            if !span.contains(":"), !span.isEmpty, span.count <= 80, !out.contains(span) { out.append(span) }
            i = close + 1
        } else {
            i += 1
        }
    }
    return out
}
