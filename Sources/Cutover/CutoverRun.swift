import Foundation
import Git
import RelopsCore
import Scan

/// How `cutover --apply` should behave.
public struct ApplyOptions: Sendable {
    public var allowDirty = false
    /// Create branch `relops/cutover-<new host>` and one commit.
    public var commit = false
    /// Called after each file is renamed into place with the count so far (tests use it to
    /// simulate a crash or a change at a chosen point).
    public var afterEachFile: (@Sendable (Int) -> Void)?
    /// Called once the journal first says `preparing`, before the temporary files are staged
    /// (tests use it to make the staging and the next save of the journal fail).
    public var beforeStaging: (@Sendable () -> Void)?
    /// Called once every temporary file is staged and journalled, just before the first rename
    /// (tests use it to change a file in the window between planning and renaming).
    public var beforeRenames: (@Sendable () -> Void)?
    /// Called after every file is written and read back, just before the commit (tests use it to
    /// make the commit fail after the rewrite).
    public var beforeCommit: (@Sendable () -> Void)?

    public init(
        allowDirty: Bool = false, commit: Bool = false, afterEachFile: (@Sendable (Int) -> Void)? = nil,
        beforeRenames: (@Sendable () -> Void)? = nil, beforeStaging: (@Sendable () -> Void)? = nil
    ) {
        self.allowDirty = allowDirty
        self.commit = commit
        self.afterEachFile = afterEachFile
        self.beforeRenames = beforeRenames
        self.beforeStaging = beforeStaging
    }
}

/// What an apply did.
public struct ApplyOutcome: Sendable {
    public let journal: CutoverJournal
    public let branch: String?
    public let commit: ObjectID?
    /// The installed git hooks the commit did not run (`hooksNotRun`); empty without a commit.
    public var hooksNotRun: [String] = []
}

/// The branch `--commit` creates.
public func cutoverBranch(for host: String) -> String { "relops/cutover-\(host)" }

/// Applies a plan under the repository lock: refuses dirty affected files (unless allowed) and an
/// interrupted cutover (`finishInterruptedCutovers` must run before the plan is made, or the
/// plan is stale). It stores every original as a git blob and journals both ids before touching
/// a file, stages the new content in synced temporary files, then renames each over its file
/// after checking the file is still what was read (a concurrent edit stops the apply and rolls
/// back). Finally it reads every written file back to prove no occurrence of the old host remains.
public func applyCutover(_ project: Project, _ plan: CutoverPlan, _ options: ApplyOptions, lock: RepositoryLock)
    throws(Failure) -> ApplyOutcome
{
    try checkApplicable(project, plan, options)
    let tracked: [String: TrackedIDs]
    do { tracked = try project.repository.trackedIDs(for: plan.files.map(\.path)) } catch {
        throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
    }
    // 1. Read each file once: check it is clean, rewrite it, store the original as a blob (one that
    //    is the indexed blob is already stored) and record both ids. Two workers.
    let (id, created) = CutoverJournal.newID()
    let root = project.root
    let prepared = try parallelMap(plan.files, gitDirectory: project.repository.gitDirectory) {
        file, repository throws(Failure) in
        try prepare(file, root: root, tracked: tracked[file.path], repository: repository)
    }
    let dirty = prepared.filter(\.isDirty).map(\.entry.path)
    if !dirty.isEmpty && !options.allowDirty {
        throw Failure(
            .checkFailed,
            "uncommitted changes in files the cutover would rewrite: \(dirty.joined(separator: ", ")); "
                + "commit or stash them, or pass --allow-dirty")
    }
    var journal = CutoverJournal(
        id: id, created: created, from: plan.from, to: plan.to, options: plan.options,
        familyRenames: plan.familyRenames.map { CutoverJournal.FamilyRename(old: $0.old, new: $0.new) },
        makesCommit: options.commit, state: .preparing, files: prepared.map(\.entry),
        startBranch: project.repository.currentBranch)
    try journal.save(project)
    options.beforeStaging?()

    // 2. Temporary files beside each target, one filesystem sync for them, then the checked
    //    renames: every file is wholly old or wholly new at any moment.
    let staged: [StagedWrite]
    do {
        staged = try parallelMap(prepared, gitDirectory: nil) { file, _ throws(Failure) in
            try StagedWrite.stage(file.updated, for: root + "/" + file.entry.path, tag: id)
        }
    } catch {
        removeLeftovers(project, journal)
        journal.state = .abandoned
        try saveAbandoned(project, journal, after: error)
        throw error
    }
    StagedWrite.syncFileSystem(containing: project.root)
    journal.state = .applying
    do { try journal.save(project) } catch {
        // Nothing renamed yet: the apply stops as if staging had failed, its temporary files removed.
        removeLeftovers(project, journal)
        throw Failure(.couldNotCheck, "\(error.message). \(unsavedPreparingNote(journal))")
    }
    options.beforeRenames?()
    try replaceChecked(project, &journal, prepared, staged, afterEachFile: options.afterEachFile)
    StagedWrite.syncFileSystem(containing: project.root)
    journal.state = .applied
    try verifyAndCommit(project, plan, &journal, options)
    let commit = journal.commit.flatMap(ObjectID.init(hex:))
    return ApplyOutcome(
        journal: journal, branch: journal.branch, commit: commit,
        hooksNotRun: commit == nil ? [] : hooksNotRun(project, switchedBranch: true))
}

