import Foundation
import Git
import PublicSuffix
import RelopsCore
import Synchronization

/// What to scan and where.
public struct ScanRequest: Sendable {
    /// Hosts to find, lowercase ASCII (`HostName.name`; `init(hostNames:)` takes them validated).
    public var hosts: [String]
    /// Scan this commit's blobs instead of the working tree.
    public var revision: String?
    /// Also scan untracked files that git does not ignore.
    public var includeUntracked: Bool
    /// Worker threads; defaults to the number of cores (`availableCores()`).
    public var workers: Int
    /// False where the process ends right after the scan (`relops scan`): the classifier's
    /// caches (every build file's model) are then kept until it exits, never freed
    /// (`keepUntilExit`); else they are freed on another thread (`releaseElsewhere`).
    public var releasesCaches = true
    /// False reads every working-tree file the plain way, never in batches (`FileRing`): tests
    /// hold the two ways to the same answers.
    var batchedReads = true

    public init(
        hosts: [String], revision: String? = nil, includeUntracked: Bool = false, workers: Int = availableCores()
    ) {
        self.hosts = hosts
        self.revision = revision
        self.includeUntracked = includeUntracked
        self.workers = max(1, workers)
    }

    /// The request for hosts validated where they came in (`HostName`): what the commands use.
    public init(
        hostNames: [HostName], revision: String? = nil, includeUntracked: Bool = false,
        workers: Int = availableCores()
    ) {
        self.init(
            hosts: hostNames.map(\.name), revision: revision, includeUntracked: includeUntracked, workers: workers)
    }
}

/// Scans a repository for every occurrence of the requested hosts: the files git tracks (read
/// from the working tree, or from a commit with `revision`), optionally untracked ones, never
/// ignored ones. Each occurrence is classified (`Classifier`). `progress` gets (done, total).
public func scan(
    _ project: Project, _ request: ScanRequest,
    progress: (@Sendable (Int, Int) -> Void)? = nil
) throws(Failure) -> ScanResult {
    try scan(project, request, progress: progress, readingProjectFilesWith: nil)
}

/// `scan` with the classifier's project-file reader replaced (tests count what it reads).
func scan(
    _ project: Project, _ request: ScanRequest, progress: (@Sendable (Int, Int) -> Void)?,
    readingProjectFilesWith reader: ProjectFileReader?
) throws(Failure) -> ScanResult {
    guard !request.hosts.isEmpty else {
        throw Failure(.usage, "no host to scan for: pass --host H or set app.web_host in .relops.yml")
    }
    let files = try listFiles(project, request)
    do { try PublicSuffixList.load() } catch {
        throw Failure(.couldNotCheck, "the Public Suffix List is not available: \(error)")
    }
    let needles = request.hosts.map(Needle.init(host:))
    let source: FileSource =
        request.revision == nil ? .workingTree(project.root) : .objects(project.repository.gitDirectory)
    let refused = ProjectFileRefusals()
    let classifier = SharedClassifier(
        files: files, config: project.config,
        read: reader ?? source.projectFileReader(files, project.repository, refused: refused))
    // Its caches (the model of every build file read) are freed on another thread, while the
    // caller writes the result, or never where the process ends after the scan.
    defer { request.releasesCaches ? releaseElsewhere(classifier) : keepUntilExit(classifier) }
    var found = try scanFiles(
        files, needles: needles, source: source, workers: request.workers, classifier: classifier, progress: progress,
        batchedReads: request.batchedReads)
    // What the workers left for later (another was classifying, or it needs every Dart source's
    // reads), then everything in file order.
    classifier.learnDartReads(searched: found.dartSearched, reads: found.dartReads)
    var classified = mergeSorted(found.classified, classifier.classify(found.pending)) { $0.index < $1.index }
    found.classified = []  // each file's occurrences now held once: moved out, not copied on write
    let occurrences = movingOccurrences(out: &classified)
    var result = ScanResult(
        hosts: request.hosts, occurrences: occurrences, related: withoutScannedHosts(found.related, request.hosts),
        notHost: found.notHost, binaryFiles: found.binaryFiles, problems: refused.added(to: found.problems),
        filesScanned: found.filesScanned, symlinks: found.symlinks)
    result.readsInBatches = found.readsInBatches
    return result
}

/// Every file's occurrences as one list, in file order, moved out of `files` rather than copied:
/// each leaves an empty occurrence behind. A copy would retain every string and product list of
/// each occurrence and the release of `files` release them again, one by one, on this thread,
/// while the workers that made them hold their reference counts in their cores' caches.
func movingOccurrences(out files: inout [ClassifiedFile]) -> [HostOccurrence] {
    let total = files.reduce(0) { $0 + $1.occurrences.count }
    let empty = HostOccurrence(
        host: "", path: "", line: 0, column: 0, offset: 0, found: "", occurrenceClass: .other, rule: "", ruleID: "",
        encoding: .plain, text: "")
    return [HostOccurrence](unsafeUninitializedCapacity: total) { buffer, count in
        for k in files.indices {
            files[k].occurrences.withUnsafeMutableBufferPointer { source in
                guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
                (to + count).moveInitialize(from: from, count: source.count)
                from.initialize(repeating: empty, count: source.count)
                count += source.count
            }
        }
    }
}

