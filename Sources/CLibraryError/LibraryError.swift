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
