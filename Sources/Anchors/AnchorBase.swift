import Git
import RelopsCore

/// Why an anchor's base is the commit it is.
enum BaseReason: String {
    /// `.relops/anchors.lock` recorded it at the last re-pin.
    case lock
    /// The commit that wrote the document line (or, for another repository, its commit current then).
    case blame
    /// The document line is not committed: written against the working tree's HEAD.
    case uncommitted
    /// Walked back: at the blamed base the cited lines lack the identifiers the sentence puts in
    /// backticks; this is the newest commit where they hold them. (Past the end, or only blank,
    /// brace or comment lines, is never walked back: that anchor was invalid when written.)
    case identifiers
    /// At the blamed base the cited lines hold nothing to cite, but blame named a later edit of
    /// the document line around the anchor: this is the base of the older commit that wrote the
    /// anchor's own text, where its lines hold code.
    case anchorText = "anchor-text"
    /// Blame named the commit that added the whole document, copied in from a repository the audit
    /// reads: the commit there that wrote the line (or the cited repository's commit current then).
    case copied
}

/// The base of an anchor, or why there is none.
enum BaseLookup {
    case found(ObjectID, BaseReason, written: ObjectID?)
    case notFound(String)
}

/// How far back a base is walked when the blamed one does not fit: 30 days.
let baseWindow: Int64 = 30 * 86_400

/// The identifiers among a sentence's code spans (`RateLimitingSettings`, `Options.Get`): the
/// part after the last dot, three characters or more; file names and expressions are left out.
func identifierHints(_ hints: [String]) -> [String] {
    var out: [String] = []
    for hint in hints where !AnchorFinder.looksLikeFileName(hint) {
        guard hint.utf8.allSatisfy({ isAlnum($0) || $0 == 0x5F || $0 == 0x2E }) else { continue }
        let last = hint.split(separator: ".").last.map(String.init) ?? hint
        if last.count >= 3 && !out.contains(last) { out.append(last) }
    }
    return out
}

/// How many of `identifiers` appear in `block`.
func identifierCount(_ block: ArraySlice<String>, _ identifiers: [String]) -> Int {
    identifiers.filter { id in block.contains { lineContains($0, id) } }.count
}

extension AnchorAudit {
    /// The commit at which the anchor was last known right: the lock, else blame. Never a silent
    /// HEAD: a document line blame cannot place is reported with the reason.
    func base(
        for anchor: FoundAnchor, doc: String, repo: CodeRepository, path: String, blamed: () -> BlamedLine
    ) throws(GitError) -> BaseLookup {
        let key = AnchorLock.Entry(
            doc: doc, repo: repo.name, path: path, start: anchor.start, end: anchor.end, base: ""
        )
        .key
        if let hex = lockIndex[key], let id = ObjectID(hex: hex), repo.repository.hasObject(id) {
            return .found(id, .lock, written: nil)
        }
        switch blamed() {
        case .failed(let message):
            return .notFound("cannot blame the document line: \(message)")
        case .uncommitted:
            guard let head = repo.repository.headCommit() else {
                return .notFound("the document line is not committed and the repository has no HEAD")
            }
            return .found(head, .uncommitted, written: nil)
        case .commit(let written):
            if !repo.holdsDocuments,
                let copied = try copiedBase(doc: doc, line: anchor.line, written: written, repo: repo)
            {
                return copied
            }
            return try base(writtenAt: written, repo: repo)
        }
    }

    /// The base of a document line written at `written`: that commit, or when the code lives in
    /// another repository, that repository's first-parent commit current at its time.
    func base(writtenAt written: ObjectID, repo: CodeRepository) throws(GitError) -> BaseLookup {
        if repo.holdsDocuments { return .found(written, .blame, written: written) }
        let time: Int64
        if let known = commitTimes[written] {
            time = known
        } else {
            time = try documentsRepository.commitInfo(written).time
            commitTimes[written] = time
        }
        guard let id = repo.commit(currentAt: time) else {
            return .notFound("the code repository has no commit as old as the document line (\(written.short))")
        }
        return .found(id, .blame, written: written)
    }

    /// True when lines `start...end` of `lines` are worth citing and, when the sentence names
    /// identifiers, hold one of them.
    func fits(_ lines: BlobLines, _ anchor: FoundAnchor, identifiers: [String]) -> Bool {
        guard anchor.end <= lines.count else { return false }
        let block = lines.block(anchor.start, anchor.end)
        if isTrivialBlock(block) { return false }
        return identifiers.isEmpty || identifierCount(block, identifiers) > 0
    }

