internal import CCurl

/// Collects a transfer's body in the write callback and stops it at the cap.
final class BodyCollector {
    var bytes: [UInt8] = []
    let cap: Int
    var overCap = false

    init(cap: Int) { self.cap = cap }
}

/// One libcurl easy handle configured for one `HTTPRequest`. Not thread-safe, hence not Sendable:
/// use one per task, or hand several to a `MultiHandle`.
public final class EasyHandle {
    let handle: UnsafeMutableRawPointer
    /// The request this handle carries out.
    public let request: HTTPRequest
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// libcurl's error buffer as text (empty when it holds nothing).
    var errorText: String { String(cString: errorBuffer) }
    private var lists: [UnsafeMutablePointer<curl_slist>] = []
    let collector: BodyCollector

    /// Configures a transfer for `request`; throws when libcurl refuses an option.
    public init(_ request: HTTPRequest) throws(CurlError) {
        try curlInitialised.get()
        guard let handle = curl_easy_init() else {
            throw CurlError(kind: .failed, call: "curl_easy_init", message: "could not create a transfer")
        }
        self.handle = handle
        self.request = request
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        collector = BodyCollector(cap: request.maxBodyBytes)
        try configure()
    }

    deinit {
        curl_easy_cleanup(handle)
        for list in lists { curl_slist_free_all(list) }
        errorBuffer.deallocate()
    }

    private func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try check(relops_curl_setopt_long(handle, option, value), "curl_easy_setopt(\(option.rawValue))")
    }

    private func set(_ option: CURLoption, _ value: String) throws(CurlError) {
        try check(relops_curl_setopt_string(handle, option, value), "curl_easy_setopt(\(option.rawValue))")
    }

    private func set(_ option: CURLoption, list values: [String]) throws(CurlError) {
        guard !values.isEmpty else { return }
        var list: UnsafeMutablePointer<curl_slist>?
        for value in values {
            guard let next = curl_slist_append(list, value) else {
                if let list { curl_slist_free_all(list) }
                throw CurlError(kind: .failed, call: "curl_slist_append", message: "out of memory")
            }
            list = next
        }
        guard let list else { return }
        lists.append(list)
        try check(relops_curl_setopt_slist(handle, option, list), "curl_easy_setopt(\(option.rawValue))")
    }

    private func configure() throws(CurlError) {
        try check(relops_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "curl_easy_setopt(ERRORBUFFER)")
        try set(CURLOPT_URL, request.url)
        // HTTPS only, TLS always verified, redirects never followed.
        try set(CURLOPT_PROTOCOLS_STR, "https")
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = request.caFile { try set(CURLOPT_CAINFO, caFile) }
        try set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        try set(CURLOPT_USERAGENT, request.userAgent)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(request.connectTimeout * 1000)))
        try set(CURLOPT_TIMEOUT_MS, max(1, Int(request.totalTimeout * 1000)))
        try check(
            relops_curl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)),
            "curl_easy_setopt(MAXFILESIZE_LARGE)")
        try set(CURLOPT_RESOLVE, list: request.resolve)
        try set(CURLOPT_CONNECT_TO, list: request.connectTo)
        try set(CURLOPT_HTTPHEADER, list: request.headers)
        try check(
            relops_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(collector).toOpaque()),
            "curl_easy_setopt(WRITEDATA)")
        try check(
            relops_curl_setopt_data_callback(
                handle, CURLOPT_WRITEFUNCTION,
                { data, size, count, userdata in
                    guard let userdata else { return 0 }
                    let collector = Unmanaged<BodyCollector>.fromOpaque(userdata).takeUnretainedValue()
                    let length = size * count
                    guard collector.bytes.count + length <= collector.cap else {
                        collector.overCap = true
                        return 0  // libcurl ends the transfer with CURLE_WRITE_ERROR
                    }
                    if let data, length > 0 {
                        data.withMemoryRebound(to: UInt8.self, capacity: length) {
                            collector.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
                        }
                    }
                    return length
                }), "curl_easy_setopt(WRITEFUNCTION)")
    }

    /// Runs the transfer on the calling thread and returns the answer or why there is none.
    public func perform() -> Result<HTTPResponse, CurlError> {
        finish(curl_easy_perform(handle))
    }

    /// Reads the outcome of a finished transfer.
    func finish(_ code: CURLcode) -> Result<HTTPResponse, CurlError> {
        if collector.overCap || code == CURLE_FILESIZE_EXCEEDED {
            return .failure(
                CurlError(
                    kind: .tooLarge, call: "curl_easy_perform",
                    message: "\(request.url): body larger than \(request.maxBodyBytes) bytes",
                    code: Int32(code.rawValue)))
        }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failure(curlError(code, "curl_easy_perform", detail: detail))
        }
        var status = 0, version = 0
        _ = relops_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        _ = relops_curl_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        let versionText: String
        switch version {
        case CURL_HTTP_VERSION_1_0: versionText = "1.0"
        case CURL_HTTP_VERSION_2_0: versionText = "2"
        case CURL_HTTP_VERSION_3: versionText = "3"
        default: versionText = "1.1"
        }
        return .success(
            HTTPResponse(
                url: request.url, effectiveURL: info(CURLINFO_EFFECTIVE_URL) ?? request.url,
                status: status, contentType: info(CURLINFO_CONTENT_TYPE),
                location: info(CURLINFO_REDIRECT_URL), httpVersion: versionText,
                body: collector.bytes))
    }

    private func info(_ which: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard relops_curl_getinfo_string(handle, which, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }
}
