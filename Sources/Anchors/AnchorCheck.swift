import Git
import RelopsCore

extension AnchorAudit {
    /// Audits one anchor: which file it cites, its base, and where the cited lines are now.
    func audit(_ drift: inout AnchorDrift, context: DocumentContext, blamed: () -> BlamedLine) throws(GitError) {
        let anchor = drift.anchor
        guard let cited = anchor.path else {
            drift.verdict = .unchecked(historical: anchor.isHistorical)
            drift.note = "no file is named before this continuation in its section"
            return
        }
        let identifiers = identifierHints(anchor.hints)
        guard
            var cites = try citedFile(&drift, cited: cited, context: context, identifiers: identifiers, blamed: blamed)
        else { return }
        if !anchor.pathWritten,
            let other = try rebind(
                anchor, bound: cites, context: context, identifiers: identifiers, doc: drift.doc, blamed: blamed)
        {
            drift.note = "bound to \(label(other.repo, other.path)) by `\(identifiers.joined(separator: "`, `"))`"
            cites = other
        }
        let (repo, rel) = cites
        drift.repo = repo.name
        drift.path = rel
        if anchor.isHistorical {
            // Not checked, but a citation into a repository nobody mapped is still counted as such.
            try markUnmapped(&drift, repo: repo, path: rel, cited: cited, blamed: blamed)
            drift.verdict = .historical(unmappedRepository: drift.unmappedRepository)
            return
        }
        guard anchor.start >= 1, anchor.end >= anchor.start else {
            if try markUnmapped(&drift, repo: repo, path: rel, cited: cited, blamed: blamed) { return }
            drift.verdict = .invalid(candidates: [])
            drift.note =
                anchor.start < 1
                ? "line \(anchor.start) does not exist: lines start at 1"
                : "the range ends (\(anchor.end)) before it starts (\(anchor.start))"
            return
        }
        try check(
            &drift, repo: repo, path: rel, cited: cited, identifiers: identifiers, context: context, blamed: blamed)
    }

    /// The file an anchor cites, or nil with the drift marked unresolved (ambiguous and no rule decides).
    private func citedFile(
        _ drift: inout AnchorDrift, cited: String, context: DocumentContext, identifiers: [String],
        blamed: () -> BlamedLine
    ) throws(GitError) -> (repo: CodeRepository, path: String)? {
        switch try bindToSentenceRepository(&drift, cited: cited, context: context, blamed: blamed) {
        case .file(let repo, let path): return (repo, path)
        case .marked: return nil
        case .none: break
        }
        switch resolve(cited, context: context) {
        case .decided(let repo, let path, let evidence, let count):
            drift.decidedBy = evidence.rawValue
            drift.note = "`\(cited)` matches \(count) files; the full path is named earlier in the document"
            return (repo, path)
        case .file(let repo, let path):
            if options.codePath != nil, repo === code, let docs = documentsHistory, docs.repository !== code.repository,
                docs.targetTree.blobID(at: path) != nil
            {
                drift.note = "also in the documents' repository; the code repository (--code) is preferred"
            }
            return (repo, path)
        case .missing(let repo, let path):
            return (repo, path)
        case .ambiguous(let candidates):
            if case .file(let repo, let path) = try pick(
                among: candidates, &drift, cited: cited, context: context, blamed: blamed)
            {
                return (repo, path)
            }
            return nil
        }
    }

