import Foundation
import Git
import RelopsCore

/// Refuses `--commit` before anything is read or written when git could not make the commit:
/// one sentence per obstacle, in relops's words, each with what to run next.
func checkCommittable(_ project: Project, branch: String?) throws(Failure) {
    let obstacles: [CommitObstacle]
    do { obstacles = try project.repository.commitObstacles(newBranch: branch) } catch {
        throw Failure(.couldNotCheck, "\(project.root): cannot read the index or branches: \(error.message)")
    }
    guard !obstacles.isEmpty else { return }
    let sentences = obstacles.map { obstacleSentence($0, branch: branch) }
    throw Failure(
        .checkFailed,
        "cannot commit, so nothing was changed: " + sentences.joined(separator: "; ")
            + (branch == nil ? "" : "; or run without --commit"))
}

/// What is wrong and the next command, for one obstacle.
func obstacleSentence(_ obstacle: CommitObstacle, branch: String?) -> String {
    switch obstacle {
    case .missingObjects(let missing):
        let shown = missing.prefix(10).map { "\($0.path) (\($0.id.short))" }.joined(separator: ", ")
        let more = missing.count > 10 ? " and \(missing.count - 10) more" : ""
        let first = missing.first.map { shellQuoted($0.path) } ?? "PATH"
        return "the index names \(missing.count) object(s) missing from the object database: \(shown)\(more) "
            + "(git cannot write a tree from this index; `git write-tree` fails the same way); stage each "
            + "again from the working tree (`git rm -q --cached -- \(first) && git add -- \(first)`) "
            + "or restore the objects from a clone, then run this again"
    case .conflictingBranch(let name):
        return "branch \(name) exists and keeps \(branch ?? "the cutover branch") from being created; "
            + "rename it (`git branch -m \(name) \(name)-old`) or delete it"
    case .indexLocked(let lock):
        return "another git process holds \(lock); wait for it to finish (remove the file only if no git runs)"
    case .noIdentity:
        return "git has no identity to sign the commit with; set one (`git config user.name NAME` and "
            + "`git config user.email ADDRESS`)"
    case .noBranchAtHead:
        return "HEAD is not on a branch with a commit (detached or unborn); switch to one (`git switch BRANCH`)"
    }
}

/// A path for a shell command line: as it is when it needs no quoting, else in single quotes.
func shellQuoted(_ path: String) -> String {
    let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "._-/+@".contains($0) }
    return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The commit failed after the files were written: puts every file back (refs, HEAD and the
/// index were left as before by `commitOnNewBranch`), records the cutover as rolled back and
/// throws what failed, that nothing changed, and the next command.
func rollBackUncommitted(_ project: Project, _ journal: inout CutoverJournal, because error: GitError)
    throws(Failure) -> Never
{
    let restored = try restoreOriginals(project, journal, force: false)
    let changed = restored.changedSince
    journal.state = changed.isEmpty ? .rolledBack : .applied
    try journal.save(project)
    let cause = "git could not make the commit (\(error.call): \(error.message))"
    guard changed.isEmpty else {
        throw Failure(
            .couldNotCheck,
            "\(cause); \(changed.count) file(s) changed meanwhile and keep the new host: "
                + "\(changed.joined(separator: ", ")); undo with `relops cutover undo \(journal.id) --force`")
    }
    throw Failure(
        .couldNotCheck,
        "\(cause), so the cutover was rolled back: files, index, HEAD and branches are as before. Fix the cause, "
            + "then run `relops cutover --from \(journal.from) --to \(journal.to) --apply --commit` again "
            + "(or without --commit)")
}

/// The last applied cutover from `from` to `to` and whether its `--commit` effect holds, for an
/// apply that finds nothing left to rewrite (a runbook step run again must not pass on a cutover
/// whose commit was never made).
public enum AppliedCommit: Sendable {
    /// No applied cutover between those hosts.
    case noCutover
    /// Its commit is on its branch (or on HEAD, once merged).
    case committed(CutoverJournal, branch: String, commit: ObjectID)
    /// Applied without a commit, or the commit is on no branch that holds it.
    case missing(CutoverJournal, reason: String)
}

/// Checks the commit of the latest applied cutover from `from` to `to`.
public func appliedCommit(_ project: Project, from: String, to: String) throws(Failure) -> AppliedCommit {
    guard let journal = try CutoverJournal.all(project).last(where: { $0.from == from && $0.to == to }),
        journal.state == .applied
    else { return .noCutover }
    let repository = project.repository
    guard let hex = journal.commit, let commit = ObjectID(hex: hex) else {
        return .missing(
            journal,
            reason: "cutover \(journal.id) rewrote the files but made no commit; commit them yourself "
                + "(`git switch -c \(cutoverBranch(for: to))` then `git commit -a`), or undo it "
                + "(`relops cutover undo \(journal.id)`) and apply again with --commit")
    }
    let branch = journal.branch ?? cutoverBranch(for: to)
    if let tip = repository.branchTip(branch), repository.contains(commit, in: tip) {
        return .committed(journal, branch: branch, commit: commit)
    }
    if let head = repository.headCommit(), repository.contains(commit, in: head) {
        return .committed(journal, branch: repository.currentBranch ?? "HEAD", commit: commit)
    }
    return .missing(
        journal,
        reason: "the commit \(commit.short) of cutover \(journal.id) is on no branch here (branch \(branch) is "
            + "gone or moved); restore it (`git branch \(branch) \(commit.short)`), or undo the cutover")
}