/// Saves `journal`, just marked abandoned after staging failed with `cause`. A failed save stops
/// the apply with both reasons and what the tree holds (`unsavedPreparingNote`).
func saveAbandoned(_ project: Project, _ journal: CutoverJournal, after cause: Failure) throws(Failure) {
    do { try journal.save(project) } catch {
        throw Failure(.couldNotCheck, "\(cause.message); then \(error.message). \(unsavedPreparingNote(journal))")
    }
}

/// What the tree holds when the journal could not be saved before any rename: no file replaced,
/// the temporary files removed, and the journal on disk still `preparing`, which the next apply
/// or undo clears.
func unsavedPreparingNote(_ journal: CutoverJournal) -> String {
    "No file was changed and the temporary files were removed, but the journal still says `preparing`: "
        + "`relops cutover --apply` or `relops cutover undo \(journal.id)` clears it once the journal can be written"
}

/// What must hold before anything is read for an apply.
func checkApplicable(_ project: Project, _ plan: CutoverPlan, _ options: ApplyOptions) throws(Failure) {
    if let open = try CutoverJournal.all(project).first(where: \.state.isInterrupted) {
        if open.state == .undoing {
            throw Failure(
                .checkFailed,
                "the undo of cutover \(open.id) did not finish; finish it (`relops cutover undo \(open.id)`) "
                    + "before planning another")
        }
        throw Failure(
            .checkFailed,
            "cutover \(open.id) was interrupted; finish it (`relops cutover --apply` does) "
                + "or undo it (`relops cutover undo \(open.id)`) before planning another")
    }
    try checkGitStateIsPlain(project, action: "apply the cutover", mentionsAllowDirty: true)
    guard plan.unreadable.isEmpty else {
        throw Failure(
            .couldNotCheck,
            "cannot apply: \(plan.unreadable.map { "\($0.path) (\($0.message))" }.joined(separator: ", ")) "
                + "could not be read, so the plan may be incomplete")
    }
    if options.commit { try checkCommittable(project, branch: cutoverBranch(for: plan.to)) }
    var checkedFolders = Set<String>()
    for file in plan.files { try ensureInsideRepository(file.path, project, checkedFolders: &checkedFolders) }
}

/// Reads back what was written (no occurrence of the old host may remain), then makes the
/// commit when asked, and saves the journal.
func verifyAndCommit(_ project: Project, _ plan: CutoverPlan, _ journal: inout CutoverJournal, _ options: ApplyOptions)
    throws(Failure)
{
    var remaining: [String] = []
    for file in plan.files {
        let bytes = searchedText(readFile(project.root + "/" + file.path) ?? [])
        // What an exclusion keeps stays; the rewrite changes no line break, so lines still match.
        var lines = LineCounter(bytes)
        let left = HostSearch.occurrenceOffsets(of: plan.from, in: bytes).filter {
            plan.options.exclude.keeping(path: file.path, line: lines.line(at: $0)) == nil
        }
        if !left.isEmpty { remaining.append(file.path) }
    }
    guard remaining.isEmpty else {
        try journal.save(project)
        throw Failure(
            .checkFailed,
            "after writing, \(plan.from) still occurs in \(remaining.joined(separator: ", ")); "
                + "undo with `relops cutover undo \(journal.id)`")
    }
    if options.commit {
        options.beforeCommit?()
        do throws(GitError) { try commitCutover(project, &journal) } catch {
            try rollBackUncommitted(project, &journal, because: error)
        }
    }
    try journal.save(project)
}

