/// A path glob as `.relops.yml` writes them: `*` matches within one path segment, `**` across
/// segments (`Docs/**`, `**/*.md`), `?` one character. Matching is case-sensitive, on `/` paths.
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let parts: [UInt8]

    public init(_ pattern: String) {
        self.pattern = pattern
        parts = Array(pattern.utf8)
    }

    public var description: String { pattern }

    /// True when `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let p = Array(path.utf8)
        return parts.withUnsafeBufferPointer { pat in
            p.withUnsafeBufferPointer { Glob.match(pat, 0, $0, 0) }
        }
    }

    private static func match(_ pat: UnsafeBufferPointer<UInt8>, _ pi: Int, _ s: UnsafeBufferPointer<UInt8>, _ si: Int)
        -> Bool
    {
        var pi = pi, si = si
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        while pi < pat.count {
            let c = pat[pi]
            if c == star {
                let doubleStar = pi + 1 < pat.count && pat[pi + 1] == star
                if doubleStar {
                    // `**/` may match zero or more whole segments; a trailing `**` matches the rest.
                    var next = pi + 2
                    if next < pat.count && pat[next] == slash { next += 1 }
                    if next >= pat.count { return true }
                    var k = si
                    while k <= s.count {
                        if match(pat, next, s, k) { return true }
                        // Only retry at segment starts.
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
