import Foundation
import Git
import RelopsCore

/// Audits the anchors of documents against the code they cite: finds each anchor's base (the lock,
/// else a blame of the document line, walked back when the cited lines do not fit), maps it to
/// the target through diffs, and names the first-parent commits that moved it. Reads
/// repositories only; never writes.
public final class AnchorAudit {
    let root: String
    let documentsRepository: Repository
    let options: AnchorAuditOptions
    let lock: AnchorLock
    let lockIndex: [String: String]
    let code: CodeRepository
    /// The documents' repository at its HEAD, for blaming document lines along its first-parent chain.
    let documentsHistory: CodeRepository?
    let prefixed: [(prefix: String, repo: CodeRepository)]
    var commitTimes: [ObjectID: Int64] = [:]
    var previousRevisions: [String: Int64?] = [:]
    /// The commit that wrote each anchor's own text, by document, text and blamed commit (or the
    /// working tree's count of the text).
    var anchorOrigins: [String: ObjectID?] = [:]
    /// How often an anchor's text stands in a document version, by blob and text.
    var tokenCounts: [String: Int] = [:]
    /// The document being audited as stored (through the repository's filters), and where each
    /// document copied in whole came from, by document and the commit that added it.
    var storedDocument: (path: String, bytes: [UInt8])?
    var copySources: [String: CopySource?] = [:]
    /// The files the document being audited names by path, for the `cited-folder` rule.
    var citedFilesOfDocument: (doc: String, files: [(repo: CodeRepository, path: String)])?

    /// The largest document an audit reads; larger ones are refused as bad input.
    public static let maximumDocumentSize = 8 << 20

    /// `root` is the working tree of `repository`, which holds the documents and
    /// `.relops/anchors.lock`. Opens every repository the options name and reads their histories;
    /// one that cannot be opened or read cannot be checked (exit 3, naming it).
    public init(root: String, repository: Repository, options: AnchorAuditOptions, lock: AnchorLock) throws(Failure) {
        self.root = root
        documentsRepository = repository
        self.options = options
        self.lock = lock
        var index: [String: String] = [:]
        for entry in lock.entries { index[entry.key] = entry.base }
        lockIndex = index
        let opened = try RepositorySet.open(root: root, documents: repository, options: options)
        code = opened.code
        prefixed = opened.prefixed
        documentsHistory = opened.documentsHistory
    }

    /// Opens the documents' repository at `options.root` (set by `AnchorAuditOptions.resolve`).
    public convenience init(options: AnchorAuditOptions, lock: AnchorLock) throws(Failure) {
        guard let root = options.root else {
            throw Failure(.usage, "no documents' repository: resolve the options first")
        }
        let repository: Repository
        do {
            repository = try Repository(discovering: root)
        } catch {
            throw Failure(.couldNotCheck, "\(root): cannot open the repository: \(error.message)")
        }
        try self.init(root: root, repository: repository, options: options, lock: lock)
    }

    /// Audits every document. A document that cannot be read is bad input; a repository that
    /// cannot be read cannot be checked.
    public func run() throws(Failure) -> AnchorAuditResult {
        var documents: [AnchorAuditResult.Document] = []
        for path in options.documents {
            documents.append(try audit(document: path))
        }
        var targets = ["": code.target.hex]
        for (prefix, repo) in prefixed { targets[prefix] = repo.target.hex }
        // The documents' own repository needs no name: its target is named by the commit alone.
        let codeName =
            code.repository === documentsRepository
            ? "" : ((code.repository.workingDirectory ?? code.repository.gitDirectory) as NSString).lastPathComponent
        return AnchorAuditResult(documents: documents, target: code.target.hex, targets: targets, codeName: codeName)
    }

    // MARK: One document

