internal import CGit2
import Foundation

/// The kind of a tracked entry, from its git file mode.
public enum EntryKind: Sendable, Equatable {
    case file, executable, symlink, submodule, other

    init(mode: UInt32) {
        switch mode {
        case 0o100644: self = .file
        case 0o100755: self = .executable
        case 0o120000: self = .symlink
        case 0o160000: self = .submodule
        default: self = .other
        }
    }
}

/// A list of repository paths kept as one block of NUL-terminated bytes, so the hot loop of a
/// scan never builds a `String` per path. Decode a path with `path(at:)` only when it matters.
public struct FileList: Sendable {
    /// Every path's bytes, each followed by a NUL.
    public private(set) var pathBytes: [UInt8] = []
    /// Where each path starts in `pathBytes`.
    public private(set) var starts: [Int32] = []
    /// Each path's kind.
    public private(set) var kinds: [EntryKind] = []
    /// Each entry's blob id (zero for untracked files).
    public private(set) var ids: [ObjectID] = []
    /// Each file's size as git last recorded it (0 when unknown), a hint for reading.
    public private(set) var sizes: [UInt32] = []

    public init() {}

    /// A list made of its arrays, each entry's path starting at its `starts` (the index reader
    /// makes them at their final size).
    init(pathBytes: [UInt8], starts: [Int32], kinds: [EntryKind], ids: [ObjectID], sizes: [UInt32]) {
        self.pathBytes = pathBytes
        self.starts = starts
        self.kinds = kinds
        self.ids = ids
        self.sizes = sizes
    }

    public var count: Int { starts.count }

    /// Makes room for `entries` more paths holding `pathBytes` bytes in all (NULs included), so
    /// a list read from the index is allocated once, at its final size.
    public mutating func reserveCapacity(entries: Int, pathBytes bytes: Int) {
        pathBytes.reserveCapacity(pathBytes.count + bytes)
        starts.reserveCapacity(starts.count + entries)
        kinds.reserveCapacity(kinds.count + entries)
        ids.reserveCapacity(ids.count + entries)
        sizes.reserveCapacity(sizes.count + entries)
    }

    /// Adds a path (relative to the working tree, `/`-separated).
    public mutating func append(path: UnsafePointer<CChar>, kind: EntryKind, id: ObjectID, size: UInt32 = 0) {
        let bytes = UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self)
        append(pathBytes: UnsafeBufferPointer(start: bytes, count: strlen(path)), kind: kind, id: id, size: size)
    }

    /// Adds a path given as its bytes (no NUL among them), whose length the caller knows.
    public mutating func append(pathBytes path: UnsafeBufferPointer<UInt8>, kind: EntryKind, id: ObjectID, size: UInt32)
    {
        starts.append(Int32(pathBytes.count))
        pathBytes.append(contentsOf: path)
        pathBytes.append(0)
        kinds.append(kind)
        ids.append(id)
        sizes.append(size)
    }

    /// Adds a path given as a Swift string.
    public mutating func append(path: String, kind: EntryKind, id: ObjectID, size: UInt32 = 0) {
        withFileSystemPath(path) { append(path: $0, kind: kind, id: id, size: size) }
    }

    /// The number of bytes in path `i`, without its NUL.
    @inlinable
    public func pathLength(at i: Int) -> Int {
        let start = Int(starts[i])
        let end = i + 1 < starts.count ? Int(starts[i + 1]) - 1 : pathBytes.count - 1
        return end - start
    }

    /// Calls `body` with path `i` as a NUL-terminated C string, without copying it.
    @inlinable
    public func withCPath<T>(at i: Int, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try pathBytes.withUnsafeBufferPointer { buffer in
            try buffer.baseAddress!.advanced(by: Int(starts[i])).withMemoryRebound(to: CChar.self, capacity: 1) {
                try body($0)
            }
        }
    }

    /// Appends every entry of `other`.
    public mutating func append(contentsOf other: FileList) {
        for i in 0..<other.count {
            other.withCPath(at: i) { append(path: $0, kind: other.kinds[i], id: other.ids[i], size: other.sizes[i]) }
        }
    }

    /// The last byte of path `i`, an ASCII capital made small (0 for an empty path): one load that
    /// rules out most names before their suffixes are compared.
    @inlinable
    public func lastLowerByte(at i: Int) -> UInt8 {
        let length = pathLength(at: i)
        guard length > 0 else { return 0 }
        let byte = pathBytes[Int(starts[i]) + length - 1]
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// True when the name of path `i` ends with `suffix` (lower-case ASCII, no `/`), ASCII letters
    /// compared in either case; with `wholeName`, when it is `suffix`. Reads the bytes in place:
    /// for loops that look at every file's name.
    @inlinable
    public func name(at i: Int, endsWith suffix: [UInt8], wholeName: Bool = false) -> Bool {
        let start = Int(starts[i]), end = start + pathLength(at: i)
        guard end - start >= suffix.count else { return false }
        return pathBytes.withUnsafeBufferPointer { bytes in
            let from = end - suffix.count
            if wholeName && from > start && bytes[from - 1] != UInt8(ascii: "/") { return false }
            for k in 0..<suffix.count {
                var byte = bytes[from + k]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
                if byte != suffix[k] { return false }
            }
            return true
        }
    }

    /// Path `i`, decoded without loss: a byte that is not UTF-8 is kept (`decodePath`).
    public func path(at i: Int) -> String {
        let start = Int(starts[i])
        return decodePath(pathBytes[start..<start + pathLength(at: i)])
    }
}

