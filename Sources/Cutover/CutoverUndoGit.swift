import Foundation
import Git
import RelopsCore

/// What an undo does to git after the files are restored, decided (and refused) before any file
/// changes.
enum UndoGitStep: Sendable {
    /// No commit was made: the index entries go back to what they held before the apply.
    case index
    /// The cutover was committed: HEAD goes back to `start`, the index as before the apply, and
    /// the cutover branch is deleted when it still points at the cutover's commit.
    case leaveBranch(start: String, branch: String, commit: ObjectID)
    /// `undo --commit` of a committed cutover: the restored files are committed on HEAD, as
    /// `git revert` records it.
    case revert(commit: ObjectID)
}

/// Decides the git side of undoing `journal`; throws, before anything is written, when git is
/// not where the undo can put it back (naming what to run instead).
func undoGitStep(_ project: Project, _ journal: CutoverJournal, commit: Bool) throws(Failure) -> UndoGitStep {
    let repository = project.repository
    guard let hex = journal.commit, let made = ObjectID(hex: hex) else { return .index }
    let branch = journal.branch ?? cutoverBranch(for: journal.to)
    let head = repository.headCommit()
    if commit {
        guard let head, repository.contains(made, in: head) else {
            throw Failure(
                .checkFailed,
                "cutover \(journal.id)'s commit \(made.short) is not on HEAD (\(repository.currentBranch ?? "detached")); "
                    + "switch to the branch that has it (`git switch \(branch)`), then run `relops cutover undo --commit` again"
            )
        }
        try checkCommittable(project, branch: nil)
        return .revert(commit: made)
    }
    let current = repository.currentBranch
    guard let start = journal.startBranch, repository.branchExists(start), current == branch || current == start,
        repository.branchTip(start) == parentOf(made, repository)
    else {
        throw Failure(
            .checkFailed,
            "cutover \(journal.id) was committed (\(made.short) on \(branch)) and git has moved on since "
                + "(HEAD on \(current ?? "no branch"), \(journal.startBranch ?? "the start branch") no longer "
                + "just below it); record the undo as a commit instead: `relops cutover undo \(journal.id) --commit`")
    }
    if current == branch, repository.branchTip(branch) != made {
        throw Failure(
            .checkFailed,
            "branch \(branch) has commits after the cutover's \(made.short); record the undo as a commit on top: "
                + "`relops cutover undo \(journal.id) --commit`")
    }
    return .leaveBranch(start: start, branch: branch, commit: made)
}

/// The first parent of `commit`, or nil.
private func parentOf(_ commit: ObjectID, _ repository: Repository) -> ObjectID? {
    (try? repository.commitInfo(commit))?.parents.first
}

/// Carries out `step` once the files hold their originals; returns what it did, one sentence
/// each, and the revert commit when one was made.
func applyUndoGitStep(_ project: Project, _ journal: CutoverJournal, _ step: UndoGitStep) throws(Failure)
    -> (notes: [String], revert: ObjectID?)
{
    let repository = project.repository
    do throws(GitError) {
        switch step {
        case .index:
            let reset = try restoreIndex(repository, journal)
            return (reset == 0 ? [] : ["the index holds the originals again (\(reset) file(s))"], nil)
        case .leaveBranch(let start, let branch, let commit):
            _ = try restoreIndex(repository, journal)
            if repository.currentBranch != start { try repository.pointHead(atBranch: start) }
            var notes = ["HEAD is back on \(start), the index as before the cutover"]
            if repository.branchTip(branch) == commit {
                try repository.deleteBranch(branch)
                notes.append("deleted branch \(branch) (was \(commit.short))")
            }
            return (notes, nil)
        case .revert(let commit):
            let subject = "Cut over from \(journal.from) to \(journal.to)"
            let message =
                "Revert \"\(subject)\"\n\nThis reverts commit \(commit.hex).\n\n"
                + "relops cutover undo \(journal.id) restored \(journal.files.count) file(s).\n"
            // An undo cut off after this commit, before the journal said `undone`: never a second
            // one, even with commits made on top since (the message names the cutover's id).
            if let head = repository.headCommit(),
                let recorded = try repository.firstParentHistory(from: head, above: commit).first(where: {
                    $0.message == message
                })
            {
                return (
                    ["the undo was already recorded as \(recorded.id.short) on \(repository.currentBranch ?? "HEAD")"],
                    recorded.id
                )
            }
            // The apply's transaction, on the branch HEAD is on (`undoGitStep` checked there is
            // one): only the restored files are committed, and a failure leaves git as it was.
            guard let current = repository.currentBranch, let head = repository.headCommit() else {
                throw GitError(kind: .failed, call: "undo --commit", message: "HEAD is not on a branch with a commit")
            }
            let made = try repository.commitOnBranch(
                journal.files.map(\.path), branch: current, expectedTip: head, message: message)
            let hooks = hooksNotRunSentence(hooksNotRun(project, switchedBranch: false)).map { [$0] } ?? []
            return (
                ["committed the undo as \(made.short) on \(repository.currentBranch ?? "HEAD") (not pushed)"] + hooks,
                made
            )
        }
    } catch {
        throw Failure(
            .couldNotCheck,
            "the files hold their originals again, but git could not be put back (\(error.call): \(error.message)); "
                + "fix the cause, then run `relops cutover undo \(journal.id)` again to finish")
    }
}

/// Puts back the index entries the apply recorded (a journal from before they were recorded
/// leaves the index alone); returns how many changed.
private func restoreIndex(_ repository: Repository, _ journal: CutoverJournal) throws(GitError) -> Int {
    let recorded = journal.files.compactMap { entry in entry.indexed.map { (path: entry.path, id: $0) } }
    guard !recorded.isEmpty else { return 0 }
    let current = try repository.indexBlobs(recorded.map(\.path))
    let changed = recorded.filter { current[$0.path] != nil && current[$0.path] != $0.id }
    if !changed.isEmpty { try repository.setIndexBlobs(changed) }
    return changed.count
}
