import Git

/// Where a block of lines went through one diff.
struct MappedRange: Equatable {
    /// The new first and last line (1-based).
    var start: Int
    var end: Int
    /// True when no line of the block was inside a hunk: same text, perhaps other lines.
    var intact: Bool
}

/// Where a line lands on the other side of a diff.
enum HunkPosition {
    /// Outside every hunk: its line on the other side.
    case shifted(Int)
    /// Inside this hunk: changed or removed.
    case inside(DiffHunk)
}

/// Follows `line` of the old side (the new side with `reverse`) through `hunks` (no context lines).
func position(of line: Int, through hunks: [DiffHunk], reverse: Bool = false) -> HunkPosition {
    var delta = 0
    for hunk in hunks {
        let (fromStart, fromLines, toLines) =
            reverse ? (hunk.newStart, hunk.newLines, hunk.oldLines) : (hunk.oldStart, hunk.oldLines, hunk.newLines)
        if fromLines == 0 {
            // Lines added on the other side after line `fromStart`.
            if fromStart < line { delta += toLines } else { break }
            continue
        }
        if line > fromStart + fromLines - 1 {
            delta += toLines - fromLines
            continue
        }
        if line >= fromStart { return .inside(hunk) }
        break
    }
    return .shifted(line + delta)
}

/// Maps lines `start...end` of the old side through `hunks` (no context lines). When a line of the
/// block is inside a hunk, the result is where the block would be expected, and not intact.
func mapRange(_ start: Int, _ end: Int, through hunks: [DiffHunk]) -> MappedRange {
    var intact = true
    func map(_ line: Int, isEnd: Bool) -> Int {
        switch position(of: line, through: hunks) {
        case .shifted(let mapped):
            return mapped
        case .inside(let hunk):
            intact = false
            if hunk.newLines == 0 { return max(1, hunk.newStart + (isEnd ? 0 : 1)) }
            return isEnd ? hunk.newStart + hunk.newLines - 1 : hunk.newStart
        }
    }
    let newStart = map(start, isEnd: false)
    var newEnd = map(end, isEnd: true)
    // A hunk anywhere inside the block touches it, and so do lines inserted strictly inside it.
    for hunk in hunks {
        if hunk.oldLines == 0 {
            if hunk.oldStart >= start && hunk.oldStart < end { intact = false }
        } else if hunk.oldStart <= end && hunk.oldStart + hunk.oldLines - 1 >= start {
            intact = false
        }
    }
    if newEnd < newStart { newEnd = newStart }
    return MappedRange(start: newStart, end: newEnd, intact: intact)
}

/// How a block was found again by content.
struct ContentMatch: Equatable {
    enum Kind { case exact, whitespace, similar }
    var start: Int
    var end: Int
    var kind: Kind
    var confidence: Double
}

/// The lines of one blob, with what the content search needs precomputed.
final class BlobLines {
    let lines: [String]
    private(set) lazy var squeezed: [String] = lines.map(squeeze)
    /// Each line's identifiers as dense ids (0..<tokenCount), and the id of each identifier hash.
    private(set) lazy var tokens: (lines: [[Int32]], count: Int, ids: [Int: Int32]) = {
        var ids: [Int: Int32] = [:]
        let perLine = lines.map { line in
            identifierTokens(line).map { hash in
                if let id = ids[hash] { return id }
                let id = Int32(ids.count)
                ids[hash] = id
                return id
            }
        }
        return (perLine, ids.count, ids)
    }()

    init(_ bytes: [UInt8]) {
        var out: [String] = []
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 0x0A {
            let stop = i > start && bytes[i - 1] == 0x0D ? i - 1 : i
            out.append(String(decoding: bytes[start..<stop], as: UTF8.self))
            start = i + 1
        }
        if start < bytes.count { out.append(String(decoding: bytes[start...], as: UTF8.self)) }
        lines = out
    }

    var count: Int { lines.count }

    /// Lines `start...end` (1-based), clamped to the file.
    func block(_ start: Int, _ end: Int) -> ArraySlice<String> {
        let lo = max(0, start - 1), hi = min(lines.count, end)
        return lo < hi ? lines[lo..<hi] : []
    }
}

/// The text without ASCII whitespace, for whitespace-insensitive comparison.
func squeeze(_ s: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(s.utf8.count)
    for b in s.utf8 where b != 0x20 && b != 0x09 && b != 0x0D && b != 0x0B && b != 0x0C { bytes.append(b) }
    return String(decoding: bytes, as: UTF8.self)
}

