import RelopsCore

/// The nginx reader on configuration texts alone, without a repository: each file parsed, its
/// includes expanded once (a cycle refused), and for each association document the location
/// nginx would choose, regular expressions under their work limit. `association sources` runs the
/// same steps on the tracked files; the nginx fuzz target drives it with arbitrary bytes.
public enum NginxReading {
    /// One location chosen for a document in one server.
    public struct Route: Sendable, Equatable {
        /// The file the location is written in.
        public let file: String
        /// Its line.
        public let line: Int
        /// Its pattern as written (`= /.well-known/assetlinks.json`).
        public let pattern: String
        /// True when it is a regex relops could not read (it did not compile or hit the limit).
        public let unreadableRegex: Bool
    }

    /// The routes `files` (path and text) give for `uri`; a file that does not parse is left out,
    /// as `association sources` leaves it; an include cycle is bad input, as nginx refuses it.
    public static func routes(for uri: String, in files: [(path: String, text: String)]) throws(Failure) -> [Route] {
        var configs: [(path: String, directives: [NginxDirective])] = []
        for (path, text) in files {
            guard let parsed = try? NginxConfig.parse(text) else { continue }
            configs.append((path, parsed.map { $0.written(in: path) }))
        }
        var includes = NginxIncludes(configs)
        let top: [(path: String, directives: [NginxDirective])]
        do {
            top = try includes.topLevel()
        } catch {
            throw Failure(.badInput, error.message)
        }
        let regexes = NginxRegexes()
        var out: [Route] = []
        for config in top {
            for (scope, root) in AssociationSourceFinder.servers(config.directives, inheritedRoot: nil) {
                guard let route = NginxRoute.choose(uri, in: scope, inheritedRoot: root, regexes: regexes) else {
                    continue
                }
                out.append(
                    Route(
                        file: route.location.file, line: route.location.line, pattern: route.pattern,
                        unreadableRegex: route.unreadableRegex))
            }
        }
        return out
    }
}