    /// The newest first-parent commit before `base` (no further back than the document's
    /// previous revision or 30 days) at which the cited lines fit; nil when none does.
    func walkBack(
        from base: ObjectID, repo: CodeRepository, path: String, doc: String, written: ObjectID?,
        fits: (BlobLines) -> Bool
    ) throws(GitError) -> ObjectID? {
        guard let landing = repo.landingIndex(of: base) else { return nil }
        var limit = repo.chain[landing].time - baseWindow
        if let written, let previous = try previousRevisionTime(doc: doc, written: written) {
            limit = max(limit, previous)
        }
        var floor = landing
        while floor > 0 && repo.chain[floor - 1].time >= limit { floor -= 1 }
        guard floor < landing else { return nil }
        let points = try repo.changePoints(path, from: floor)
        guard let current = points.lastIndex(where: { $0.index <= landing }), current > 0 else { return nil }
        for k in stride(from: current - 1, through: 0, by: -1) {
            guard let blob = points[k].blob, fits(try repo.lines(blob)) else { continue }
            // The newest commit that still had this version.
            return repo.chain[points[k + 1].index - 1].id
        }
        return nil
    }

    /// The committer time of the document's revision before the one that wrote `written`, when
    /// it lies within the window; once per (document, commit).
    func previousRevisionTime(doc: String, written: ObjectID) throws(GitError) -> Int64? {
        let key = doc + "\u{0}" + written.hex
        if let known = previousRevisions[key] { return known }
        var result: Int64?
        if let history = documentsHistory, let landing = history.landingIndex(of: written) {
            let limit = history.chain[landing].time - baseWindow
            var floor = landing
            while floor > 0 && history.chain[floor - 1].time >= limit { floor -= 1 }
            let points = try history.changePoints(doc, from: floor)
            if let previous = points.dropFirst().last(where: { $0.index < landing }) {
                result = history.chain[previous.index].time
            }
        }
        previousRevisions[key] = result
        return result
    }

    /// The cited lines of `path` at the anchor's base, for the identifier rules.
    func baseBlock(_ anchor: FoundAnchor, doc: String, repo: CodeRepository, path: String, blamed: () -> BlamedLine)
        throws(GitError) -> ArraySlice<String>?
    {
        guard
            case .found(let base, _, _) = try self.base(for: anchor, doc: doc, repo: repo, path: path, blamed: blamed),
            let blob = try repo.blob(at: path, in: base)
        else { return nil }
        let lines = try repo.lines(blob)
        return anchor.end <= lines.count && anchor.start >= 1 ? lines.block(anchor.start, anchor.end) : nil
    }

    /// Among files that fit a name equally, the one whose cited lines at the base hold the most
    /// of the sentence's identifiers; nil when none or several do.
    func choose(
        among candidates: [(repo: CodeRepository, path: String)], _ anchor: FoundAnchor, identifiers: [String],
        doc: String, blamed: () -> BlamedLine
    ) throws(GitError) -> (repo: CodeRepository, path: String)? {
        guard !identifiers.isEmpty else { return nil }
        var best: [(repo: CodeRepository, path: String)] = []
        var bestScore = 0
        for candidate in candidates {
            guard
                let block = try baseBlock(anchor, doc: doc, repo: candidate.repo, path: candidate.path, blamed: blamed)
            else { continue }
            let score = identifierCount(block, identifiers)
            if score > bestScore {
                (best, bestScore) = ([candidate], score)
            } else if score == bestScore && score > 0 {
                best.append(candidate)
            }
        }
        return best.count == 1 ? best[0] : nil
    }

    /// A `:N` continuation whose bound file's lines lack every identifier of its sentence, while
    /// exactly one other file named earlier in the section holds one there: that file.
    func rebind(
        _ anchor: FoundAnchor, bound: (repo: CodeRepository, path: String), context: DocumentContext,
        identifiers: [String], doc: String, blamed: () -> BlamedLine
    ) throws(GitError) -> (repo: CodeRepository, path: String)? {
        guard !identifiers.isEmpty, let cited = anchor.path,
            let block = try baseBlock(anchor, doc: doc, repo: bound.repo, path: bound.path, blamed: blamed),
            identifierCount(block, identifiers) == 0
        else { return nil }
        var seen: Set<String> = [cited]
        var others: [(repo: CodeRepository, path: String)] = []
        for named in context.namedBefore(except: cited) where named.section == anchor.section {
            guard seen.insert(named.path).inserted, case .file(let repo, let path) = resolve(named.path) else {
                continue
            }
            others.append((repo, path))
        }
        return try choose(among: others, anchor, identifiers: identifiers, doc: doc, blamed: blamed)
    }
}
