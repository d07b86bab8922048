import Git

/// The repository a bare name's sentence, then its paragraph, names nearest before it: by a
/// path (`OtherRepo/Source/Program.cs:81`, `Shared/Src/`) or by a repository's name.
enum SentenceRepository {
    /// A repository the audit reads.
    case mapped(CodeRepository)
    /// A repository nobody mapped, by name, and the path that named it (nil for the name alone).
    case unmapped(String, path: String?)
}

/// What the sentence's repository made of a bare name.
enum SentenceBinding {
    /// The file it cites there.
    case file(CodeRepository, String)
    /// The drift is marked (unmapped, or several files there and nothing decides).
    case marked
    /// The sentence names no repository, or the name fits no file in the one it names.
    case none
}

extension AnchorAudit {
    /// The repository of the nearest path before `anchor` in its paragraph that names the same
    /// file in full (`ADC/Src/DependencyInjection.cs:38` ... `DependencyInjection.cs:42`, with another
    /// repository's path between them); else the repository named nearest before it; nil when none is.
    /// `shortNames`: a repository's name without its organisation's prefix counts too.
    func sentenceRepository(of anchor: FoundAnchor, context: DocumentContext, shortNames: Bool = false)
        -> SentenceRepository?
    {
        let bytes = context.bytes
        var i = min(anchor.pathBytes?.lowerBound ?? anchor.startBytes.lowerBound, bytes.count)
        let floor = max(0, min(anchor.paragraphStart, i))
        let fuller = anchor.path.map { Array(("/" + $0).utf8) }
        var nearest: SentenceRepository?
        while i > floor {
            while i > floor && !isPathByte(bytes[i - 1]) { i -= 1 }
            var j = i
            while j > floor && isPathByte(bytes[j - 1]) { j -= 1 }
            // Past the nearest repository, only a fuller path of the same name is worth resolving.
            let isFuller =
                fuller.map { bytes[j..<i].count > $0.count && bytes[j..<i].suffix($0.count).elementsEqual($0) } ?? false
            if j < i, nearest == nil || isFuller,
                let named = repositoryNamed(by: bytes[j..<i], context: context, shortNames: shortNames)
            {
                if isFuller { return named }
                nearest = named
            }
            i = j
        }
        return nearest
    }

    /// The repository one word names: a path's first segment (a mapped prefix, a repository nobody
    /// mapped, or the repository the path resolves in), or a repository's name written alone.
    private func repositoryNamed(by raw: ArraySlice<UInt8>, context: DocumentContext, shortNames: Bool)
        -> SentenceRepository?
    {
        var word = raw
        while let last = word.last, last == 0x2E || last == 0x2D { word = word.dropLast() }
        let text = String(decoding: word, as: UTF8.self)
        guard let slash = text.firstIndex(of: "/") else {
            if let match = prefixed.first(where: { $0.prefix == text }) { return .mapped(match.repo) }
            if context.unmappedNames.contains(text) { return .unmapped(text, path: nil) }
            return shortNames ? repositoryNamed(short: text, context: context) : nil
        }
        guard validPath(word) || text.hasSuffix("/") else { return nil }
        if let match = prefixed.first(where: { $0.prefix == text[..<slash] }) { return .mapped(match.repo) }
        if let name = unmappedRepository(text) { return .unmapped(name, path: text) }
        switch resolve(text.hasSuffix("/") ? String(text.dropLast()) : text) {
        case .file(let repo, _), .decided(let repo, _, _, _): return .mapped(repo)
        case .ambiguous, .missing: return nil
        }
    }

