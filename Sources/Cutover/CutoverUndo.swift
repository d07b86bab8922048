import Foundation
import Git
import RelopsCore

/// What an undo did, file by file, and to git.
public struct UndoOutcome: Sendable {
    public let journal: CutoverJournal
    public let restored: [String]
    /// Files already holding their original content.
    public let unchanged: [String]
    /// Files changed since the cutover: left alone (or overwritten with `force`).
    public let changedSince: [String]
    public let forced: Bool
    public let recovered: [String]
    /// What the undo did to the index, HEAD and branches, one sentence each.
    public var gitNotes: [String] = []
    /// The commit that records the undo (`undo --commit` of a committed cutover).
    public var revertCommit: ObjectID? = nil
}

/// Undoes exactly one cutover, under the repository lock: the interrupted one when there is one
/// (only that one may be named then), else the named one, else the last applied one. Every file
/// is restored byte for byte from its stored blob; a file changed since the cutover is not
/// overwritten unless `force`. Then git is put back: the index as before the apply, and for a
/// committed cutover HEAD back on the branch the apply started from (its cutover branch
/// deleted), or with `commit` the undo recorded as a commit on top. What git needs is checked
/// before the first file changes, and the journal says `undoing` from then until the end, so an
/// undo cut off halfway is announced and finished by the next one. An empty id is a usage error.
/// `afterEachFile` is called after each file restored, with the count so far, and `afterGitStep`
/// once git is put back, before the journal says so (tests use them to cut the undo off).
public func undoCutover(
    _ project: Project, id: String?, force: Bool, commit: Bool = false, lock: RepositoryLock,
    afterEachFile: (@Sendable (Int) -> Void)? = nil, afterGitStep: (@Sendable () -> Void)? = nil
) throws(Failure) -> UndoOutcome {
    var journal = try undoTarget(project, id: id)
    if journal.state == .preparing {
        // Nothing was replaced yet: undoing it is removing its temporary files.
        removeLeftovers(project, journal)
        journal.state = .abandoned
        try journal.save(project)
        return UndoOutcome(
            journal: journal, restored: [], unchanged: journal.files.map(\.path), changedSince: [], forced: force,
            recovered: [
                "cutover \(journal.id) was interrupted before any file changed; its temporary files were removed"
            ])
    }
    // Restoring the index, HEAD or a commit under a git operation would drop its conflict stages.
    try checkGitStateIsPlain(project, action: "undo cutover \(journal.id)")
    let previous = journal.state
    let step = try undoGitStep(project, journal, commit: commit)
    journal.state = .undoing
    try journal.save(project)
    let result = try restoreOriginals(project, journal, force: force, afterEachFile: afterEachFile)
    var recovered: [String] = []
    if previous == .applying {
        recovered.append("cutover \(journal.id) was interrupted; reverted it instead of finishing it")
    }
    if previous == .undoing { recovered.append("the undo of cutover \(journal.id) was interrupted; finished it") }
    guard result.changedSince.isEmpty || force else {
        // Stopped on purpose: the files changed since stay, and the cutover stays undoable.
        journal.state = previous == .undoing ? .applied : previous
        try journal.save(project)
        return UndoOutcome(
            journal: journal, restored: result.restored, unchanged: result.unchanged,
            changedSince: result.changedSince, forced: force, recovered: recovered)
    }
    let (notes, revert) = try applyUndoGitStep(project, journal, step)
    afterGitStep?()
    journal.state = .undone
    try journal.save(project)
    var outcome = UndoOutcome(
        journal: journal, restored: result.restored, unchanged: result.unchanged, changedSince: result.changedSince,
        forced: force, recovered: recovered)
    outcome.gitNotes = notes + (commit && journal.commit == nil ? ["the cutover made no commit: none to record"] : [])
    outcome.revertCommit = revert
    return outcome
}

