import Curl
import RelopsCore

/// Queues requests and runs them concurrently in batches.
struct Fetcher {
    let options: VerifyOptions
    var requests: [HTTPRequest] = []
    var results: [Result<HTTPResponse, CurlError>?] = []
    /// The host file each request is for; nil for included files and third parties.
    var files: [WellKnownFile?] = []
    private var done = 0

    init(options: VerifyOptions) { self.options = options }

    mutating func add(_ url: String, cap: Int, file: WellKnownFile? = nil) -> Int {
        var request = HTTPRequest(
            url: url, resolve: options.resolve, caFile: options.caFile,
            connectTimeout: options.connectTimeout, totalTimeout: options.totalTimeout,
            maxBodyBytes: cap, headers: ["Accept: application/json"], userAgent: options.userAgent)
        request.connectTo = options.connectTo
        requests.append(request)
        results.append(nil)
        files.append(file)
        return requests.count - 1
    }

    /// Runs every request not run yet, all at once. With `--local`, none: see `body`.
    mutating func run() {
        guard !options.local else { return }
        let pending = Array(requests[done...])
        for (offset, result) in fetchAll(pending).enumerated() { results[done + offset] = result }
        done = requests.count
    }
}

extension Fetcher {
    /// libcurl, asked for before anything is fetched: a library that cannot be loaded (libcurl
    /// itself, or the libssl/libcrypto it needs) is "could not check" (exit 3) with the message
    /// naming it and the package to install, never a list of failed checks.
    static func requireLibcurl() throws(Failure) {
        do { try loadLibcurl() } catch { throw Failure(.couldNotCheck, error.message) }
    }
}
