/// Historical cues and code-span hints around anchors, for `AnchorFinder`.

// MARK: - Historical forms and hints

/// Words before an anchor that mark it as a superseded position cited on purpose.
let historicalCues = [
    "from", "was", "were", "previously cited", "previously at", "previously", "formerly at", "formerly",
    "used to sit at", "used to be at", "sat at", "not", "instead of", "old",
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

    init(bytes: [UInt8], line: Range<Int>) {
        self.bytes = bytes
        self.line = line
    }

    /// Code spans in the sentence around `anchor` that are not anchors themselves.
    mutating func hints(around anchor: Range<Int>) -> [String] {
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
        if let known = cache[lo] { return known }
        let from = lo > 0 ? ends[lo - 1] + 1 : line.lowerBound
        let to = lo < ends.count ? ends[lo] : line.upperBound
        let spans = codeSpans(bytes, from..<to)
        cache[lo] = spans
        return spans
    }
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
