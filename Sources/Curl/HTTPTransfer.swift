/// One HTTPS GET as relops makes it: TLS always verified, redirects never followed, bounded in
/// time and size. A plain value; an `EasyHandle` turns it into a libcurl transfer.
public struct HTTPRequest: Sendable, Equatable {
    /// The URL to fetch. Only `https` is allowed: libcurl refuses any other protocol.
    public var url: String
    /// `HOST:PORT:ADDRESS` entries, as curl's `--resolve`: a real name aimed at another address.
    public var resolve: [String]
    /// `HOST:PORT:CONNECT-HOST:CONNECT-PORT` entries, as curl's `--connect-to`: a name and port
    /// reached at another address and port, TLS still checked against the name.
    public var connectTo: [String] = []
    /// A PEM bundle of CAs to trust instead of the system's (`--cacert`). Verification stays on.
    public var caFile: String?
    /// Seconds allowed to connect (TCP and TLS).
    public var connectTimeout: Double
    /// Seconds allowed for the whole transfer.
    public var totalTimeout: Double
    /// The largest body accepted; a larger one ends the transfer with `tooLarge`.
    public var maxBodyBytes: Int
    /// Extra request headers, `Name: value`.
    public var headers: [String]
    /// The `User-Agent` header (relops sends `relops/<version>`).
    public var userAgent: String

    public init(
        url: String, resolve: [String] = [], caFile: String? = nil, connectTimeout: Double = 5,
        totalTimeout: Double = 10, maxBodyBytes: Int = 128 * 1024, headers: [String] = [],
        userAgent: String = "relops"
    ) {
        self.url = url
        self.resolve = resolve
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.headers = headers
        self.userAgent = userAgent
    }
}

/// What a server answered. A 3xx is an answer like any other: `location` names where it pointed.
public struct HTTPResponse: Sendable, Equatable {
    /// The URL that was requested.
    public let url: String
    /// The URL libcurl ended at (the same as `url`: redirects are never followed).
    public let effectiveURL: String
    /// The HTTP status code.
    public let status: Int
    /// The `Content-Type` header, parameters included, if any.
    public let contentType: String?
    /// The absolute URL a redirect's `Location` header points at, if any.
    public let location: String?
    /// The protocol spoken: `1.0`, `1.1`, `2` or `3`.
    public let httpVersion: String
    /// The body, at most the request's `maxBodyBytes`.
    public let body: [UInt8]

    public init(
        url: String, effectiveURL: String, status: Int, contentType: String?, location: String?,
        httpVersion: String, body: [UInt8]
    ) {
        self.url = url
        self.effectiveURL = effectiveURL
        self.status = status
        self.contentType = contentType
        self.location = location
        self.httpVersion = httpVersion
        self.body = body
    }

    /// The media type without parameters, lowercased (`application/json`).
    public var mediaType: String? {
        guard let contentType else { return nil }
        let bare = contentType.prefix { $0 != ";" }
        let isSpace = { (c: Character) in c == " " || c == "\t" }
        guard let start = bare.firstIndex(where: { !isSpace($0) }), let end = bare.lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return bare[start...end].lowercased()
    }
}