extension Repository {
    /// The files the index tracks (stage 0 and, for conflicts, each path once), in index order.
    /// Read straight from the index file (`IndexFile`); through libgit2 when that reader declines.
    /// An index naming a path git would never check out (`../x`, `a/.git/hooks/x`) is refused,
    /// naming it, whichever way it was read.
    public func indexFiles() throws(GitError) -> FileList {
        let list: FileList
        if let read = IndexFile(path: gitDirectory + "/index")?.files() {
            list = read
        } else {
            list = try indexFilesThroughLibgit2()
        }
        if let refused = list.firstPathGitRefuses {
            throw GitError(
                kind: .failed, call: "reading the index",
                message: "it lists \(list.path(at: refused).debugDescription), a path git never checks out "
                    + "(a leading or trailing `/`, or an empty, `.`, `..` or `.git` part): not read")
        }
        return list
    }

    /// `indexFiles()` through libgit2's index (split and sparse indexes, and its error messages).
    func indexFilesThroughLibgit2() throws(GitError) -> FileList {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        // The repository caches its index: re-read it if another process (git) changed it since.
        try check(git_index_read(index, 0), "git_index_read")
        var list = FileList()
        let count = git_index_entrycount(index)
        var pathBytes = 0
        for i in 0..<count { pathBytes += git_index_get_byindex(index, i).map { strlen($0.pointee.path) + 1 } ?? 0 }
        list.reserveCapacity(entries: count, pathBytes: pathBytes)
        var lastPath: UnsafePointer<CChar>? = nil
        for i in 0..<count {
            guard let entry = git_index_get_byindex(index, i) else { continue }
            // Conflicted paths appear once per stage; keep one of them.
            if relops_git_index_entry_stage(entry) != 0, let lastPath, strcmp(lastPath, entry.pointee.path) == 0 {
                continue
            }
            lastPath = entry.pointee.path
            list.append(
                path: entry.pointee.path, kind: EntryKind(mode: entry.pointee.mode), id: ObjectID(entry.pointee.id),
                size: entry.pointee.file_size)
        }
        return list
    }

