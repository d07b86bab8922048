import Fingerprint
import Foundation
import RelopsCore

/// Maps a path on the web server (an nginx `root` or `alias`, `/usr/share/nginx/html/...`) to the
/// tracked file it holds, from the repository's own build files: a Dockerfile's `COPY`/`ADD`
/// (outside a `--from` stage copy) and a compose file's bind-mounted `volumes`; a path inside the
/// working tree maps to itself.
struct ServedPathMapping {
    /// One copy: repository-relative source candidates (per build context) and the server path.
    struct Copy {
        let sources: [String]
        let destination: String
        let origin: String
    }

    let root: String
    let tracked: Set<String>
    var copies: [Copy] = []
    /// Build files not read: not a regular file, or over `RepositoryFile.Limit.buildFile`.
    var skipped: [SkippedCandidate] = []

    /// What a server path is in the repository.
    enum Outcome: Equatable {
        case tracked(String)
        /// Mapped to a repository path that git does not track (missing or untracked).
        case notTracked(String, via: String)
        case unmapped
    }

    /// Reads the Dockerfiles and compose files among `files` through `RepositoryFile`: one whose
    /// path leads outside the repository is refused.
    init(root: String, tracked: Set<String>, files: [String]) throws(Failure) {
        self.root = root
        self.tracked = tracked
        for path in files {
            let name = nameOf(path)
            if name == "Dockerfile" || name == "Containerfile" || name.hasPrefix("Dockerfile.")
                || name.hasSuffix(".Dockerfile") || name.hasSuffix(".dockerfile")
            {
                try readDockerfile(path)
            } else if (name.hasPrefix("docker-compose") || name.hasPrefix("compose"))
                && (name.hasSuffix(".yml") || name.hasSuffix(".yaml"))
            {
                try readCompose(path)
            }
        }
    }

    /// The repository file behind `serverPath`. A later copy wins over an earlier one.
    func map(_ serverPath: String) -> Outcome {
        let target = normalized(serverPath)
        if target.hasPrefix(root + "/") {
            let relative = String(target.dropFirst(root.count + 1))
            return tracked.contains(relative) ? .tracked(relative) : .notTracked(relative, via: "the working tree")
        }
        var fallback = Outcome.unmapped
        for copy in copies.reversed() {
            let destination = copy.destination.hasSuffix("/") ? String(copy.destination.dropLast()) : copy.destination
            var candidates: [String] = []
            for source in copy.sources {
                let isFolder = source.isEmpty || tracked.contains { $0.hasPrefix(source + "/") }
                if isFolder, target.hasPrefix(destination + "/") {
                    let rest = String(target.dropFirst(destination.count + 1))
                    candidates.append(source.isEmpty ? rest : source + "/" + rest)
                } else if !isFolder,
                    target == destination || target == destination + "/" + nameOf(source)
                {
                    candidates.append(source)
                }
            }
            if let hit = candidates.first(where: tracked.contains) { return .tracked(hit) }
            if fallback == .unmapped, let first = candidates.first { fallback = .notTracked(first, via: copy.origin) }
        }
        return fallback
    }

    /// `a/./b/../c` as `a/c`; keeps a leading `/`.
    func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// `source` relative to `folder` inside the repository, or nil when it leaves the repository.
    func repositoryPath(_ source: String, in folder: String) -> String? {
        let joined = normalized(folder.isEmpty ? source : folder + "/" + source)
        if source.hasPrefix("/") || joined.hasPrefix("..") { return nil }
        return joined
    }

    /// The bytes of the build file `path`; nil (listed as skipped when it is a FIFO or too big)
    /// when it cannot be read; a path leading outside the repository is refused.
    mutating func readBuildFile(_ path: String) throws(Failure) -> [UInt8]? {
        do {
            return try RepositoryFile.read(path, in: root, limit: RepositoryFile.Limit.buildFile)
        } catch {
            if error.isEscape { throw Failure(error.category, error.description) }
            switch error.kind {
            case .notRegular, .tooLarge: skipped.append(SkippedCandidate(path: path, reason: error.reason))
            default: break
            }
            return nil
        }
    }

    mutating func readDockerfile(_ path: String) throws(Failure) {
        guard let bytes = try readBuildFile(path) else { return }
        let folder = folderOf(path)
        var workdir = "/"
        var lineNumber = 0
        var pending = ""
        var pendingLine = 0
        for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\r") { line.removeLast() }
            if pending.isEmpty {
                if line.hasPrefix("#") { continue }
                pendingLine = lineNumber
            }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let instruction = pending + line
            pending = ""
            let words = instruction.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let keyword = words.first?.uppercased() else { continue }
            if keyword == "WORKDIR", let dir = words.dropFirst().first {
                workdir = dir.hasPrefix("/") ? dir : normalized(workdir + "/" + dir)
                continue
            }
            guard keyword == "COPY" || keyword == "ADD" else { continue }
            var arguments = Array(words.dropFirst())
            if arguments.contains(where: { $0.hasPrefix("--from") }) { continue }
            arguments.removeAll { $0.hasPrefix("--") }
            if let first = arguments.first, first.hasPrefix("[") {
                let json = arguments.joined(separator: " ")
                // Not JSON: Docker runs it as shell form, which copies nothing a path could name;
                // the served file it fails to map is reported as not mapped, by name.
                guard case .array(let items)? = try? JSONCDocument(text: json, path: path, strict: true).root.value
                else { continue }
                arguments = items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            }
            guard arguments.count >= 2, let last = arguments.last else { continue }
            let destination = last.hasPrefix("/") ? last : normalized(workdir + "/" + last)
            let origin = "\(path):\(pendingLine)"
            for source in arguments.dropLast() {
                // The build context is the Dockerfile's folder or, as often, the repository root.
                let sources = [folder, ""].compactMap { repositoryPath(source, in: $0) }.map {
                    $0 == "." ? "" : $0
                }
                copies.append(
                    Copy(
                        sources: Array(Set(sources)).sorted { $0.count > $1.count },
                        destination: arguments.count > 2 && !destination.hasSuffix("/")
                            ? destination + "/" : destination,
                        origin: origin))
            }
        }
    }

    /// A compose file's bind mounts: `- ./site:/usr/share/nginx/html:ro`, and the long form
    /// (`- type: bind` with `source:` and `target:`), read line by line.
    mutating func readCompose(_ path: String) throws(Failure) {
        guard let bytes = try readBuildFile(path) else { return }
        let folder = folderOf(path)
        var lineNumber = 0
        var long: (source: String?, target: String?, line: Int) = (nil, nil, 0)
        func unquoted(_ text: some StringProtocol) -> String {
            text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        func add(_ source: String, _ target: String, _ line: Int) {
            guard source.hasPrefix("./") || source.hasPrefix("../") || source == ".", target.hasPrefix("/"),
                let inRepository = repositoryPath(source, in: folder)
            else { return }
            copies.append(
                Copy(
                    sources: [inRepository == "." ? "" : inRepository], destination: target,
                    origin: "\(path):\(line)"))
        }
        for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("- ") {
                long = (nil, nil, lineNumber)
                line = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                let parts = unquoted(line).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                if parts.count >= 2, !line.hasPrefix("type:") {
                    add(parts[0], parts[1], lineNumber)
                    continue
                }
            }
            for key in ["source:", "target:"] where line.hasPrefix(key) {
                let value = unquoted(line.dropFirst(key.count))
                if key == "source:" { long.source = value } else { long.target = value }
            }
            if let source = long.source, let target = long.target {
                add(source, target, long.line)
                long = (nil, nil, 0)
            }
        }
    }
}