/// The distinct identifiers and numbers of a line, as 64-bit FNV-1a hashes of their bytes.
func identifierTokens(_ s: String) -> [Int] {
    var out: [Int] = []
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var inWord = false
    func finish() {
        if inWord, !out.contains(Int(bitPattern: UInt(hash))) { out.append(Int(bitPattern: UInt(hash))) }
        hash = 0xcbf2_9ce4_8422_2325
        inWord = false
    }
    for b in s.utf8 {
        if isAlnum(b) || b == 0x5F || b >= 0x80 {
            hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3
            inWord = true
        } else {
            finish()
        }
    }
    finish()
    return out
}

/// Finds the block `old` in `target`: exactly, then ignoring whitespace, then (unless `similar` is
/// false) by similarity of identifiers (at least half alike); nearest `expected` wins among
/// equals. Hints (identifiers the document names beside the anchor) raise a window that holds them.
func findByContent(
    _ old: ArraySlice<String>, in target: BlobLines, expected: Int, lengths: [Int], hints: [String],
    similar: Bool = true
) -> ContentMatch? {
    let n = old.count
    guard n > 0, target.count > 0 else { return nil }
    func nearest(_ positions: [Int]) -> Int? { positions.min { abs($0 - expected) < abs($1 - expected) } }
    if n <= target.count {
        let first = old.first!
        var hits: [Int] = []
        for p in 0...(target.count - n) where target.lines[p] == first && target.lines[p..<(p + n)].elementsEqual(old) {
            hits.append(p + 1)
        }
        if let p = nearest(hits) { return ContentMatch(start: p, end: p + n - 1, kind: .exact, confidence: 1) }
        let squeezedOld = old.map(squeeze)
        hits = []
        for p in 0...(target.count - n) where target.squeezed[p..<(p + n)].elementsEqual(squeezedOld) {
            hits.append(p + 1)
        }
        if let p = nearest(hits) { return ContentMatch(start: p, end: p + n - 1, kind: .whitespace, confidence: 0.95) }
    }
    guard similar else { return nil }
    let oldTokens = old.reduce(into: Set<Int>()) { $0.formUnion(identifierTokens($1)) }
    guard !oldTokens.isEmpty else { return nil }
    var best: (score: Double, start: Int, length: Int)?
    // How many target lines before each line hold a hint: every line searched once (bytes, not
    // Foundation), and a window asks in constant time.
    var hinted = [Int](repeating: 0, count: target.count + 1)
    if !hints.isEmpty {
        for (i, line) in target.lines.enumerated() {
            hinted[i + 1] = hinted[i] + (hints.contains { lineContains(line, $0) } ? 1 : 0)
        }
    }
    for length in Set(lengths.filter { $0 >= 1 && $0 <= target.count }).sorted() {
        // Token counts of the sliding window, with the number of distinct tokens and of shared ones.
        let dense = target.tokens
        var inOld = [Bool](repeating: false, count: dense.count)
        for t in oldTokens { if let id = dense.ids[t] { inOld[Int(id)] = true } }
        var window = [Int32](repeating: 0, count: dense.count)
        var size = 0, common = 0
        func add(_ i: Int, _ d: Int32) {
            for t in dense.lines[i] {
                let id = Int(t)
                let before = window[id]
                let after = before + d
                window[id] = after
                if before == 0 && after > 0 {
                    size += 1
                    if inOld[id] { common += 1 }
                } else if before > 0 && after == 0 {
                    size -= 1
                    if inOld[id] { common -= 1 }
                }
            }
        }
        for i in 0..<length { add(i, 1) }
        for p in 0...(target.count - length) {
            if p > 0 {
                add(p - 1, -1)
                add(p + length - 1, 1)
            }
            var score = 2 * Double(common) / Double(size + oldTokens.count)
            if hinted[p + length] > hinted[p] {
                score = min(1, score + 0.1)
            }
            let start = p + 1
            if best == nil || score > best!.score + 1e-9
                || abs(score - best!.score) <= 1e-9 && abs(start - expected) < abs(best!.start - expected)
            {
                best = (score, start, length)
            }
        }
    }
    guard let best, best.score >= 0.5 else { return nil }
    return ContentMatch(
        start: best.start, end: best.start + best.length - 1, kind: .similar,
        confidence: (best.score * 0.9 * 100).rounded() / 100)
}

