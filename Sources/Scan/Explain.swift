import Foundation
import Git
import PublicSuffix
import RelopsCore

/// The file (and line) `scan --explain PATH[:LINE]` asks about, validated against the repository:
/// a relative path is relative to the repository root (as `scan` prints paths), an absolute one
/// must lie inside the repository; `:LINE` (1-based) narrows to one line.
public struct ExplainTarget: Sendable, Equatable {
    /// The path relative to the repository root.
    public let path: String
    /// The line, when one was given.
    public let line: Int?

    /// Reads `PATH[:LINE]`; throws a usage failure for an empty path, a line that is not a
    /// positive number, or a path outside the repository at `root`.
    public init(parsing value: String, root: String) throws(Failure) {
        var pathText = value
        var line: Int?
        if let colon = value.lastIndex(of: ":") {
            let digits = value[value.index(after: colon)...]
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
                guard let number = Int(digits), number > 0 else {
                    throw Failure(.usage, "--explain \(value): the line must be a number from 1")
                }
                line = number
                pathText = String(value[..<colon])
            }
        }
        self.path = try Self.relativePath(pathText, root: root, given: value)
        self.line = line
    }

    /// `text` relative to `root`, `.` and `..` resolved; a usage failure when it leaves the repository.
    static func relativePath(_ text: String, root: String, given: String) throws(Failure) -> String {
        guard !text.isEmpty else { throw Failure(.usage, "--explain: give a file, as PATH or PATH:LINE") }
        let outside = Failure(
            .usage, "--explain \(given): outside the repository \(root) (give a path inside it, as scan prints it)")
        var relative = text
        if text.hasPrefix("/") {
            let base = root.hasSuffix("/") ? root : root + "/"
            let resolvedBase = URL(fileURLWithPath: root).resolvingSymlinksInPath().path + "/"
            if text.hasPrefix(base) {
                relative = String(text.dropFirst(base.count))
            } else if text.hasPrefix(resolvedBase) {
                relative = String(text.dropFirst(resolvedBase.count))
            } else {
                throw outside
            }
        }
        var parts: [Substring] = []
        for part in relative.split(separator: "/") where part != "." {
            if part == ".." {
                guard !parts.isEmpty else { throw outside }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        guard !parts.isEmpty else { throw Failure(.usage, "--explain \(given): the repository root is not a file") }
        return parts.joined(separator: "/")
    }
}

/// Explains the class of each occurrence of `request`'s hosts in `target`'s file (or line): every
/// rule in `RuleOrder`'s order with its verdict, and the build files and units read for the file.
/// Only that file is searched and explained; the rest of the repository is read only as the
/// classifier reads it (its build files). A file git does not list (tracked, or untracked with
/// `includeUntracked`) is bad input; a file without an occurrence gives no occurrences.
public func explain(_ project: Project, _ request: ScanRequest, _ target: ExplainTarget) throws(Failure)
    -> ScanExplanation
{
    guard !request.hosts.isEmpty else {
        throw Failure(.usage, "no host to scan for: pass --host H or set app.web_host in .relops.yml")
    }
    let files = try listFiles(project, request)
    guard let index = (0..<files.count).first(where: { files.path(at: $0) == target.path }) else {
        throw Failure(.badInput, notListedMessage(target.path, project: project, request: request))
    }
    do { try PublicSuffixList.load() } catch {
        throw Failure(.couldNotCheck, "the Public Suffix List is not available: \(error)")
    }
    let source: FileSource =
        request.revision == nil ? .workingTree(project.root) : .objects(project.repository.gitDirectory)
    let read = source.projectFileReader(files, project.repository, refused: ProjectFileRefusals())
    let found = try searchOneFile(index, files, request, source: source, config: project.config, read: read)
    let recorded = ReadPaths()
    let classifier = Classifier(files: files, config: project.config) { i, path in
        recorded.note(path)
        return read(i, path)
    }
    var explained: [OccurrenceExplanation] = []
    if let found {
        let fixed = classifier.fileRule(found.file.parts.path)
        for hit in found.hits where target.line == nil || hit.line == target.line {
            let file = FileClassification(parts: found.file.parts, facts: found.file.facts, fixed: fixed)
            let occurrence = classifier.occurrence(hit, in: file)
            let site = OccurrenceSite(
                offset: hit.offset, encoding: hit.encoding, line: hit.text, column: hit.textColumn)
            explained.append(OccurrenceExplanation(occurrence: occurrence, trials: classifier.explain(site, file)))
        }
    }
    return ScanExplanation(
        hosts: request.hosts, path: target.path, line: target.line, occurrences: explained,
        buildFilesRead: recorded.paths.sorted(), buildUnits: explained.isEmpty ? [] : classifier.units(of: target.path))
}

/// Why `path` is not a file the scan reads: missing, a folder, or not tracked.
func notListedMessage(_ path: String, project: Project, request: ScanRequest) -> String {
    var isFolder: ObjCBool = false
    let onDisk = FileManager.default.fileExists(atPath: project.root + "/" + path, isDirectory: &isFolder)
    if let revision = request.revision { return "--explain \(path): no such file at \(revision)" }
    if !onDisk { return "--explain \(path): no such file in the repository" }
    if isFolder.boolValue { return "--explain \(path): a folder; give a file in it" }
    return request.includeUntracked
        ? "--explain \(path): ignored by git, so never scanned"
        : "--explain \(path): not a file git tracks (scan reads tracked files; add --include-untracked for an untracked one)"
}

/// Searches file `index` alone, as a scan's worker does: its hits and what its text says, or nil
/// when it holds no occurrence. A file that cannot be read is a failure naming it.
func searchOneFile(
    _ index: Int, _ files: FileList, _ request: ScanRequest, source: FileSource, config: ProjectConfig,
    read: @escaping ProjectFileReader
) throws(Failure) -> FileHits? {
    var rootFD: Int32 = -1
    if case .workingTree(let root) = source {
        rootFD = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw Failure(.couldNotCheck, "\(root): cannot open: \(errnoText())") }
    }
    defer { if rootFD >= 0 { close(rootFD) } }
    // The worker classifies what it finds, as in a scan; the explanation classifies again with a
    // classifier of its own that records the build files it reads.
    let classifier = SharedClassifier(files: files, config: config, read: read)
    var worker = FileWorker(
        files: files, needles: request.hosts.map(Needle.init(host:)), source: source, rootFD: rootFD,
        classifier: classifier)
    worker.scanFile(index)
    if let problem = worker.output.problems.first(where: \.isError) {
        throw Failure(.couldNotCheck, "\(problem.path): \(problem.message)")
    }
    guard let last = worker.fileHits.last?.offset else { return nil }
    let hits = worker.fileHits
    let parts = PathParts(files.path(at: index))
    return FileHits(hits: hits, file: worker.hitFile(index, parts, through: hits.map(\.offset).max() ?? last))
}

/// The paths a classifier's reader was asked for, each once (`ReadOnce` asks once per path).
final class ReadPaths {
    private(set) var paths: [String] = []

    func note(_ path: String) { paths.append(path) }
}
