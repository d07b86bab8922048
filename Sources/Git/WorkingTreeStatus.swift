internal import CGit2

extension Repository {
    /// Tracked files whose working tree or index differs from HEAD (modified, staged, deleted,
    /// renamed, type-changed), sorted. Untracked and ignored files are left out: they were never
    /// part of a commit.
    public func uncommittedChanges() throws(GitError) -> [String] {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = 0
        var statusList: OpaquePointer?
        try check(git_status_list_new(&statusList, pointer, &options), "git_status_list_new")
        defer { git_status_list_free(statusList) }
        let ignoredOrNew = GIT_STATUS_IGNORED.rawValue | GIT_STATUS_WT_NEW.rawValue
        var paths: [String] = []
        for i in 0..<git_status_list_entrycount(statusList) {
            guard let entry = git_status_byindex(statusList, i) else { continue }
            let status = entry.pointee.status.rawValue
            guard status & ~ignoredOrNew != 0 else { continue }
            let delta = entry.pointee.index_to_workdir ?? entry.pointee.head_to_index
            guard let path = delta?.pointee.new_file.path ?? delta?.pointee.old_file.path else { continue }
            paths.append(String(cString: path))
        }
        return Array(Set(paths)).sorted()
    }

    /// The branch HEAD is on, compared with its upstream: nil when HEAD is detached or unborn.
    public func branchStatus() throws(GitError) -> BranchStatus? {
        var head: OpaquePointer?
        guard git_repository_head(&head, try pointer) == 0 else { return nil }
        defer { git_reference_free(head) }
        guard git_reference_is_branch(head) == 1, let name = git_reference_shorthand(head) else { return nil }
        let branch = String(cString: name)
        var upstream: OpaquePointer?
        let code = git_branch_upstream(&upstream, head)
        if code == GIT_ENOTFOUND.rawValue { return BranchStatus(branch: branch, upstream: nil, ahead: 0, behind: 0) }
        try check(code, "git_branch_upstream(\(branch))")
        defer { git_reference_free(upstream) }
        guard let local = git_reference_target(head), let remote = git_reference_target(upstream) else {
            return BranchStatus(branch: branch, upstream: nil, ahead: 0, behind: 0)
        }
        var ahead = 0
        var behind = 0
        try check(git_graph_ahead_behind(&ahead, &behind, pointer, local, remote), "git_graph_ahead_behind")
        let upstreamName = git_reference_shorthand(upstream).map { String(cString: $0) } ?? "its upstream"
        return BranchStatus(branch: branch, upstream: upstreamName, ahead: ahead, behind: behind)
    }
}

/// A branch and where it stands against the branch it tracks.
public struct BranchStatus: Sendable, Equatable {
    /// The branch's short name (`main`).
    public let branch: String
    /// The upstream's short name (`origin/main`), nil when the branch tracks none.
    public let upstream: String?
    /// Commits on the branch that its upstream does not have (not pushed).
    public let ahead: Int
    /// Commits on the upstream that the branch does not have.
    public let behind: Int
}