/// The files a scan of `request` reads: the tracked files (content from the working tree), or a
/// commit's with `revision`, and the untracked ones that git does not ignore when asked.
func listFiles(_ project: Project, _ request: ScanRequest) throws(Failure) -> FileList {
    if let revision = request.revision { try checkRevisionName(revision) }
    var files: FileList
    do {
        if let revision = request.revision {
            files = try project.repository.treeFiles(atCommit: revision)
        } else {
            files = try project.repository.indexFiles()
            if request.includeUntracked {
                // A cutover's temporary files (`.<name>.relops-<id>.tmp`) are never counted.
                let untracked = try project.repository.untrackedFiles()
                for i in 0..<untracked.count where !StagedWrite.isTemporaryName(nameOf(untracked.path(at: i))) {
                    untracked.withCPath(at: i) {
                        files.append(path: $0, kind: untracked.kinds[i], id: untracked.ids[i], size: untracked.sizes[i])
                    }
                }
            }
        }
    } catch {
        if error.kind == .notFound, let revision = request.revision {
            throw Failure(.badInput, "--rev \(revision): no such revision in \(project.root)")
        }
        throw Failure(.couldNotCheck, "\(project.root): \(error.description)")
    }
    return files
}

/// Where file content comes from.
enum FileSource: Sendable {
    case workingTree(String)
    case objects(String)

    /// Reads a whole project file (for classification), from the working tree through the
    /// containment rule (`RootedFileReader`, in `RepositoryFile`'s terms: never through a symlink
    /// leading outside the repository, regular files only, at most `projectFileLimit` bytes; each
    /// refusal is noted in `refused`), or through `repository`'s object database.
    func projectFileReader(_ files: FileList, _ repository: Repository, refused: ProjectFileRefusals)
        -> ProjectFileReader
    {
        switch self {
        case .workingTree(let root):
            let reader = RootedFileReader(root: root)
            return { _, path in
                do throws(RepositoryPathError) {
                    return try reader.read(path, limit: projectFileLimit)
                } catch {
                    refused.note(error)
                    return nil
                }
            }
        case .objects:
            return { i, _ in try? repository.blobContent(files.ids[i]) }
        }
    }
}

/// The largest build file the classifier reads: the limit every command reads project files with.
let projectFileLimit = RepositoryFile.Limit.projectFile

/// The build files the classifier was refused, as the scan's problems: a path that leads outside
/// the repository (naming where), not a regular file, or too large. A file deleted from the
/// working tree is not one (the file workers report it).
final class ProjectFileRefusals {
    private var problems: [ScanProblem] = []

    func note(_ error: RepositoryPathError) {
        if case .missing = error.kind { return }
        problems.append(ScanProblem(path: error.path, message: "build file not read: \(error.reason)", isError: false))
    }

    /// `problems` with these refusals added (none for a path already there: the workers said why),
    /// in path order.
    func added(to problems: [ScanProblem]) -> [ScanProblem] {
        guard !self.problems.isEmpty else { return problems }
        let known = Set(problems.map(\.path))
        return (problems + self.problems.filter { !known.contains($0.path) }).sorted { $0.path < $1.path }
    }
}

/// An occurrence before classification.
struct LocatedHit: Sendable {
    let host: String
    let path: String
    let line: Int
    let column: Int
    let offset: Int
    let found: String
    let encoding: OccurrenceEncoding
    let text: String
    let fileIndex: Int
    /// What the line alone says about the occurrence, read by the worker that found it.
    let reading: LineReading
}

/// What an occurrence's line says whatever its class: a Universal Link or App Link claim, an HSTS
/// header covering subdomains, an OAuth redirect URI. Pure functions of the line, so the file
/// workers read it in parallel and the classifier only looks it up.
struct LineReading: Sendable {
    let claim: Platform?
    let coversSubdomains: Bool
    let redirectURI: String?

    /// The reading of `text` (the line, cut around a long match) for a match of `found` at
    /// `column` (1-based, within `text`) in a file named `lowerName`.
    init(_ text: String, found: String, column: Int, encoding: OccurrenceEncoding, lowerName: String) {
        claim = LineFacts.appLinkClaim(text, column: column, lowerName: lowerName)
        coversSubdomains = LineFacts.coversSubdomains(text)
        redirectURI = encoding == .email ? nil : LineFacts.redirectURI(text, found: found, column: column)
    }
}

/// A file with an occurrence: its path split once, and what its text says (`FileFacts.none` when
/// no rule needs it), from the worker that read it.
struct HitFile: Sendable {
    let index: Int
    let parts: PathParts
    let facts: FileFacts
}

