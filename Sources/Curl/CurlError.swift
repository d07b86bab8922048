internal import CCurl
internal import CCurlLoader
public import CLibraryError

/// A failed libcurl call: the call, `curl_easy_strerror` and curl's error buffer.
public typealias CurlError = CodedLibraryError<CurlErrorKind>

/// What a caller of libcurl can act on.
public enum CurlErrorKind: Sendable, Equatable {
    case badURL, couldNotResolve, couldNotConnect, timedOut, tls, tooLarge, failed
    /// libcurl itself could not be loaded (it is bound lazily, on first use): the message
    /// names the soname, the loader's reason and the Debian package to install.
    case libraryNotLoaded
}

/// libcurl is loaded and its global state initialised once per process, on first use; a library
/// that cannot be loaded is the error every later use throws.
let curlInitialised: Result<Void, CurlError> = {
    if let problem = libcurlLoadProblem() { return .failure(problem) }
    curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    return .success(())
}()

/// Loads and initialises libcurl (once per process); throws the error of kind
/// `.libraryNotLoaded` when it cannot be loaded. Callers ask this before queuing any transfer, so
/// a missing library is one "could not check" and not a failed check per request.
public func loadLibcurl() throws(CurlError) {
    try curlInitialised.get()
}

/// Loads libcurl (once); nil when it is loaded, else the error that says what to install.
func libcurlLoadProblem() -> CurlError? {
    guard let message = relops_libcurl_load() else { return nil }
    return CurlError(kind: .libraryNotLoaded, call: "dlopen", message: String(cString: message))
}

func curlError(_ code: CURLcode, _ call: String, detail: String = "") -> CurlError {
    let base = String(cString: curl_easy_strerror(code))
    let message = detail.isEmpty ? base : "\(base): \(detail)"
    let kind: CurlError.Kind
    switch code {
    case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: kind = .badURL
    case CURLE_COULDNT_RESOLVE_HOST: kind = .couldNotResolve
    case CURLE_COULDNT_CONNECT: kind = .couldNotConnect
    case CURLE_OPERATION_TIMEDOUT: kind = .timedOut
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE: kind = .tls
    case CURLE_FILESIZE_EXCEEDED, CURLE_WRITE_ERROR: kind = .tooLarge
    default: kind = .failed
    }
    return CurlError(kind: kind, call: call, message: message, code: Int32(code.rawValue))
}

func check(_ code: CURLcode, _ call: String) throws(CurlError) {
    if code != CURLE_OK { throw curlError(code, call) }
}
