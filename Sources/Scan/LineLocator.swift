import Foundation

/// The newlines in `base[from..<to]`: how many, and where the last one is (-1 when none).
/// Counted 64 bytes at a time into sixteen byte-wide lane counters (a compare and a subtract per
/// sixteen bytes, no branch and no population count), summed every 63 steps before a lane could
/// wrap; the last one is then looked for backwards from `to` (translation files' lines are short).
func countNewlines(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> (count: Int, last: Int) {
    var count = 0, p = from
    let raw = UnsafeRawPointer(base)
    let newline = SIMD16<UInt8>(repeating: 0x0A)
    @inline(__always) func newlineLanes(_ at: Int) -> SIMD16<UInt8> {
        // A newline's lane is all ones: subtracting the lanes adds one for each newline.
        unsafeBitCast(raw.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self) .== newline, to: SIMD16<UInt8>.self)
    }
    while to &- p >= 64 {
        var lanes = SIMD16<UInt8>()
        for _ in 0..<min((to &- p) / 64, 63) {  // a lane gains at most 4 a step: 63 steps stay below 256
            lanes &-= newlineLanes(p)
            lanes &-= newlineLanes(p &+ 16)
            lanes &-= newlineLanes(p &+ 32)
            lanes &-= newlineLanes(p &+ 48)
            p &+= 64
        }
        count &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
    }
    while p < to {
        if base[p] == 0x0A { count &+= 1 }
        p &+= 1
    }
    return (count, count == 0 ? -1 : lastNewline(base, from: from, to: to))
}

/// Where the last newline of `base[from..<to]` is, -1 when none: sixteen bytes at a time, backwards.
func lastNewline(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
    let raw = UnsafeRawPointer(base)
    let newline = SIMD16<UInt8>(repeating: 0x0A)
    var end = to
    while end &- from >= 16 {
        let found = raw.loadUnaligned(fromByteOffset: end &- 16, as: SIMD16<UInt8>.self) .== newline
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)  // a newline's lane is all ones
        if words[1] != 0 { return end &- 1 &- words[1].leadingZeroBitCount &>> 3 }
        if words[0] != 0 { return end &- 9 &- words[0].leadingZeroBitCount &>> 3 }
        end &-= 16
    }
    while end > from {
        end &-= 1
        if base[end] == 0x0A { return end }
    }
    return -1
}

/// Turns byte offsets into 1-based lines and byte columns, counting newlines only up to each hit,
/// in order. A UTF-8 BOM does not count as a column; a CR before LF is not part of the line.
/// Each byte is looked at once per needle, however many hits share one line (a minified bundle's).
struct LineLocator {
    let base: UnsafePointer<UInt8>
    let count: Int
    private var scanned = 0
    private var line = 1
    private var lineStart = 0
    /// Where the line holding `lineStart` ends (its LF, or `count`); -1 until a hit's text needs it.
    private var lineEnd = -1
    private let bomLength: Int

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        bomLength = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    }

    mutating func locate(_ offset: Int) -> (line: Int, column: Int) {
        if offset < scanned {  // needles are searched one after the other: restart for the next one
            scanned = 0
            line = 1
            lineStart = 0
            lineEnd = -1
        }
        let newlines = countNewlines(base, from: scanned, to: offset)
        if newlines.count > 0 {
            line += newlines.count
            lineStart = newlines.last + 1
            lineEnd = -1
        }
        scanned = offset
        let column = offset - lineStart + 1 - (lineStart == 0 ? bomLength : 0)
        return (line, column)
    }

    /// The line holding the match (the offset last located), without its line end; a very long
    /// line is cut around the match. Its end is searched for once per line, not once per match.
    mutating func lineText(around offset: Int, length: Int) -> String {
        var start = lineStart + (lineStart == 0 ? bomLength : 0)
        if lineEnd < offset {
            if let nl = memchr(base + offset, 0x0A, count - offset) {
                lineEnd = UnsafeRawPointer(nl).assumingMemoryBound(to: UInt8.self) - base
            } else {
                lineEnd = count
            }
        }
        var end = lineEnd
        if end > start && base[end - 1] == 0x0D { end -= 1 }
        var prefix = "", suffix = ""
        if end - start > 512 {
            if offset - start > 200 {
                start = offset - 200
                prefix = "…"
            }
            if end - (offset + length) > 200 {
                end = offset + length + 200
                suffix = "…"
            }
        }
        return prefix + String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
            + suffix
    }
}