/// The one cutover an undo works on.
func undoTarget(_ project: Project, id: String?) throws(Failure) -> CutoverJournal {
    if let id, id.trimmingWhitespace().isEmpty {
        throw Failure(.usage, "cutover undo: an empty id names no cutover; `relops cutover list` shows them")
    }
    let journals = try CutoverJournal.all(project)
    let interrupted = journals.last(where: \.state.isInterrupted)
    guard let id else {
        if let interrupted { return interrupted }
        guard let last = journals.last(where: { $0.state == .applied }) else {
            throw Failure(.badInput, "no applied cutover to undo; `relops cutover list` shows the journal")
        }
        return last
    }
    let named = journals.filter { $0.id == id || $0.id.hasPrefix(id) }
    guard let target = named.first(where: { $0.id == id }) ?? named.first else {
        throw Failure(.badInput, "no cutover \(id); `relops cutover list` shows them")
    }
    if named.count > 1 && target.id != id {
        throw Failure(
            .usage,
            "cutover id \(id) matches \(named.count) cutovers (\(named.map(\.id).joined(separator: ", "))); give more of it"
        )
    }
    if let interrupted, interrupted.id != target.id {
        throw Failure(
            .checkFailed,
            "cutover \(interrupted.id) was interrupted; undo it first (`relops cutover undo \(interrupted.id)`), "
                + "then \(target.id)")
    }
    switch target.state {
    case .undone: throw Failure(.badInput, "cutover \(target.id) was already undone")
    case .abandoned, .rolledBack:
        throw Failure(.badInput, "cutover \(target.id) changed no file (\(target.state.rawValue)); nothing to undo")
    case .preparing, .applying, .applied, .undoing: return target
    }
}

/// Completes every cutover that was cut off halfway (killed, crashed), under the repository lock,
/// so a new plan starts from a consistent tree. Returns a sentence per journal handled; empty
/// when there was none.
public func finishInterruptedCutovers(_ project: Project, lock: RepositoryLock) throws(Failure) -> [String] {
    var messages: [String] = []
    for var journal in try CutoverJournal.all(project) {
        switch journal.state {
        case .preparing:
            removeLeftovers(project, journal)
            journal.state = .abandoned
            try journal.save(project)
            messages.append(
                "cutover \(journal.id) was interrupted before any file changed; its temporary files were removed")
        case .applying:
            try checkGitStateIsPlain(
                project, action: "finish interrupted cutover \(journal.id)", mentionsAllowDirty: true)
            let (completed, leftAlone) = try completeRemainingFiles(project, journal)
            journal.state = .applied
            let committed = journal.makesCommit && journal.commit == nil ? commitRecovered(project, &journal) : ""
            try journal.save(project)
            messages.append(
                "cutover \(journal.id) (\(journal.from) -> \(journal.to)) was interrupted; completed the remaining \(completed) file(s)"
                    + leftAloneClause(leftAlone) + committed)
        case .applied, .abandoned, .rolledBack, .undone, .undoing:
            // An undo cut off halfway is finished by `cutover undo`, never by an apply.
            continue
        }
    }
    return messages
}

/// Puts the new content in place for each file of an interrupted apply that still holds its
/// original; a file that holds neither the original nor the new content (edited or removed
/// since) is left alone and named. Returns the count completed and the files left alone.
func completeRemainingFiles(_ project: Project, _ journal: CutoverJournal)
    throws(Failure) -> (completed: Int, leftAlone: [String])
{
    var completed = 0
    var leftAlone: [String] = []
    for entry in journal.files {
        let current = try currentBlob(project, entry.path)
        if current == entry.original {
            try completeFile(project, journal, entry)
            completed += 1
        } else if current != entry.new {
            leftAlone.append(entry.path + (current == nil ? " (removed)" : " (edited)"))
        }
    }
    removeLeftovers(project, journal)
    StagedWrite.syncFileSystem(containing: project.root)
    return (completed, leftAlone)
}

/// "; left N file(s) alone ...", naming each, or nothing when every file was accounted for.
func leftAloneClause(_ paths: [String]) -> String {
    guard !paths.isEmpty else { return "" }
    return "; left \(paths.count) file(s) alone that changed after it was cut off, check them: "
        + paths.joined(separator: ", ")
}

