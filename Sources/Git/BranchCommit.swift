internal import CGit2
import Foundation

/// What stands in the way of committing: each case names what a person sees and fixes.
public enum CommitObstacle: Sendable, Equatable {
    /// The index names objects the object database lacks (`git write-tree` fails on them).
    case missingObjects([(path: String, id: ObjectID)])
    /// A branch of that name, or one whose name is a folder of it (or inside it), exists.
    case conflictingBranch(String)
    /// Another git process holds `.git/index.lock`.
    case indexLocked(String)
    /// `user.name` / `user.email` are not set, so no commit can be signed.
    case noIdentity(String)
    /// HEAD is detached or points at no commit yet.
    case noBranchAtHead

    public static func == (a: CommitObstacle, b: CommitObstacle) -> Bool {
        switch (a, b) {
        case (.missingObjects(let x), .missingObjects(let y)):
            return x.map(\.path) == y.map(\.path) && x.map(\.id) == y.map(\.id)
        case (.conflictingBranch(let x), .conflictingBranch(let y)), (.indexLocked(let x), .indexLocked(let y)),
            (.noIdentity(let x), .noIdentity(let y)):
            return x == y
        case (.noBranchAtHead, .noBranchAtHead): return true
        default: return false
        }
    }
}

extension Repository {
    /// Why a commit (on a new branch `branch` when given, else on HEAD's) could not be made now,
    /// checked without writing anything: every object the index names exists, no branch
    /// conflicts with the name, the index is not locked, an identity is configured and HEAD is on
    /// a branch with a commit. Empty when nothing stands in the way.
    public func commitObstacles(newBranch branch: String?) throws(GitError) -> [CommitObstacle] {
        var obstacles: [CommitObstacle] = []
        if currentBranch == nil || isHeadUnborn { obstacles.append(.noBranchAtHead) }
        let lock = gitDirectory + "/index.lock"
        if FileManager.default.fileExists(atPath: lock) { obstacles.append(.indexLocked(lock)) }
        if let branch, let conflict = try conflictingBranch(branch) { obstacles.append(.conflictingBranch(conflict)) }
        do { _ = try SignatureHandle(defaultOf: pointer) } catch { obstacles.append(.noIdentity(error.message)) }
        let missing = try missingIndexObjects()
        if !missing.isEmpty { obstacles.append(.missingObjects(missing)) }
        return obstacles
    }