/// What the file workers found: the files with hits each classified (through the shared
/// classifier), those it left for later, and everything else a `ScanResult` reports.
struct UnclassifiedScan: Sendable {
    /// The files with hits that this worker classified, in file order.
    var classified: [ClassifiedFile] = []
    /// The files with hits left for classifying after the workers finish, in file order.
    var pending: [FileHits] = []
    var related: [RelatedHost] = []
    var notHost: [NotHostToken] = []
    var binaryFiles: [BinaryFileHit] = []
    var problems: [ScanProblem] = []
    var filesScanned = 0
    var symlinks: Set<String> = []
    /// The Dart sources under `lib/` searched, in file order, and the reads of those with any.
    var dartSearched: [Int] = []
    var dartReads: [DartEnvironmentDefaults.FileReads] = []
    /// How many files came through batches of reads (`FileRing`), for tests.
    var readsInBatches = 0

    /// Adds `other`'s findings. Both hold their files in file order (a worker
    /// takes its files in order), and so does the result: merged, not sorted (a sort of more than
    /// 64 items costs the process its first run-time lookup of `Int: Comparable`, ~0.1 ms).
    mutating func merge(_ other: UnclassifiedScan) {
        classified = mergeSorted(classified, other.classified) { $0.index < $1.index }
        pending = mergeSorted(pending, other.pending) { $0.file.index < $1.file.index }
        related += other.related
        notHost += other.notHost
        readsInBatches += other.readsInBatches
        binaryFiles += other.binaryFiles
        problems += other.problems
        filesScanned += other.filesScanned
        symlinks.formUnion(other.symlinks)
        dartSearched = mergeSorted(dartSearched, other.dartSearched) { $0 < $1 }
        dartReads = mergeSorted(dartReads, other.dartReads) { $0.index < $1.index }
    }
}

extension LocatedHit {
    /// File order: by file, offset, then host.
    func isBefore(_ other: LocatedHit) -> Bool {
        (fileIndex, offset, host) < (other.fileIndex, other.offset, other.host)
    }
}

/// `a` and `b`, each in `isBefore` order, as one list in that order (`a`'s first on a tie).
func mergeSorted<Element>(_ a: [Element], _ b: [Element], by isBefore: (Element, Element) -> Bool) -> [Element] {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    var merged: [Element] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0, k = 0
    while i < a.count && k < b.count {
        if isBefore(b[k], a[i]) {
            merged.append(b[k])
            k += 1
        } else {
            merged.append(a[i])
            i += 1
        }
    }
    merged += a[i...]
    merged += b[k...]
    return merged
}

/// Reads and searches every file on a `WorkerPool` of `workers` threads; results come back in file order.
func scanFiles(
    _ files: FileList, needles: [Needle], source: FileSource, workers: Int, classifier: SharedClassifier,
    progress: (@Sendable (Int, Int) -> Void)?, batchedReads: Bool = true
) throws(Failure) -> UnclassifiedScan {
    var rootFD: Int32 = -1
    if case .workingTree(let root) = source {
        rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw Failure(.couldNotCheck, "\(root): cannot open: \(errnoText())") }
    }
    defer { if rootFD >= 0 { close(rootFD) } }
    let done = Atomic<Int>(0)
    let total = files.count
    let dirFD = rootFD
    // Working-tree workers open and close every file: each in a descriptor table of its own (the
    // root's handle, opened above, is in each copy); a worker's classification reads build files
    // through a handle opened before the scan (`RootedFileReader`) and closes what it opens.
    // Blob reads go through libgit2, whose handles are not made for that: those share the table.
    // Shrinking batches keep a worker's files together, so it opens each folder about once.
    var descriptors = DescriptorTables.shared
    if case .workingTree = source { descriptors = .ownPerThread }
    let parts = WorkerPool(threads: workers).run(
        count: total, batch: 32, shrinking: true, descriptors: descriptors,
        makeState: {
            FileWorker(
                files: files, needles: needles, source: source, rootFD: dirFD, classifier: classifier,
                batchedReads: batchedReads)
        },
        workOn: { worker, taken in
            worker.scan(taken)
            // Counted 64 files at a time: a counter both workers wrote for every file would move
            // between their cores' caches each time. Every index is scanned once, so the count
            // reaches each multiple of 4,096 as before.
            guard let progress else { return }
            for _ in stride(from: taken.lowerBound | 63, to: taken.upperBound, by: 64) {
                let finished = done.wrappingAdd(64, ordering: .relaxed).newValue
                if finished % 4096 == 0 { progress(finished, total) }
            }
        },
        finish: { $0.finished() })
    var merged = UnclassifiedScan()
    for part in parts { merged.merge(part) }
    merged.related.sort { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
    merged.notHost.sort { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
    merged.binaryFiles.sort { ($0.path, $0.host) < ($1.path, $1.host) }
    merged.problems.sort { $0.path < $1.path }
    return merged
}
