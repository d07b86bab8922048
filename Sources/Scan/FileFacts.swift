/// What a file's text says about the occurrences in it, worked out once per file with an
/// occurrence, by the worker that read it: its comments, whether a pipeline deploys, whether an
/// HSTS header covers subdomains.
struct FileFacts: Sendable {
    /// Comments in file order, up to the file's last occurrence (empty when relops knows no
    /// comment form for the file).
    let comments: [CommentSpan]
    /// The comment syntax's language ("C#", "YAML").
    let language: String?
    /// The first word that shows a pipeline deploys (`deploy`, `kubectl`), when the file is a pipeline.
    let deploymentMarker: String?
    /// An HSTS header with `includeSubDomains`: every host the file serves covers its subdomains.
    let hstsIncludesSubdomains: Bool
    /// Rust: the byte ranges of items under `#[cfg(test)]`.
    var testRegions: [Range<Int>] = []
    /// Gradle build scripts: the byte ranges of settings whose values ship in the app
    /// (`buildConfigField(...)`, `resValue(...)`, `manifestPlaceholders ...`), each to the end of its statement.
    var shippingRegions: [(setting: String, range: Range<Int>)] = []

    /// Files larger than this (16 MiB) are not read for their comments: their occurrences keep
    /// the class of the file.
    static let largestRead: UInt32 = 16 << 20

    static let none = FileFacts(comments: [], language: nil, deploymentMarker: nil, hstsIncludesSubdomains: false)

    private init(comments: [CommentSpan], language: String?, deploymentMarker: String?, hstsIncludesSubdomains: Bool) {
        self.comments = comments
        self.language = language
        self.deploymentMarker = deploymentMarker
        self.hstsIncludesSubdomains = hstsIncludesSubdomains
    }

    /// The facts of `bytes`, the file at `parts`, for occurrences at or before byte `last`.
    /// The facts of `bytes` (a scan worker's read buffer, not copied: only the few kinds of file
    /// whose readers take an array are copied), the file at `parts`, for occurrences at or before byte `last`.
    init(_ parts: PathParts, bytes: UnsafeBufferPointer<UInt8>, occurrencesThrough last: Int = .max) {
        let syntax = CommentSyntax.forFile(parts.lowerName)
        comments = syntax?.comments(in: bytes, through: last) ?? []
        language = syntax?.language
        let isPipeline = PathRules.isPipeline(parts.lowerPath, lowerName: parts.lowerName, folders: parts.folders)
        deploymentMarker = isPipeline ? PathRules.deploymentMarker(in: ProjectFileBytes(Array(bytes))) : nil
        func contains(_ word: String, ignoringCase: Bool = true) -> Bool {
            ByteSearch.firstIndex(of: Array(word.utf8), in: bytes, from: 0, to: bytes.count, ignoringCase: ignoringCase)
                != nil
        }
        hstsIncludesSubdomains = contains("strict-transport-security") && contains("includesubdomains")
        if parts.lowerName.hasSuffix(".rs") && contains("#[cfg(test)]", ignoringCase: false) {
            testRegions = rustTestRegions(Array(bytes))
        }
        if parts.lowerName.hasSuffix(".gradle") || parts.lowerName.hasSuffix(".gradle.kts") {
            shippingRegions = gradleShippingRegions(Array(bytes))
        }
    }

    /// `init(_:bytes:occurrencesThrough:)` over an array.
    init(_ parts: PathParts, bytes: [UInt8], occurrencesThrough last: Int = .max) {
        self = bytes.withUnsafeBufferPointer { FileFacts(parts, bytes: $0, occurrencesThrough: last) }
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
        // Split on the bytes, in one pass, when every one is ASCII (no `/` can start a longer
        // character then); else as characters (a `/` with a combining mark is not a separator).
        var bytesSegments: [String] = []
        var ascii = true
        var text = path
        text.withUTF8 { bytes in
            var start = 0
            for k in 0...bytes.count where k == bytes.count || bytes[k] == 0x2F || bytes[k] >= 0x80 {
                if k < bytes.count && bytes[k] >= 0x80 {
                    ascii = false
                    continue
                }
                if k > start {
                    bytesSegments.append(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<k]), as: UTF8.self))
                }
                start = k + 1
            }
        }
        segments = ascii ? bytesSegments : path.split(separator: "/").map(String.init)
        name = segments.last ?? path
        lowerName = name.lowercased()
        lowerPath = path.lowercased()
        folders = segments.dropLast().map { $0.lowercased() }
    }
}