/// Makes the branch and commit an interrupted `--commit` apply would have made, through the
/// apply's own transaction (`commitOnBranch`: only the cutover's files are committed); returns
/// the clause that says so. The apply's pre-flight checks run first (a locked index, objects
/// missing from the database, no identity), so what keeps the commit from being made is named
/// the way an apply names it. A failure is said, not thrown: the files are complete either way.
func commitRecovered(_ project: Project, _ journal: inout CutoverJournal) -> String {
    let branch = cutoverBranch(for: journal.to)
    let repository = project.repository
    let tip = repository.branchTip(branch)
    // The apply refused to start with this branch present, so the interrupted run made it.
    if let obstacles = recoveredCommitObstacles(project, newBranch: tip == nil ? branch : nil) { return obstacles }
    do throws(GitError) {
        if let tip {
            if try repository.commitInfo(tip).message.trimmingWhitespace()
                == commitMessage(journal).trimmingWhitespace()
            {
                return try adoptInterruptedCommit(project, &journal, branch: branch, commit: tip)
            }
            // Made, and not committed on yet (HEAD on it): the commit goes on it.
            guard repository.currentBranch == branch, repository.headCommit() == tip else {
                return "; it asked for --commit, but branch \(branch) exists now, holds no commit of this cutover "
                    + "and HEAD is not on it: commit the files yourself"
            }
            journal.commit = try repository.commitOnBranch(
                journal.files.map(\.path), branch: branch, expectedTip: tip, message: commitMessage(journal)
            ).hex
            journal.branch = branch
        } else {
            try commitCutover(project, &journal)
        }
    } catch {
        return "; it asked for --commit, and the commit failed (\(error.message)): commit the files yourself"
    }
    let hooks = hooksNotRunSentence(hooksNotRun(project, switchedBranch: tip == nil)).map { "; " + $0 } ?? ""
    return "; committed \(journal.commit.map { String($0.prefix(7)) } ?? "") on branch \(branch) (not pushed)" + hooks
}

/// The interrupted run's own commit `commit` is on `branch`: records it, and finishes what its
/// transaction had left (HEAD still on the start branch just below it, the index entries the
/// apply found still there). Returns the clause that says so.
private func adoptInterruptedCommit(
    _ project: Project, _ journal: inout CutoverJournal, branch: String, commit: ObjectID
) throws(GitError) -> String {
    let repository = project.repository
    journal.branch = branch
    journal.commit = commit.hex
    let said = "; its commit \(commit.short) on branch \(branch) was already made (not pushed)"
    if repository.currentBranch != branch {
        guard let start = journal.startBranch, repository.currentBranch == start,
            repository.branchTip(start) == (try repository.commitInfo(commit)).parents.first
        else { return said + "; HEAD is on \(repository.currentBranch ?? "no branch"): `git switch \(branch)`" }
        try repository.pointHead(atBranch: branch)
    }
    let tree = try repository.tree(ofCommit: commit)
    let indexed = try repository.indexBlobs(journal.files.map(\.path))
    let stale = journal.files.compactMap { entry -> (path: String, id: ObjectID)? in
        guard let id = tree.blobID(at: entry.path), indexed[entry.path] == entry.indexed, id != entry.indexed else {
            return nil
        }
        return (entry.path, id)
    }
    if !stale.isEmpty { try repository.setIndexBlobs(stale) }
    return said
}

/// The clause that says why the recovered commit cannot be made, from the same checks an apply
/// with `--commit` runs before it changes anything; nil when nothing stands in the way.
private func recoveredCommitObstacles(_ project: Project, newBranch: String?) -> String? {
    let obstacles: [CommitObstacle]
    do { obstacles = try project.repository.commitObstacles(newBranch: newBranch) } catch {
        return "; it asked for --commit, but the index or branches cannot be read (\(error.message)): "
            + "commit the files yourself"
    }
    guard !obstacles.isEmpty else { return nil }
    return "; it asked for --commit, but cannot commit: "
        + obstacles.map { obstacleSentence($0, branch: newBranch) }.joined(separator: "; ")
        + "; then commit the files yourself"
}

/// A sentence for `scan`, `cutover list` and the preview when a cutover was cut off halfway:
/// which one, and the two commands that finish or undo it. Nil when there is none (or the
/// journals cannot be read: the command that needs them says so).
public func interruptedCutoverNotice(_ project: Project) -> String? {
    guard let journals = try? CutoverJournal.all(project),
        let open = journals.last(where: \.state.isInterrupted)
    else { return nil }
    if open.state == .undoing {
        return "the undo of cutover \(open.id) (\(open.from) -> \(open.to)) did not finish: some files may still "
            + "hold \(open.to); finish it with `relops cutover undo \(open.id)`"
    }
    let when = open.state == .preparing ? "before any file changed" : "halfway through its renames"
    // The same options as the interrupted run (recovery uses the journal's either way).
    let flags =
        (open.options.subdomains ? " --subdomains" : "") + (open.options.includeEmail ? " --include-email" : "")
        + open.options.exclude.map { " --exclude \(shellQuoted($0.text))" }.joined()
    return "cutover \(open.id) (\(open.from) -> \(open.to)) was interrupted \(when); "
        + "finish it with `relops cutover --apply --from \(open.from) --to \(open.to)\(flags)`, "
        + "or undo it with `relops cutover undo \(open.id)`"
}

