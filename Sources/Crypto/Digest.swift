public import CLibraryError
internal import COpenSSL
internal import COpenSSLLoader

/// A failed OpenSSL call: the call's name and OpenSSL's error queue (oldest first), drained to empty.
public typealias CryptoError = LibraryError

extension CryptoError {
    /// libcrypto itself could not be loaded (it is bound lazily, on first use): `message` names
    /// the soname, the loader's reason and the Debian package to install. A command cannot check
    /// anything then, so this is never bad input or a failed verification.
    public var isLibraryNotLoaded: Bool { call == "dlopen" }
}

/// OpenSSL's libcrypto is loaded once per process, on first use (it is bound lazily: see
/// Sources/COpenSSLLoader); every public entry point of this module asks this first, and a library
/// that cannot be loaded is the error it throws.
let openSSLLoaded: Result<Void, CryptoError> = {
    guard let message = relops_libcrypto_load() else { return .success(()) }
    return .failure(CryptoError(call: "dlopen", message: String(cString: message)))
}()

/// Loads OpenSSL's libcrypto (once per process); throws the error whose `isLibraryNotLoaded` is
/// true when it cannot be loaded. Callers ask this before any work that needs OpenSSL, so a
/// missing library is reported as such and not as whatever the first failing call would say.
public func loadOpenSSL() throws(CryptoError) {
    try openSSLLoaded.get()
}

/// Builds a `CryptoError` for `call` from OpenSSL's error queue, emptying it.
func opensslError(_ call: String) -> CryptoError {
    var messages: [String] = []
    while true {
        let code = ERR_get_error()
        if code == 0 { break }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        messages.append(
            String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return CryptoError(call: call, message: messages.joined(separator: "; "))
}

/// Checks an OpenSSL return value where 1 means success.
func check(_ result: Int32, _ call: String) throws(CryptoError) {
    if result != 1 { throw opensslError(call) }
}

/// Message digests through OpenSSL's EVP interface.
public enum Digest {
    /// The SHA-256 of `bytes` (32 bytes).
    public static func sha256(_ bytes: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try openSSLLoaded.get()
        return try digest(bytes, EVP_sha256(), "EVP_sha256")
    }

    /// The SHA-1 of `bytes` (20 bytes).
    public static func sha1(_ bytes: some Collection<UInt8>) throws(CryptoError) -> [UInt8] {
        try openSSLLoaded.get()
        return try digest(bytes, EVP_sha1(), "EVP_sha1")
    }

    static func digest(_ bytes: some Collection<UInt8>, _ md: OpaquePointer?, _ name: String) throws(CryptoError)
        -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let input = Array(bytes)
        let ok = input.withUnsafeBytes { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &out, &length, md, nil)
        }
        try check(ok, "EVP_Digest(\(name))")
        return Array(out.prefix(Int(length)))
    }
}

extension Digest {
    /// The SHA-1 of `header` followed by `body`, without copying them together (git's object ids
    /// are the SHA-1 of "blob <size>\0" and the content).
    public static func sha1(header: [UInt8], body: UnsafeRawBufferPointer) throws(CryptoError) -> [UInt8] {
        try openSSLLoaded.get()
        guard let context = EVP_MD_CTX_new() else { throw opensslError("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        try check(EVP_DigestInit_ex(context, EVP_sha1(), nil), "EVP_DigestInit_ex(sha1)")
        try check(header.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }, "EVP_DigestUpdate")
        if body.count > 0 { try check(EVP_DigestUpdate(context, body.baseAddress, body.count), "EVP_DigestUpdate") }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        try check(EVP_DigestFinal_ex(context, &out, &length), "EVP_DigestFinal_ex")
        return Array(out.prefix(Int(length)))
    }
}
