import Foundation
import Git
import RelopsCore

/// Refuses, before anything is read for writing, when git is in a state relops does not take
/// part in: an operation stopped halfway (merge, rebase, cherry-pick, revert, `git am`, bisect,
/// a sequencer between commits) or an unmerged index. Writing then would commit conflict
/// markers, drop the conflict stages, or move HEAD under the operation, so `--allow-dirty` does
/// not lift it (`mentionsAllowDirty` says so in the message). `action` says what was refused
/// ("apply the cutover"). Bad input (exit 2); a repository that cannot be read is "could not
/// check" (exit 3).
public func checkGitStateIsPlain(_ project: Project, action: String, mentionsAllowDirty: Bool = false)
    throws(Failure)
{
    let repository = project.repository
    let operation: GitOperation?
    let conflicted: [String]
    do throws(GitError) {
        operation = try repository.operationInProgress()
        conflicted = try repository.conflictedPaths()
    } catch {
        throw Failure(
            .couldNotCheck, "\(project.root): cannot tell whether a git operation is under way: \(error.message)")
    }
    guard operation != nil || !conflicted.isEmpty else { return }
    var what: [String] = []
    if let operation {
        what.append("\(operation.name) is in progress (\(repository.gitDirectory)/\(operation.marker))")
    }
    if !conflicted.isEmpty {
        let shown = conflicted.prefix(10).joined(separator: ", ")
        let more = conflicted.count > 10 ? " and \(conflicted.count - 10) more" : ""
        what.append("the index is unmerged (conflicts in \(shown)\(more))")
    }
    let next =
        operation?.howToEnd
        ?? "resolve the conflicts (`git add PATH`) or drop them (`git reset -q -- PATH`)"
    throw Failure(
        .badInput,
        "cannot \(action): \(what.joined(separator: " and ")); relops takes no part in a git operation under "
            + "way, so it changed nothing\(mentionsAllowDirty ? " (--allow-dirty does not change that)" : ""). "
            + "End it first: \(next); then run this again")
}
