import Foundation
import RelopsCore

extension AssociationSourceFinder {
    /// The sources that are code: a route handler file for the document's path (Next.js App Router
    /// `app/**/.well-known/<document>/route.(ts|js)`, a `pages/api` handler that a `next.config`
    /// rewrite serves the path from), and a server's route registration of the path as a string
    /// literal (`app.get(".well-known", "apple-app-site-association")`, `app.get('/.well-known/...')`,
    /// `MapGet("/.well-known/...")`), cited by `path:line`. Test fixtures are skipped.
    mutating func findCode() throws(Failure) {
        var rewrites: [(config: String, source: String, destination: String)] = []
        for path in tracked where Self.isNextConfig(path) && !Self.isTestPath(path) {
            guard let bytes = try readTracked(path, limit: RepositoryFile.Limit.configuration) else { continue }
            rewrites += Self.rewrites(in: String(decoding: bytes, as: UTF8.self)).map { (path, $0.0, $0.1) }
        }
        let candidates = tracked.filter { !Self.isTestPath($0) }
        // Route registrations can be in any server source: those are read on the worker pool, and
        // only the ones that mention `well-known` are kept, in the order of the tracked files.
        let registrations = Self.mentioningWellKnown(
            candidates.filter { Self.routeHandlerDocument($0) == nil && Self.isServerCode($0) }, root: root)
        var next = 0
        for path in candidates {
            if let document = Self.routeHandlerDocument(path) {
                let line = try handlerLine(path)
                found[document, default: []].append(.code(path: path, line: line, what: "route handler"))
                continue
            }
            guard Self.isServerCode(path) else { continue }
            let read = registrations[next]
            next += 1
            if let rewrite = rewrites.first(where: {
                Self.apiFiles($0.destination, config: $0.config).contains(stem(path))
            }),
                let document = WellKnownDocument.allCases.first(where: { rewrite.source == $0.urlPath })
            {
                let line = try handlerLine(path)
                found[document, default: []].append(
                    .code(
                        path: path, line: line, what: "API route that \(rewrite.config) rewrites \(rewrite.source) to"))
                continue
            }
            guard let bytes = try kept(read, path) else { continue }
            for (document, line) in Self.routeRegistrations(in: String(decoding: bytes, as: UTF8.self)) {
                found[document, default: []].append(.code(path: path, line: line, what: "route registration"))
            }
        }
    }

    /// Each file read (up to the configuration limit) on the worker pool: its bytes when they
    /// mention `well-known`, nil when they do not, or why it could not be read.
    static func mentioningWellKnown(_ paths: [String], root: String) -> [Result<[UInt8]?, RepositoryPathError>] {
        WorkerPool().map(paths) { path in
            Result { () throws(RepositoryPathError) -> [UInt8]? in
                let bytes = try RepositoryFile.read(path, in: root, limit: RepositoryFile.Limit.configuration)
                return bytesContain(bytes, "well-known") ? bytes : nil
            }
        }
    }

    /// A read from `mentioningWellKnown`, handled as `readTracked` handles its own: an escape
    /// stops, a file that is not regular or too large is named as skipped.
    private mutating func kept(_ read: Result<[UInt8]?, RepositoryPathError>, _ path: String) throws(Failure)
        -> [UInt8]?
    {
        switch read {
        case .success(let bytes): return bytes
        case .failure(let error): return try handled(error, path)
        }
    }

    /// The first line of a handler file that exports or defines its `GET` (else 1).
    mutating func handlerLine(_ path: String) throws(Failure) -> Int {
        guard let bytes = try readTracked(path, limit: RepositoryFile.Limit.configuration) else { return 1 }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.firstIndex { line in
            line.contains("GET") || line.contains("export default") || line.contains("module.exports")
        }
        return (index ?? 0) + 1
    }

    /// The document an App Router route handler serves: `…app/…/.well-known/<document>/route.(ts|js)`.
    static func routeHandlerDocument(_ path: String) -> WellKnownDocument? {
        guard textContains(path, "/.well-known/") else { return nil }
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 4, let name = parts.last, name.hasPrefix("route."),
            ["ts", "js", "tsx", "jsx", "mjs"].contains(extensionOf(name)), parts[parts.count - 3] == ".well-known",
            parts.dropLast(3).contains("app")
        else { return nil }
        return WellKnownDocument(rawValue: parts[parts.count - 2])
    }

    static func isNextConfig(_ path: String) -> Bool {
        let name = nameOf(path)
        return name.hasPrefix("next.config.") && ["js", "mjs", "ts", "cjs"].contains(extensionOf(name))
    }