    /// Finds the base (walking back when the cited lines do not fit there), checks the lines,
    /// and maps them to the target.
    private func check(
        _ drift: inout AnchorDrift, repo: CodeRepository, path rel: String, cited: String, identifiers: [String],
        context: DocumentContext, blamed: () -> BlamedLine
    ) throws(GitError) {
        let anchor = drift.anchor
        drift.lockPath = rel
        var base: ObjectID, reason: BaseReason, written: ObjectID?
        switch try self.base(for: anchor, doc: drift.doc, repo: repo, path: rel, blamed: blamed) {
        case .found(let id, let why, let line):
            (base, reason, written) = (id, why, line)
        case .notFound(let why):
            if !unmapped(&drift, repo: repo, path: rel, cited: cited) {
                drift.verdict = .unresolved(candidates: [], unmappedRepository: nil)
                drift.note = why
            }
            return
        }
        var rel = rel
        if try repo.blob(at: rel, in: base) == nil, repo.targetTree.blobID(at: rel) != nil,
            let origin = try repo.pathAtBase(rel, base: base)
        {
            // Resolved at the target by suffix, renamed since the base: cite the file as it was.
            rel = origin
            drift.path = origin
        } else if try repo.blob(at: rel, in: base) == nil, repo.targetTree.blobID(at: rel) == nil,
            let then = try resolveAtBase(cited, repo: repo, base: base)
        {
            // A suffix, bare or elided name whose file had that name at the base only.
            rel = then
            drift.path = then
        }
        guard var baseBlob = try repo.blob(at: rel, in: base) else {
            if repo.targetTree.blobID(at: rel) != nil {
                drift.verdict = .invalid(candidates: [])
                drift.note = "no such file at its base \(base.short)"
            } else if !unmapped(&drift, repo: repo, path: rel, cited: cited),
                !unmappedByFullerPath(&drift, cited: cited, context: context)
            {
                drift.verdict = .unresolved(candidates: [], unmappedRepository: nil)
                drift.note = "no such file"
            }
            drift.base = base.hex
            return
        }
        var lines = try repo.lines(baseBlob)
        if reason == .blame || reason == .uncommitted,
            anchor.end > lines.count || isTrivialBlock(lines.block(anchor.start, anchor.end)),
            let older = try anchorTextBase(
                anchor, doc: drift.doc, repo: repo, path: rel, written: written, workingTree: context.bytes)
        {
            (base, baseBlob, lines, written, reason) = (older.base, older.blob, older.lines, older.written, .anchorText)
        }
        // Past the end of its file, or only blank, brace or comment lines, at the blamed base is
        // wrong when written: invalid every time, never walked back to an older version. Lines
        // worth citing that lack the sentence's identifiers walk back to where they hold them.
        if reason != .lock && anchor.end <= lines.count && !isTrivialBlock(lines.block(anchor.start, anchor.end))
            && !fits(lines, anchor, identifiers: identifiers),
            let older = try walkBack(
                from: base, repo: repo, path: rel, doc: drift.doc, written: written,
                fits: { fits($0, anchor, identifiers: identifiers) }),
            let blob = try repo.blob(at: rel, in: older)
        {
            (base, baseBlob, reason) = (older, blob, .identifiers)
            lines = try repo.lines(blob)
        }
        drift.base = base.hex
        drift.baseReason = reason.rawValue
        guard
            let block = try invalidAtBase(
                &drift, lines: lines, base: base, cited: cited, context: context, blamed: blamed)
        else { return }
        try map(&drift, repo: repo, path: rel, base: base, baseBlob: baseBlob, block: block)
    }

    /// The cited lines at the base, or nil with the drift marked `invalid`: past the end of the
    /// file there, or only blank, brace or comment lines; the message names the base.
    private func invalidAtBase(
        _ drift: inout AnchorDrift, lines: BlobLines, base: ObjectID, cited: String, context: DocumentContext,
        blamed: () -> BlamedLine
    ) throws(GitError) -> ArraySlice<String>? {
        let anchor = drift.anchor
        if anchor.end > lines.count {
            let fits =
                anchor.pathWritten ? [] : try continuationFits(anchor, context: context, cited: cited, blamed: blamed)
            drift.verdict = .invalid(candidates: fits)
            drift.note =
                "past the end of the file (\(lines.count) lines at its base \(base.short))"
                + (fits.isEmpty ? "" : "; it would fit " + fits.map { "`\($0)`" }.joined(separator: ", "))
            return nil
        }
        let block = lines.block(anchor.start, anchor.end)
        if isTrivialBlock(block) {
            drift.verdict = .invalid(candidates: [])
            drift.note = "cites only blank, brace or comment lines at its base \(base.short)"
            return nil
        }
        return block
    }

