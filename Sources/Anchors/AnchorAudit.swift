import Foundation
import Git
import RelopsCore

/// What to audit: the documents, where unprefixed and prefixed anchors point, and the target.
public struct AnchorAuditOptions: Sendable {
    /// Absolute paths of the documents.
    public var documents: [String]
    /// The checkout unprefixed anchors point into (absolute); nil for the documents' repository.
    public var codePath: String?
    /// Anchor prefixes and the checkouts they name (absolute paths).
    public var repos: [(prefix: String, path: String)]
    /// The revision of the code repository to map anchors to; nil for its HEAD.
    public var target: String?

    public init(
        documents: [String], codePath: String? = nil, repos: [(prefix: String, path: String)] = [],
        target: String? = nil
    ) {
        self.documents = documents
        self.codePath = codePath
        self.repos = repos
        self.target = target
    }
}

/// Audits the anchors of documents against the code they cite: finds each anchor's base (the lock,
/// else a blame of the document line), maps it to the target through diffs, and names the
/// first-parent commits that moved it. Reads repositories only; never writes.
public final class AnchorAudit {
    let root: String
    let documentsRepository: Repository
    let options: AnchorAuditOptions
    let lock: AnchorLock
    private var code: CodeRepository!
    /// The documents' repository at its HEAD, for blaming document lines along its first-parent chain.
    private var documentsHistory: CodeRepository?
    private var prefixed: [(prefix: String, repo: CodeRepository)] = []
    private var commitTimes: [ObjectID: Int64] = [:]

    /// `root` is the working tree of `repository`, which holds the documents and `.relops/anchors.lock`.
    public init(root: String, repository: Repository, options: AnchorAuditOptions, lock: AnchorLock) {
        self.root = root
        documentsRepository = repository
        self.options = options
        self.lock = lock
    }

    /// Audits every document. A document that cannot be read is bad input; a repository that
    /// cannot be opened or read cannot be checked.
    public func run() throws(Failure) -> AnchorAuditResult {
        try openRepositories()
        var documents: [AnchorAuditResult.Document] = []
        for path in options.documents {
            documents.append(try audit(document: path))
        }
        var targets = ["": code.target.hex]
        for (prefix, repo) in prefixed { targets[prefix] = repo.target.hex }
        return AnchorAuditResult(documents: documents, target: code.target.hex, targets: targets)
    }

    private func openRepositories() throws(Failure) {
        var opened: [String: Repository] = [root: documentsRepository]
        func open(_ path: String, _ what: String) throws(Failure) -> Repository {
            let key = (path as NSString).standardizingPath
            if let repo = opened[key] { return repo }
            do {
                let repo = try Repository(discovering: key)
                let workdir = repo.workingDirectory ?? key
                if let known = opened[workdir] { return known }
                opened[key] = repo
                opened[workdir] = repo
                return repo
            } catch {
                throw Failure(.couldNotCheck, "\(path): cannot open \(what): \(error.message)")
            }
        }
        func target(_ repo: Repository, _ revision: String?, _ what: String) throws(Failure) -> ObjectID {
            do {
                return try repo.resolveCommit(revision ?? "HEAD")
            } catch {
                throw Failure(
                    error.kind == .notFound ? .badInput : .couldNotCheck,
                    "\(what): cannot resolve \(revision ?? "HEAD"): \(error.message)")
            }
        }
        let codeRepo = try open(options.codePath ?? root, "the code repository")
        do {
            code = try CodeRepository(
                name: "", repository: codeRepo,
                target: try target(codeRepo, options.target, options.codePath ?? root),
                holdsDocuments: codeRepo === documentsRepository)
            for (prefix, path) in options.repos {
                let repo = try open(path, "repository \(prefix)")
                let sameAsCode = repo === codeRepo
                let tip = sameAsCode ? code.target : try target(repo, nil, path)
                // A prefix naming the code checkout itself keeps its own name (and lock entries),
                // with the code repository's target.
                let named = try CodeRepository(
                    name: prefix, repository: repo, target: tip, holdsDocuments: repo === documentsRepository)
                prefixed.append((prefix, named))
            }
            if let head = documentsRepository.headCommit() {
                documentsHistory =
                    code.repository === documentsRepository && code.target == head
                    ? code
                    : try CodeRepository(name: "", repository: documentsRepository, target: head, holdsDocuments: true)
            }
        } catch let error as GitError {
            throw Failure(.couldNotCheck, "cannot read the repository: \(error.message)")
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(.couldNotCheck, "\(error)")
        }
    }

    // MARK: One document

