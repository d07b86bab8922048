import Testing

@testable import Scan

/// A file is lexed only up to its last occurrence: the comments found up to any byte are the
/// first comments of the whole file, every one that starts at or before that byte among them.
@Suite struct CommentLimitTests {
    static let samples: [(name: String, text: String)] = [
        (
            "Links.cs",
            """
            const string A = "https://host.com/x"; // host.com
            /* block
               host.com */ var b = @"C:\\x"" // not a comment";
            /// <summary>host.com</summary>
            var t = \"\"\"
                // inside a raw string
                \"\"\";

            """
        ),
        (
            "ci.yml",
            """
            # host.com
            run: |
              echo "# not a comment" host.com
            url: 'https://host.com/#x' # trailing
            key: "a # b" # c

            """
        ),
        ("strings.xml", "<a href=\"<!-- x -->\"><!-- host.com --><![CDATA[<!-- no -->]]><!-- end -->\n"),
        (".gitignore", "# host.com\n  # indented\nx # not\n"),
        ("tool.py", "'''doc # not'''\nx = 1  # host.com\n\"# no\" # yes\n"),
    ]

    @Test func commentsThroughALimitAreTheFirstOfTheWholeFile() throws {
        for (name, text) in Self.samples {
            let syntax = try #require(CommentSyntax.forFile(name))
            let bytes = Array(text.utf8)
            let whole = syntax.comments(in: bytes)
            #expect(whole.count >= 2, "\(name)")
            for limit in 0...bytes.count {
                let upTo = syntax.comments(in: bytes, through: limit)
                #expect(upTo == Array(whole.prefix(upTo.count)), "\(name) through \(limit)")
                #expect(upTo.count >= whole.filter { $0.start <= limit }.count, "\(name) through \(limit)")
                #expect(comment(at: limit, in: upTo) == comment(at: limit, in: whole), "\(name) at \(limit)")
            }
        }
    }

    /// The lexer steps over code 16 bytes at a time to the next quote or comment opener: the same
    /// comments, shifted, whatever code stands before them, and wherever an opener falls in a
    /// 16-byte step (first or last byte of one, across two, in the bytes after the last full step).
    @Test func commentsAreTheSameWhereverTheOpenersFallInTheStep() throws {
        let syntax = try #require(CommentSyntax.forFile("Links.cs"))
        let text = Array(Self.samples[0].text.utf8)
        let whole = syntax.comments(in: text)
        for pad in 0...40 {
            let code = Array(repeating: UInt8(ascii: "x"), count: pad)
            let shifted = syntax.comments(in: code + text).map {
                CommentSpan(start: $0.start - pad, end: $0.end - pad, form: $0.form)
            }
            #expect(shifted == whole, "after \(pad) bytes of code")
        }
        for length in 1...40 {
            for at in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                bytes[at] = UInt8(ascii: "/")
                if at + 1 < length { bytes[at + 1] = UInt8(ascii: "/") }
                let found = syntax.comments(in: bytes)
                #expect(found.map(\.start) == (at + 1 < length ? [at] : []), "`//` at \(at) of \(length)")
            }
        }
    }
}