/// True when `needle` occurs in `line`, compared as UTF-8 bytes (no Foundation string search).
func lineContains(_ line: String, _ needle: String) -> Bool {
    var line = line, needle = needle
    return line.withUTF8 { h in
        needle.withUTF8 { w in
            guard let first = w.first, w.count <= h.count else { return w.isEmpty }
            var i = 0
            let last = h.count - w.count
            while i <= last {
                if h[i] == first {
                    var k = 1
                    while k < w.count && h[i + k] == w[k] { k += 1 }
                    if k == w.count { return true }
                }
                i += 1
            }
            return false
        }
    }
}

/// True when lines `start...end` hold nothing worth citing: blank, braces, or doc-comment tags.
func isTrivialBlock(_ block: ArraySlice<String>) -> Bool {
    block.allSatisfy(isTrivialLine)
}

/// True for a line with nothing to cite: blank, only braces and punctuation, only comment
/// markers (`//`, `/*`, ` */`, `#`, `<!-- -->`), or a doc-comment line holding only a tag.
func isTrivialLine(_ line: String) -> Bool {
    var t = Substring(line.trimmingWhitespace())
    if t.isEmpty { return true }
    if t.allSatisfy({ "{}()[];,/*#<>!-".contains($0) }) { return true }
    // A doc-comment line holding only a tag: `/// <summary>`, `/// </summary>`, `/// <remarks>`.
    guard t.hasPrefix("///") else { return false }
    t = t.dropFirst(3).drop(while: { $0 == " " })
    if t.isEmpty { return true }
    if t.hasPrefix("<"), t.hasSuffix(">"), !t.dropFirst().dropLast().contains(where: { $0 == "<" || $0 == ">" }) {
        return true
    }
    return false
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// A block whose lines a diff replaced one for one where they stood (a host rewritten, a value
/// changed): the diff itself places it, so it is `changed` there rather than `lost`.
struct InPlaceEdit: Equatable {
    var start: Int
    var end: Int
    /// The mean over the block's lines: 1 for a line kept, the kept frame's share for an edited one.
    var similarity: Double
}

/// The block `start...end` (its lines `old`) edited in place by `hunks` into `new`, or nil. Every
/// hunk that touches the block must replace lines inside it one for one (no line added or
/// removed), and every edited line must keep its frame: the common prefix and suffix of the old
/// and new line hold a letter or digit and cover at least half of the shorter line. A block cut
/// out and unrelated lines put in its place fails that test and stays `lost`.
func editedInPlace(
    _ start: Int, _ end: Int, through hunks: [DiffHunk], old: ArraySlice<String>, new: BlobLines
) -> InPlaceEdit? {
    guard old.count == end - start + 1 else { return nil }
    var touching: [DiffHunk] = []
    for hunk in hunks {
        if hunk.oldLines == 0 {
            if hunk.oldStart >= start && hunk.oldStart < end { return nil }
        } else if hunk.oldStart <= end && hunk.oldStart + hunk.oldLines - 1 >= start {
            guard hunk.oldLines == hunk.newLines, hunk.oldStart >= start, hunk.oldStart + hunk.oldLines - 1 <= end
            else { return nil }
            touching.append(hunk)
        }
    }
    guard !touching.isEmpty else { return nil }
    let mapped = mapRange(start, end, through: hunks)
    guard mapped.end - mapped.start == end - start, mapped.end <= new.count else { return nil }
    var total = Double(end - start + 1 - touching.reduce(0) { $0 + $1.oldLines })
    for hunk in touching {
        for k in 0..<hunk.oldLines {
            let before = old[old.startIndex + hunk.oldStart - start + k]
            let after = new.lines[hunk.newStart - 1 + k]
            guard let kept = keptFrame(before, after) else { return nil }
            total += kept
        }
    }
    return InPlaceEdit(start: mapped.start, end: mapped.end, similarity: total / Double(end - start + 1))
}

/// The share of the shorter line that `a` and `b` have in common at their start and end, when it
/// is at least half and holds a letter or digit; nil otherwise.
func keptFrame(_ a: String, _ b: String) -> Double? {
    let x = Array(a.utf8), y = Array(b.utf8)
    let shorter = min(x.count, y.count)
    guard shorter > 0 else { return nil }
    var prefix = 0
    while prefix < shorter && x[prefix] == y[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
    func alphanumeric(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39 }
    }
    guard alphanumeric(x[..<prefix]) || alphanumeric(x[(x.count - suffix)...]) else { return nil }
    let share = Double(prefix + suffix) / Double(shorter)
    return share >= 0.5 ? share : nil
}
