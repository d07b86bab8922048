/// What kind of failure an error is, which decides the exit code the executable chooses:
/// `usage` and `badInput` exit 2, `couldNotCheck` exits 3, `checkFailed` exits 1.
public enum FailureCategory: Sendable, Equatable {
    /// The command line was wrong (unknown option, missing value, bad host spelling).
    case usage
    /// An input file or value was malformed; the message names it and what was wrong.
    case badInput
    /// A check ran and did not pass (drift, verification failure, unmet expectation).
    case checkFailed
    /// Could not check at all: I/O, repository or network failure.
    case couldNotCheck
}

/// An error a user can act on: it knows its category and says what is wrong in one message.
public protocol RelopsFailure: Error, CustomStringConvertible {
    var category: FailureCategory { get }
}

/// A plain failure with a category and a message, for cases that need no richer type.
public struct Failure: RelopsFailure, Sendable {
    public let category: FailureCategory
    public let message: String

    public init(_ category: FailureCategory, _ message: String) {
        self.category = category
        self.message = message
    }

    public var description: String { message }
}
