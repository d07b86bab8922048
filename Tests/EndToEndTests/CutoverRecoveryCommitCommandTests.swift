import Foundation
import TestSupport
import Testing

/// Nothing lost when a commit of the cutover is cut off (issue 39): an `undo --commit` killed
/// after its revert commit does not commit again, and an interrupted `--commit` apply is
/// committed through the apply's transaction, with only the cutover's files.
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

    @Test(.timeLimit(.minutes(3)), arguments: [false, true])
    func anInterruptedApplyCommitsOnlyTheCutoversFiles(branchMadeFirst: Bool) throws {
        let repo = repository("recovered-commit")
        let killed = boundedRelops(Self.apply, in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "3"])
        #expect(killed.status != 0, "\(killed.stdout)")
        // As the interrupted run could have left it: its branch made, not committed on yet.
        if branchMadeFirst { repo.git("switch", "-q", "-c", Self.branch) }
        // Work of the release manager's own, staged meanwhile: not the cutover's to commit.
        repo.write("notes.txt", "staged, not part of the cutover\n")
        repo.git("add", "notes.txt")
        let finish = boundedRelops(Self.apply + ["--allow-dirty"], in: repo.root)
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(finish.stdout.contains("completed the remaining 0 file(s); committed "), "\(finish.stdout)")
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == Self.branch + "\n")
        #expect(repo.git("show", "--name-only", "--format=", "HEAD") == "f0.txt\nf1.txt\nf2.txt\n")
        #expect(repo.git("rev-list", "--count", "main..HEAD") == "1\n")
        #expect(repo.git("status", "--porcelain") == "A  notes.txt\n", "the staged file stays staged")
        // And the undo puts HEAD, the branches and the files back, the staged file still staged.
        let undo = boundedRelops(["cutover", "undo"], in: repo.root)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "main\n")
        #expect(repo.git("status", "--porcelain") == "A  notes.txt\n")
        #expect(repo.readText("f1.txt") == "app.example.com 1\n")
    }
}