/// The message of a cutover's commit: what was rewritten, then the files by class.
func commitMessage(_ journal: CutoverJournal) -> String {
    let edits = journal.files.reduce(0) { $0 + $1.edits }, count = journal.files.count
    var lines = [
        "Cut over from \(journal.from) to \(journal.to)", "",
        "relops cutover \(journal.id) rewrote \(edits) occurrence\(edits == 1 ? "" : "s") in \(count) file\(count == 1 ? "" : "s").",
    ]
    for cls in OccurrenceClass.allCases {
        let files = journal.files.filter { $0.occurrenceClass == cls.rawValue }
        guard !files.isEmpty else { continue }
        lines.append("")
        lines.append("\(cls.rawValue):")
        lines += files.map { "  \($0.path)" }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Commits the journal's files on a new branch `relops/cutover-<new host>` started at HEAD; a
/// failure leaves refs, HEAD and the index as they were (`commitOnNewBranch`).
func commitCutover(_ project: Project, _ journal: inout CutoverJournal) throws(GitError) {
    let branch = cutoverBranch(for: journal.to)
    let commit = try project.repository.commitOnNewBranch(
        journal.files.map(\.path), branch: branch, message: commitMessage(journal))
    journal.branch = branch
    journal.commit = commit.hex
}

/// Refuses a path that could lead outside the working tree: a folder on the way that is a
/// symlink (or not a folder), or the file itself being a symlink. `checkedFolders` remembers
/// the folders already seen, so each is checked once.
func ensureInsideRepository(_ path: String, _ project: Project, checkedFolders: inout Set<String>) throws(Failure) {
    var folder = ""
    for component in path.split(separator: "/").dropLast() {
        folder = folder.isEmpty ? String(component) : folder + "/" + component
        if checkedFolders.contains(folder) { continue }
        guard let info = fileStatus(project.root + "/" + folder), info.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(
                .badInput, "\(path): folder \(folder) is a symlink or not a folder; refusing to write through it")
        }
        checkedFolders.insert(folder)
    }
    if let info = fileStatus(project.root + "/" + path), info.st_mode & S_IFMT == S_IFLNK {
        throw Failure(.badInput, "\(path): is a symlink; refusing to write through it")
    }
}

/// One file read, checked and rewritten, with its original stored.
struct PreparedFile: Sendable {
    let entry: CutoverJournal.Entry
    let updated: [UInt8]
    let isDirty: Bool
    /// The file as it was read, to notice a change before its rename.
    let snapshot: FileSnapshot
}

func prepare(_ file: CutoverFile, root: String, tracked: TrackedIDs?, repository: Repository?) throws(Failure)
    -> PreparedFile
{
    guard let repository else { throw Failure(.couldNotCheck, "\(root): no object database to store the content in") }
    let full = root + "/" + file.path
    guard let (original, snapshot) = readFileWithSnapshot(full) else {
        throw Failure(.couldNotCheck, "\(file.path): cannot read: \(errnoText())")
    }
    try ensureConfigText(original, path: file.path)
    let updated = try rewrite(original, with: file.edits, path: file.path)
    let originalID = try gitBlobID(of: original)
    // The new content is recorded by id only, not stored as a blob: until its rename the synced
    // temporary file holds it, and it can always be recomputed from the stored original.
    let newID = try gitBlobID(of: updated)
    // Clean when the content is what the index holds (directly, or through git's filters: a CRLF
    // file of a `* text=auto eol=crlf` repository against its LF blob) and the index matches HEAD.
    let indexed = tracked?.index
    let matchesIndex =
        originalID == indexed || (indexed != nil && storedBlobID(original, path: file.path, repository) == indexed)
    let isDirty = !matchesIndex || indexed != tracked?.head
    do {
        if !repository.hasObject(originalID) { _ = try repository.writeBlob(original) }
        let entry = CutoverJournal.Entry(
            path: file.path, original: originalID, new: newID,
            occurrenceClass: file.occurrenceClass.rawValue, edits: file.edits.count, mode: snapshot.mode,
            indexed: indexed)
        return PreparedFile(entry: entry, updated: updated, isDirty: isDirty, snapshot: snapshot)
    } catch {
        throw Failure(.couldNotCheck, "\(file.path): cannot store its content in the object database: \(error.message)")
    }
}

/// The blob id git would give `bytes`, the working-tree content of `path`, with the repository's
/// attributes applied (line endings, `ident`) as `git add` does; nil when they cannot be applied
/// (the file then reads as changed).
func storedBlobID(_ bytes: [UInt8], path: String, _ repository: Repository) -> ObjectID? {
    guard let stored = try? repository.contentAsStored(bytes, path: path) else { return nil }
    return try? gitBlobID(of: stored)
}

/// Maps `items` on two workers (`WorkerPool`), each with its own repository handle when
/// `gitDirectory` is given (libgit2 handles are not shared between threads). Results keep the
/// input order; the first error (in input order) is thrown after all workers finish.
func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], gitDirectory: String?,
    _ body: @Sendable (T, Repository?) throws(Failure) -> R
) throws(Failure) -> [R] {
    try WorkerPool(threads: 2).map(items, makeState: { gitDirectory.map(openForWorker) }) {
        item, opened throws(Failure) in
        switch opened {
        case .success(let repository): return try body(item, repository)
        case .failure(let error): throw error
        case nil: return try body(item, nil)
        }
    }
}

/// A worker's own handle on the repository at `gitDirectory`, or why it could not be opened
/// (libgit2's message, a library that cannot be loaded included).
private func openForWorker(_ gitDirectory: String) -> Result<Repository, Failure> {
    do throws(GitError) {
        return .success(try Repository(at: gitDirectory))
    } catch {
        return .failure(Failure(.couldNotCheck, "\(gitDirectory): cannot open the object database: \(error.message)"))
    }
}
