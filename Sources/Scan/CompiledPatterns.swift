import Synchronization

/// Regular expressions compiled once per process, by pattern: compiling one costs about as much
/// as reading a few hundred KB, and the build-file readers use the same few patterns on every
/// build file (a workspace of 2,000 packages compiled them 2,000 times).
private let compiled = Mutex<[String: CompiledPattern]>([:])

/// A compiled pattern; `nil` inside when the pattern does not compile.
private final class CompiledPattern: @unchecked Sendable {
    // A `Regex` is not `Sendable`: each use takes a copy, and matching never mutates it.
    let regex: Regex<AnyRegexOutput>?
    init(_ pattern: String) { regex = try? Regex(pattern) }
}

/// `pattern` compiled, from the cache after the first use; nil when it does not compile.
func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
    let entry = compiled.withLock { table in
        if let known = table[pattern] { return known }
        let made = CompiledPattern(pattern)
        table[pattern] = made
        return made
    }
    return entry.regex
}
