internal import COpenSSL

/// The version of OpenSSL relops runs against (`OpenSSL 3.0.17 1 Jul 2025`), for `relops --version`.
public func openSSLVersion() -> String {
    if case .failure(let problem) = openSSLLoaded { return "not loaded: \(problem.message)" }
    guard let text = OpenSSL_version(Int32(OPENSSL_VERSION)) else { return "unknown" }
    return String(cString: text)
}
