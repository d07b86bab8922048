internal import CGit2

/// One commit as history reports it: id, parents, committer time and message.
public struct CommitInfo: Sendable, Equatable {
    public let id: ObjectID
    /// Parent ids, first parent first.
    public let parents: [ObjectID]
    /// Committer time, seconds since 1970.
    public let time: Int64
    /// The first paragraph of the message, on one line.
    public let subject: String
    /// The whole message.
    public let message: String
    public let authorName: String
    public let authorEmail: String
}

/// A commit's tree, kept open for repeated path lookups. Keeps its repository alive.
public final class Tree {
    let repository: Repository
    let pointer: OpaquePointer
    /// The commit the tree belongs to.
    public let commit: ObjectID

    init(repository: Repository, pointer: OpaquePointer, commit: ObjectID) {
        self.repository = repository
        self.pointer = pointer
        self.commit = commit
    }

    deinit { git_tree_free(pointer) }

    /// The blob id at `path` (`/`-separated, relative to the root); nil when there is no blob there.
    public func blobID(at path: String) -> ObjectID? {
        var entry: OpaquePointer?
        guard git_tree_entry_bypath(&entry, pointer, path) == 0, let entry else { return nil }
        defer { git_tree_entry_free(entry) }
        guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return nil }
        return ObjectID(git_tree_entry_id(entry).pointee)
    }
}

extension Repository {
    /// Reads one commit.
    public func commitInfo(_ id: ObjectID) throws(GitError) -> CommitInfo {
        var oid = id.raw
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup(\(id.short))")
        defer { git_commit_free(commit) }
        return Repository.info(of: commit!, id: id)
    }

    static func info(of commit: OpaquePointer, id: ObjectID) -> CommitInfo {
        var parents: [ObjectID] = []
        for i in 0..<git_commit_parentcount(commit) {
            if let p = git_commit_parent_id(commit, i) { parents.append(ObjectID(p.pointee)) }
        }
        let subject = git_commit_summary(commit).map { String(cString: $0) } ?? ""
        let message = git_commit_message(commit).map { String(cString: $0) } ?? ""
        let author = git_commit_author(commit)
        return CommitInfo(
            id: id, parents: parents, time: Int64(git_commit_time(commit)), subject: subject,
            message: message, authorName: author?.pointee.name.map { String(cString: $0) } ?? "",
            authorEmail: author?.pointee.email.map { String(cString: $0) } ?? "")
    }

    /// The first-parent chain from `tip`, newest first (like `git log --first-parent`).
    public func firstParentHistory(from tip: ObjectID) throws(GitError) -> [CommitInfo] {
        try firstParentWalk(from: tip, hiding: nil)
    }

    /// The first-parent chain from `tip` down to (not including) `base` and its ancestors, newest
    /// first: the commits made on top of `base`, bounded by them, not by the whole history.
    public func firstParentHistory(from tip: ObjectID, above base: ObjectID) throws(GitError) -> [CommitInfo] {
        try firstParentWalk(from: tip, hiding: base)
    }

    private func firstParentWalk(from tip: ObjectID, hiding base: ObjectID?) throws(GitError) -> [CommitInfo] {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        try check(git_revwalk_simplify_first_parent(walk), "git_revwalk_simplify_first_parent")
        var start = tip.raw
        try check(git_revwalk_push(walk, &start), "git_revwalk_push(\(tip.short))")
        if let base {
            var hidden = base.raw
            try check(git_revwalk_hide(walk, &hidden), "git_revwalk_hide(\(base.short))")
        }
        var out: [CommitInfo] = []
        var oid = git_oid()
        while true {
            let code = git_revwalk_next(&oid, walk)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_revwalk_next")
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup")
            out.append(Repository.info(of: commit!, id: ObjectID(oid)))
            git_commit_free(commit)
        }
        return out
    }

    /// The tree of a commit, for path lookups.
    public func tree(ofCommit id: ObjectID) throws(GitError) -> Tree {
        var oid = id.raw
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, pointer, &oid), "git_commit_lookup(\(id.short))")
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commit), "git_commit_tree(\(id.short))")
        return Tree(repository: self, pointer: tree!, commit: id)
    }

    /// True when `commit` is `ancestor` or has it in its history.
    public func contains(_ ancestor: ObjectID, in commit: ObjectID) -> Bool {
        if ancestor == commit { return true }
        var a = commit.raw, b = ancestor.raw
        guard let repo = pointerIfOpens else { return false }
        return git_graph_descendant_of(repo, &a, &b) == 1
    }

    /// The commit HEAD points at; nil on an unborn branch.
    public func headCommit() -> ObjectID? {
        try? resolveCommit("HEAD")
    }
}