    private func audit(document path: String) throws(Failure) -> AnchorAuditResult.Document {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(.badInput, "\(path): cannot read the document")
        }
        let bytes = Array(data)
        let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        let scan = AnchorFinder.scan(bytes) { [self] word in
            if case .file = resolve(word, namedBefore: []) { return true }
            // A path with folders names a file even when it is gone now.
            return word.contains("/") && AnchorFinder.looksLikeFileName(word)
        }
        var blame: [ObjectID?]?
        var drifts: [AnchorDrift] = []
        for anchor in scan.anchors {
            var drift = AnchorDrift(doc: relative, anchor: anchor)
            do {
                try audit(&drift, scan: scan, bytes: bytes) { [self] in
                    if blame == nil {
                        blame = blameDocument(relative, bytes)
                    }
                    let line = anchor.line - 1
                    return line < blame!.count ? blame![line] : nil
                }
            } catch {
                throw Failure(
                    .couldNotCheck, "\(relative):\(anchor.line):\(anchor.column): \(anchor.text): \(error.message)")
            }
            drifts.append(drift)
        }
        return .init(path: relative, absolutePath: path, bytes: bytes, scan: scan, drifts: drifts)
    }

    /// Who wrote each line of a document: the shared first-parent walk, and where that lands a
    /// line on a merge, libgit2's blame of the committed file to find the commit on the branch.
    private func blameDocument(_ path: String, _ bytes: [UInt8]) -> [ObjectID?] {
        guard let history = documentsHistory,
            let walked = try? history.firstParentBlame(path: path, content: bytes)
        else { return [] }
        guard walked.contains(where: { $0.map(history.isMerge) ?? false }),
            (try? Repository.blobID(of: bytes)) == history.targetTree.blobID(at: path),
            let blamed = try? documentsRepository.blameLines(path: path), blamed.count == walked.count
        else { return walked }
        return blamed
    }

    // MARK: Resolving paths

    enum Resolution {
        case file(CodeRepository, String)
        case ambiguous([String])
        /// Not at the target; perhaps renamed or removed since the base: where to look there.
        case missing(CodeRepository, String)
    }

    /// Splits a configured prefix off `cited` and finds the file: exactly at the target, else the
    /// fuller path named earlier in the document, else the unique tracked file with that suffix.
    func resolve(_ cited: String, namedBefore: [NamedFile]) -> Resolution {
        var repo: CodeRepository = code
        var rel = cited
        if let slash = cited.firstIndex(of: "/"), let match = prefixed.first(where: { $0.prefix == cited[..<slash] }) {
            repo = match.repo
            rel = String(cited[cited.index(after: slash)...])
        }
        while rel.hasPrefix("./") { rel.removeFirst(2) }
        if repo.targetTree.blobID(at: rel) != nil { return .file(repo, rel) }
        var missing = (repo, rel)
        let fullerPaths = namedBefore.filter { $0.path.hasSuffix("/" + cited) }
        if let fuller = fullerPaths.reversed().max(by: { $0.path.count < $1.path.count }) {
            switch resolve(fuller.path, namedBefore: []) {
            case .file(let r, let p): return .file(r, p)
            case .missing(let r, let p): missing = (r, p)
            case .ambiguous: break
            }
        }
        var candidates = repo.files(withSuffix: rel).map { (repo, $0) }
        if candidates.isEmpty && repo === code {
            for (_, other) in prefixed where other !== code {
                candidates += other.files(withSuffix: rel).map { (other, $0) }
            }
        }
        if candidates.count == 1 { return .file(candidates[0].0, candidates[0].1) }
        if candidates.count > 1 {
            return .ambiguous(candidates.map { $0.0.name.isEmpty ? $0.1 : $0.0.name + "/" + $0.1 })
        }
        return .missing(missing.0, missing.1)
    }

    /// The shortest way to write `path` of repository `repo` ("" for the code repository) that an
    /// audit resolves back to the same file: its last segment when that is unique, else more.
    public func shortestLabel(repo: String, path: String) -> String {
        let full = repo.isEmpty ? path : repo + "/" + path
        let segments = full.split(separator: "/", omittingEmptySubsequences: false)
        for k in 1...max(1, segments.count) {
            let label = segments.suffix(k).joined(separator: "/")
            if case .file(let r, let p) = resolve(label, namedBefore: []), r.name == repo || r === code && repo.isEmpty,
                p == path
            {
                return label
            }
        }
        return full
    }

    // MARK: One anchor

    private func audit(_ drift: inout AnchorDrift, scan: AnchorScan, bytes: [UInt8], blamed: () -> ObjectID?)
        throws(GitError)
    {
        let anchor = drift.anchor
        guard let cited = anchor.path else {
            drift.status = anchor.isHistorical ? .historical : .unresolved
            drift.note = "no file is named before this continuation in its section"
            return
        }
        let before = scan.namedFiles.filter { $0.line < anchor.line || $0.line == anchor.line && $0.path != cited }
        var repo: CodeRepository, rel: String
        switch resolve(cited, namedBefore: before) {
        case .file(let r, let p):
            (repo, rel) = (r, p)
        case .ambiguous(let candidates):
            drift.path = cited
            drift.status = anchor.isHistorical ? .historical : .unresolved
            drift.candidates = candidates
            drift.note = "`\(cited)` matches \(candidates.count) files"
            return
        case .missing(let r, let p):
            // Perhaps the file was there at the base and is gone or renamed now.
            (repo, rel) = (r, p)
        }
        drift.repo = repo.name
        drift.path = rel
        if anchor.isHistorical {
            drift.status = .historical
            return
        }
        guard let base = try base(for: anchor, doc: drift.doc, repo: repo, path: rel, blamed: blamed) else {
            drift.status = .unresolved
            drift.note = "the code repository has no commit as old as the document line"
            return
        }
        drift.base = base.hex
        guard let baseBlob = try repo.blob(at: rel, in: base) else {
            if repo.targetTree.blobID(at: rel) == nil {
                drift.status = .unresolved
                drift.note = "no such file"
            } else {
                drift.status = .invalid
                drift.note = "no such file at its base \(base.short)"
            }
            return
        }
        let baseLines = try repo.lines(baseBlob)
        if anchor.start < 1 || anchor.end < anchor.start || anchor.end > baseLines.count {
            drift.status = .invalid
            drift.note = "past the end of the file (\(baseLines.count) lines at \(base.short))"
            if !anchor.pathWritten {
                drift.candidates = try fits(anchor, scan: scan, bound: cited, blamed: blamed, doc: drift.doc)
                if !drift.candidates.isEmpty {
                    drift.note! += "; it would fit " + drift.candidates.map { "`\($0)`" }.joined(separator: ", ")
                }
            }
            return
        }
        let block = baseLines.block(anchor.start, anchor.end)
        if isTrivialBlock(block) {
            drift.status = .invalid
            drift.note = "cites only blank, brace or doc-comment tag lines at its base \(base.short)"
            return
        }
        try map(&drift, repo: repo, path: rel, base: base, baseBlob: baseBlob, block: block)
    }

    /// The commit at which the anchor was last known right.
    private func base(
        for anchor: FoundAnchor, doc: String, repo: CodeRepository, path: String,
        blamed: () -> ObjectID?
    ) throws(GitError) -> ObjectID? {
        if let hex = lock.base(doc: doc, repo: repo.name, path: path, start: anchor.start, end: anchor.end),
            let id = ObjectID(hex: hex), (try? repo.repository.commitInfo(id)) != nil
        {
            return id
        }
        guard let written = blamed() else { return repo.repository.headCommit() ?? repo.target }
        if repo.holdsDocuments { return written }
        let time: Int64
        if let known = commitTimes[written] {
            time = known
        } else {
            time = try documentsRepository.commitInfo(written).time
            commitTimes[written] = time
        }
        return repo.commit(currentAt: time)
    }

    /// The other files of the section whose base is long enough for an invalid continuation.
    private func fits(_ anchor: FoundAnchor, scan: AnchorScan, bound: String, blamed: () -> ObjectID?, doc: String)
        throws(GitError) -> [String]
    {
        var out: [String] = []
        for named in scan.namedFiles
        where named.section == anchor.section && named.path != bound && !out.contains(named.path) {
            guard case .file(let repo, let rel) = resolve(named.path, namedBefore: scan.namedFiles),
                let base = try base(for: anchor, doc: doc, repo: repo, path: rel, blamed: blamed),
                let blob = try repo.blob(at: rel, in: base)
            else { continue }
            if try repo.lines(blob).count >= anchor.end { out.append(named.path) }
        }
        return out
    }

    /// Maps the block from its base to the target and sets the status, position and commits.
    private func map(
        _ drift: inout AnchorDrift, repo: CodeRepository, path: String, base: ObjectID, baseBlob: ObjectID,
        block: ArraySlice<String>
    ) throws(GitError) {
        let anchor = drift.anchor
        var newPath = path
        var targetBlob = repo.targetTree.blobID(at: path)
        if targetBlob == nil, let renamed = try repo.followRenames(path, from: base) {
            newPath = renamed
            targetBlob = repo.targetTree.blobID(at: renamed)
        }
        guard let targetBlob else {
            drift.status = .lost
            drift.note = "the file is gone"
            drift.commits = try repo.attribute(
                path: path, start: anchor.start, end: anchor.end, base: base, baseBlob: baseBlob)
            return
        }
        drift.newPath = newPath
        let renamed = newPath != path
        if targetBlob == baseBlob {
            drift.status = renamed ? .renamed : .ok
            (drift.newStart, drift.newEnd) = (anchor.start, anchor.end)
        } else {
            let hunks = try repo.diff(baseBlob, targetBlob)
            let mapped = mapRange(anchor.start, anchor.end, through: hunks)
            if mapped.intact {
                drift.status = renamed ? .renamed : mapped.start == anchor.start ? .ok : .moved
                (drift.newStart, drift.newEnd) = (mapped.start, mapped.end)
            } else if let match = findByContent(
                block, in: try repo.lines(targetBlob), expected: mapped.start,
                lengths: [block.count, mapped.end - mapped.start + 1], hints: anchor.hints)
            {
                (drift.newStart, drift.newEnd) = (match.start, match.end)
                if match.kind == .exact {
                    drift.status = renamed ? .renamed : match.start == anchor.start ? .ok : .moved
                } else {
                    drift.status = .changed
                    drift.confidence = match.confidence
                }
            } else {
                drift.status = .lost
                drift.note = "the cited text is gone"
            }
        }
        if drift.status != .ok {
            drift.commits = try repo.attribute(
                path: path, start: anchor.start, end: anchor.end, base: base, baseBlob: baseBlob)
        }
    }
}
