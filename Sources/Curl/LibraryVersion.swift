internal import CCurl

/// The version of libcurl relops runs against (`7.88.1`), for `relops --version`.
public func libcurlVersion() -> String {
    if let problem = libcurlLoadProblem() { return "not loaded: \(problem.message)" }
    // "libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 ...": the first word names libcurl itself.
    guard let text = curl_version() else { return "unknown" }
    let first = String(cString: text).split(separator: " ").first.map(String.init) ?? ""
    return first.hasPrefix("libcurl/") ? String(first.dropFirst("libcurl/".count)) : first
}
