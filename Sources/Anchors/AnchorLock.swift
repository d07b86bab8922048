import Foundation
import RelopsCore

/// `.relops/anchors.lock`: the commit at which each re-pinned anchor was last known right (or,
/// for one a re-pin left for a person, the base it was judged at). Written by a `repin` that
/// changes it, read by every audit before falling back to blame. JSON, one entry
/// per anchor, sorted, so it diffs well:
///
///     {"version": 1, "anchors": [{"doc": "Docs/adr/0043.md", "repo": "", "path": "Src/Program.cs",
///       "start": 181, "end": 181, "base": "<40 hex digits>"}]}
///
/// `version` is the lock's schema version; a lock without it (never written so, but the reader
/// before it was checked did not need it) reads as version 1. Every entry field is required.
public struct AnchorLock: Sendable, Equatable, Codable {
    public struct Entry: Sendable, Hashable, Comparable, Codable {
        public let doc: String
        /// The anchor prefix, or "" for the code repository.
        public let repo: String
        public let path: String
        public let start: Int
        public let end: Int
        public let base: String

        public init(doc: String, repo: String, path: String, start: Int, end: Int, base: String) {
            self.doc = doc
            self.repo = repo
            self.path = path
            self.start = start
            self.end = end
            self.base = base
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.doc, a.repo, a.path, a.start, a.end, a.base) < (b.doc, b.repo, b.path, b.start, b.end, b.base)
        }

        var key: String { "\(doc)\u{0}\(repo)\u{0}\(path)\u{0}\(start)\u{0}\(end)" }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// Where the lock lives, relative to the documents' repository root.
    public static let relativePath = ".relops/anchors.lock"

    /// The base recorded for an anchor, if any.
    public func base(doc: String, repo: String, path: String, start: Int, end: Int) -> String? {
        let key = Entry(doc: doc, repo: repo, path: path, start: start, end: end, base: "").key
        return entries.last { $0.key == key }?.base
    }

    /// Reads the lock in `root`; a missing lock is empty.
    public static func load(root: String) throws(Failure) -> AnchorLock {
        let path = root + "/" + relativePath
        let data: Data
        do {
            // The repository's containment rule: a `.relops` or lock that is a symlink leading outside,
            // or a lock that is no regular file, is refused, never read.
            data = Data(try RepositoryFile.read(relativePath, in: root, limit: maximumSize))
        } catch {
            // Only a lock that is not there is empty; one that cannot be read would drop every pinned base.
            if case .missing = error.kind { return AnchorLock() }
            throw Failure(error.category, "\(path): cannot read the anchors lock: \(error.reason)")
        }
        return try SavedFile.decode(
            AnchorLock.self, from: data, path: path, what: "anchors lock", field: "anchors lock field")
    }

    /// The lock format this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    enum CodingKeys: String, CodingKey {
        case version, anchors
    }

    /// Reads a lock: `version` absent reads as 1, one other than 1 to `schemaVersion` throws, and
    /// every entry field is required.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        let version = try object.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard (1...AnchorLock.schemaVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: object,
                debugDescription: "version \(version) is not one this relops reads (1 to \(AnchorLock.schemaVersion)); "
                    + "a newer relops wrote it, use that one")
        }
        entries = try object.decode([Entry].self, forKey: .anchors)
    }

    /// Writes the version, then the entries sorted.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(AnchorLock.schemaVersion, forKey: .version)
        try object.encode(entries.sorted(), forKey: .anchors)
    }

    /// `entries` with one base per anchor key, the first for each: two anchors of a document can
    /// cite the same lines (one re-pinned onto them, one left there for a person) and a lookup
    /// cannot tell them apart, so the caller puts the anchors that are right first and the other
    /// falls back to blame.
    static func oneBasePerKey(_ entries: [Entry]) -> [Entry] {
        var seen = Set<String>()
        return entries.filter { seen.insert($0.key).inserted }
    }

    /// Replaces every entry of `docs` with `entries`, keeping other documents' entries.
    public mutating func replace(docs: Set<String>, with new: [Entry]) {
        entries = Array(Set(entries.filter { !docs.contains($0.doc) } + new)).sorted()
    }

    /// The lock's JSON text, ending with a newline.
    public func rendered() throws(Failure) -> String {
        do { return try JSONValueEncoder().encode(self).rendered() + "\n" } catch {
            throw Failure(.couldNotCheck, "\(AnchorLock.relativePath): cannot encode the anchors lock: \(error)")
        }
    }

    /// The largest lock read (16 MiB): a lock holds one short line per pinned anchor.
    public static let maximumSize = 16 << 20

    /// True when `root` holds a lock file.
    public static func exists(root: String) -> Bool {
        FileManager.default.fileExists(atPath: root + "/" + relativePath)
    }

    /// Writes the lock into `root`, creating `.relops/`, inside the repository only
    /// (`RepositoryFile.write`: a `.relops` symlink leading outside is refused).
    public func write(root: String) throws(Failure) {
        try RepositoryFile.write(Array(try rendered().utf8), to: AnchorLock.relativePath, in: root)
    }
}
