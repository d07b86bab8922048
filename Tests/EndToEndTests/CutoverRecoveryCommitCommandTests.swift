import Foundation
import TestSupport
import Testing

/// Nothing lost when a commit of the cutover is cut off (issue 39): an `undo --commit` killed
/// after its revert commit does not commit again.
@Suite struct CutoverRecoveryCommitCommandTests {
    static let apply = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply", "--commit"]
    static let branch = "relops/cutover-links.example.net"

    func repository(_ label: String) -> GitFixture {
        let repo = GitFixture(label)
        for i in 0..<3 { repo.write("f\(i).txt", "app.example.com \(i)\n") }
        repo.commit("three")
        return repo
    }

    /// The subjects of HEAD's history that record an undo.
    func reverts(_ repo: GitFixture) -> [Substring] {
        repo.git("log", "--format=%s").split(separator: "\n").filter { $0.hasPrefix("Revert \"Cut over") }
    }

    @Test(.timeLimit(.minutes(3)), arguments: [false, true])
    func anUndoCommitKilledAfterItsCommitIsNotCommittedTwice(commitOnTop: Bool) throws {
        let repo = repository("undo-killed-after-commit")
        #expect(boundedRelops(Self.apply, in: repo.root).status == 0)
        let killed = boundedRelops(
            ["cutover", "undo", "--commit"], in: repo.root, environment: ["RELOPS_TEST_CRASH_UNDO_AFTER_GIT": "1"])
        #expect(killed.status != 0, "\(killed.stdout)")
        #expect(reverts(repo).count == 1)
        #expect(boundedRelops(["cutover", "list"], in: repo.root).stdout.contains(" undoing "))
        if commitOnTop {
            // The release manager goes on working before finishing the undo.
            repo.write("notes.txt", "after the undo\n")
            repo.commit("notes")
        }
        let head = repo.git("rev-parse", "HEAD")
        let finished = boundedRelops(["cutover", "undo", "--commit"], in: repo.root)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.contains("Git: the undo was already recorded as "), "\(finished.stdout)")
        #expect(reverts(repo).count == 1, "a second revert commit: \(reverts(repo))")
        #expect(repo.git("rev-parse", "HEAD") == head)
        #expect(repo.git("status", "--porcelain").isEmpty)
        #expect(boundedRelops(["cutover", "list"], in: repo.root).stdout.contains(" undone "))
    }
}
