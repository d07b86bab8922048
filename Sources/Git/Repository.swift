internal import CGit2
import Foundation

/// An open git repository. Not thread-safe: parallel work opens one per task.
public final class Repository {
    let pointer: OpaquePointer

    /// Opens the repository at `path` or the one enclosing it (like `git` does from a subfolder).
    public convenience init(discovering path: String) throws(GitError) {
        try self.init(path, flags: 0, missing: "\(path) is not inside a git repository")
    }

    /// Opens exactly the repository at `path` (its working tree or `.git` folder).
    public convenience init(at path: String) throws(GitError) {
        try self.init(
            path, flags: UInt32(GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue), missing: "\(path) is not a git repository")
    }

    private init(_ path: String, flags: UInt32, missing: String) throws(GitError) {
        _ = libgit2Initialised
        var repo: OpaquePointer?
        let code = git_repository_open_ext(&repo, path, flags, nil)
        if code == GIT_ENOTFOUND.rawValue {
            throw GitError(kind: .notARepository, call: "git_repository_open_ext", message: missing, code: code)
        }
        try check(code, "git_repository_open_ext")
        guard let repo else {
            throw GitError(kind: .failed, call: "git_repository_open_ext", message: "no repository returned")
        }
        pointer = repo
    }

    /// Takes ownership of a repository handle libgit2 returned (freed in `deinit`).
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { git_repository_free(pointer) }

    /// The working tree folder, without a trailing slash; nil for a bare repository.
    public var workingDirectory: String? {
        guard let c = git_repository_workdir(pointer) else { return nil }
        var path = String(cString: c)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The `.git` folder, without a trailing slash.
    public var gitDirectory: String {
        var path = String(cString: git_repository_path(pointer))
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// True when HEAD points at a branch with no commit yet.
    public var isHeadUnborn: Bool { git_repository_head_unborn(pointer) == 1 }

    /// Resolves a revision (`HEAD`, `main~2`, a short id) to the id of the commit it names.
    public func resolveCommit(_ revision: String) throws(GitError) -> ObjectID {
        var object: OpaquePointer?
        try check(git_revparse_single(&object, pointer, revision), "git_revparse_single(\(revision))")
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        try check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "git_object_peel(\(revision))")
        defer { git_object_free(commit) }
        guard let id = git_object_id(commit) else {
            throw GitError(kind: .notFound, call: "git_object_id", message: "\(revision) has no id")
        }
        return ObjectID(id.pointee)
    }

    /// The value of a git config key (`user.name`), or nil when it is not set.
    public func configString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, pointer) == 0, let config else { return nil }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, key) == 0, let value else { return nil }
        return String(cString: value)
    }
}
