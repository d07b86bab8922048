import Foundation

/// The comments of an XML-like file: `<!-- -->` outside tags and CDATA, `.resx` `<comment>`
/// elements (the resource compiler drops them), and Razor `@* *@`. One pass that allocates
/// nothing per byte: text between tags is skipped with `memchr`-like scans for `<` (and `@`).
func markupComments(
    _ bytes: UnsafeBufferPointer<UInt8>, resx: Bool, razor: Bool, through limit: Int
) -> [CommentSpan] {
    // Plain XML has one comment form: without a `<!--` up to the last occurrence (many
    // translation files have none) there is nothing to lex.
    if !resx && !razor && !holdsCommentOpener(bytes, before: limit < bytes.count - 4 ? limit + 4 : bytes.count) {
        return []
    }
    var lexer = MarkupLexer(buffer: bytes, resx: resx, razor: razor)
    return lexer.run(through: limit)
}

/// True when `<!--` starts in `bytes[..<end]`: `memchr` for its `!`, rare in markup (every tag
/// has a `<`).
private func holdsCommentOpener(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
    guard let base = bytes.baseAddress, end >= 4 else { return false }
    var at = 1
    while at <= end - 3, let hit = memchr(base + at, 0x21, end - 2 - at) {
        let k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        if base[k - 1] == 0x3C && base[k + 1] == 0x2D && base[k + 2] == 0x2D { return true }
        at = k + 1
    }
    return false
}

/// The markup lexer's state over one file's bytes.
private struct MarkupLexer {
    let buffer: UnsafeBufferPointer<UInt8>
    let resx: Bool
    let razor: Bool
    var i = 0
    var comments: [CommentSpan] = []

    init(buffer: UnsafeBufferPointer<UInt8>, resx: Bool, razor: Bool) {
        self.buffer = buffer
        self.resx = resx
        self.razor = razor
    }

    private var n: Int { buffer.count }
    private func at(_ k: Int) -> UInt8 { k < n ? buffer[k] : 0 }

    /// True when the bytes at `k` are `text`, ASCII letters compared case-insensitively (`text` lower-case).
    private func starts(_ text: StaticString, _ k: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard k + count <= n else { return false }
        let p = text.utf8Start
        for j in 0..<count {
            let b = buffer[k + j]
            if ((b &- 0x41) < 26 ? b | 0x20 : b) != p[j] { return false }
        }
        return true
    }

    /// Moves `i` past the next `end` (or to the end of the file), scanning for its first byte.
    private mutating func skip(past end: StaticString) {
        let first = end.utf8Start[0]
        while i < n {
            if buffer[i] == first && starts(end, i) {
                i += end.utf8CodeUnitCount
                return
            }
            i += 1
        }
    }

    /// The next `<` (or `@` in Razor) at or after `i`, else the end.
    private func nextMark(from k: Int) -> Int {
        guard k < n, let base = buffer.baseAddress else { return n }
        if !razor {
            guard let hit = memchr(base + k, 0x3C, n - k) else { return n }
            return UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
        }
        var k = k
        while k < n {
            let b = buffer[k]
            if b == 0x3C || (razor && b == 0x40) { return k }
            k += 1
        }
        return n
    }

    mutating func run(through limit: Int) -> [CommentSpan] {
        while i < n && i <= limit {
            i = nextMark(from: i)
            guard i < n && i <= limit else { break }
            let start = i
            // Most marks open a plain tag (`<string`, `</string>`): only `<!`, `<c` (resx) and `@` need a closer look.
            let next = at(i + 1) | 0x20
            if buffer[i] == UInt8(ascii: "<") && next != UInt8(ascii: "!") | 0x20
                && !(resx && next == UInt8(ascii: "c"))
            {
                i += 1
                skipTag()
            } else if starts("<!--", i) {
                skip(past: "-->")
                comments.append(CommentSpan(start: start, end: i, form: "XML comment `<!-- -->`"))
            } else if starts("<![cdata[", i) {
                skip(past: "]]>")
            } else if resx && starts("<comment", i) && (at(i + 8) == UInt8(ascii: ">") || at(i + 8) == 0x20) {
                skip(past: "</comment>")
                comments.append(CommentSpan(start: start, end: i, form: "resx `<comment>` element"))
            } else if razor && buffer[i] == UInt8(ascii: "@") && at(i + 1) == UInt8(ascii: "*") {
                skip(past: "*@")
                comments.append(CommentSpan(start: start, end: i, form: "Razor `@* *@` comment"))
            } else if buffer[i] == UInt8(ascii: "<") {
                i += 1
                skipTag()
            } else {
                i += 1
            }
        }
        return comments
    }

    /// Skips the rest of a tag, its quoted attribute values included (a `<!--` inside one is text).
    private mutating func skipTag() {
        guard let base = buffer.baseAddress else { return }
        while i < n {
            let b = buffer[i]
            i += 1
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                // The closing quote, found with memchr: attribute values hold no markup.
                guard let end = memchr(base + i, Int32(b), n - i) else {
                    i = n
                    return
                }
                i = UnsafeRawPointer(end).assumingMemoryBound(to: UInt8.self) - base + 1
            } else if b == UInt8(ascii: ">") {
                return
            }
        }
    }
}

/// The comments of a file where a marker starts a comment only at the start of a line (after
/// white space): `.gitignore`, `.editorconfig`, `.ini`, `.properties`, `CODEOWNERS`.
func lineStartComments(_ bytes: UnsafeBufferPointer<UInt8>, markers: [UInt8], through limit: Int) -> [CommentSpan] {
    var comments: [CommentSpan] = []
    var i = 0
    var atLineStart = true
    while i < bytes.count && i <= limit {
        let b = bytes[i]
        if b == 0x0A {
            atLineStart = true
        } else if atLineStart && (b == 0x20 || b == 0x09) {
            // indentation
        } else if atLineStart && markers.contains(b) {
            let start = i
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            let marker = String(decoding: [b], as: UTF8.self)
            comments.append(CommentSpan(start: start, end: i, form: "`\(marker)` comment"))
            continue
        } else {
            atLineStart = false
        }
        i += 1
    }
    return comments
}

