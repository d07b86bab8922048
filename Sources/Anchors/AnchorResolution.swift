import Git
import RelopsCore

/// Where a cited path points, before any history is read.
enum Resolution {
    case file(CodeRepository, String)
    /// Several files fit: decided by context (`AnchorAudit.decide`), else left ambiguous.
    case ambiguous([(repo: CodeRepository, path: String)])
    /// Several files fit and a full path written earlier in the section or document names one.
    case decided(CodeRepository, String, NameEvidence, among: Int)
    /// Not at the target; perhaps renamed or removed since the base: where to look there.
    case missing(CodeRepository, String)
}

/// A path written with its middle left out: `.../Dir/File.cs` or `Prefix/.../Dir/File.cs`.
struct ElidedPath {
    /// What is written before the elision ("" when it starts the path).
    let head: String
    /// The visible suffix after it.
    let tail: String
    /// How the elision is written: `...` or `…`.
    let marker: String

    init?(_ path: String) {
        for marker in ["...", "\u{2026}"] {
            if path.hasPrefix(marker + "/") {
                (head, tail, self.marker) = ("", String(path.dropFirst(marker.count + 1)), marker)
                return
            }
            if let range = path.range(of: "/" + marker + "/") {
                (head, tail, self.marker) = (
                    String(path[..<range.lowerBound]), String(path[range.upperBound...]), marker
                )
                return
            }
        }
        return nil
    }

    /// `new` written the same way: what stood before the elision, then as many trailing
    /// segments of `new` as were visible.
    func rewritten(_ new: String) -> String {
        let visible = new.split(separator: "/").suffix(tail.split(separator: "/").count).joined(separator: "/")
        return (head.isEmpty ? "" : head + "/") + marker + "/" + visible
    }
}

extension AnchorAudit {
    /// Every repository an unprefixed path may name: the code repository, the prefixed ones, and
    /// the documents' own when `--code` points elsewhere; each once.
    var searchedRepositories: [CodeRepository] {
        var out = [code]
        for (_, repo) in prefixed where !out.contains(where: { $0 === repo || $0.repository === repo.repository }) {
            out.append(repo)
        }
        if let docs = documentsHistory, !out.contains(where: { $0.repository === docs.repository }) {
            out.append(docs)
        }
        return out
    }

    /// Splits a configured prefix off `cited` and finds the file: exactly at the target, else the
    /// nearest fuller path named earlier in the section (else earlier in the document), else the
    /// tracked files with that suffix (unique, or ambiguous). An elided path matches by its
    /// visible suffix.
    func resolve(_ cited: String, context: DocumentContext? = nil) -> Resolution {
        var repo: CodeRepository = code
        var rel = cited
        var isPrefixed = false
        if let slash = cited.firstIndex(of: "/"), let match = prefixed.first(where: { $0.prefix == cited[..<slash] }) {
            repo = match.repo
            rel = String(cited[cited.index(after: slash)...])
            isPrefixed = true
        }
        while rel.hasPrefix("./") { rel.removeFirst(2) }
        if let elided = ElidedPath(rel) { return resolveElided(elided, in: isPrefixed ? [repo] : searchedRepositories) }
        if repo.targetTree.blobID(at: rel) != nil {
            if isPrefixed || options.codePath != nil { return .file(repo, rel) }
            let elsewhere = searchedRepositories.dropFirst().filter { $0.targetTree.blobID(at: rel) != nil }
            return elsewhere.isEmpty ? .file(repo, rel) : .ambiguous([(repo, rel)] + elsewhere.map { ($0, rel) })
        }
        var missing = (repo, rel)
        var candidates = repo.files(withSuffix: rel).map { (repo: repo, path: $0) }
        if !isPrefixed && (candidates.isEmpty || options.codePath == nil) {
            for other in searchedRepositories.dropFirst() {
                // With --code, the documents' own repository only answers when the code has nothing.
                candidates += other.files(withSuffix: rel).map { (repo: other, path: $0) }
            }
        }
        for fuller in context?.fullerPaths(of: cited) ?? [] {
            switch resolve(fuller.path) {
            case .file(let r, let p), .decided(let r, let p, _, _):
                return candidates.count > 1 ? .decided(r, p, .earlierPath, among: candidates.count) : .file(r, p)
            case .missing(let r, let p):
                missing = (r, p)
            case .ambiguous:
                continue
            }
            break
        }
        if candidates.count == 1 { return .file(candidates[0].repo, candidates[0].path) }
        if candidates.count > 1 { return .ambiguous(candidates) }
        return .missing(missing.0, missing.1)
    }

