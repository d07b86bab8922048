internal import CGit2

/// One hunk of a line diff without context: `oldLines` lines from `oldStart` became `newLines`
/// lines at `newStart` (1-based). A pure insertion has `oldLines == 0` and `oldStart` is the line
/// it follows; a pure deletion has `newLines == 0` and `newStart` is the line it follows.
public struct DiffHunk: Sendable, Equatable {
    public let oldStart: Int
    public let oldLines: Int
    public let newStart: Int
    public let newLines: Int

    public init(oldStart: Int, oldLines: Int, newStart: Int, newLines: Int) {
        self.oldStart = oldStart
        self.oldLines = oldLines
        self.newStart = newStart
        self.newLines = newLines
    }
}

extension Repository {
    /// The hunks that turn blob `old` into blob `new`, with no context lines.
    public func diffBlobs(_ old: ObjectID, _ new: ObjectID) throws(GitError) -> [DiffHunk] {
        var oldOID = old.raw, newOID = new.raw
        var oldBlob: OpaquePointer?, newBlob: OpaquePointer?
        try check(git_blob_lookup(&oldBlob, pointer, &oldOID), "git_blob_lookup(\(old.short))")
        defer { git_blob_free(oldBlob) }
        try check(git_blob_lookup(&newBlob, pointer, &newOID), "git_blob_lookup(\(new.short))")
        defer { git_blob_free(newBlob) }
        var options = try contextFreeOptions()
        let collector = HunkCollector()
        let code = withExtendedLifetime(collector) {
            git_diff_blobs(
                oldBlob, nil, newBlob, nil, &options, nil, nil, collectHunk, nil,
                Unmanaged.passUnretained(collector).toOpaque())
        }
        try check(code, "git_diff_blobs(\(old.short), \(new.short))")
        return collector.hunks
    }

    /// The hunks that turn blob `old` into `bytes` (a working-tree version), with no context lines.
    public func diffBlob(_ old: ObjectID, toBuffer bytes: [UInt8]) throws(GitError) -> [DiffHunk] {
        var oldOID = old.raw
        var oldBlob: OpaquePointer?
        try check(git_blob_lookup(&oldBlob, pointer, &oldOID), "git_blob_lookup(\(old.short))")
        defer { git_blob_free(oldBlob) }
        var options = try contextFreeOptions()
        let collector = HunkCollector()
        let code = withExtendedLifetime(collector) {
            bytes.withUnsafeBytes { raw in
                git_diff_blob_to_buffer(
                    oldBlob, nil, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, nil,
                    &options, nil, nil, collectHunk, nil, Unmanaged.passUnretained(collector).toOpaque())
            }
        }
        try check(code, "git_diff_blob_to_buffer(\(old.short))")
        return collector.hunks
    }

    /// The files a commit changed against `parent` (its whole tree when nil): each path with its
    /// new blob id, nil when the commit removed it. No rename detection; cheap when little changed.
    public func changedFiles(from parent: ObjectID?, to commit: ObjectID) throws(GitError) -> [(
        path: String, blob: ObjectID?
    )] {
        let newTree = try tree(ofCommit: commit)
        let oldTree = try parent.map { id throws(GitError) in try tree(ofCommit: id) }
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        var diff: OpaquePointer?
        try check(
            git_diff_tree_to_tree(&diff, pointer, oldTree?.pointer, newTree.pointer, &options),
            "git_diff_tree_to_tree(\(commit.short))")
        defer { git_diff_free(diff) }
        var out: [(path: String, blob: ObjectID?)] = []
        for i in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, i) else { continue }
            if delta.pointee.status == GIT_DELTA_DELETED {
                if let path = delta.pointee.old_file.path { out.append((String(cString: path), nil)) }
            } else if let path = delta.pointee.new_file.path {
                out.append((String(cString: path), ObjectID(delta.pointee.new_file.id)))
            }
        }
        return out
    }

    func contextFreeOptions() throws(GitError) -> git_diff_options {
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        options.context_lines = 0
        options.interhunk_lines = 0
        options.flags = GIT_DIFF_INDENT_HEURISTIC.rawValue | GIT_DIFF_FORCE_TEXT.rawValue
        return options
    }

    /// Files renamed between two commits' trees, old path to new path, found by content
    /// similarity (`git_diff_find_similar`, like `git diff -M`).
    public func renames(from old: ObjectID, to new: ObjectID) throws(GitError) -> [String: String] {
        var out: [String: String] = [:]
        for (from, to) in try renamedPaths(from: old, to: new, findFlags: GIT_DIFF_FIND_RENAMES.rawValue) {
            out[from] = to
        }
        return out
    }

    /// The renamed files of one tree-to-tree diff between two commits, old path to new path in
    /// diff order, as `git_diff_find_similar` with `findFlags` marks them.
    func renamedPaths(from old: ObjectID, to new: ObjectID, findFlags: UInt32) throws(GitError) -> [(
        old: String, new: String
    )] {
        let oldTree = try tree(ofCommit: old), newTree = try tree(ofCommit: new)
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        var diff: OpaquePointer?
        try check(
            git_diff_tree_to_tree(&diff, pointer, oldTree.pointer, newTree.pointer, &options),
            "git_diff_tree_to_tree(\(old.short), \(new.short))")
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        try check(
            git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "git_diff_find_options_init")
        find.flags = findFlags
        try check(git_diff_find_similar(diff, &find), "git_diff_find_similar")
        var out: [(old: String, new: String)] = []
        for i in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, i), delta.pointee.status == GIT_DELTA_RENAMED,
                let from = delta.pointee.old_file.path, let to = delta.pointee.new_file.path
            else { continue }
            out.append((String(cString: from), String(cString: to)))
        }
        return out
    }
}

private final class HunkCollector { var hunks: [DiffHunk] = [] }

private func collectHunk(
    _ delta: UnsafePointer<git_diff_delta>?, _ hunk: UnsafePointer<git_diff_hunk>?,
    _ payload: UnsafeMutableRawPointer?
) -> Int32 {
    guard let hunk, let payload else { return 0 }
    let collector = Unmanaged<HunkCollector>.fromOpaque(payload).takeUnretainedValue()
    collector.hunks.append(
        DiffHunk(
            oldStart: Int(hunk.pointee.old_start), oldLines: Int(hunk.pointee.old_lines),
            newStart: Int(hunk.pointee.new_start), newLines: Int(hunk.pointee.new_lines)))
    return 0
}