    /// The one repository whose name is an organisation's prefix and `word` (`ADC` for `MMCA.ADC`,
    /// `Store` for `MMCA.Store`): people drop the prefix in prose ("ADC Identity `Program.cs:81`").
    /// Only a name of two parts counts (`MMCA.ADC.Conference.Service` is a project, not a
    /// repository), and only when no other repository's name ends the same way. Weaker than a
    /// name in full (`Store` is also a word), it is asked only for a name the mapped repositories
    /// do not settle on one file.
    private func repositoryNamed(short word: String, context: DocumentContext) -> SentenceRepository? {
        guard word.count >= 3 else { return nil }
        func short(_ name: String) -> String? {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty ? String(parts[1]) : nil
        }
        var found: [SentenceRepository] = []
        for (prefix, repo) in prefixed where short(prefix) == word { found.append(.mapped(repo)) }
        for name in context.unmappedNames.sorted() where short(name) == word {
            found.append(.unmapped(name, path: nil))
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Binds a bare name (`Program.cs:85`) to the repository its sentence names: unmapped there is
    /// reported unmapped with the repository named; several files there go through the evidence
    /// rules among those files only.
    func bindToSentenceRepository(
        _ drift: inout AnchorDrift, cited: String, context: DocumentContext, blamed: () -> BlamedLine
    ) throws(GitError) -> SentenceBinding {
        let anchor = drift.anchor
        guard anchor.pathWritten, !cited.contains("/") else { return .none }
        let settled: Bool
        switch resolve(cited, context: context) {
        case .file, .decided: settled = true
        case .ambiguous, .missing: settled = false
        }
        guard let named = sentenceRepository(of: anchor, context: context, shortNames: !settled) else { return .none }
        switch named {
        case .unmapped(let name, let path):
            if let path, let repo = try holder(of: path, at: anchor, doc: drift.doc, blamed: blamed) {
                // A folder deleted since, not a repository: the name is read in the repository that had it.
                return try bind(cited, in: repo, &drift, context: context, blamed: blamed)
            }
            drift.path = cited
            drift.verdict = .unchecked(historical: anchor.isHistorical, unmappedRepository: name)
            drift.note = "repository \(name), which its sentence names before it, is not mapped (--repo \(name)=PATH)"
            return .marked
        case .mapped(let repo):
            return try bind(cited, in: repo, &drift, context: context, blamed: blamed)
        }
    }

    /// The searched repository that held `path` at the anchor's base, if one did.
    private func holder(of path: String, at anchor: FoundAnchor, doc: String, blamed: () -> BlamedLine)
        throws(GitError) -> CodeRepository?
    {
        for repo in searchedRepositories {
            if case .found(let base, _, _) = try self.base(
                for: anchor, doc: doc, repo: repo, path: path, blamed: blamed),
                try repo.blob(at: path, in: base) != nil
            {
                return repo
            }
        }
        return nil
    }

    /// A bare name read in `repo`: its one file there, the file an earlier full path or the
    /// evidence rules pick among several; `.none` when no file of `repo` fits.
    private func bind(
        _ cited: String, in repo: CodeRepository, _ drift: inout AnchorDrift, context: DocumentContext,
        blamed: () -> BlamedLine
    ) throws(GitError) -> SentenceBinding {
        let paths = repo.files(withSuffix: cited)
        if paths.count <= 1 { return paths.first.map { .file(repo, $0) } ?? .none }
        for fuller in context.fullerPaths(of: cited) {
            if case .file(let r, let p) = resolve(fuller.path), r === repo, paths.contains(p) {
                drift.decidedBy = NameEvidence.earlierPath.rawValue
                drift.note =
                    "`\(cited)` matches \(paths.count) files; the full path is named earlier in the document"
                return .file(repo, p)
            }
        }
        return try pick(
            among: paths.map { (repo: repo, path: $0) }, &drift, cited: cited, context: context, blamed: blamed)
    }

    /// Among several files a name fits, the one the evidence rules decide; else the drift is
    /// marked unresolved with the candidates.
    func pick(
        among candidates: [(repo: CodeRepository, path: String)], _ drift: inout AnchorDrift, cited: String,
        context: DocumentContext, blamed: () -> BlamedLine
    ) throws(GitError) -> SentenceBinding {
        if let chosen = try decide(among: candidates, drift.anchor, doc: drift.doc, context: context, blamed: blamed) {
            drift.decidedBy = chosen.id
            drift.note = "`\(cited)` matches \(candidates.count) files; " + why(chosen.evidence, drift.anchor)
            return .file(chosen.repo, chosen.path)
        }
        drift.path = cited
        drift.verdict = .unchecked(
            historical: drift.anchor.isHistorical, candidates: candidates.map { label($0.repo, $0.path) })
        drift.note = "`\(cited)` matches \(candidates.count) files"
        return .marked
    }
}
