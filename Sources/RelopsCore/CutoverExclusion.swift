/// One entry of `cutover --exclude` or `.relops.yml` `cutover.exclude`: occurrences a cutover keeps
/// as they are. `PATH` keeps a file or every file under a folder, `GLOB` (with `*`, `**`, `?`)
/// the files it matches, `PATH:LINE` or `GLOB:LINE` one line of them. Paths are relative to the
/// repository root, `/`-separated.
public struct CutoverExclusion: Sendable, Equatable, CustomStringConvertible {
    /// The entry as written (a trailing `/` of a folder dropped).
    public let text: String
    /// The path or glob part.
    public let path: String
    /// The 1-based line it keeps, or nil for every line.
    public let line: Int?
    private let glob: Glob?

    /// Parses one entry; a bad one is refused with what is wrong (the caller names the key or flag
    /// and the entry, see `parse(_:source:)`).
    public init(_ entry: String) throws(ExclusionError) {
        var pathPart = Substring(entry)
        var line: Int?
        if let colon = entry.lastIndex(of: ":"), entry.index(after: colon) < entry.endIndex,
            entry[entry.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber })
        {
            guard let number = Int(entry[entry.index(after: colon)...]), number >= 1 else {
                throw ExclusionError("a line number counts from 1")
            }
            line = number
            pathPart = entry[..<colon]
        }
        while pathPart.count > 1 && pathPart.hasSuffix("/") { pathPart = pathPart.dropLast() }
        let path = String(pathPart)
        if path.isEmpty { throw ExclusionError("an entry names a path, a glob or PATH:LINE; this one is empty") }
        if path.hasPrefix("/") {
            throw ExclusionError("the path is absolute; write it relative to the repository root")
        }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ExclusionError("the path holds a control character")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            throw ExclusionError("the path holds an empty, `.` or `..` part; write it as git lists it")
        }
        self.text = line.map { "\(path):\($0)" } ?? path
        self.path = path
        self.line = line
        glob = path.contains(where: { $0 == "*" || $0 == "?" }) ? Glob(path) : nil
    }

    /// Parses `entries` given through `source` (`--exclude`, `.relops.yml cutover.exclude`); a bad
    /// one is bad input naming the source and the entry.
    public static func parse(_ entries: [String], source: String) throws(Failure) -> [CutoverExclusion] {
        var out: [CutoverExclusion] = []
        for entry in entries {
            do { out.append(try CutoverExclusion(entry)) } catch {
                throw Failure(.badInput, "\(source) \"\(escapedText(entry))\": \(error.message)")
            }
        }
        return out
    }

    public var description: String { text }

    /// Whether the occurrence at `path` (relative) on 1-based `line` is kept.
    public func keeps(path candidate: String, line candidateLine: Int) -> Bool {
        if let line, line != candidateLine { return false }
        return names(candidate)
    }

    /// Whether the entry's path or glob names the file at `candidate` (any line).
    public func names(_ candidate: String) -> Bool {
        if let glob { return glob.matches(candidate) }
        return candidate == path || candidate.hasPrefix(path + "/")
    }
}

/// Why an exclusion entry was refused.
public struct ExclusionError: Error, Sendable, Equatable {
    /// What is wrong, without the entry (the caller names it).
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
}

extension Array where Element == CutoverExclusion {
    /// The first entry that keeps the occurrence at `path`, `line`, or nil.
    public func keeping(path: String, line: Int) -> CutoverExclusion? {
        first { $0.keeps(path: path, line: line) }
    }
}
