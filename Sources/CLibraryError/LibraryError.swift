/// A failed call into a C library, or an input the library refused: what failed and the library's
/// own message. The wrappers whose errors carry nothing more (OpenSSL's `CryptoError`, libidn2's
/// `IDNAError`, libpsl's `PublicSuffixError`) name this one type.
public struct LibraryError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The C function that failed (`EVP_DigestFinal_ex`, `psl_builtin`), or the input the library
    /// refused (a host name libidn2 cannot convert).
    public let call: String
    /// The library's message (OpenSSL's error queue drained, `idn2_strerror`), or ours.
    public let message: String

    /// An error as given.
    public init(call: String, message: String) {
        self.call = call
        self.message = message
    }

    /// `call: message`, or `call failed` when the library said nothing.
    public var description: String { message.isEmpty ? call + " failed" : "\(call): \(message)" }
}

/// A failed call into a C library that returns a code, with the kind of failure a caller acts on:
/// libgit2's `GitError` (kinds `GitErrorKind`), libcurl's `CurlError` (`CurlErrorKind`).
public struct CodedLibraryError<FailureKind: Sendable & Equatable>: Error, CustomStringConvertible, Sendable {
    /// The library's kinds of failure (`GitError.Kind` is `GitErrorKind`).
    public typealias Kind = FailureKind

    /// What a caller can act on.
    public let kind: Kind
    /// The C function that failed, for example `git_repository_open_ext`.
    public let call: String
    /// The library's own message (`git_error_last()`, `curl_easy_strerror` and the error buffer),
    /// or a description of our own.
    public let message: String
    /// The library's return code; -1 when the error is our own.
    public let code: Int32

    /// An error as given.
    public init(kind: Kind, call: String, message: String, code: Int32 = -1) {
        self.kind = kind
        self.call = call
        self.message = message
        self.code = code
    }

    /// `call: message`.
    public var description: String { "\(call): \(message)" }
}
