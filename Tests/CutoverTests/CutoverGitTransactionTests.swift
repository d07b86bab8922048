import Cutover
import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

/// Everything git and the working tree hold that a cutover may touch, read with the git CLI and
/// the file system: compared before and after a failed or undone cutover.
struct RepositoryState: Equatable {
    let head: String
    let symbolicHead: String
    let refs: String
    let index: [UInt8]
    let files: [String: [UInt8]]

    init(_ repo: GitFixture) throws {
        head = runGit(["rev-parse", "HEAD"], in: repo.root).stdout
        symbolicHead = runGit(["symbolic-ref", "-q", "HEAD"], in: repo.root).stdout
        refs = repo.git("for-each-ref", "--format=%(refname) %(objectname)")
        index = repo.read(".git/index")
        var files: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: repo.root)
        while let path = walker?.nextObject() as? String {
            if path == ".git" { walker?.skipDescendants(); continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: repo.root + "/" + path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files[path] = repo.read(path)
            }
        }
        self.files = files
    }
}

/// `cutover --apply --commit` as one transaction, and `undo` putting git back (git's CLI is the
/// oracle for HEAD, branches, the index and the log).
@Suite struct CutoverGitTransactionTests {
    func repository() -> GitFixture {
        let repo = GitFixture()
        repo.write("App/config.json", "{\"host\": \"https://app.example.com/api\"}\n")
        repo.write("Docs/readme.md", "Served at app.example.com.\n")
        repo.write("lib/x.aar", "binary-ish library\n")
        repo.commit("app")
        return repo
    }

