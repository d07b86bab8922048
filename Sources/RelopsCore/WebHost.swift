/// A web host as `--host H[:PORT]` and `app.web_host` take it: a validated `HostName` and, for a
/// local test server, a port. Validated once where it comes in (the flag, the `.relops.yml`
/// reader); what flows on is this type, so "a name, maybe with a port" is never re-split from text.
public struct WebHost: Sendable, Hashable, CustomStringConvertible {
    /// The host name, lowercase ASCII (punycode for a Unicode name).
    public let host: HostName
    /// The port given after the name (`1...65535`), or nil for the scheme's default.
    public let port: Int?
    /// The value as it was written (trimmed): a Unicode name before punycode, the port as typed.
    public let written: String

    /// Validates `HOST` or `HOST:PORT`. A URL, a user name, a bad name, a second `:` or a port that
    /// is not a number from 1 to 65535 is bad usage naming `option` (`--host`, `app.web_host`).
    public init(_ text: String, option: String = "--host") throws(Failure) {
        // A URL gets HostName's own message: pass the bare host name.
        if text.contains("/") { _ = try HostName(text, option: option) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2 else {
            throw Failure(.usage, "\(option) \(text): expected HOST or HOST:PORT")
        }
        let name = try HostName(String(parts[0]), option: option)
        guard name.name.count <= 253 else {
            throw Failure(.usage, "\(option) \(text): a host name has at most 253 characters")
        }
        host = name
        port = parts.count == 2 ? try Self.port(parts[1], in: text, option: option) : nil
        written = text.trimmingWhitespace()
    }

    /// A host already validated, with an optional port (not checked: give one from 1 to 65535).
    public init(_ host: HostName, port: Int? = nil) {
        self.host = host
        self.port = port
        written = port.map { "\(host.written):\($0)" } ?? host.written
    }

    /// The lowercase ASCII name, without the port.
    public var name: String { host.name }

    /// `name` or `name:port`: what a URL's authority holds.
    public var description: String { port.map { "\(host.name):\($0)" } ?? host.name }

    /// A port number, `digits` of `text` (named in the message with `option`): 1 to 65535.
    public static func port(_ digits: Substring, in text: String, option: String) throws(Failure) -> Int {
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(digits), (1...65535).contains(port)
        else {
            throw Failure(.usage, "\(option) \(text): port must be a number from 1 to 65535")
        }
        return port
    }
}
