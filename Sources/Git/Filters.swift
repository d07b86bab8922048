internal import CGit2
import Foundation

extension Repository {
    /// `bytes`, a working-tree version of `path`, as git would store them (like `git add`): the
    /// repository's attributes applied (`text`, `eol` and `core.autocrlf` line-ending conversion,
    /// `ident`), so they compare with committed blobs. Unchanged when no filter applies.
    public func contentAsStored(_ bytes: [UInt8], path: String) throws(GitError) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var filters: OpaquePointer?
        // The path's own bytes (a non-UTF-8 name included) decide which attributes apply.
        let repo = try pointer
        let loaded = withFileSystemPath(path) {
            git_filter_list_load(&filters, repo, nil, $0, GIT_FILTER_TO_ODB, GIT_FILTER_DEFAULT.rawValue)
        }
        try check(loaded, "git_filter_list_load(\(path))")
        guard let filters else { return bytes }
        defer { git_filter_list_free(filters) }
        var out = git_buf()
        defer { git_buf_dispose(&out) }
        let code = bytes.withUnsafeBytes { raw in
            git_filter_list_apply_to_buffer(
                &out, filters, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count)
        }
        try check(code, "git_filter_list_apply_to_buffer(\(path))")
        guard let data = out.ptr, out.size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: out.size))
    }

    /// Where `path` of commit `old` went in commit `new` when it was renamed there; nil when it
    /// was not (still there, removed, or no candidate close enough). Exact renames (same blob) are
    /// tried first; only then similarity, and only among paths with the same extension (or name),
    /// with libgit2's rename limit set, so a restructuring commit that moves hundreds of files
    /// costs one cheap pass.
    public func renamedPath(_ path: String, from old: ObjectID, to new: ObjectID, renameLimit: Int = 400)
        throws(GitError) -> String?
    {
        let oldTree = try tree(ofCommit: old), newTree = try tree(ofCommit: new)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let pattern = name.contains(".") ? "*." + name.split(separator: ".").last! : "*" + name
        for exactOnly in [true, false] {
            if let found = try renamedPath(
                path, oldTree: oldTree, newTree: newTree, pathspec: [path, pattern], exactOnly: exactOnly,
                renameLimit: renameLimit)
            {
                return found
            }
        }
        return nil
    }

    /// Every exact rename (same blob, new path) from commit `old` to commit `new`, old path to
    /// new path: one tree diff and no similarity signatures, cheap even for a restructuring
    /// commit that moves hundreds of files.
    public func exactRenames(from old: ObjectID, to new: ObjectID) throws(GitError) -> [(old: String, new: String)] {
        try renamedPaths(
            from: old, to: new, findFlags: GIT_DIFF_FIND_RENAMES.rawValue | GIT_DIFF_FIND_EXACT_MATCH_ONLY.rawValue)
    }

    /// Where `path` of commit `new` came from in commit `old`, when `new` renamed it: the mirror
    /// of `renamedPath`, with the same limits.
    public func renamedFrom(_ path: String, in old: ObjectID, to new: ObjectID, renameLimit: Int = 400)
        throws(GitError) -> String?
    {
        try renamedPath(path, from: new, to: old, renameLimit: renameLimit)
    }

    private func renamedPath(
        _ path: String, oldTree: Tree, newTree: Tree, pathspec: [String], exactOnly: Bool, renameLimit: Int
    ) throws(GitError) -> String? {
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        var cStrings = pathspec.map { strdup($0) }
        defer { for s in cStrings { free(s) } }
        var diff: OpaquePointer?
        let repo = try pointer
        let code = cStrings.withUnsafeMutableBufferPointer { buffer in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return git_diff_tree_to_tree(&diff, repo, oldTree.pointer, newTree.pointer, &options)
        }
        try check(code, "git_diff_tree_to_tree(\(oldTree.commit.short), \(newTree.commit.short))")
        defer { git_diff_free(diff) }
        var find = git_diff_find_options()
        try check(
            git_diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION)), "git_diff_find_options_init")
        find.flags =
            GIT_DIFF_FIND_RENAMES.rawValue | (exactOnly ? GIT_DIFF_FIND_EXACT_MATCH_ONLY.rawValue : 0)
        find.rename_limit = renameLimit
        try check(git_diff_find_similar(diff, &find), "git_diff_find_similar")
        for i in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, i), delta.pointee.status == GIT_DELTA_RENAMED,
                let from = delta.pointee.old_file.path, String(cString: from) == path,
                let to = delta.pointee.new_file.path
            else { continue }
            return String(cString: to)
        }
        return nil
    }
}