    /// Why a name's file was decided, in a few words.
    func why(_ evidence: [NameEvidence], _ anchor: FoundAnchor) -> String {
        let identifiers = identifierHints(anchor.hints)
        let named = identifiers + anchor.words.filter { !identifiers.contains($0) }
        if evidence.count == 1, let alone = evidence.first {
            switch alone {
            case .earlierPath: return "the full path is named earlier in the document"
            case .documentFolder: return "the only one under a folder the document's path names"
            case .identifiers: return "the only one holding `\(identifiers.joined(separator: "`, `"))` at the base"
            case .citedFolder: return "the only one under the folder the document's other citations name"
            case .content: return "its cited lines hold `\(named.joined(separator: "`, `"))`"
            }
        }
        let parts = evidence.map { rule in
            switch rule {
            case .earlierPath: return "named in full earlier in the document"
            case .documentFolder: return "under a folder the document's path names"
            case .identifiers: return "holding `\(identifiers.joined(separator: "`, `"))` at the base"
            case .citedFolder: return "under a folder the document's other citations name"
            case .content: return "whose cited lines hold most of `\(named.joined(separator: "`, `"))`"
            }
        }
        return "the only one " + parts.joined(separator: " and ")
    }

    /// For an anchor that is not checked further: marks it as citing a repository nobody mapped
    /// when its file is neither at the target nor at its base (a folder deleted since is not a
    /// repository); true if so.
    @discardableResult
    private func markUnmapped(
        _ drift: inout AnchorDrift, repo: CodeRepository, path: String, cited: String, blamed: () -> BlamedLine
    ) throws(GitError) -> Bool {
        guard repo.targetTree.blobID(at: path) == nil, unmappedRepository(cited) != nil else { return false }
        if case .found(let base, _, _) = try self.base(
            for: drift.anchor, doc: drift.doc, repo: repo, path: path, blamed: blamed),
            try repo.blob(at: path, in: base) != nil
        {
            return false
        }
        return unmapped(&drift, repo: repo, path: path, cited: cited)
    }

    /// Marks the drift unresolved when its path names a repository nobody mapped; true if so.
    private func unmapped(_ drift: inout AnchorDrift, repo: CodeRepository, path: String, cited: String) -> Bool {
        guard repo.targetTree.blobID(at: path) == nil, let name = unmappedRepository(cited) else { return false }
        drift.verdict = .unresolved(candidates: [], unmappedRepository: name)
        drift.note = "repository \(name) is not mapped (--repo \(name)=PATH)"
        return true
    }

    /// For a name that fits no file of the repositories read: marks it as citing a repository
    /// nobody mapped when the document, before it, names the same file in full under that
    /// repository (`Store/Src/OrdersController.cs:12`, later `OrdersController.cs:40`); true if so.
    private func unmappedByFullerPath(_ drift: inout AnchorDrift, cited: String, context: DocumentContext) -> Bool {
        for fuller in context.fullerPaths(of: cited) {
            guard let name = unmappedRepository(fuller.path) else { continue }
            drift.verdict = .unresolved(candidates: [], unmappedRepository: name)
            drift.note =
                "repository \(name) is not mapped (--repo \(name)=PATH); the document names `\(fuller.path)` earlier"
            return true
        }
        return false
    }

    /// The other files of the section whose base is long enough for an invalid continuation.
    private func continuationFits(
        _ anchor: FoundAnchor, context: DocumentContext, cited: String, blamed: () -> BlamedLine
    ) throws(GitError) -> [String] {
        var out: [String] = []
        for named in context.sectionPaths[anchor.section] ?? [] where named != cited {
            guard case .file(let repo, let rel) = resolve(named),
                case .found(let base, _, _) = try base(
                    for: anchor, doc: context.doc, repo: repo, path: rel, blamed: blamed),
                let blob = try repo.blob(at: rel, in: base)
            else { continue }
            if try repo.lines(blob).count >= anchor.end { out.append(named) }
        }
        return out
    }
}
