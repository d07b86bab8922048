/// What a file's text says about the occurrences in it, read once per file with an occurrence:
/// its comments, whether a pipeline deploys, whether an HSTS header covers subdomains.
struct FileFacts {
    /// Comments in file order (empty when relops knows no comment form for the file).
    let comments: [CommentSpan]
    /// The comment syntax's language ("C#", "YAML").
    let language: String?
    /// The first word that shows a pipeline deploys (`deploy`, `kubectl`), when the file is a pipeline.
    let deploymentMarker: String?
    /// The file's text, kept for `hstsIncludesSubdomains` (nil when the file was not read).
    private let bytes: [UInt8]?

    /// Files larger than this (16 MiB) are not read again for their comments: their occurrences
    /// keep the class of the file.
    static let largestRead: UInt32 = 16 << 20

    static let none = FileFacts(comments: [], language: nil, deploymentMarker: nil, bytes: nil)

    private init(comments: [CommentSpan], language: String?, deploymentMarker: String?, bytes: [UInt8]?) {
        self.comments = comments
        self.language = language
        self.deploymentMarker = deploymentMarker
        self.bytes = bytes
    }

    /// The facts of `bytes`, the file at `parts`.
    init(_ parts: PathParts, bytes: [UInt8]) {
        let syntax = CommentSyntax.forFile(parts.lowerName)
        comments = syntax?.comments(in: bytes) ?? []
        language = syntax?.language
        let isPipeline = PathRules.isPipeline(parts.lowerPath, lowerName: parts.lowerName, folders: parts.folders)
        deploymentMarker = isPipeline ? PathRules.deploymentMarker(in: ProjectFileBytes(bytes)) : nil
        self.bytes = bytes
    }

    /// An HSTS header with `includeSubDomains`: every host the file serves covers its subdomains.
    /// A pass over the whole file: asked only for a server occurrence, once per file.
    func hstsIncludesSubdomains() -> Bool {
        guard let bytes else { return false }
        let text = ProjectFileBytes(bytes)
        return text.contains("strict-transport-security", ignoringCase: true)
            && text.contains("includesubdomains", ignoringCase: true)
    }

    /// True when the file's text is needed to classify an occurrence in the file at `parts`.
    static func worthReading(_ parts: PathParts) -> Bool {
        if CommentSyntax.forFile(parts.lowerName) != nil { return true }
        return PathRules.isPipeline(parts.lowerPath, lowerName: parts.lowerName, folders: parts.folders)
    }
}

/// A file's path as the path rules read it, split and lower-cased once per file.
struct PathParts {
    let path: String
    /// The segments as written (`shared`, `src`, `commonTest`, `X.kt`).
    let segments: [String]
    /// The file name as written.
    let name: String
    let lowerName: String
    let lowerPath: String
    /// The folders, lower-case, outermost first.
    let folders: [String]

    init(_ path: String) {
        self.path = path
        segments = path.split(separator: "/").map(String.init)
        name = segments.last ?? path
        lowerName = name.lowercased()
        lowerPath = path.lowercased()
        folders = segments.dropLast().map { $0.lowercased() }
    }
}