/// The comments of a `#` language: YAML, shell, Python, TOML, Ruby, Dockerfile, `.env`,
/// server configuration. Quoted strings hold no comments; nor do YAML block scalars.
func hashComments(_ bytes: UnsafeBufferPointer<UInt8>, _ options: HashOptions, through limit: Int) -> [CommentSpan] {
    var comments: [CommentSpan] = []
    var i = 0
    let n = bytes.count
    var blockIndent: Int?  // inside a YAML block scalar: lines indented deeper than this are text
    while i < n && i <= limit {
        let lineStart = i
        var indent = 0
        while i < n && (bytes[i] == 0x20 || bytes[i] == 0x09) {
            indent += 1
            i += 1
        }
        let blank = i >= n || bytes[i] == 0x0A || bytes[i] == 0x0D
        if let block = blockIndent, blank || indent > block {
            while i < n && bytes[i] != 0x0A { i += 1 }
            i += 1
            continue
        }
        blockIndent = nil
        let opensBlock = scanHashLine(bytes, &i, lineStart: lineStart, options, &comments)
        if options.yaml && opensBlock { blockIndent = indent }
        i += 1
    }
    return comments
}

/// Scans one line from `i` to its end (`i` ends on the newline); true when the line ends with a
/// YAML block scalar indicator (`key: |`, `- >-`).
private func scanHashLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, lineStart: Int, _ options: HashOptions,
    _ comments: inout [CommentSpan]
) -> Bool {
    let n = bytes.count
    func at(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
    var lastSignificant: UInt8 = 0
    var secondLast: UInt8 = 0
    while i < n && bytes[i] != 0x0A {
        let b = bytes[i]
        let previous = i > lineStart ? bytes[i - 1] : 0x20
        if b == UInt8(ascii: "#") && (!options.afterSpaceOnly || previous == 0x20 || previous == 0x09) {
            let start = i
            while i < n && bytes[i] != 0x0A { i += 1 }
            comments.append(CommentSpan(start: start, end: i, form: "`#` comment"))
            break
        }
        if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && opensString(bytes, at: i, lineStart, options) {
            if options.tripleQuotes && at(i + 1) == b && at(i + 2) == b {
                i += 3
                while i < n && !(bytes[i] == b && at(i + 1) == b && at(i + 2) == b) { i += 1 }
                i = min(n, i + 3)
                continue
            }
            i += 1
            while i < n && bytes[i] != b && bytes[i] != 0x0A {
                if b == UInt8(ascii: "\"") && bytes[i] == UInt8(ascii: "\\") { i += 1 }
                i += 1
            }
            if i < n && bytes[i] == b { i += 1 }
            continue
        }
        if b != 0x20 && b != 0x09 && b != 0x0D {
            secondLast = lastSignificant
            lastSignificant = b
        }
        i += 1
    }
    let indicator = lastSignificant == UInt8(ascii: "|") || lastSignificant == UInt8(ascii: ">")
    let modified =
        (lastSignificant == UInt8(ascii: "-") || lastSignificant == UInt8(ascii: "+"))
        && (secondLast == UInt8(ascii: "|") || secondLast == UInt8(ascii: ">"))
    return indicator || modified
}

/// In YAML a quote opens a string only where a scalar starts (`key: 'x'`, `- "x"`, `[`, `,`);
/// `Don't` in a plain scalar is an apostrophe. Elsewhere every quote opens one.
private func opensString(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ lineStart: Int, _ options: HashOptions)
    -> Bool
{
    guard options.yaml else { return true }
    var k = i - 1
    while k >= lineStart && (bytes[k] == 0x20 || bytes[k] == 0x09) { k -= 1 }
    if k < lineStart { return true }
    return [":", "-", "[", "{", ",", "?"].contains { bytes[k] == UInt8(ascii: $0) }
}

extension CommentSyntax {
    /// The comments of `bytes` in this syntax, in file order: every one that starts at or before
    /// byte `limit` (the last occurrence: a comment that starts after it holds none), so a
    /// file is lexed only as far as its occurrences need.
    func comments(in bytes: [UInt8], through limit: Int = .max) -> [CommentSpan] {
        bytes.withUnsafeBufferPointer { comments(in: $0, through: limit) }
    }

    /// `comments(in:through:)` over bytes the caller holds (a scan worker's read buffer): no copy.
    func comments(in bytes: UnsafeBufferPointer<UInt8>, through limit: Int = .max) -> [CommentSpan] {
        switch family {
        case .markup(let resx, let razor): return markupComments(bytes, resx: resx, razor: razor, through: limit)
        case .cLike(let options):
            var lexer = CLikeLexer(bytes, options)
            return lexer.run(through: limit)
        case .hash(let options): return hashComments(bytes, options, through: limit)
        case .lineStart(let markers): return lineStartComments(bytes, markers: markers, through: limit)
        }
    }
}

/// The comment holding byte `offset`, if any (`comments` in file order, not overlapping).
func comment(at offset: Int, in comments: [CommentSpan]) -> CommentSpan? {
    var lo = 0, hi = comments.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if comments[mid].end <= offset { lo = mid + 1 } else { hi = mid }
    }
    return lo < comments.count && comments[lo].start <= offset ? comments[lo] : nil
}
