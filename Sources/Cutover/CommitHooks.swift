import Foundation
import Git
import RelopsCore

/// The hooks `git commit` runs, in its order, and `git switch -c` after them (post-checkout).
private let commitHooks = ["pre-commit", "prepare-commit-msg", "commit-msg", "post-commit"]

/// The git hooks installed here that a commit made by relops did not run (libgit2 runs none):
/// those of `git commit`, and post-checkout when HEAD also moved to a new branch.
public func hooksNotRun(_ project: Project, switchedBranch: Bool) -> [String] {
    project.repository.installedHooks(commitHooks + (switchedBranch ? ["post-checkout"] : []))
}

/// The one sentence that says which hooks did not run and what to do, or nil when none is
/// installed: "pre-commit and commit-msg were not run: ...".
public func hooksNotRunSentence(_ hooks: [String]) -> String? {
    guard let last = hooks.last else { return nil }
    let names = hooks.count == 1 ? last : hooks.dropLast().joined(separator: ", ") + " and " + last
    return "\(names) \(hooks.count == 1 ? "was" : "were") not run: relops commits through libgit2, which runs "
        + "no git hooks; run \(hooks.count == 1 ? "it" : "them") yourself before pushing"
}
