import Foundation
import TestSupport
import Testing

/// The binary's cutover with git: a step run again checks the commit, `undo` and `undo --commit`
/// put git back (the git CLI is the oracle), and an undo cut off halfway is announced first.
@Suite struct CutoverGitCommandTests {
    static let apply = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply", "--commit"]

    func repository() -> GitFixture {
        let repo = GitFixture("cutover-git")
        repo.write("App/config.json", "{\"host\": \"https://app.example.com/api\"}\n")
        repo.write("Docs/readme.md", "Served at app.example.com.\n")
        repo.commit("app")
        return repo
    }

    @Test func applyingAgainPassesOnlyWhenTheCommitIsThere() throws {
        let repo = repository()
        #expect(relops(Self.apply, in: repo.root).status == 0)
        let again = relops(Self.apply, in: repo.root)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("is applied and committed"), "\(again.stdout)")
        // Applied without a commit (as an apply whose commit failed used to leave it): not passed.
        let uncommitted = repository()
        #expect(relops(Array(Self.apply.dropLast()), in: uncommitted.root).status == 0)
        let resumed = relops(Self.apply, in: uncommitted.root)
        #expect(resumed.status == 1, "\(resumed.stdout)")
        #expect(resumed.stderr.contains("the commit --commit asks for is missing"), "\(resumed.stderr)")
    }

    @Test func aCommitThatFailsLeavesFilesIndexHeadAndBranchesAsBefore() throws {
        let repo = repository()
        let head = repo.git("rev-parse", "HEAD")
        let refs = repo.git("for-each-ref")
        let index = repo.read(".git/index")
        let config = repo.read("App/config.json")
        let failed = relops(
            Self.apply, in: repo.root, environment: ["RELOPS_TEST_LOCK_INDEX_BEFORE_COMMIT": repo.root + "/.git"])
        #expect(failed.status == 3, "\(failed.stdout)")
        #expect(failed.stderr.contains("git could not make the commit"), "\(failed.stderr)")
        #expect(failed.stderr.contains("the cutover was rolled back"))
        try FileManager.default.removeItem(atPath: repo.root + "/.git/index.lock")
        #expect(repo.git("rev-parse", "HEAD") == head && repo.git("for-each-ref") == refs)
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "main\n")
        #expect(repo.read(".git/index") == index && repo.read("App/config.json") == config)
        #expect(repo.git("status", "--porcelain").isEmpty)
        #expect(relops(["cutover", "list"], in: repo.root).stdout.contains("rolled-back"))
    }

    @Test func undoAndUndoCommitPutGitBack() throws {
        let repo = repository()
        let start = repo.git("rev-parse", "HEAD")
        #expect(relops(Self.apply, in: repo.root).status == 0)
        let undo = relops(["cutover", "undo"], in: repo.root)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("Git: HEAD is back on main"), "\(undo.stdout)")
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "main\n")
        #expect(repo.git("rev-parse", "HEAD") == start)
        #expect(repo.git("branch", "--list").trimmingCharacters(in: .whitespacesAndNewlines) == "* main")
        #expect(repo.git("status", "--porcelain").isEmpty)

        #expect(relops(Self.apply, in: repo.root).status == 0)
        repo.git("checkout", "-q", "main")
        repo.git("merge", "-q", "--ff-only", "relops/cutover-links.example.net")
        let plain = relops(["cutover", "undo"], in: repo.root)
        #expect(plain.status == 1 && plain.stderr.contains("--commit"), "\(plain.stderr)")
        let recorded = relops(["cutover", "undo", "--commit"], in: repo.root)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(repo.git("log", "--format=%s", "-1").hasPrefix("Revert \"Cut over from app.example.com"))
        #expect(repo.git("rev-parse", "HEAD^{tree}") == repo.git("rev-parse", "\(start.prefix(40))^{tree}"))
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test(.timeLimit(.minutes(2))) func anUndoKilledHalfwayIsAnnouncedAndTheNextUndoFinishesIt() throws {
        let repo = GitFixture("killed-undo")
        for i in 0..<20 { repo.write(String(format: "f/file%02d.txt", i), "file \(i): https://app.example.com/x\n") }
        repo.commit("files")
        let originals = (0..<20).map { repo.read(String(format: "f/file%02d.txt", $0)) }
        #expect(relops(Array(Self.apply.dropLast()), in: repo.root).status == 0)
        let killed = relops(["cutover", "undo"], in: repo.root, environment: ["RELOPS_TEST_CRASH_UNDO_AFTER": "5"])
        #expect(killed.status != 0)
        let now = (0..<20).map { repo.read(String(format: "f/file%02d.txt", $0)) }
        #expect(zip(now, originals).filter { $0 == $1 }.count == 5, "five files restored, then killed")
        let scan = relops(["scan", "--host", "app.example.com"], in: repo.root)
        #expect(scan.stderr.hasPrefix("relops scan: note: the undo of cutover "), "\(scan.stderr)")
        let list = relops(["cutover", "list"], in: repo.root)
        #expect(list.stdout.hasPrefix("note: the undo of cutover ") && list.stdout.contains(" undoing "))
        // The preview offers nothing before the undo is finished: it says so first.
        let preview = relops(["cutover", "--from", "app.example.com", "--to", "links.example.net"], in: repo.root)
        #expect(preview.stdout.hasPrefix("note: the undo of cutover "), "\(preview.stdout)")
        let finished = relops(["cutover", "undo"], in: repo.root)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect((0..<20).map { repo.read(String(format: "f/file%02d.txt", $0)) } == originals)
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func anUnfinishedUndoIsSaidFirstByScanListAndPreview() throws {
        let repo = repository()
        #expect(relops(Array(Self.apply.dropLast()), in: repo.root).status == 0)
        let folder = repo.root + "/.git/relops/cutovers"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        try text.replacingOccurrences(
            of: #""state"\s*:\s*"applied""#, with: #""state": "undoing""#, options: .regularExpression
        ).write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        let id = String(name.dropLast(".json".count))
        let scan = relops(["scan", "--host", "app.example.com"], in: repo.root)
        #expect(
            scan.stderr.hasPrefix("relops scan: note: the undo of cutover \(id)")
                && scan.stderr.contains("`relops cutover undo \(id)`"), "\(scan.stderr)")
        let list = relops(["cutover", "list"], in: repo.root)
        #expect(list.stdout.hasPrefix("note: the undo of cutover \(id)"), "\(list.stdout)")
        let preview = relops(["cutover", "--from", "app.example.com", "--to", "links.example.net"], in: repo.root)
        #expect(preview.stdout.hasPrefix("note: the undo of cutover \(id)"), "\(preview.stdout)")
        let finished = relops(["cutover", "undo"], in: repo.root)
        #expect(finished.status == 0 && finished.stdout.contains("was interrupted; finished it"), "\(finished.stdout)")
        #expect(relops(["cutover", "list"], in: repo.root).stdout.contains("undone"))
    }
}
