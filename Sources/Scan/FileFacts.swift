/// What a file's text says about the occurrences in it, read once per file with an occurrence:
/// its comments, whether a pipeline deploys, whether an HSTS header covers subdomains.
struct FileFacts {
    /// Comments in file order (empty when relops knows no comment form for the file).
    let comments: [CommentSpan]
    /// The comment syntax's language ("C#", "YAML").
    let language: String?
    /// The first word that shows a pipeline deploys (`deploy`, `kubectl`), when the file is a pipeline.
    let deploymentMarker: String?
    /// An HSTS header with `includeSubDomains`: every host the file serves covers its subdomains.
    let hstsIncludesSubdomains: Bool

    /// Files larger than this (16 MiB) are not read again for their comments: their occurrences
    /// keep the class of the file.
    static let largestRead: UInt32 = 16 << 20

    static let none = FileFacts(comments: [], language: nil, deploymentMarker: nil, hstsIncludesSubdomains: false)

    init(comments: [CommentSpan], language: String?, deploymentMarker: String?, hstsIncludesSubdomains: Bool) {
        self.comments = comments
        self.language = language
        self.deploymentMarker = deploymentMarker
        self.hstsIncludesSubdomains = hstsIncludesSubdomains
    }

    /// The facts of `bytes`, a file named `path`.
    init(path: String, bytes: [UInt8]) {
        let lowerName = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        let syntax = CommentSyntax.forFile(lowerName)
        comments = syntax?.comments(in: bytes) ?? []
        language = syntax?.language
        let folders = path.lowercased().split(separator: "/").dropLast().map(String.init)
        let isPipeline = PathRules.isPipeline(path.lowercased(), lowerName: lowerName, folders: folders)
        let text = ProjectFileBytes(bytes)
        deploymentMarker = isPipeline ? PathRules.deploymentMarker(in: text) : nil
        hstsIncludesSubdomains =
            text.contains("strict-transport-security", ignoringCase: true)
            && text.contains("includesubdomains", ignoringCase: true)
    }

    /// True when the file's text is needed to classify an occurrence in `path`.
    static func worthReading(_ path: String) -> Bool {
        let lowerName = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        if CommentSyntax.forFile(lowerName) != nil { return true }
        let folders = path.lowercased().split(separator: "/").dropLast().map(String.init)
        return PathRules.isPipeline(path.lowercased(), lowerName: lowerName, folders: folders)
    }
}

/// The line-level facts of an occurrence, from its line's text.
enum LineFacts {
    /// True when the line is an element that covers subdomains (`<domain includeSubdomains="true">`).
    static func coversSubdomains(_ line: String) -> Bool {
        let lower = line.lowercased()
        return lower.contains("includesubdomains=\"true\"") || lower.contains("includesubdomains='true'")
            || (lower.contains("strict-transport-security") && lower.contains("includesubdomains"))
    }

    /// The identity provider redirect URI on the line that holds `found` at `column` (1-based
    /// bytes): a URL whose path is `/signin-*` or `/auth/oauth/*/callback`, or any URL on a line
    /// that names `redirect_uri`, `RedirectUri` or `UIBaseUrl`.
    static func redirectURI(_ line: String, found: String, column: Int) -> String? {
        let bytes = Array(line.utf8)
        let hostStart = column - 1
        guard hostStart >= 0, hostStart + found.utf8.count <= bytes.count else { return nil }
        var start = hostStart
        while start > 0 && !isURLStop(bytes[start - 1]) && !isQueryStop(bytes[start - 1]) { start -= 1 }
        var end = hostStart + found.utf8.count
        while end < bytes.count && !isURLStop(bytes[end]) { end += 1 }
        let url = String(decoding: bytes[start..<end], as: UTF8.self)
        let path = String(decoding: bytes[(hostStart + found.utf8.count)..<end], as: UTF8.self).lowercased()
        let lower = line.lowercased()
        let keyed = ["redirect_uri", "redirecturi", "redirect-uri", "uibaseurl", "callbackpath"].contains {
            lower.filter { $0 != "\"" }.contains($0)
        }
        if path.hasPrefix("/signin-") || isOAuthCallback(path) || keyed { return url }
        return nil
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

    /// `/auth/oauth/<provider>/callback`.
    private static func isOAuthCallback(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return parts.count >= 4 && parts[0] == "auth" && parts[1] == "oauth" && parts[3].hasPrefix("callback")
    }
}