    /// Untracked files that git does not ignore, recursing into untracked folders.
    public func untrackedFiles() throws(GitError) -> FileList {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_WORKDIR_ONLY
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
        var statusList: OpaquePointer?
        try check(git_status_list_new(&statusList, pointer, &options), "git_status_list_new")
        defer { git_status_list_free(statusList) }
        var list = FileList()
        for i in 0..<git_status_list_entrycount(statusList) {
            guard let entry = git_status_byindex(statusList, i),
                entry.pointee.status.rawValue & GIT_STATUS_WT_NEW.rawValue != 0,
                let delta = entry.pointee.index_to_workdir,
                let path = delta.pointee.new_file.path
            else { continue }
            list.append(path: path, kind: EntryKind(mode: UInt32(delta.pointee.new_file.mode)), id: ObjectID(git_oid()))
        }
        return list
    }

    /// The blobs of a commit's tree (recursively), for scanning a revision instead of the working tree.
    public func treeFiles(atCommit revision: String) throws(GitError) -> FileList {
        let commitID = try resolveCommit(revision)
        var oid = commitID.raw
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup(\(revision))")
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), "git_commit_tree(\(revision))")
        defer { git_tree_free(tree) }
        final class Collector { var list = FileList() }
        let collector = Collector()
        let code = withExtendedLifetime(collector) {
            git_tree_walk(
                tree, GIT_TREEWALK_PRE,
                { root, entry, payload in
                    guard let entry, let payload else { return 0 }
                    let collector = Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue()
                    guard
                        git_tree_entry_type(entry) == GIT_OBJECT_BLOB || git_tree_entry_type(entry) == GIT_OBJECT_COMMIT
                    else { return 0 }
                    let prefix = root.map { String(cString: $0) } ?? ""
                    let name = String(cString: git_tree_entry_name(entry))
                    collector.list.append(
                        path: prefix + name,
                        kind: EntryKind(mode: git_tree_entry_filemode(entry).rawValue),
                        id: ObjectID(git_tree_entry_id(entry).pointee))
                    return 0
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        try check(code, "git_tree_walk(\(revision))")
        return collector.list
    }
}

/// What git records for one path: its blob in the index and in HEAD's tree (nil when absent).
public struct TrackedIDs: Sendable, Equatable {
    public let index: ObjectID?
    public let head: ObjectID?
    /// What the index records at the path (a file, a symlink, ...); nil without an entry.
    public var indexKind: EntryKind? = nil
}

extension Repository {
    /// The index and HEAD blob ids of each of `paths`, reading the index and HEAD's tree once.
    public func trackedIDs(for paths: [String]) throws(GitError) -> [String: TrackedIDs] {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        // The repository caches its index: re-read it if another process (git) changed it since.
        try check(git_index_read(index, 0), "git_index_read")
        var headTree: OpaquePointer?
        if git_revparse_single(&headTree, try pointer, "HEAD^{tree}") != 0 { headTree = nil }
        defer { git_object_free(headTree) }
        var result: [String: TrackedIDs] = [:]
        for path in paths {
            let indexed = withFileSystemPath(path) { git_index_get_bypath(index, $0, 0) }
            let indexID = indexed.map { ObjectID($0.pointee.id) }
            var headID: ObjectID?
            var entry: OpaquePointer?
            if let headTree, withFileSystemPath(path, { git_tree_entry_bypath(&entry, headTree, $0) }) == 0 {
                headID = ObjectID(git_tree_entry_id(entry).pointee)
                git_tree_entry_free(entry)
            }
            result[path] = TrackedIDs(
                index: indexID, head: headID, indexKind: indexed.map { EntryKind(mode: $0.pointee.mode) })
        }
        return result
    }

    /// True when the object database holds `id`.
    public func hasObject(_ id: ObjectID) -> Bool {
        var odb: OpaquePointer?
        guard let repo = pointerIfOpens, git_repository_odb(&odb, repo) == 0 else { return false }
        defer { git_odb_free(odb) }
        var oid = id.raw
        return git_odb_exists(odb, &oid) == 1
    }
}
