internal import CCurl

/// What a TLS handshake showed of the server: the address reached and its certificate, with
/// verification on (as for every transfer). Fields are libcurl's text for the leaf certificate.
public struct TLSPeer: Sendable, Equatable {
    /// The IP address the connection reached.
    public let address: String
    /// The certificate's subject, as OpenSSL prints it (`CN = app.example.com`).
    public let subject: String
    /// Its issuer.
    public let issuer: String
    /// DNS names from the subject alternative name extension.
    public let names: [String]
    /// `notAfter` as OpenSSL prints it: `Dec  3 19:55:29 2026 GMT`.
    public let expires: String

    public init(address: String, subject: String, issuer: String, names: [String], expires: String) {
        self.address = address
        self.subject = subject
        self.issuer = issuer
        self.names = names
        self.expires = expires
    }
}

extension EasyHandle {
    /// Resolves the request's host, connects and completes a verified TLS handshake, and sends
    /// nothing (libcurl's `CONNECT_ONLY`). The request's `--resolve`, `--connect-to`, CA file and
    /// timeouts apply.
    public static func tlsHandshake(_ request: HTTPRequest) -> Result<TLSPeer, CurlError> {
        do {
            let easy = try EasyHandle(request)
            try check(relops_curl_setopt_long(easy.handle, CURLOPT_CONNECT_ONLY, 1), "curl_easy_setopt(CONNECT_ONLY)")
            try check(relops_curl_setopt_long(easy.handle, CURLOPT_CERTINFO, 1), "curl_easy_setopt(CERTINFO)")
            let code = curl_easy_perform(easy.handle)
            guard code == CURLE_OK else {
                return .failure(curlError(code, "curl_easy_perform", detail: easy.errorText))
            }
            return .success(easy.peer())
        } catch {
            return .failure(error)
        }
    }

    /// The leaf certificate's fields from `CURLINFO_CERTINFO`, and the address reached.
    func peer() -> TLSPeer {
        var fields: [String: String] = [:]
        var info: UnsafeMutablePointer<curl_certinfo>?
        if relops_curl_getinfo_certinfo(handle, &info) == CURLE_OK, let info, info.pointee.num_of_certs > 0,
            let chain = info.pointee.certinfo
        {
            var item = chain[0]
            while let node = item {
                if let data = node.pointee.data {
                    let line = String(cString: data)
                    if let colon = line.firstIndex(of: ":") {
                        fields[String(line[..<colon])] = String(line[line.index(after: colon)...])
                    }
                }
                item = node.pointee.next
            }
        }
        let names = (fields["X509v3 Subject Alternative Name"] ?? "").split(separator: ",").compactMap { part in
            let trimmed = part.drop { $0 == " " }
            return trimmed.hasPrefix("DNS:") ? String(trimmed.dropFirst(4)) : nil
        }
        var address: UnsafeMutablePointer<CChar>?
        let ip = relops_curl_getinfo_string(handle, CURLINFO_PRIMARY_IP, &address) == CURLE_OK ? address : nil
        return TLSPeer(
            address: ip.map { String(cString: $0) } ?? "", subject: fields["Subject"] ?? "",
            issuer: fields["Issuer"] ?? "", names: names, expires: fields["Expire date"] ?? "")
    }
}