    private func audit(document path: String) throws(Failure) -> AnchorAuditResult.Document {
        // The repository's one reader: a document (or a folder of it) that is a symlink leading
        // outside, or a document that is no regular file, is refused, never read.
        let relative = try AnchorAuditOptions.containedDocument(path, root: root)
        let bytes: [UInt8]
        do {
            bytes = try RepositoryFile.read(relative, in: root, limit: AnchorAudit.maximumDocumentSize)
        } catch {
            if case .tooLarge(let size, _) = error.kind {
                throw Failure(
                    .badInput,
                    "\(path): \(size) bytes; documents over \(AnchorAudit.maximumDocumentSize >> 20) MB are not audited"
                )
            }
            throw Failure(error.category, "\(relative): cannot read the document: \(error.reason)")
        }
        let scan = AnchorFinder.scan(bytes) { [self] word in
            switch resolve(word) {
            case .file, .decided:
                return true
            case .ambiguous:
                // A bare name several files fit (`DependencyInjection.cs`, one per module) is still
                // the file its paragraph's `:N` cite: the name rules decide among them for each.
                return true
            case .missing:
                // A path with folders names a file even when it is gone now.
                return word.contains("/") && AnchorFinder.looksLikeFileName(word)
            }
        }
        var blame: Result<[ObjectID?], GitError>?
        var drifts: [AnchorDrift] = []
        var context = DocumentContext(scan: scan, doc: relative, bytes: bytes)
        // Repositories nobody mapped that the document's paths name: a bare name's sentence may name one alone.
        for named in scan.namedFiles where named.path.contains("/") {
            if let name = unmappedRepository(named.path) { context.unmappedNames.insert(name) }
        }
        for anchor in scan.anchors {
            var drift = AnchorDrift(doc: relative, anchor: anchor)
            context.advance(to: anchor)
            do {
                try audit(&drift, context: context) { [self] () -> BlamedLine in
                    if blame == nil {
                        blame = Result { () throws(GitError) in try blameDocument(relative, bytes) }
                    }
                    switch blame {
                    case .success(let lines):
                        let line = anchor.line - 1
                        return line < lines.count ? lines[line].map(BlamedLine.commit) ?? .uncommitted : .uncommitted
                    case .failure(let error):
                        return .failed(error.message)
                    case nil:
                        return .uncommitted
                    }
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
    /// line on a merge, the walk into the merged branch to the commit that wrote it there
    /// (`branchCommit`). The working-tree bytes are first put through the repository's filters
    /// (`* text=auto eol=crlf` and the like), so they compare with the committed blobs as git would.
    private func blameDocument(_ path: String, _ bytes: [UInt8]) throws(GitError) -> [ObjectID?] {
        guard let history = documentsHistory else { return [] }
        let stored = try documentsRepository.contentAsStored(bytes, path: path)
        storedDocument = (path, stored)
        return try history.blame(path: path, content: stored)
    }
}

/// What blame says about one document line.
enum BlamedLine {
    /// The first-parent commit that wrote it.
    case commit(ObjectID)
    /// Not committed yet (or the document is not tracked): written against the working tree.
    case uncommitted
    /// The document's history could not be read.
    case failed(String)
}

/// Where an anchor sits among the files its document names: those named before it, so the path
/// rules look back without copying the list for every anchor.
struct DocumentContext {
    let scan: AnchorScan
    let doc: String
    /// The document's bytes, for reading an anchor's sentence and paragraph.
    let bytes: [UInt8]
    /// Repositories nobody mapped that the document's paths name.
    var unmappedNames: Set<String> = []
    /// How many named files lie on lines before the current anchor.
    private(set) var before = 0
    private(set) var anchor: FoundAnchor?
    /// The distinct paths named in each section, in order.
    let sectionPaths: [Int: [String]]

    init(scan: AnchorScan, doc: String, bytes: [UInt8]) {
        self.scan = scan
        self.doc = doc
        self.bytes = bytes
        var paths: [Int: [String]] = [:]
        var seen = Set<String>()
        for named in scan.namedFiles where seen.insert("\(named.section)\u{0}\(named.path)").inserted {
            paths[named.section, default: []].append(named.path)
        }
        sectionPaths = paths
    }

    mutating func advance(to anchor: FoundAnchor) {
        self.anchor = anchor
        while before < scan.namedFiles.count && scan.namedFiles[before].line < anchor.line { before += 1 }
    }

    /// Full paths that end with `/cited`, named before the anchor: in its section (and on its
    /// line) first, nearest first, then earlier in the document, nearest first; at most 64.
    func fullerPaths(of cited: String) -> [NamedFile] {
        guard let anchor else { return [] }
        let suffix = "/" + cited
        var out = namedBefore(except: cited).filter { $0.section == anchor.section && $0.path.hasSuffix(suffix) }
        var j = before - 1
        while j >= 0 && out.count < 64 {
            let named = scan.namedFiles[j]
            if named.section != anchor.section && named.path.hasSuffix(suffix) && !out.contains(named) {
                out.append(named)
            }
            j -= 1
        }
        return out
    }

    /// Files named in the anchor's section before it (and elsewhere on its line, other than
    /// `cited`), nearest first; at most 256, so a document of 200k anchors stays linear.
    func namedBefore(except cited: String) -> [NamedFile] {
        guard let anchor else { return [] }
        var out: [NamedFile] = []
        var i = before
        while i < scan.namedFiles.count && scan.namedFiles[i].line == anchor.line {
            if scan.namedFiles[i].path != cited { out.append(scan.namedFiles[i]) }
            i += 1
        }
        out.reverse()
        var j = before - 1
        while j >= 0 && out.count < 256 && scan.namedFiles[j].section == anchor.section {
            out.append(scan.namedFiles[j])
            j -= 1
        }
        return out
    }
}

/// The repositories one audit reads, each opened once.
struct RepositorySet {
    let code: CodeRepository
    let prefixed: [(prefix: String, repo: CodeRepository)]
    let documentsHistory: CodeRepository?

    static func open(root: String, documents: Repository, options: AnchorAuditOptions) throws(Failure) -> RepositorySet
    {
        var opened: [String: Repository] = [root: documents]
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
        let code = try CodeRepository(
            name: "", repository: codeRepo, target: try target(codeRepo, options.target, options.codePath ?? root),
            holdsDocuments: codeRepo === documents)
        var prefixed: [(prefix: String, repo: CodeRepository)] = []
        for (prefix, path) in options.repos {
            let repo = try open(path, "repository \(prefix)")
            // A prefix naming the code checkout itself keeps its own name (and lock entries),
            // with the code repository's target.
            let tip = repo === codeRepo ? code.target : try target(repo, nil, path)
            prefixed.append(
                (
                    prefix,
                    try CodeRepository(name: prefix, repository: repo, target: tip, holdsDocuments: repo === documents)
                ))
        }
        var history: CodeRepository?
        if let head = documents.headCommit() {
            history =
                code.repository === documents && code.target == head
                ? code : try CodeRepository(name: "", repository: documents, target: head, holdsDocuments: true)
        }
        return RepositorySet(code: code, prefixed: prefixed, documentsHistory: history)
    }
}
