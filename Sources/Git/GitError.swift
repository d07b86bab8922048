internal import CGit2

/// A failed libgit2 call: the call's name, libgit2's own message and its error code.
public struct GitError: Error, CustomStringConvertible, Sendable {
    /// What a caller can act on.
    public enum Kind: Sendable, Equatable {
        /// The path is not inside a git repository.
        case notARepository
        /// A revision, reference or object does not exist.
        case notFound
        /// A reference or branch that should be new already exists.
        case exists
        /// Anything else libgit2 reported.
        case failed
    }

    public let kind: Kind
    /// The libgit2 function that failed, for example `git_repository_open_ext`.
    public let call: String
    /// libgit2's message (`git_error_last()`), or a description of our own.
    public let message: String
    /// libgit2's return code.
    public let code: Int32

    public init(kind: Kind, call: String, message: String, code: Int32 = -1) {
        self.kind = kind
        self.call = call
        self.message = message
        self.code = code
    }

    public var description: String { "\(call): \(message)" }
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

/// libgit2 is initialised once per process, on first use.
let libgit2Initialised: Bool = {
    git_libgit2_init()
    return true
}()