    /// An elided path: the files whose path ends with the visible suffix and, when something is
    /// written before the elision, whose repository prefix or path starts with it.
    private func resolveElided(_ elided: ElidedPath, in repos: [CodeRepository]) -> Resolution {
        var candidates: [(repo: CodeRepository, path: String)] = []
        for repo in repos {
            for path in repo.files(withSuffix: elided.tail) {
                let full = repo.name.isEmpty ? path : repo.name + "/" + path
                if elided.head.isEmpty || full.hasPrefix(elided.head + "/") || path.hasPrefix(elided.head + "/") {
                    candidates.append((repo, path))
                }
            }
        }
        if candidates.count == 1 { return .file(candidates[0].repo, candidates[0].path) }
        if candidates.count > 1 { return .ambiguous(candidates) }
        return .missing(repos[0], elided.tail)
    }

    /// The one file of `repo` at `base` that a suffix, bare or elided name fits, when the name
    /// fits nothing at the target (the file was renamed since); nil when none or several fit.
    func resolveAtBase(_ cited: String, repo: CodeRepository, base: ObjectID) throws(GitError) -> String? {
        var rel = cited
        if !repo.name.isEmpty, rel.hasPrefix(repo.name + "/") { rel.removeFirst(repo.name.count + 1) }
        while rel.hasPrefix("./") { rel.removeFirst(2) }
        var head = ""
        if let elided = ElidedPath(rel) { (head, rel) = (elided.head, elided.tail) }
        let fits = try repo.files(withSuffix: rel, at: base).filter { head.isEmpty || $0.hasPrefix(head + "/") }
        return fits.count == 1 ? fits[0] : nil
    }

    /// The repository a cited path's first segment names when no mapped repository knows it as
    /// a folder: `Store/Src/A.cs` with no `Store` anywhere and no `--repo Store=PATH`.
    func unmappedRepository(_ cited: String) -> String? {
        guard let slash = cited.firstIndex(of: "/") else { return nil }
        let first = String(cited[..<slash])
        guard first != ".", first != "..", first != "...", first != "\u{2026}", !first.isEmpty,
            !prefixed.contains(where: { $0.prefix == first })
        else { return nil }
        for repo in searchedRepositories where repo.folderNames.contains(first) || repo.rootNames.contains(first) {
            return nil
        }
        return first
    }

    /// The label of a candidate: its path, with its repository prefix when it has one.
    func label(_ repo: CodeRepository, _ path: String) -> String {
        if repo.name.isEmpty && repo !== code && repo === documentsHistory { return path + " (documents)" }
        return repo.name.isEmpty ? path : repo.name + "/" + path
    }

    /// The shortest way to write `path` of repository `repo` ("" for the code repository) that an
    /// audit resolves back to the same file: its last segment when that is unique, else more.
    public func shortestLabel(repo: String, path: String) -> String {
        let full = repo.isEmpty ? path : repo + "/" + path
        let segments = full.split(separator: "/", omittingEmptySubsequences: false)
        for k in 1...max(1, segments.count) {
            let label = segments.suffix(k).joined(separator: "/")
            if case .file(let r, let p) = resolve(label), r.name == repo || r === code && repo.isEmpty, p == path {
                return label
            }
        }
        return full
    }
}
