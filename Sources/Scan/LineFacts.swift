/// The line-level facts of an occurrence, from its line's UTF-8 bytes (ASCII letters in either case).
enum LineFacts {
    /// True when the line is an element that covers subdomains (`<domain includeSubdomains="true">`)
    /// or an HSTS header with `includeSubDomains`.
    static func coversSubdomains(_ line: String) -> Bool {
        ByteSearch.withBytes(of: line) { bytes in
            guard ByteSearch.contains(Words.includeSubdomains, in: bytes) else { return false }
            return ByteSearch.contains(Words.includeSubdomainsTrue, in: bytes)
                || ByteSearch.contains(Words.includeSubdomainsTrueSingle, in: bytes)
                || ByteSearch.contains(Words.strictTransportSecurity, in: bytes)
        }
    }

    /// True when the line sets a commit identity (`git config user.email`, `GIT_AUTHOR_EMAIL`).
    static func setsCommitIdentity(_ line: String) -> Bool {
        ByteSearch.withBytes(of: line) { bytes in
            Words.commitIdentity.contains { ByteSearch.contains($0, in: bytes) }
        }
    }

    /// The identity provider redirect URI on the line that holds `found` at `column` (1-based
    /// bytes): a URL whose path is `/signin-*` or `/auth/oauth/*/callback`, or any URL on a line
    /// that names `redirect_uri`, `RedirectUri` or `UIBaseUrl`.
    static func redirectURI(_ line: String, found: String, column: Int) -> String? {
        let foundLength = found.utf8.count
        return ByteSearch.withBytes(of: line) { bytes -> String? in
            let hostStart = column - 1
            guard hostStart >= 0, hostStart + foundLength <= bytes.count else { return nil }
            var start = hostStart
            while start > 0 && !isURLStop(bytes[start - 1]) && !isQueryStop(bytes[start - 1]) { start -= 1 }
            let pathStart = hostStart + foundLength
            var end = pathStart
            while end < bytes.count && !isURLStop(bytes[end]) { end += 1 }
            let isRedirect =
                ByteSearch.hasPrefixIgnoringCase(Words.signIn, in: bytes, from: pathStart, to: end)
                || isOAuthCallback(bytes, from: pathStart, to: end)
                || ByteSearch.containsAnyIgnoringQuotes(Words.redirectKeys, in: bytes)
            guard isRedirect else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    private static func isURLStop(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "<")
            || b == UInt8(ascii: ">") || b == UInt8(ascii: "`") || b == UInt8(ascii: ",") || b == UInt8(ascii: ")")
            || b == UInt8(ascii: "(") || b == UInt8(ascii: ";")
    }

    /// Where a URL inside another URL's query starts (`?redirect_uri=https://...`).
    private static func isQueryStop(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "=") || b == UInt8(ascii: "&") || b == UInt8(ascii: "?")
    }

    /// `/auth/oauth/<provider>/callback...` in `bytes[from..<to]` (empty segments skipped).
    private static func isOAuthCallback(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        var segment = 0, at = from
        while at < to && segment < 4 {
            guard bytes[at] != UInt8(ascii: "/") else {
                at += 1
                continue
            }
            var end = at
            while end < to && bytes[end] != UInt8(ascii: "/") { end += 1 }
            if segment < 2 {
                let word = segment == 0 ? Words.auth : Words.oauth
                guard end - at == word.count, ByteSearch.hasPrefixIgnoringCase(word, in: bytes, from: at, to: end)
                else {
                    return false
                }
            } else if segment == 3 {
                return ByteSearch.hasPrefixIgnoringCase(Words.callback, in: bytes, from: at, to: end)
            }
            segment += 1
            at = end
        }
        return false
    }

    /// The words the line rules look for, lower-case ASCII.
    private enum Words {
        static let includeSubdomains = Array("includesubdomains".utf8)
        static let includeSubdomainsTrue = Array("includesubdomains=\"true\"".utf8)
        static let includeSubdomainsTrueSingle = Array("includesubdomains='true'".utf8)
        static let strictTransportSecurity = Array("strict-transport-security".utf8)
        static let commitIdentity = ["user.email", "git_author_email", "git_committer_email", "user.name"].map {
            Array($0.utf8)
        }
        static let signIn = Array("/signin-".utf8)
        static let auth = Array("auth".utf8)
        static let oauth = Array("oauth".utf8)
        static let callback = Array("callback".utf8)
        static let redirectKeys = WordList(
            ["redirect_uri", "redirecturi", "redirect-uri", "uibaseurl", "callbackpath"].map { Array($0.utf8) })
    }
}
