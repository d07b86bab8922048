import Foundation
import RelopsCore

/// The tracked nginx configurations, indexed by path and file name once, with each file's
/// `include`s expanded once (memoised), so the work is linear in the configurations and their
/// includes: never a walk of every configuration per `include`, never a permutation of snippets.
struct NginxIncludes {
    /// Why the configurations cannot be read as nginx would load them.
    struct Refusal: Error {
        let message: String
    }

    /// The most directives one configuration may expand to with its includes (a file including a
    /// snippet twice that includes another twice... grows exponentially; real ones hold hundreds).
    static let maximumExpandedDirectives = 200_000

    private(set) var paths: [String] = []
    private var directives: [String: [NginxDirective]] = [:]
    private var byName: [String: [String]] = [:]
    private var sortedNames: [String] = []
    /// File names by what follows their last dot (`conf`), for a glob like `*.conf`.
    private var byExtension: [String: [String]] = [:]
    private var matchCache: [String: [String]] = [:]
    private var nameCache: [String: [String]] = [:]
    /// Configurations by the name of their folder (`snippets`; `""` at the repository root).
    private var byFolder: [String: [String]] = [:]
    private var expanded: [String: (directives: [NginxDirective], count: Int)] = [:]
    private var including: [String] = []
    /// Every configuration some other configuration includes.
    private(set) var included: Set<String> = []

    init(_ configs: [(path: String, directives: [NginxDirective])]) {
        for (path, parsed) in configs where directives[path] == nil {
            paths.append(path)
            directives[path] = parsed
            byName[nameOf(path), default: []].append(path)
            byFolder[nameOf(folderOf(path)), default: []].append(path)
        }
        sortedNames = byName.keys.sorted()
        for name in sortedNames {
            byExtension[
                name.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? "", default: []
            ]
            .append(name)
        }
    }

    /// The configurations nginx would load first: those no other configuration includes. Every
    /// configuration is expanded (so a cycle anywhere is found); when every one is included by
    /// another, there is no top-level configuration, which nginx would refuse too.
    mutating func topLevel() throws(Refusal) -> [(path: String, directives: [NginxDirective])] {
        for path in paths { noteIncludes(directives[path] ?? [], in: path) }
        let top = paths.filter { !included.contains($0) }
        if top.isEmpty && !paths.isEmpty {
            throw Refusal(
                message: "\(paths[0]): every nginx configuration is included by another (\(countedList(paths))), "
                    + "so none is loaded first and the locations they hold are never read; nginx would refuse "
                    + "this configuration (it includes itself)")
        }
        for path in paths { _ = try expand(path) }
        return top.map { ($0, expanded[$0]?.directives ?? []) }
    }

    /// Marks every configuration an `include` in `list` names (other than `path` itself) as included.
    private mutating func noteIncludes(_ list: [NginxDirective], in path: String) {
        for directive in list {
            if directive.name == "include", let argument = directive.arguments.first {
                for target in targets(of: argument) where target != path { included.insert(target) }
            }
            if let children = directive.children { noteIncludes(children, in: path) }
        }
    }

    /// The tracked configurations an `include` argument names: the file name (a glob) and, when
    /// given, its folder's name must match (`/etc/nginx/snippets/*.conf` names
    /// `deploy/nginx/snippets/well-known.conf`). Answered once per argument, from the indexes.
    mutating func targets(of argument: String) -> [String] {
        if let known = matchCache[argument] { return known }
        let wanted = argument.split(separator: "/").map(String.init)
        guard let name = wanted.last else { return [] }
        let folderGlob = wanted.count >= 2 ? wanted[wanted.count - 2] : nil
        // The smallest index that holds every answer, then both checks on each candidate.
        let candidates: [String]
        if !Self.isGlob(name) {
            candidates = byName[name] ?? []
        } else if let folderGlob, !Self.isGlob(folderGlob) {
            candidates = (byFolder[folderGlob] ?? []) + (byFolder[""] ?? [])
        } else {
            candidates = paths(named: name)
        }
        var out = candidates.filter { path in
            guard fnmatch(name, nameOf(path), 0) == 0 else { return false }
            let folder = nameOf(folderOf(path))
            return folderGlob.map { folder.isEmpty || fnmatch($0, folder, 0) == 0 } ?? true
        }
        out.sort()
        matchCache[argument] = out
        return out
    }

