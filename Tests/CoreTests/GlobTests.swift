import Testing

@testable import RelopsCore

/// The compiled glob matcher: the same answers as the backtracking matcher it replaced, and
/// bounded work on the patterns that made that one run for minutes.
@Suite struct GlobTests {
    /// Short patterns run as one word's bits, long ones (past 31 steps) state by state: a prefix
    /// of 32 bytes on both sides puts each generated case through the other way too.
    @Test(arguments: ["", String(repeating: "p/", count: 16)])
    func agreesWithTheBacktrackingMatcherOnGeneratedPatternsAndPaths(prefix: String) {
        var random = SplitMix(seed: 39)
        let patternParts = ["a", "b", "/", "*", "**", "**/", "?", ".md", "ab"]
        let pathParts = ["a", "b", "/", ".md", "ab", "x"]
        var checked = 0, matched = 0
        for _ in 0..<3000 {
            let pattern = (0..<random.next(upTo: 7)).map { _ in patternParts[random.next(upTo: patternParts.count)] }
                .joined()
            let glob = Glob(prefix + pattern)
            for _ in 0..<20 {
                let path = (0..<random.next(upTo: 9)).map { _ in pathParts[random.next(upTo: pathParts.count)] }
                    .joined()
                let expected = BacktrackingGlob.matches(prefix + pattern, prefix + path)
                #expect(glob.matches(prefix + path) == expected, "pattern \"\(prefix + pattern)\", path \"\(path)\"")
                checked += 1
                if expected { matched += 1 }
            }
        }
        #expect(checked == 60_000)
        #expect(matched > 1000, "the generated cases should match often enough to compare both answers")
    }

    /// A shared glob is the glob of its pattern, whether it was compiled for this call, kept
    /// from an earlier one, or made once the kept ones reached their limit.
    @Test func aSharedGlobMatchesAsItsPatternDoes() {
        let paths = ["Resources/Raw/a.json", "Resources/x.png", "a/b.md", "b.md", "Docs", "Docs/a"]
        for pattern in ["Resources/Raw/**", "**/*.md", "Docs/*", "Resources/Raw/**"] {
            let shared = Glob.shared(pattern)
            #expect(shared == Glob(pattern) && shared.pattern == pattern)
            #expect(paths.map(shared.matches) == paths.map(Glob(pattern).matches), "\(pattern)")
        }
        for n in 0..<(Glob.sharedLimit + 10) { _ = Glob.shared("limit/\(n)/**") }
        let late = Glob.shared("past/the/limit/*.md")
        #expect(late.matches("past/the/limit/a.md") && !late.matches("past/the/limit/a/b.md"))
    }

    @Test func keepsTheDocumentedMeaningOfEachWildcard() {
        let cases: [(String, String, Bool)] = [
            ("Docs/**", "Docs/a/b.md", true), ("Docs/*", "Docs/a/b.md", false), ("**/*.md", "a/b/c.md", true),
            ("**/*.md", "c.md", true), ("*.md", "a/c.md", false), ("src/?.cs", "src/a.cs", true),
            ("src/?.cs", "src//.cs", false), ("Docs/**", "Docs", false), ("a/**/b", "a/b", true),
            ("a/**/b", "a/x/y/b", true), ("a**b", "a/x/b", true), ("a**b", "axb", false), ("A/*", "a/x", false),
            ("", "", true), ("", "a", false), ("**", "", true),
        ]
        for (pattern, path, expected) in cases {
            #expect(Glob(pattern).matches(path) == expected, "pattern \"\(pattern)\", path \"\(path)\"")
        }
    }

    /// Fourteen `**` against a 60-folder-deep path took the backtracking matcher past any patience
    /// (eight took 0.35 s on a 30-deep one); here the answer is immediate. No timing is asserted:
    /// the test's own kill bound is the suite's time limit.
    @Test(.timeLimit(.minutes(1))) func fourteenDoubleStarsOnASixtyDeepPathFinish() {
        let pattern = Array(repeating: "**/a", count: 14).joined(separator: "/") + "/*.none"
        let path = Array(repeating: "a", count: 60).joined(separator: "/") + "/file.txt"
        #expect(!Glob(pattern).matches(path))
        #expect(Glob(pattern.replacingOccurrences(of: ".none", with: ".txt")).matches(path))
    }
}

/// A small deterministic generator, so a failure names a case that repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

/// The matcher relops used before the compiled one (exponential in the number of `**`): the
/// reference for its semantics, kept here only.
enum BacktrackingGlob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let pat = Array(pattern.utf8), s = Array(path.utf8)
        return pat.withUnsafeBufferPointer { p in s.withUnsafeBufferPointer { match(p, 0, $0, 0) } }
    }

    private static func match(
        _ pat: UnsafeBufferPointer<UInt8>, _ pi: Int, _ s: UnsafeBufferPointer<UInt8>, _ si: Int
    ) -> Bool {
        var pi = pi, si = si
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        while pi < pat.count {
            let c = pat[pi]
            if c == star {
                let doubleStar = pi + 1 < pat.count && pat[pi + 1] == star
                if doubleStar {
                    var next = pi + 2
                    if next < pat.count && pat[next] == slash { next += 1 }
                    if next >= pat.count { return true }
                    var k = si
                    while k <= s.count {
                        if match(pat, next, s, k) { return true }
                        while k < s.count && s[k] != slash { k += 1 }
                        k += 1
                    }
                    return false
                }
                var k = si
                while true {
                    if match(pat, pi + 1, s, k) { return true }
                    if k >= s.count || s[k] == slash { return false }
                    k += 1
                }
            }
            guard si < s.count else { return false }
            if c == question {
                if s[si] == slash { return false }
            } else if c != s[si] {
                return false
            }
            pi += 1
            si += 1
        }
        return si == s.count
    }
}
