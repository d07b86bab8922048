import Synchronization

/// A path glob as `.relops.yml` writes them: `*` matches within one path segment, `**` across
/// segments (`Docs/**`, `**/*.md`), `?` one character. Matching is case-sensitive, on `/` paths.
///
/// The pattern is compiled once into a list of steps, and a path is matched by running all the
/// steps a prefix can have reached side by side (a set-of-states simulation): the work is the
/// pattern's length times the path's, whatever the pattern (fourteen `**` never backtrack).
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let steps: [Step]
    /// The same steps as one word's bits, when there are few enough (`GlobBits`).
    private let bits: GlobBits?

    /// One step of a compiled pattern.
    enum Step: Sendable, Equatable {
        /// This byte, exactly.
        case byte(UInt8)
        /// `?`: one byte that is not `/`.
        case any
        /// `*`: any run of bytes within the current segment.
        case star
        /// `**` (its `/` folded in) before more pattern: the rest matches here or just after any
        /// later `/`.
        case segments
        /// `**` or `**/` at the end: whatever is left matches.
        case rest
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        steps = Glob.compile(Array(pattern.utf8))
        bits = GlobBits(steps)
    }

    public var description: String { pattern }

    public static func == (a: Glob, b: Glob) -> Bool { a.pattern == b.pattern }

    static func compile(_ pattern: [UInt8]) -> [Step] {
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        var steps: [Step] = []
        var i = 0
        while i < pattern.count {
            let c = pattern[i]
            if c == star && i + 1 < pattern.count && pattern[i + 1] == star {
                i += 2
                if i < pattern.count && pattern[i] == slash { i += 1 }
                // Nothing after a trailing `**` is ever looked at.
                if i >= pattern.count { return steps + [.rest] }
                steps.append(.segments)
                continue
            }
            steps.append(c == star ? .star : c == question ? .any : .byte(c))
            i += 1
        }
        return steps
    }

    /// True when `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { matches(bytes: $0) }
    }

    /// True when the UTF-8 `path` matches the whole pattern.
    public func matches(bytes path: UnsafeBufferPointer<UInt8>) -> Bool {
        if let bits { return bits.matches(path) }
        // State `s` (< steps.count): step `s` is next at the current byte; `steps.count`: all done.
        // State `n + 1 + s` for a `.segments` step `s`: inside the segments it skips, waiting for a `/`.
        let n = steps.count
        var current = [Bool](repeating: false, count: 2 * n + 2)
        var next = current
        current[0] = true
        if close(&current) { return true }
        for c in path {
            var alive = false
            for s in 0..<current.count where current[s] {
                alive = advance(s, over: c, into: &next) || alive
            }
            guard alive else { return false }
            swap(&current, &next)
            for s in next.indices { next[s] = false }
            if close(&current) { return true }
        }
        return current[n]
    }

    /// Adds the states reached without reading a byte (`*` and `**` matching nothing); true when
    /// a trailing `**` is reached, which matches whatever is left.
    private func close(_ states: inout [Bool]) -> Bool {
        for s in 0..<steps.count where states[s] {
            switch steps[s] {
            case .star, .segments: states[s + 1] = true
            case .rest: return true
            case .byte, .any: break
            }
        }
        return false
    }

    /// Marks in `next` the states state `s` reaches by reading byte `c`; false when none.
    private func advance(_ s: Int, over c: UInt8, into next: inout [Bool]) -> Bool {
        let slash = UInt8(ascii: "/")
        let n = steps.count
        if s > n {  // skipping inside a `**`: a `/` ends the segment, so the rest may start after it
            next[c == slash ? s - n - 1 : s] = true
            return true
        }
        guard s < n else { return false }
        switch steps[s] {
        case .byte(let b):
            guard b == c else { return false }
            next[s + 1] = true
        case .any:
            guard c != slash else { return false }
            next[s + 1] = true
        case .star:
            guard c != slash else { return false }
            next[s] = true
        case .segments:
            next[c == slash ? s : n + 1 + s] = true
        case .rest:
            next[s] = true
        }
        return true
    }
}

extension Glob {
    /// The glob of `pattern`, compiled once per process for the first `sharedLimit` patterns
    /// (then each time): a monorepo's project files repeat a few item globs (`Resources/Raw/**`
    /// in every app project), and each compilation made a 2 KB table (`GlobBits`).
    public static func shared(_ pattern: String) -> Glob {
        sharedGlobs.withLock { globs in
            if let known = globs[pattern] { return known }
            let glob = Glob(pattern)
            if globs.count < sharedLimit { globs[pattern] = glob }
            return glob
        }
    }

    static let sharedLimit = 4096
}

/// `Glob.shared`'s globs by pattern.
private let sharedGlobs = Mutex<[String: Glob]>([:])