    /// The index entries whose object is missing from the object database (submodule entries,
    /// which name commits of another repository, are not objects of this one).
    public func missingIndexObjects() throws(GitError) -> [(path: String, id: ObjectID)] {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var missing: [(String, ObjectID)] = []
        for i in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, i), entry.pointee.mode != 0o160000 else { continue }
            var oid = entry.pointee.id
            if git_odb_exists(odb, &oid) != 1 {
                let path = entry.pointee.path.map {
                    decodePath(Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))))
                }
                missing.append((path ?? "?", ObjectID(oid)))
            }
        }
        return missing
    }

    /// An existing branch that keeps `name` from being created: the same name, a branch named
    /// like one of its folders (`relops` for `relops/cutover-x`), or one inside it.
    public func conflictingBranch(_ name: String) throws(GitError) -> String? {
        var names = git_strarray()
        try check(git_reference_list(&names, pointer), "git_reference_list")
        defer { git_strarray_dispose(&names) }
        let full = "refs/heads/" + name
        for i in 0..<names.count {
            guard let raw = names.strings[i] else { continue }
            let ref = String(cString: raw)
            if ref == full || full.hasPrefix(ref + "/") || ref.hasPrefix(full + "/") {
                return String(ref.dropFirst("refs/heads/".count))
            }
        }
        return nil
    }

    /// Commits `paths` on a new branch `branch` started at HEAD (`commitOnBranch`).
    public func commitOnNewBranch(_ paths: [String], branch: String, message: String) throws(GitError) -> ObjectID {
        try commitOnBranch(paths, branch: branch, expectedTip: nil, message: message)
    }

    /// Stages `paths` from the working tree and commits HEAD's tree with only those paths changed
    /// (whatever else the index holds stays staged, not committed) on branch `branch`: a new one
    /// when `expectedTip` is nil, else the existing one, moved only while it still points at
    /// `expectedTip` (HEAD's commit: the commit's parent is HEAD). Then it points HEAD at the
    /// branch and writes the index, in that order.
    /// Nothing is visible until the branch moves: when any step fails, the branch is deleted (or
    /// put back at `expectedTip`), HEAD points where it did, and the index is read back from
    /// disk, so refs, HEAD and index are as before (objects written meanwhile are unreachable).
    public func commitOnBranch(_ paths: [String], branch: String, expectedTip: ObjectID?, message: String)
        throws(GitError) -> ObjectID
    {
        let start = currentBranch
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        var moved: ObjectID?
        do {
            try check(git_index_read(index, 0), "git_index_read")
            for path in paths {
                try check(withFileSystemPath(path) { git_index_add_bypath(index, $0) }, "git_index_add_bypath(\(path))")
            }
            let signature = try SignatureHandle(defaultOf: pointer)
            let commit = try self.commit(
                tree: try headTree(replacing: paths, from: index), message: message, author: signature.pointer,
                committer: signature.pointer, updating: nil)
            if let expectedTip {
                try moveBranch(branch, from: expectedTip, to: commit)
            } else {
                try createBranch(branch, at: commit)
            }
            moved = commit
            try check(git_repository_set_head(pointer, "refs/heads/" + branch), "git_repository_set_head(\(branch))")
            try check(git_index_write(index), "git_index_write")
            return commit
        } catch {
            _ = git_index_read(index, 1)
            if let start, let repo = pointerIfOpens { _ = git_repository_set_head(repo, "refs/heads/" + start) }
            if let moved {
                // A branch that cannot be put back is named with the failure: never left silently.
                do {
                    if let expectedTip {
                        try moveBranch(branch, from: moved, to: expectedTip)
                    } else {
                        try deleteBranch(branch)
                    }
                } catch let rollback {
                    throw GitError(
                        kind: error.kind, call: error.call,
                        message: error.message + "; and branch \(branch) could not be put back at "
                            + (expectedTip.map(\.short) ?? "its absence") + " (\(rollback.description)): "
                            + "it points at \(moved.short)")
                }
            }
            throw error
        }
    }

    /// Writes the tree of HEAD's commit (empty when HEAD is unborn) with the stage-0 entries of
    /// `paths` taken from `index`, through an index of its own: the repository's index is not
    /// what is committed.
    func headTree(replacing paths: [String], from index: OpaquePointer?) throws(GitError) -> git_oid {
        var scratch: OpaquePointer?
        try check(git_index_new(&scratch), "git_index_new")
        defer { git_index_free(scratch) }
        if !isHeadUnborn {
            var tree: OpaquePointer?
            try check(git_revparse_single(&tree, pointer, "HEAD^{tree}"), "git_revparse_single(HEAD^{tree})")
            defer { git_object_free(tree) }
            try check(git_index_read_tree(scratch, tree), "git_index_read_tree(HEAD)")
        }
        for path in paths {
            guard let entry = withFileSystemPath(path, { git_index_get_bypath(index, $0, 0) }) else {
                throw GitError(kind: .notFound, call: "git_index_get_bypath", message: "\(path) is not in the index")
            }
            try check(git_index_add(scratch, entry), "git_index_add(\(path))")
        }
        var tree = git_oid()
        try check(git_index_write_tree_to(&tree, scratch, pointer), "git_index_write_tree_to")
        return tree
    }

    /// Moves local branch `name` from `old` to `new`; fails, changing nothing, when it no longer
    /// points at `old`.
    func moveBranch(_ name: String, from old: ObjectID, to new: ObjectID) throws(GitError) {
        var ref: OpaquePointer?
        var target = new.raw, current = old.raw
        try check(
            git_reference_create_matching(&ref, pointer, "refs/heads/" + name, &target, 1, &current, nil),
            "git_reference_create_matching(\(name))")
        git_reference_free(ref)
    }

    /// Creates local branch `name` at `commit`; refuses an existing name.
    func createBranch(_ name: String, at commit: ObjectID) throws(GitError) {
        var oid = commit.raw
        var target: OpaquePointer?
        try check(git_commit_lookup(&target, pointer, &oid), "git_commit_lookup(\(commit.short))")
        defer { git_commit_free(target) }
        var ref: OpaquePointer?
        try check(git_branch_create(&ref, pointer, name, target, 0), "git_branch_create(\(name))")
        git_reference_free(ref)
    }

    /// Deletes local branch `name` (not the one HEAD is on).
    public func deleteBranch(_ name: String) throws(GitError) {
        var ref: OpaquePointer?
        try check(git_branch_lookup(&ref, pointer, name, GIT_BRANCH_LOCAL), "git_branch_lookup(\(name))")
        defer { git_reference_free(ref) }
        try check(git_branch_delete(ref), "git_branch_delete(\(name))")
    }

    /// The commit a local branch points at, or nil when there is no such branch.
    public func branchTip(_ name: String) -> ObjectID? {
        var ref: OpaquePointer?
        guard let repo = pointerIfOpens, git_branch_lookup(&ref, repo, name, GIT_BRANCH_LOCAL) == 0 else { return nil }
        defer { git_reference_free(ref) }
        return git_reference_target(ref).map { ObjectID($0.pointee) }
    }

    /// Points HEAD at local branch `name`, leaving the index and working tree alone.
    public func pointHead(atBranch name: String) throws(GitError) {
        try check(git_repository_set_head(pointer, "refs/heads/" + name), "git_repository_set_head(\(name))")
    }

    /// Sets the index entry of each path to the given blob (keeping its mode; the stat data is
    /// cleared so git re-reads the file), and writes the index. A path without an entry is left.
    public func setIndexBlobs(_ blobs: [(path: String, id: ObjectID)]) throws(GitError) {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        for (path, id) in blobs {
            guard let current = withFileSystemPath(path, { git_index_get_bypath(index, $0, 0) }) else { continue }
            var entry = current.pointee
            if ObjectID(entry.id) == id { continue }
            entry.id = id.raw
            entry.ctime = git_index_time()
            entry.mtime = git_index_time()
            entry.file_size = 0
            try check(git_index_add(index, &entry), "git_index_add(\(path))")
        }
        try check(git_index_write(index), "git_index_write")
    }

    /// The blob id the index holds for each path that has an entry.
    public func indexBlobs(_ paths: [String]) throws(GitError) -> [String: ObjectID] {
        try trackedIDs(for: paths).compactMapValues(\.index)
    }
}
