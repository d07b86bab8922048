internal import CGit2
internal import CGit2Loader
public import CLibraryError

/// A failed libgit2 call: the call's name, libgit2's own message and its error code.
public typealias GitError = CodedLibraryError<GitErrorKind>

/// What a caller of libgit2 can act on.
public enum GitErrorKind: Sendable, Equatable {
    /// The path is not inside a git repository.
    case notARepository
    /// A revision, reference or object does not exist.
    case notFound
    /// A reference or branch that should be new already exists.
    case exists
    /// Anything else libgit2 reported.
    case failed
    /// libgit2 itself could not be loaded (it is bound lazily, on first use): the message
    /// names the soname, the loader's reason and the Debian package to install.
    case libraryNotLoaded
}

/// Turns a libgit2 return code into a `GitError` built from `git_error_last()`.
@discardableResult
func check(_ code: Int32, _ call: String) throws(GitError) -> Int32 {
    guard code < 0 else { return code }
    var message = "error \(code)"
    if let last = git_error_last(), let text = last.pointee.message {
        message = String(cString: text)
    }
    let kind: GitError.Kind
    switch code {
    case GIT_ENOTFOUND.rawValue: kind = .notFound
    case GIT_EEXISTS.rawValue: kind = .exists
    default: kind = .failed
    }
    throw GitError(kind: kind, call: call, message: message, code: code)
}

/// libgit2 is loaded and initialised once per process, on first use; a library that cannot be
/// loaded is the error every later use throws.
let libgit2Initialised: Result<Void, GitError> = {
    if let problem = libgit2LoadProblem() { return .failure(problem) }
    git_libgit2_init()
    return .success(())
}()

/// Loads libgit2 (once); nil when it is loaded, else the error that says what to install.
func libgit2LoadProblem() -> GitError? {
    guard let message = relops_libgit2_load() else { return nil }
    return GitError(kind: .libraryNotLoaded, call: "dlopen", message: String(cString: message))
}
