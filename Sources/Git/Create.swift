internal import CGit2
import Foundation

/// Who made a commit and when: the author or committer line of a commit.
public struct Signature: Sendable, Equatable {
    public let name: String
    public let email: String
    /// The time recorded in the commit (whole seconds; UTC, offset 0).
    public let date: Date

    public init(name: String, email: String, date: Date) {
        self.name = name
        self.email = email
        self.date = date
    }
}

extension Repository {
    /// Creates an empty repository with a working tree at `path` (creating the folder), HEAD on
    /// `branch` with no commit yet. Refuses a folder that already holds a repository.
    public static func create(at path: String, branch: String = "main") throws(GitError) -> Repository {
        try libgit2Initialised.get()
        if (try? Repository(at: path)) != nil {
            throw GitError(
                kind: .exists, call: "git_repository_init_ext", message: "\(path) already holds a git repository")
        }
        var options = git_repository_init_options()
        try check(
            git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
            "git_repository_init_options_init")
        options.flags = UInt32(GIT_REPOSITORY_INIT_MKPATH.rawValue)
        var repo: OpaquePointer?
        let code = "refs/heads/\(branch)".withCString { head in
            options.initial_head = head
            return git_repository_init_ext(&repo, path, &options)
        }
        try check(code, "git_repository_init_ext(\(path))")
        guard let repo else {
            throw GitError(kind: .failed, call: "git_repository_init_ext", message: "no repository returned")
        }
        return Repository(owning: repo)
    }

    /// Stages the whole working tree like `git add -A` (new, changed and deleted files; ignored files
    /// stay out), writes the index, and commits it on HEAD as `author` and `committer` (default: the
    /// author). The first commit of an unborn branch has no parent. Returns the new commit's id.
    @discardableResult
    public func commitWorkingTree(message: String, author: Signature, committer: Signature? = nil) throws(GitError)
        -> ObjectID
    {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(
            git_index_add_all(index, nil, UInt32(GIT_INDEX_ADD_DEFAULT.rawValue), nil, nil), "git_index_add_all")
        try check(git_index_update_all(index, nil, nil, nil), "git_index_update_all")
        let authorLine = try SignatureHandle(author)
        let committerLine = try committer.map { signature throws(GitError) in try SignatureHandle(signature) }
        return try commitIndex(
            index, message: message, author: authorLine.pointer, committer: (committerLine ?? authorLine).pointer)
    }

    /// Writes `index` and its tree, and commits the tree on HEAD with HEAD's commit as the parent
    /// (none when HEAD is unborn).
    func commitIndex(
        _ index: OpaquePointer?, message: String, author: UnsafePointer<git_signature>?,
        committer: UnsafePointer<git_signature>?
    ) throws(GitError) -> ObjectID {
        try check(git_index_write(index), "git_index_write")
        return try commitTree(
            ofIndex: index, message: message, author: author, committer: committer, updating: "HEAD")
    }

    /// Writes the tree of `index` (not the index file) and a commit of it whose parent is HEAD's
    /// commit (none when HEAD is unborn), moving the reference `updating` names to it, or none when nil.
    func commitTree(
        ofIndex index: OpaquePointer?, message: String, author: UnsafePointer<git_signature>?,
        committer: UnsafePointer<git_signature>?, updating reference: String?
    ) throws(GitError) -> ObjectID {
        var treeID = git_oid()
        try check(git_index_write_tree(&treeID, index), "git_index_write_tree")
        return try commit(tree: treeID, message: message, author: author, committer: committer, updating: reference)
    }

    /// A commit of tree `treeID` whose parent is HEAD's commit (none when HEAD is unborn), moving
    /// the reference `updating` names to it, or none when nil.
    func commit(
        tree treeID: git_oid, message: String, author: UnsafePointer<git_signature>?,
        committer: UnsafePointer<git_signature>?, updating reference: String?
    ) throws(GitError) -> ObjectID {
        var treeID = treeID
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, pointer, &treeID), "git_tree_lookup")
        defer { git_tree_free(tree) }
        var parent: OpaquePointer?
        if !isHeadUnborn {
            try check(git_revparse_single(&parent, pointer, "HEAD^{commit}"), "git_revparse_single(HEAD)")
        }
        defer { git_object_free(parent) }
        var commitID = git_oid()
        var parents: [OpaquePointer?] = [parent]
        let repo = try pointer
        let code = parents.withUnsafeMutableBufferPointer { buffer in
            git_commit_create(
                &commitID, repo, reference, author, committer, nil, message, tree, parent == nil ? 0 : 1,
                buffer.baseAddress)
        }
        try check(code, "git_commit_create")
        return ObjectID(commitID)
    }
}

/// A `git_signature` made from a `Signature`, freed with this value.
final class SignatureHandle {
    let pointer: UnsafeMutablePointer<git_signature>

    init(_ signature: Signature) throws(GitError) {
        var made: UnsafeMutablePointer<git_signature>?
        let seconds = git_time_t(signature.date.timeIntervalSince1970.rounded(.down))
        try check(
            git_signature_new(&made, signature.name, signature.email, seconds, 0),
            "git_signature_new(\(signature.name) <\(signature.email)>)")
        guard let made else {
            throw GitError(kind: .failed, call: "git_signature_new", message: "no signature returned")
        }
        pointer = made
    }

    /// The signature from git config (`user.name`, `user.email`) of `repository`.
    init(defaultOf repository: OpaquePointer) throws(GitError) {
        var made: UnsafeMutablePointer<git_signature>?
        try check(git_signature_default(&made, repository), "git_signature_default (set user.name and user.email)")
        guard let made else {
            throw GitError(kind: .failed, call: "git_signature_default", message: "no signature returned")
        }
        pointer = made
    }

    deinit { git_signature_free(pointer) }
}
