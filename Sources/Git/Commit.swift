internal import CGit2

extension Repository {
    /// True when a local branch of that name exists.
    public func branchExists(_ name: String) -> Bool {
        var ref: OpaquePointer?
        guard let repo = pointerIfOpens else { return false }
        let code = git_branch_lookup(&ref, repo, name, GIT_BRANCH_LOCAL)
        if code == 0 { git_reference_free(ref) }
        return code == 0
    }

    /// Creates branch `name` at HEAD and points HEAD at it, leaving the index and working tree alone
    /// (both stay as they are, since the branch starts at the same commit). Refuses an existing name.
    public func createBranchAtHeadAndSwitch(_ name: String) throws(GitError) {
        var head: OpaquePointer?
        try check(git_revparse_single(&head, pointer, "HEAD^{commit}"), "git_revparse_single(HEAD)")
        defer { git_object_free(head) }
        var branch: OpaquePointer?
        let code = git_branch_create(&branch, try pointer, name, head, 0)
        if code == GIT_EEXISTS.rawValue {
            throw GitError(
                kind: .exists, call: "git_branch_create", message: "branch \(name) already exists", code: code)
        }
        try check(code, "git_branch_create(\(name))")
        git_reference_free(branch)
        try check(git_repository_set_head(pointer, "refs/heads/" + name), "git_repository_set_head(\(name))")
    }

    /// The short name of the branch HEAD points at, or nil when detached or unborn.
    public var currentBranch: String? {
        var ref: OpaquePointer?
        guard let repo = pointerIfOpens, git_repository_head(&ref, repo) == 0 else { return nil }
        defer { git_reference_free(ref) }
        guard git_reference_is_branch(ref) == 1, let name = git_reference_shorthand(ref) else { return nil }
        return String(cString: name)
    }

    /// The paths changed by a commit relative to its first parent.
    public func changedPaths(in id: ObjectID) throws(GitError) -> [String] {
        var oid = id.raw
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), "git_commit_tree")
        defer { git_tree_free(tree) }
        var parentTree: OpaquePointer?
        if git_commit_parentcount(commit) > 0 {
            var parent: OpaquePointer?
            try check(git_commit_parent(&parent, commit, 0), "git_commit_parent")
            defer { git_commit_free(parent) }
            try check(git_commit_tree(&parentTree, parent), "git_commit_tree")
        }
        defer { git_tree_free(parentTree) }
        var diff: OpaquePointer?
        try check(git_diff_tree_to_tree(&diff, pointer, parentTree, tree, nil), "git_diff_tree_to_tree")
        defer { git_diff_free(diff) }
        var paths: [String] = []
        for i in 0..<git_diff_num_deltas(diff) {
            if let delta = git_diff_get_delta(diff, i), let path = delta.pointee.new_file.path {
                paths.append(String(cString: path))
            }
        }
        return paths
    }
}
