internal import CGit2
import Foundation

/// A git operation stopped halfway (git waits for `--continue` or `--abort`): HEAD, the index
/// and the working tree belong to it until it ends, so relops takes no part in it.
public enum GitOperation: Sendable, Equatable {
    case merge
    case revert
    case cherryPick
    /// A cherry-pick or revert of several commits (`.git/sequencer`), between two of them.
    case sequencer
    case rebase
    /// `git am` applying a mailbox.
    case applyMailbox
    /// `.git/rebase-apply` without saying which of `git am` and `git rebase` made it.
    case applyMailboxOrRebase
    case bisect

    /// What a person calls it: "a merge", "a rebase".
    public var name: String {
        switch self {
        case .merge: return "a merge"
        case .revert: return "a revert"
        case .cherryPick: return "a cherry-pick"
        case .sequencer: return "a cherry-pick or revert of several commits"
        case .rebase: return "a rebase"
        case .applyMailbox: return "`git am`"
        case .applyMailboxOrRebase: return "a rebase or `git am`"
        case .bisect: return "a bisect"
        }
    }

    /// The file or folder of the git directory that says so (what `git status` reads).
    public var marker: String {
        switch self {
        case .merge: return "MERGE_HEAD"
        case .revert: return "REVERT_HEAD"
        case .cherryPick: return "CHERRY_PICK_HEAD"
        case .sequencer: return "sequencer"
        case .rebase: return "rebase-merge"
        case .applyMailbox, .applyMailboxOrRebase: return "rebase-apply"
        case .bisect: return "BISECT_LOG"
        }
    }

    /// The commands that end it, either way.
    public var howToEnd: String {
        switch self {
        case .merge: return "finish it (`git commit`) or abort it (`git merge --abort`)"
        case .revert: return "`git revert --continue` or `git revert --abort`"
        case .cherryPick: return "`git cherry-pick --continue` or `git cherry-pick --abort`"
        case .sequencer: return "`git cherry-pick --continue` (`git revert --continue`) or `--abort`"
        case .rebase: return "`git rebase --continue` or `git rebase --abort`"
        case .applyMailbox: return "`git am --continue` or `git am --abort`"
        case .applyMailboxOrRebase: return "`git rebase --abort` or `git am --abort`"
        case .bisect: return "`git bisect reset`"
        }
    }
}

extension Repository {
    /// The operation in progress (`git_repository_state`, plus a `.git/sequencer` folder that
    /// libgit2 reads only beside a `CHERRY_PICK_HEAD` or `REVERT_HEAD`), or nil when there is none.
    public func operationInProgress() throws(GitError) -> GitOperation? {
        let state = try check(git_repository_state(try pointer), "git_repository_state")
        switch git_repository_state_t(UInt32(state)) {
        case GIT_REPOSITORY_STATE_MERGE: return .merge
        case GIT_REPOSITORY_STATE_REVERT: return .revert
        case GIT_REPOSITORY_STATE_CHERRYPICK: return .cherryPick
        case GIT_REPOSITORY_STATE_REVERT_SEQUENCE, GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE: return .sequencer
        case GIT_REPOSITORY_STATE_REBASE, GIT_REPOSITORY_STATE_REBASE_INTERACTIVE, GIT_REPOSITORY_STATE_REBASE_MERGE:
            return .rebase
        case GIT_REPOSITORY_STATE_APPLY_MAILBOX: return .applyMailbox
        case GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE: return .applyMailboxOrRebase
        case GIT_REPOSITORY_STATE_BISECT: return .bisect
        default:
            var isFolder: ObjCBool = false
            let sequencer = FileManager.default.fileExists(
                atPath: gitDirectory + "/sequencer", isDirectory: &isFolder)
            return sequencer && isFolder.boolValue ? .sequencer : nil
        }
    }

    /// The paths with conflict stages (1 to 3) in the index as it is on disk, each once, in
    /// index order: an unmerged index.
    public func conflictedPaths() throws(GitError) -> [String] {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        var paths: [String] = []
        for i in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, i), (entry.pointee.flags >> 12) & 3 != 0,
                let raw = entry.pointee.path
            else { continue }
            let path = decodePath(Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw))))
            if paths.last != path { paths.append(path) }
        }
        return paths
    }
}