    /// A `next.config` rewrite of a `.well-known` path: its source and destination.
    private static let nextRewrite = BuiltInRegex(
        #"source\s*:\s*["'`](/\.well-known/[^"'`]+)["'`]\s*,\s*destination\s*:\s*["'`]([^"'`]+)["'`]"#)

    /// The `source` -> `destination` pairs of a `next.config` whose source is a `.well-known` path.
    static func rewrites(in text: String) -> [(String, String)] {
        return nextRewrite.matches(in: text).compactMap { match in
            guard let source = Range(match.range(at: 1), in: text),
                let destination = Range(match.range(at: 2), in: text)
            else { return nil }
            return (String(text[source]), String(text[destination]))
        }
    }

    /// The handler files (without their extension) a rewrite destination `/api/x` may name, beside
    /// the `next.config`: `pages/api/x` or `src/pages/api/x`.
    static func apiFiles(_ destination: String, config: String) -> [String] {
        guard destination.hasPrefix("/api/") else { return [] }
        let folder = folderOf(config)
        let base = folder.isEmpty ? "" : folder + "/"
        return [base + "pages" + destination, base + "src/pages" + destination]
    }

    private static let serverCodeExtensions: Set<String> = [
        "swift", "ts", "js", "mjs", "cjs", "cs", "go", "py", "rb", "kt", "java", "rs", "php", "ex", "scala",
    ]

    /// Source files of the languages servers are written in.
    static func isServerCode(_ path: String) -> Bool {
        guard serverCodeExtensions.contains(extensionOf(nameOf(path))) else { return false }
        return !["node_modules", "vendor", "Pods"].contains {
            path.hasPrefix($0 + "/") || textContains(path, "/" + $0 + "/")
        }
    }

    /// The lines that register a route for a document's path as a string literal: the whole path
    /// (`'/.well-known/assetlinks.json'`) or its two segments (`".well-known", "apple-app-site-association"`),
    /// on a line that calls a routing function. A URL with a scheme is a client's request, not a route.
    static func routeRegistrations(in text: String) -> [(WellKnownDocument, Int)] {
        var found: [(WellKnownDocument, Int)] = []
        let routing = [
            "get(", "Get(", "GET(", "MapGet(", "route(", "Route(", "HandleFunc(", "Handle(", "handle(", "on(",
            "all(", "HttpGet(", "GetMapping(", "RequestMapping(", "get \"", "get '", ".get ", "router.get",
        ]
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.contains("well-known"), !line.contains("://"), routing.contains(where: { line.contains($0) })
            else { continue }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("#") || trimmed.hasPrefix("*") { continue }
            for document in WellKnownDocument.allCases {
                let quoted = ["\"", "'", "`"].contains { q in
                    line.contains(q + document.urlPath + q) || line.contains(q + document.urlPath.dropFirst() + q)
                        || (line.contains(q + ".well-known" + q) && line.contains(q + document.rawValue + q))
                }
                if quoted { found.append((document, n + 1)) }
            }
        }
        return found
    }
}

/// The path without its extension: `pages/api/aasa.ts` -> `pages/api/aasa`.
private func stem(_ path: String) -> String {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path }
    return String(path[..<dot])
}

/// The ids a code source names in its string literals: Apple app ids (`TEAMID.bundle`), Android
/// package names given as `package_name` / `packageName`, and SHA-256 fingerprints.
public struct CodeLiteralIDs: Sendable, Equatable {
    /// `ABCDE12345.com.example.app`.
    public var appleAppIDs: [String] = []
    /// `com.example.app`.
    public var androidPackages: [String] = []
    /// `AA:BB:...` (32 bytes).
    public var fingerprints: [String] = []

    /// Reads the literals of `text`.
    public init(_ text: String) {
        func all(_ regex: BuiltInRegex) -> [String] {
            regex.captures(in: text).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        appleAppIDs = all(Self.appleAppID)
        androidPackages = all(Self.androidPackage)
        fingerprints = all(Self.fingerprint)
    }

    private static let appleAppID = BuiltInRegex(#"["'`]([A-Z0-9]{10}\.[A-Za-z0-9][A-Za-z0-9.-]*)["'`]"#)
    private static let androidPackage = BuiltInRegex(
        #"(?:package_name|packageName|PackageName)["'`]?\s*[:=,]\s*["'`]([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)["'`]"#
    )
    private static let fingerprint = BuiltInRegex(#"["'`]((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})["'`]"#)
}

/// The extension of a file name without its dot, lower-case (`route.ts` -> `ts`); "" for none.
private func extensionOf(_ name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return "" }
    return name[name.index(after: dot)...].lowercased()
}
