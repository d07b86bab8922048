import Foundation
import RelopsCore

/// nginx: the configurations that name a `.well-known` document, followed to what they serve.
extension AssociationSourceFinder {
    /// The directives of the nginx configuration `path`, or nil when it holds no location or does
    /// not parse (a file that tries to be nginx, naming `.well-known`, is listed as skipped). It is
    /// read through `RepositoryFile`: a path leading outside the repository is refused; a FIFO,
    /// socket or device, or a file over the limit, is listed as skipped.
    mutating func readNginx(_ path: String) throws(Failure) -> [NginxDirective]? {
        guard let bytes = try readTracked(path, limit: RepositoryFile.Limit.configuration),
            bytesContain(bytes, "location") || bytesContain(bytes, "include"),
            !bytes.prefix(8000).contains(0)
        else { return nil }
        do {
            return try NginxConfig.parse(String(decoding: bytes, as: UTF8.self)).map { $0.written(in: path) }
        } catch {
            if bytesContain(bytes, "well-known") {
                skipped.append(
                    SkippedCandidate(path: "\(path):\(error.line)", reason: "not read as nginx: \(error.message)"))
            }
            return nil
        }
    }

    /// The bytes of the tracked file `path`, or nil when it is missing, not a regular file or over
    /// `limit` (the last two listed as skipped, with why); a path that leaves the repository is
    /// refused.
    mutating func readTracked(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        do {
            return try RepositoryFile.read(path, in: root, limit: limit)
        } catch {
            return try handled(error, path)
        }
    }

    /// A tracked file that could not be read: an escape from the repository stops; a file that is
    /// not regular or too large is named as skipped; one that is gone is nothing to read. Nil.
    mutating func handled(_ error: RepositoryPathError, _ path: String) throws(Failure) -> [UInt8]? {
        if error.isEscape { throw Failure(error.category, error.description) }
        switch error.kind {
        case .notRegular, .tooLarge:
            skipped.append(SkippedCandidate(path: path, reason: error.reason))
        default: break
        }
        return nil
    }

    /// The tracked configurations nginx would load first, each with its includes expanded once.
    func topLevelNginx(_ configs: [(path: String, directives: [NginxDirective])]) throws(Failure) -> [(
        path: String, directives: [NginxDirective]
    )] {
        var includes = NginxIncludes(configs)
        do {
            return try includes.topLevel()
        } catch {
            throw Failure(.badInput, error.message)
        }
    }

    /// The nginx locations in `directives` that name a `.well-known` document, each followed to what it serves.
    func nginxSources(_ directives: [NginxDirective], mapping: ServedPathMapping, regexes: NginxRegexes) -> [(
        WellKnownDocument, AssociationSource
    )] {
        var out: [(WellKnownDocument, AssociationSource)] = []
        for (scope, inherited) in Self.servers(directives, inheritedRoot: nil) {
            for document in WellKnownDocument.allCases {
                guard
                    let route = NginxRoute.choose(
                        document.urlPath, in: scope, inheritedRoot: inherited, regexes: regexes)
                else {
                    continue
                }
                let pattern = route.location.arguments.joined(separator: " ")
                let names = ["well-known", "assetlinks", "apple-app-site-association"]
                guard names.contains(where: { pattern.contains($0) }) else { continue }
                let served = Self.served(route, document: document, mapping: mapping)
                let source = AssociationSource.nginx(
                    config: route.location.file, line: route.location.line, location: pattern, served: served)
                if !out.contains(where: { $0.0 == document && $0.1 == source }) { out.append((document, source)) }
            }
        }
        return out
    }

    /// Each `server` block's directives with the `root` it inherits; a file of bare locations
    /// (a snippet included in a server) is one scope.
    static func servers(_ directives: [NginxDirective], inheritedRoot: String?) -> [([NginxDirective], String?)] {
        let root = directives.last { $0.name == "root" }?.arguments.first ?? inheritedRoot
        var out: [([NginxDirective], String?)] = []
        if directives.contains(where: { $0.name == "location" }) { out.append((directives, inheritedRoot)) }
        for directive in directives where directive.name == "http" || directive.name == "server" {
            out += servers(directive.children ?? [], inheritedRoot: root)
        }
        return out
    }

    /// What `route` serves for `document`: a `return` body, or the `alias`/`try_files`/`root` file
    /// followed into the repository.
    static func served(_ route: NginxRoute, document: WellKnownDocument, mapping: ServedPathMapping) -> NginxServed {
        let uri = document.urlPath
        if route.unreadableRegex {
            return .unresolved(
                "relops cannot read this regular expression, and nginx may choose this location for \(uri)")
        }
        if let ret = route.location.child("return") {
            let args = ret.arguments
            guard let code = args.first.flatMap({ Int($0) }) else {
                return .unresolved(
                    "return \(args.joined(separator: " ")) redirects; Google and Apple do not follow redirects for association files"
                )
            }
            if (200..<300).contains(code), args.count >= 2 {
                guard !args[1].contains("$") else {
                    return .unresolved("return \(code) builds its body from variables relops cannot evaluate")
                }
                return .body(args[1])
            }
            if (300..<400).contains(code) {
                return .unresolved(
                    "return \(code) redirects; Google and Apple do not follow redirects for association files")
            }
            return .unresolved("return \(code): nginx answers \(code), not the document")
        }
        var requested = uri
        if let tryFiles = route.location.child("try_files"), let first = tryFiles.arguments.first,
            !first.hasPrefix("$uri")
        {
            guard let path = route.substitute(first, uri: uri) else {
                return .unresolved("try_files \(first) uses a variable relops cannot evaluate")
            }
            requested = path
        }
        let serverPath: String
        if let alias = route.location.child("alias")?.arguments.first {
            guard let base = route.substitute(alias, uri: uri) else {
                return .unresolved("alias \(alias) uses a variable relops cannot evaluate")
            }
            let args = route.location.arguments
            if args.count == 1 || args.first == "^~" {
                // A prefix location: the alias replaces the prefix.
                let prefix = args.last ?? ""
                serverPath = base + String(requested.dropFirst(min(prefix.count, requested.count)))
            } else {
                serverPath = base
            }
        } else if let root = route.root {
            guard let base = route.substitute(root, uri: uri) else {
                return .unresolved("root \(root) uses a variable relops cannot evaluate")
            }
            serverPath = base + requested
        } else {
            return .unresolved("no root, alias or return; nginx would serve its default html folder")
        }
        switch mapping.map(serverPath) {
        case .tracked(let path): return .file(path: path)
        case .notTracked(let path, let via):
            return .unresolved(
                "serves \(serverPath), which is \(path) (via \(via)): not a tracked file (missing or untracked)")
        case .unmapped:
            return .unresolved(
                "serves \(serverPath), which no Dockerfile COPY or compose volume of this repository maps to a tracked file"
            )
        }
    }
}
