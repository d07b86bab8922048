internal import CCurl

/// A URL split by libcurl's own parser (`curl_url`), the way curl itself will read it.
public struct URLParts: Sendable, Equatable {
    public let scheme: String
    public let host: String
    public let port: Int?
    public let path: String
    public let query: String?

    /// Parses `text`; throws `badURL` naming the part libcurl rejected.
    public init(_ text: String) throws(CurlError) {
        try curlInitialised.get()
        guard let handle = curl_url() else {
            throw CurlError(kind: .failed, call: "curl_url", message: "out of memory")
        }
        defer { curl_url_cleanup(handle) }
        let rc = curl_url_set(handle, CURLUPART_URL, text, 0)
        guard rc == CURLUE_OK else {
            throw CurlError(
                kind: .badURL, call: "curl_url_set", message: "\(text): " + String(cString: curl_url_strerror(rc)),
                code: Int32(rc.rawValue))
        }
        func part(_ which: CURLUPart) -> String? {
            var out: UnsafeMutablePointer<CChar>?
            guard curl_url_get(handle, which, &out, 0) == CURLUE_OK, let out else { return nil }
            defer { curl_free(out) }
            return String(cString: out)
        }
        scheme = part(CURLUPART_SCHEME) ?? ""
        host = part(CURLUPART_HOST) ?? ""
        port = part(CURLUPART_PORT).flatMap { Int($0) }
        path = part(CURLUPART_PATH) ?? "/"
        query = part(CURLUPART_QUERY)
    }
}
