import IDN

/// A host name validated once, where it comes in (a flag, `.relops.yml`): lowercase ASCII
/// (punycode for a Unicode name). Domain APIs take this type, so "already validated" is the
/// compiler's word, not a comment. A name with a port is a `WebHost`.
public struct HostName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The lowercase ASCII name (`app.example.com`, `xn--bcher-kva.example`).
    public let name: String
    /// The name as it was written (trimmed): a Unicode name before punycode.
    public let written: String

    /// Validates `text` as a host to search for (`parse`'s rules); `option` names where it came from.
    public init(_ text: String, option: String = "--host") throws(Failure) {
        name = try HostName.parse(text, option: option)
        written = text.trimmingWhitespace()
    }

    /// Validates `text` as a new host that will be written into files (`parseStrict`'s DNS rules).
    public static func strict(_ text: String, option: String) throws(Failure) -> HostName {
        _ = try parseStrict(text, option: option)
        return try HostName(text, option: option)
    }

    /// The lowercase ASCII name.
    public var description: String { name }

    /// By name.
    public static func < (a: HostName, b: HostName) -> Bool { a.name < b.name }

    /// Validates a host to search for and returns its lowercase ASCII form (a Unicode name becomes
    /// punycode). A URL, a port, an empty value or a character that cannot be in a host name is
    /// bad usage, with a message that says what to pass instead. `option` names where it came from.
    static func parse(_ text: String, option: String = "--host") throws(Failure) -> String {
        // A control character (a newline from a pasted value, say) is named, never printed raw.
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw Failure(
                .usage,
                "\(option) \(escapedText(text)): holds \(controlName(control)); pass the bare host name alone")
        }
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw Failure(.usage, "\(option): empty host; pass a bare host name such as app.example.com")
        }
        if trimmed.contains("://") || trimmed.contains("/") {
            throw Failure(
                .usage, "\(option) \(text): pass the bare host name (such as app.example.com), not a URL or path")
        }
        if trimmed.contains("@") {
            throw Failure(.usage, "\(option) \(text): pass the bare host name, without a user name")
        }
        if trimmed.contains(":") {
            throw Failure(.usage, "\(option) \(text): pass the host name without a port")
        }
        var host = trimmed
        if host.hasSuffix(".") { host.removeLast() }  // a fully qualified name's root dot
        if host.unicodeScalars.contains(where: { !$0.isASCII }) {
            do {
                host = try IDNA.toASCII(host)
            } catch {
                throw Failure(.usage, "\(option) \(text): not a valid internationalised host name: \(error.message)")
            }
        }
        host = host.lowercased()
        for scalar in host.unicodeScalars where !isHostCharacter(scalar) {
            throw Failure(
                .usage, "\(option) \(text): '\(scalar)' cannot be in a host name (letters, digits, '-' and '.' only)")
        }
        if host.hasPrefix(".") || host.hasPrefix("-") || host.contains("..") {
            throw Failure(.usage, "\(option) \(text): not a host name (empty label or leading '-' or '.')")
        }
        try checkALabels(host, text: text, option: option)
        return host
    }

    /// Refuses a punycode (`xn--`) label that libidn2 refuses as an IDNA2008 A-label (non-transitional
    /// lookup, with its A-label round trip): such a name is no host a browser or DNS client looks up.
    static func checkALabels(_ host: String, text: String, option: String) throws(Failure) {
        let labels = host.split(separator: ".").filter { $0.hasPrefix("xn--") }
        guard !labels.isEmpty else { return }
        for label in labels {
            do {
                _ = try IDNA.toASCII(String(label))
            } catch {
                throw Failure(
                    .usage, "\(option) \(text): label '\(label)' is not a valid IDNA2008 A-label (\(error.message))")
            }
        }
        do {
            _ = try IDNA.toASCII(host)
        } catch {
            throw Failure(.usage, "\(option) \(text): not a valid internationalised host name (\(error.message))")
        }
    }

    /// Why browsers would read `host` (lowercase, without a root dot) as an IP address, or nil: an
    /// IPv6 literal in brackets, or a last label that is a number, decimal or `0x` hex (the WHATWG
    /// URL parser then parses the whole name as IPv4, so `1.2.3.4.5` and `0x7f.1` are no names).
    static func ipAddressReason(_ host: String) -> String? {
        if host.hasPrefix("[") { return "it is an IPv6 address literal" }
        guard let last = host.split(separator: ".").last else { return nil }
        if !last.isEmpty, last.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return "its last label '\(last)' is a number"
        }
        if last.hasPrefix("0x"), last.dropFirst(2).allSatisfy({ $0.isASCII && $0.isHexDigit }) {
            return "its last label '\(last)' is a hexadecimal number"
        }
        return nil
    }

    /// Checks a host name against DNS's rules, for a new host that will be written into files:
    /// labels of 1-63 letters, digits and hyphens, not starting or ending with a hyphen, at most
    /// 253 characters, at least one dot, nothing a browser reads as an IP address. Returns the
    /// lowercase ASCII form (punycode for Unicode).
    static func parseStrict(_ text: String, option: String) throws(Failure) -> String {
        var bare = text.trimmingWhitespace().lowercased()
        if bare.hasSuffix(".") { bare.removeLast() }
        if let reason = ipAddressReason(bare) {
            throw Failure(
                .usage,
                "\(option) \(text): browsers read it as an IP address (\(reason)); an App Links host is a name "
                    + "such as app.example.com")
        }
        let host = try parse(text, option: option)
        guard host.count <= 253 else {
            throw Failure(.usage, "\(option) \(text): \(host.count) characters; a host name has at most 253")
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else {
            throw Failure(
                .usage, "\(option) \(text): a public host name has at least one dot (such as app.example.com)")
        }
        for label in labels {
            if label.isEmpty { throw Failure(.usage, "\(option) \(text): empty label") }
            if label.count > 63 {
                throw Failure(.usage, "\(option) \(text): label '\(label)' has \(label.count) characters; at most 63")
            }
            if label.hasPrefix("-") || label.hasSuffix("-") {
                throw Failure(.usage, "\(option) \(text): label '\(label)' starts or ends with '-'")
            }
        }
        return host
    }

    static func controlName(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "a newline (\\n)"
        case "\r": return "a carriage return (\\r)"
        case "\t": return "a tab (\\t)"
        default: return "a control character (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
        }
    }

    static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "-", ".": return true
        default: return false
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace (no Foundation needed).
    public func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension String {
    /// The string padded on the left with zeros to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
