import Foundation

/// Finds the comments of a C-like file (C#, Kotlin, Java, Swift, Objective-C, JavaScript,
/// TypeScript, Groovy, Go, Rust, Bicep, Terraform, JSONC), stepping over string literals so that
/// `"https://host/x" // host` holds one string and one comment.
struct CLikeLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: CLikeOptions
    private(set) var comments: [CommentSpan] = []
    private var i = 0

    /// Bit b: byte b (below 128) can start a comment or a string in this language.
    private let starts: (low: UInt64, high: UInt64)
    /// The same bytes, each repeated across 16 lanes (six slots; unused ones repeat `/`), so
    /// `nextStart` steps over plain code 16 bytes at a time. Values, not a list: a lexer is made
    /// for every file with an occurrence, and its lists were most of its cost.
    private let lanes: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ options: CLikeOptions) {
        self.bytes = bytes
        self.options = options
        // Slots beyond the language's marks repeat `/`.
        var marks = SIMD8<UInt8>(repeating: UInt8(ascii: "/"))
        marks[1] = UInt8(ascii: "\"")
        var count = 2
        func add(_ mark: Unicode.Scalar, when wanted: Bool) {
            guard wanted else { return }
            marks[count] = UInt8(ascii: mark)
            count += 1
        }
        add("#", when: options.hashComments)
        add("'", when: options.singleQuotes)
        add("`", when: options.backticks)
        add("@", when: options.verbatim)
        var low: UInt64 = 0, high: UInt64 = 0
        for k in 0..<count {
            let mark = marks[k]
            if mark < 64 { low |= 1 << UInt64(mark) } else { high |= 1 << UInt64(mark - 64) }
        }
        starts = (low, high)
        lanes = (
            SIMD16(repeating: marks[0]), SIMD16(repeating: marks[1]), SIMD16(repeating: marks[2]),
            SIMD16(repeating: marks[3]), SIMD16(repeating: marks[4]), SIMD16(repeating: marks[5])
        )
    }

    /// The first byte at or after `from`, before `end`, that can start a comment or a string
    /// (`end` when none): the bytes in between are code the lexer only steps over.
    private func nextStart(from: Int, end: Int) -> Int {
        var k = from
        if let base = bytes.baseAddress, end - k >= 16 {
            let raw = UnsafeRawPointer(base)
            let (m0, m1, m2, m3, m4, m5) = lanes
            while k <= end - 16 {
                let v = raw.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self)
                let hit = (v .== m0) .| (v .== m1) .| (v .== m2) .| (v .== m3) .| (v .== m4) .| (v .== m5)
                // A matching lane is all ones: the lowest set byte of the two halves is the first.
                let words = unsafeBitCast(hit, to: SIMD2<UInt64>.self)
                if words[0] != 0 { return k + words[0].trailingZeroBitCount >> 3 }
                if words[1] != 0 { return k + 8 + words[1].trailingZeroBitCount >> 3 }
                k += 16
            }
        }
        while k < end {
            let b = bytes[k]
            if b < 64 ? (starts.low >> UInt64(b)) & 1 != 0 : b < 128 && (starts.high >> UInt64(b - 64)) & 1 != 0 {
                return k
            }
            k += 1
        }
        return end
    }

    private func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    private func starts(_ text: String, at k: Int) -> Bool {
        var p = k
        for c in text.utf8 {
            if at(p) != c { return false }
            p += 1
        }
        return true
    }

    /// The comments that start at or before byte `limit`, in file order.
    mutating func run(through limit: Int = .max) -> [CommentSpan] {
        let end = limit < bytes.count ? limit + 1 : bytes.count
        while i < bytes.count && i <= limit {
            i = nextStart(from: i, end: end)
            guard i < end else { break }
            let b = bytes[i]
            if b == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "/") && options.lineComments {
                lineComment(form: lineForm())
            } else if b == UInt8(ascii: "#") && options.hashComments {
                lineComment(form: "`#` comment")
            } else if b == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") {
                blockComment()
            } else if b == UInt8(ascii: "\"") || (b == UInt8(ascii: "'") && (options.singleQuotes)) {
                quoted(b)
            } else if b == UInt8(ascii: "`") && options.backticks {
                skipString(closing: [b], escapes: true, stopAtLineEnd: false, doubledQuote: false)
            } else if b == UInt8(ascii: "@") && options.verbatim && verbatimStart() {
                continue
            } else {
                i += 1
            }
        }
        return comments
    }

    private func lineForm() -> String {
        if options.docComments && at(i + 2) == UInt8(ascii: "/") && at(i + 3) != UInt8(ascii: "/") {
            return "`///` doc comment"
        }
        return "`//` comment"
    }

    private mutating func lineComment(form: String) {
        let start = i
        if let base = bytes.baseAddress, let end = memchr(base + i, 0x0A, bytes.count - i) {
            i = base.distance(to: end.assumingMemoryBound(to: UInt8.self))
        } else {
            i = bytes.count
        }
        comments.append(CommentSpan(start: start, end: i, form: form))
    }

    private mutating func blockComment() {
        let start = i
        let doc = options.docComments && at(i + 2) == UInt8(ascii: "*") && at(i + 3) != UInt8(ascii: "/")
        i += 2
        var depth = 1
        while i < bytes.count && depth > 0 {
            if bytes[i] == UInt8(ascii: "*") && at(i + 1) == UInt8(ascii: "/") {
                depth -= 1
                i += 2
            } else if options.nestedBlocks && bytes[i] == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") {
                depth += 1
                i += 2
            } else {
                i += 1
            }
        }
        comments.append(CommentSpan(start: start, end: i, form: doc ? "`/** */` doc comment" : "`/* */` comment"))
    }

    /// A `"` or `'` literal: triple-quoted where the language has them, else to the closing quote
    /// (an unclosed one ends at the line end, so one stray quote cannot hide the rest of the file).
    private mutating func quoted(_ quote: UInt8) {
        if options.tripleQuotes && at(i + 1) == quote && at(i + 2) == quote {
            let start = i
            while i < bytes.count && bytes[i] == quote { i += 1 }
            let opening = i - start
            if opening == 2 { return }  // `""`: an empty string
            skipUntilRun(of: quote, count: min(opening, 3))
            return
        }
        skipString(closing: [quote], escapes: true, stopAtLineEnd: true, doubledQuote: false)
    }

    /// C# `@"..."`, `$@"..."`, `@$"..."`: `""` is a quote, backslashes are plain. True when one was skipped.
    private mutating func verbatimStart() -> Bool {
        if at(i + 1) == UInt8(ascii: "\"") {
            i += 1
        } else if at(i + 1) == UInt8(ascii: "$") && at(i + 2) == UInt8(ascii: "\"") {
            i += 2
        } else {
            i += 1
            return true
        }
        skipString(closing: [UInt8(ascii: "\"")], escapes: false, stopAtLineEnd: false, doubledQuote: true)
        return true
    }

    /// Skips a string opening at `i`; `i` ends after its closing quote.
    private mutating func skipString(closing: [UInt8], escapes: Bool, stopAtLineEnd: Bool, doubledQuote: Bool) {
        let quote = closing[0]
        i += 1
        while i < bytes.count {
            let b = bytes[i]
            if escapes && b == UInt8(ascii: "\\") {
                i += 2
            } else if b == quote {
                if doubledQuote && at(i + 1) == quote {
                    i += 2
                    continue
                }
                i += 1
                return
            } else if stopAtLineEnd && b == 0x0A {
                return
            } else {
                i += 1
            }
        }
    }

    private mutating func skipUntilRun(of quote: UInt8, count: Int) {
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if bytes[i] == quote && (0..<count).allSatisfy({ at(i + $0) == quote }) {
                i += count
                while i < bytes.count && bytes[i] == quote { i += 1 }  // `""""` closes with a quote in the text
                return
            }
            i += 1
        }
    }
}
