internal import CGit2
import Foundation

/// An open git repository. Not thread-safe: parallel work opens one per task.
///
/// A plain clone (`PlainLayout`) is found without libgit2, and libgit2 opens it only when a call
/// needs it: a scan of the working tree reads the index file itself and never starts libgit2.
public final class Repository {
    /// The libgit2 handle; nil until `pointer` is first asked for (plain layouts only).
    private var handle: OpaquePointer?

    /// The working tree folder, without a trailing slash; nil for a bare repository.
    public let workingDirectory: String?

    /// The `.git` folder, without a trailing slash.
    public let gitDirectory: String

    /// Opens the repository at `path` or the one enclosing it (like `git` does from a subfolder).
    public convenience init(discovering path: String) throws(GitError) {
        if let plain = PlainLayout.discover(from: path) {
            self.init(plain)
        } else {
            try self.init(owning: Repository.open(path, flags: 0, missing: "\(path) is not inside a git repository"))
        }
    }

    /// Opens exactly the repository at `path` (its working tree or `.git` folder).
    public convenience init(at path: String) throws(GitError) {
        try self.init(
            owning: Repository.open(
                path, flags: UInt32(GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue), missing: "\(path) is not a git repository")
        )
    }

    private init(_ plain: PlainLayout) {
        workingDirectory = plain.workingDirectory
        gitDirectory = plain.gitDirectory
    }

    /// Takes ownership of a repository handle libgit2 returned (freed in `deinit`).
    init(owning pointer: OpaquePointer) {
        handle = pointer
        workingDirectory = git_repository_workdir(pointer).map { withoutTrailingSlash(String(cString: $0)) }
        gitDirectory = withoutTrailingSlash(String(cString: git_repository_path(pointer)))
    }

    deinit { if let handle { git_repository_free(handle) } }

    /// libgit2's handle, opening the repository on first use.
    var pointer: OpaquePointer {
        get throws(GitError) {
            if let handle { return handle }
            let opened = try Repository.open(
                workingDirectory ?? gitDirectory, flags: UInt32(GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue),
                missing: "\(gitDirectory) is no longer a git repository")
            handle = opened
            return opened
        }
    }

    /// True once libgit2 holds the repository open (at once unless the layout is plain).
    var isOpenedByLibgit2: Bool { handle != nil }

    /// `pointer` for the calls that answer nil or false when the repository cannot be read: the
    /// failure to open then shows in the next call that throws.
    var pointerIfOpens: OpaquePointer? {
        do { return try pointer } catch { return nil }
    }

    private static func open(_ path: String, flags: UInt32, missing: String) throws(GitError) -> OpaquePointer {
        try libgit2Initialised.get()
        var repo: OpaquePointer?
        let code = git_repository_open_ext(&repo, path, flags, nil)
        if code == GIT_ENOTFOUND.rawValue {
            throw GitError(kind: .notARepository, call: "git_repository_open_ext", message: missing, code: code)
        }
        try check(code, "git_repository_open_ext")
        guard let repo else {
            throw GitError(kind: .failed, call: "git_repository_open_ext", message: "no repository returned")
        }
        return repo
    }

    /// True when HEAD points at a branch with no commit yet.
    public var isHeadUnborn: Bool { pointerIfOpens.map { git_repository_head_unborn($0) == 1 } ?? false }

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
        guard let repo = pointerIfOpens, git_repository_config_snapshot(&config, repo) == 0, let config else {
            return nil
        }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, key) == 0, let value else { return nil }
        return String(cString: value)
    }
}

/// A folder path as relops prints it: no trailing slash (except `/` itself).
private func withoutTrailingSlash(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
}