    static func isGlob(_ text: String) -> Bool { text.contains { "*?[\\".contains($0) } }

    /// Every configuration whose file name matches the glob `name`, answered once per glob.
    private mutating func paths(named name: String) -> [String] {
        if let known = nameCache[name] { return known }
        var names: [String]
        if !Self.isGlob(name) {
            names = byName[name] == nil ? [] : [name]
        } else if name.contains("."), let tail = name.split(separator: ".").last, !Self.isGlob(String(tail)) {
            // `*.conf`, `site-*.conf`: only the names with that extension.
            names = (byExtension[String(tail)] ?? []).filter { fnmatch(name, $0, 0) == 0 }
        } else {
            // Only the names that start with the glob's literal prefix: a binary search, not a walk.
            let prefix = String(name.prefix { !Self.isGlob(String($0)) })
            var low = 0
            var high = sortedNames.count
            while low < high {
                let middle = (low + high) / 2
                if sortedNames[middle] < prefix { low = middle + 1 } else { high = middle }
            }
            names = []
            while low < sortedNames.count, sortedNames[low].hasPrefix(prefix) {
                if fnmatch(name, sortedNames[low], 0) == 0 { names.append(sortedNames[low]) }
                low += 1
            }
        }
        let out = names.flatMap { byName[$0] ?? [] }
        nameCache[name] = out
        return out
    }

    /// `path`'s directives with each `include` replaced by the directives of the tracked files it
    /// names, so a snippet's locations sit in the server, and under the `root`, that includes
    /// them. A file that includes itself, directly or through others, is refused as a cycle.
    mutating func expand(_ path: String) throws(Refusal) -> [NginxDirective] {
        try expandCounted(path).directives
    }

    private mutating func expandCounted(_ path: String) throws(Refusal) -> (directives: [NginxDirective], count: Int) {
        if let done = expanded[path] { return done }
        including.append(path)
        defer { including.removeLast() }
        let result = try expandList(directives[path] ?? [], in: path)
        expanded[path] = result
        return result
    }

    private mutating func expandList(_ list: [NginxDirective], in path: String) throws(Refusal) -> (
        directives: [NginxDirective], count: Int
    ) {
        var out: [NginxDirective] = []
        var count = 0
        for directive in list {
            if directive.name == "include", let argument = directive.arguments.first {
                for target in targets(of: argument) {
                    if let start = including.firstIndex(of: target) {
                        let chain = (including[start...] + [target]).joined(separator: " -> ")
                        throw Refusal(
                            message: "\(directive.file):\(directive.line): include \(argument) includes \(target) "
                                + "while it is being included (\(chain)); nginx cannot load a configuration that "
                                + "includes itself")
                    }
                    let body = try expandCounted(target)
                    out += body.directives
                    count += body.count
                    try checkSize(count, directive)
                }
                continue
            }
            var copy = directive
            count += 1
            if let children = directive.children {
                let inner = try expandList(children, in: path)
                copy.children = inner.directives
                count += inner.count
            }
            try checkSize(count, directive)
            out.append(copy)
        }
        return (out, count)
    }

    private func checkSize(_ count: Int, _ directive: NginxDirective) throws(Refusal) {
        guard count > Self.maximumExpandedDirectives else { return }
        throw Refusal(
            message: "\(directive.file):\(directive.line): with its includes this configuration holds more than "
                + "\(Self.maximumExpandedDirectives) directives; relops does not expand it further")
    }
}