/// Writes back each file's original; `afterEachFile` is called with the count restored so far
/// (tests use it to cut an undo off halfway).
func restoreOriginals(
    _ project: Project, _ journal: CutoverJournal, force: Bool, afterEachFile: (@Sendable (Int) -> Void)? = nil
) throws(Failure) -> (restored: [String], unchanged: [String], changedSince: [String]) {
    var restored: [String] = [], unchanged: [String] = [], changed: [String] = []
    for entry in journal.files {
        let current = try currentBlob(project, entry.path)
        if current == entry.original {
            unchanged.append(entry.path)
        } else if current == entry.new || force {
            if current != entry.new { changed.append(entry.path) }
            try writeBlob(project, entry.original, to: entry.path, mode: entry.mode, tag: journal.id)
            restored.append(entry.path)
            afterEachFile?(restored.count)
        } else {
            changed.append(entry.path)
        }
    }
    removeLeftovers(project, journal)
    StagedWrite.syncFileSystem(containing: project.root)
    return (restored, unchanged, changed)
}

/// The blob id of a working-tree file's content, or nil when it is missing.
func currentBlob(_ project: Project, _ path: String) throws(Failure) -> ObjectID? {
    guard let bytes = readFile(project.root + "/" + path) else { return nil }
    return try gitBlobID(of: bytes)
}

func writeBlob(_ project: Project, _ id: ObjectID, to path: String, mode: UInt32, tag: String) throws(Failure) {
    let bytes: [UInt8]
    do { bytes = try project.repository.blobContent(id) } catch {
        throw Failure(
            .couldNotCheck, "\(path): stored blob \(id.short) is missing from the object database: \(error.message)")
    }
    var checked = Set<String>()
    try ensureInsideRepository(path, project, checkedFolders: &checked)
    try StagedWrite.stage(bytes, for: project.root + "/" + path, tag: tag, newFileMode: mode_t(mode)).commit()
}

func removeLeftovers(_ project: Project, _ journal: CutoverJournal) {
    for entry in journal.files {
        removeFile(StagedWrite.temporaryPath(for: project.root + "/" + entry.path, tag: journal.id))
    }
}

/// Puts the new content of an interrupted cutover's file in place: the synced temporary file
/// when it is intact, else the stored original rewritten again with the journal's options
/// (e-mail, host family); either must hash to the journal's new id.
func completeFile(_ project: Project, _ journal: CutoverJournal, _ entry: CutoverJournal.Entry) throws(Failure) {
    let target = project.root + "/" + entry.path
    let temporary = StagedWrite.temporaryPath(for: target, tag: journal.id)
    if let bytes = readFile(temporary), (try? gitBlobID(of: bytes)) == entry.new {
        try StagedWrite(target: target, temporary: temporary).commit()
        return
    }
    let original: [UInt8]
    do { original = try project.repository.blobContent(entry.original) } catch {
        throw Failure(
            .couldNotCheck, "\(entry.path): stored original \(entry.original.short) is missing: \(error.message)")
    }
    let rewritten = replacingHosts(
        in: original, from: journal.from, to: journal.to, includeEmail: journal.options.includeEmail,
        family: journal.familyRenames.map(\.old),
        keepsLine: { journal.options.exclude.keeping(path: entry.path, line: $0) != nil })
    guard (try? gitBlobID(of: rewritten)) == entry.new else {
        throw Failure(
            .couldNotCheck,
            "\(entry.path): cannot reproduce the new content of cutover \(journal.id); "
                + "undo it with `relops cutover undo \(journal.id)`")
    }
    try StagedWrite.stage(rewritten, for: target, tag: journal.id, newFileMode: mode_t(entry.mode)).commit()
}