    /// Removes the loose object of `path`'s index entry, as a damaged clone lacks it.
    func dropObject(of path: String, _ repo: GitFixture) {
        let id = repo.git("rev-parse", ":" + path).trimmingCharacters(in: .whitespacesAndNewlines)
        let file = repo.root + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2)
        #expect(FileManager.default.fileExists(atPath: file))
        try? FileManager.default.removeItem(atPath: file)
    }

    @Test func aMissingObjectInTheIndexStopsTheApplyBeforeAnythingChanges() throws {
        let repo = repository()
        repo.write("lib/x.aar", "a newer library\n")
        repo.git("add", "lib/x.aar")
        dropObject(of: "lib/x.aar", repo)
        #expect(runGit(["write-tree"], in: repo.root).status != 0, "git itself cannot write the tree")
        let before = try RepositoryState(repo)
        for _ in 0..<2 {  // the second run is a runbook's resume: it must not pass either
            let error = thrownFailure { _ = try apply(repo, ApplyOptions(commit: true)) }
            #expect(error?.category == .checkFailed)
            #expect(error?.message.contains("lib/x.aar") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("git rm -q --cached -- lib/x.aar && git add -- lib/x.aar") == true)
            #expect(error?.message.contains("nothing was changed") == true)
            #expect(try RepositoryState(repo) == before)
        }
        let project = try Project(path: repo.root)
        #expect(try CutoverJournal.all(project).isEmpty)
    }

    @Test func aCommitThatFailsAfterTheRewriteRollsEverythingBack() throws {
        let repo = repository()
        let before = try RepositoryState(repo)
        let lock = repo.root + "/.git/index.lock"
        var options = ApplyOptions(commit: true)
        options.beforeCommit = { _ = FileManager.default.createFile(atPath: lock, contents: Data()) }
        let error = thrownFailure { _ = try apply(repo, options) }
        #expect(error?.message.contains("rolled back: files, index, HEAD and branches are as before") == true)
        #expect(error?.message.contains("relops cutover --from app.example.com --to links.example.net") == true)
        try FileManager.default.removeItem(atPath: lock)
        #expect(try RepositoryState(repo) == before)
        let project = try Project(path: repo.root)
        #expect(try CutoverJournal.all(project).map(\.state) == [.rolledBack])
        // Nothing committed, nothing left to pass on: the same apply now works.
        let outcome = try apply(repo, ApplyOptions(commit: true))
        #expect(outcome.commit != nil)
    }

    @Test func aConflictingBranchIsNamedBeforeAnythingChanges() throws {
        let repo = repository()
        repo.git("branch", "relops")
        let before = try RepositoryState(repo)
        let error = thrownFailure { _ = try apply(repo, ApplyOptions(commit: true)) }
        #expect(error?.message.contains("branch relops exists") == true, "\(error?.message ?? "")")
        #expect(try RepositoryState(repo) == before)
    }

    @Test func anAppliedCutoverWithoutItsCommitDoesNotPassAgain() throws {
        let repo = repository()
        _ = try apply(repo)
        let project = try Project(path: repo.root)
        guard case .missing(_, let reason) = try appliedCommit(project, from: old, to: new) else {
            Issue.record("an uncommitted cutover passed as committed")
            return
        }
        #expect(reason.contains("made no commit"))
        let other = repository()
        _ = try apply(other, ApplyOptions(commit: true))
        guard case .committed(_, let branch, _) = try appliedCommit(try Project(path: other.root), from: old, to: new)
        else {
            Issue.record("a committed cutover was not found")
            return
        }
        #expect(branch == "relops/cutover-links.example.net")
    }

    @Test func aRecoveryFindsItsCommitOnItsBranchAndFinishesTheTransaction() throws {
        let repo = repository()
        let applied = try apply(repo, ApplyOptions(commit: true))
        let made = try #require(applied.commit)
        // As a run cut off after making its branch, before HEAD and the index moved to it.
        repo.git("symbolic-ref", "HEAD", "refs/heads/main")
        repo.git("read-tree", "main")
        let project = try Project(path: repo.root)
        let file = CutoverJournal.folder(project) + "/\(applied.journal.id).json"
        let text = String(decoding: repo.read(".git/relops/cutovers/\(applied.journal.id).json"), as: UTF8.self)
            .replacingOccurrences(
                of: #""state"\s*:\s*"applied""#, with: #""state": "applying""#, options: .regularExpression
            )
            .replacingOccurrences(
                of: #""(branch|commit)"\s*:\s*"[^"]*""#, with: #""$1": null"#, options: .regularExpression)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let messages = try finishInterruptedCutovers(project, lock: try locked(project))
        #expect(
            messages.first?.contains("its commit \(made.short) on branch \(cutoverBranch(for: new)) was already made")
                == true, "\(messages)")
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == cutoverBranch(for: new) + "\n")
        #expect(repo.git("rev-parse", "HEAD") == made.hex + "\n")
        #expect(repo.git("status", "--porcelain").isEmpty, "the index holds the commit's files")
        #expect(try CutoverJournal.all(project).first?.commit == made.hex)
    }

    @Test func undoOfACommittedCutoverReturnsToTheStartBranch() throws {
        let repo = repository()
        repo.git("branch", "unrelated")
        let before = try RepositoryState(repo)
        _ = try apply(repo, ApplyOptions(commit: true))
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "relops/cutover-links.example.net\n")
        let project = try Project(path: repo.root)
        let undone = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(undone.gitNotes.contains { $0.contains("deleted branch relops/cutover-links.example.net") })
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "main\n")
        #expect(repo.git("branch", "--list", "relops/*").isEmpty)
        #expect(repo.git("branch", "--list", "unrelated") != "")
        #expect(repo.git("status", "--porcelain").isEmpty)
        #expect(repo.git("checkout", "-q", "main").isEmpty)
        let after = try RepositoryState(repo)
        #expect(after.head == before.head && after.refs == before.refs && after.files == before.files)
    }

    @Test func undoWithCommitRecordsTheRevertOnTop() throws {
        let repo = repository()
        let start = repo.git("rev-parse", "HEAD^{tree}")
        let applied = try apply(repo, ApplyOptions(commit: true))
        let project = try Project(path: repo.root)
        let undone = try undoCutover(project, id: nil, force: false, commit: true, lock: try locked(project))
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "relops/cutover-links.example.net\n")
        #expect(
            repo.git("log", "--format=%s", "-3")
                == "Revert \"Cut over from app.example.com to links.example.net\"\n"
                + "Cut over from app.example.com to links.example.net\napp\n")
        #expect(repo.git("log", "-1", "--format=%b").contains("This reverts commit \(applied.commit?.hex ?? "?")."))
        #expect(repo.git("rev-parse", "HEAD^{tree}") == start)
        #expect(repo.git("rev-parse", "HEAD") == (undone.revertCommit?.hex ?? "") + "\n")
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func anUndoWithCommitCutOffAfterItsCommitDoesNotCommitAgain() throws {
        let repo = repository()
        _ = try apply(repo, ApplyOptions(commit: true))
        let project = try Project(path: repo.root)
        let undone = try undoCutover(project, id: nil, force: false, commit: true, lock: try locked(project))
        let head = repo.git("rev-parse", "HEAD")
        // As an undo killed after its revert commit, before the journal said `undone`.
        let journalFile = CutoverJournal.folder(project) + "/\(undone.journal.id).json"
        let text = String(decoding: repo.read(".git/relops/cutovers/\(undone.journal.id).json"), as: UTF8.self)
        try text.replacingOccurrences(
            of: #""state"\s*:\s*"undone""#, with: #""state": "undoing""#, options: .regularExpression
        ).write(toFile: journalFile, atomically: true, encoding: .utf8)
        let again = try undoCutover(project, id: nil, force: false, commit: true, lock: try locked(project))
        #expect(repo.git("rev-parse", "HEAD") == head, "a second revert commit")
        #expect(again.revertCommit?.hex == undone.revertCommit?.hex)
        #expect(again.gitNotes.contains { $0.hasPrefix("the undo was already recorded as ") }, "\(again.gitNotes)")
        #expect(try CutoverJournal.all(project).first?.state == .undone)
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func undoPutsTheIndexBackWhenTheRewriteWasStaged() throws {
        let repo = repository()
        _ = try apply(repo)
        repo.git("add", "-A")
        #expect(repo.git("status", "--porcelain").contains("M  App/config.json"))
        let project = try Project(path: repo.root)
        let undone = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(undone.gitNotes.contains { $0.contains("the index holds the originals again (2 file(s))") })
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func anUndoCutOffHalfwayIsAnnouncedAndFinishedByTheNextUndo() throws {
        let repo = repository()
        let before = try RepositoryState(repo)
        let outcome = try apply(repo)
        let project = try Project(path: repo.root)
        // As an undo killed after its first file: the journal says `undoing`, one file restored.
        let journalFile = CutoverJournal.folder(project) + "/\(outcome.journal.id).json"
        let text = String(decoding: repo.read(".git/relops/cutovers/\(outcome.journal.id).json"), as: UTF8.self)
        try text.replacingOccurrences(
            of: #""state"\s*:\s*"applied""#, with: #""state": "undoing""#, options: .regularExpression
        ).write(toFile: journalFile, atomically: true, encoding: .utf8)
        repo.write("App/config.json", String(decoding: before.files["App/config.json"] ?? [], as: UTF8.self))
        #expect(try CutoverJournal.all(project).first?.state == .undoing)
        let notice = interruptedCutoverNotice(project)
        #expect(notice?.contains("the undo of cutover \(outcome.journal.id)") == true, "\(notice ?? "")")
        #expect(notice?.contains("`relops cutover undo \(outcome.journal.id)`") == true)
        let refused = thrownFailure { _ = try apply(repo) }
        #expect(refused?.message.contains("the undo of cutover \(outcome.journal.id) did not finish") == true)
        let undone = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(undone.recovered.contains { $0.contains("was interrupted; finished it") })
        #expect(undone.restored == ["Docs/readme.md"] && undone.unchanged == ["App/config.json"])
        #expect(try RepositoryState(repo).files == before.files)
        #expect(interruptedCutoverNotice(project) == nil)
    }

    @Test func theJournalSaysUndoingBeforeTheFirstFileIsRestored() throws {
        let repo = repository()
        let outcome = try apply(repo)
        let project = try Project(path: repo.root)
        // An original that cannot be read back stops the undo after the journal changed: it must
        // not say applied any more.
        let original = outcome.journal.files.first { $0.path == "App/config.json" }?.original.hex ?? ""
        try FileManager.default.removeItem(
            atPath: repo.root + "/.git/objects/" + original.prefix(2) + "/" + original.dropFirst(2))
        let error = thrownFailure { _ = try undoCutover(project, id: nil, force: false, lock: try locked(project)) }
        #expect(error?.message.contains("missing from the object database") == true, "\(error?.message ?? "")")
        #expect(try CutoverJournal.all(project).map(\.state) == [.undoing])
        #expect(interruptedCutoverNotice(project)?.contains("did not finish") == true)
    }
}

/// The failure `body` throws, or nil.
func thrownFailure(_ body: () throws -> Void) -> Failure? {
    do { try body() } catch let error as Failure { return error } catch { return nil }
    return nil
}
