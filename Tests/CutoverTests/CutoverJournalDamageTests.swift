import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

@testable import Cutover

/// A damaged journal stops the command that reads it, naming the file and what is wrong; a
/// journal that cannot be saved stops the apply, naming it.
@Suite struct CutoverJournalDamageTests {
    /// A repository after one applied cutover, and the path of its journal.
    func appliedRepository() throws -> (GitFixture, String) {
        let repo = GitFixture()
        repo.write("a.txt", "a app.example.com\n")
        repo.write("b.txt", "b app.example.com\n")
        repo.commit("two")
        let outcome = try apply(repo)
        return (repo, CutoverJournal.folder(try Project(path: repo.root)) + "/\(outcome.journal.id).json")
    }

    /// Rewrites the journal with `change`, then runs `relops cutover undo`: it must exit 2 naming
    /// the journal followed by `reason`, and change no file.
    func expectUndoRefuses(reason: String, _ change: (String) -> String) throws {
        let (repo, journal) = try appliedRepository()
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        let damaged = change(text)
        #expect(damaged != text, "the change did not apply")
        try damaged.write(toFile: journal, atomically: true, encoding: .utf8)
        for args in [["cutover", "undo"], ["cutover", "list"], ["status"]] {
            let run = relops(args, in: repo.root)
            #expect(run.status == 2, "\(args): \(run.stderr)")
            #expect(run.stderr.contains(journal + ": " + reason), "\(args): \(run.stderr)")
        }
        #expect(repo.readText("a.txt") == "a links.example.net\n")
    }

    @Test func aTruncatedJournalIsRefusedNamingIt() throws {
        try expectUndoRefuses(reason: "not a readable cutover journal: not valid JSON") {
            String($0.prefix($0.count / 2))
        }
    }

    @Test func aFieldOfTheWrongTypeIsRefusedNamingIt() throws {
        try expectUndoRefuses(reason: "journal field `files[0].edits` has the wrong type (a whole number expected)") {
            $0.replacingOccurrences(of: #""edits": 1,"#, with: #""edits": "1","#)
        }
    }

    @Test func aMissingFieldIsRefusedNotFilledIn() throws {
        try expectUndoRefuses(reason: "journal field `files[1]` lacks `class`") {
            $0.replacingOccurrences(
                of: #"("path": "b.txt"(?:[^}]*?))"class": "[^"]*",\s*"#, with: "$1", options: .regularExpression)
        }
    }

    @Test func anUnknownSchemaVersionIsRefusedNamingIt() throws {
        try expectUndoRefuses(reason: "journal field `schema`: schema version 99 is not one this relops reads") {
            "{\n  \"schema\": 99,\n  "
                + $0.replacingOccurrences(of: #"^\{\s*("schema": \d+,)?"#, with: "", options: .regularExpression)
        }
    }

    @Test func aJournalThatCannotBeSavedStopsTheApplyNamingIt() throws {
        let repo = GitFixture()
        repo.write("a.txt", "a app.example.com\n")
        repo.write("b.txt", "b app.example.com\n")
        repo.commit("two")
        let project = try Project(path: repo.root)
        let folder = CutoverJournal.folder(project), root = repo.root
        // Once the journal says `preparing`: its path becomes a folder (no save can replace it, even
        // as root), and so does b.txt (its staging fails, so the apply is abandoned).
        let options = ApplyOptions(beforeStaging: {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                unlink(folder + "/" + name)
                mkdir(folder + "/" + name, 0o755)
            }
            unlink(root + "/b.txt")
            mkdir(root + "/b.txt", 0o755)
        })
        var message = ""
        do { _ = try applyCutover(project, try plan(repo), options, lock: try locked(project)) } catch {
            message = (error as? Failure)?.message ?? "\(error)"
        }
        let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        #expect(message.contains("b.txt: not a regular file"), "\(message)")
        #expect(message.contains("\(folder)/\(journal): cannot save cutover journal"), "\(message)")
        #expect(message.contains("No file was changed"), "\(message)")
        #expect(message.contains("the journal still says `preparing`"), "\(message)")
        #expect(repo.readText("a.txt") == "a app.example.com\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".relops-") }.isEmpty)
    }

    @Test func aJournalThatCannotSayApplyingStopsTheApplyBeforeAnyRename() throws {
        let repo = GitFixture()
        repo.write("a.txt", "a app.example.com\n")
        repo.write("b.txt", "b app.example.com\n")
        repo.commit("two")
        let project = try Project(path: repo.root)
        let folder = CutoverJournal.folder(project), root = repo.root
        // The staging succeeds; the save that says `applying` cannot replace a folder.
        let options = ApplyOptions(beforeStaging: {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                unlink(folder + "/" + name)
                mkdir(folder + "/" + name, 0o755)
            }
        })
        var message = ""
        do { _ = try applyCutover(project, try plan(repo), options, lock: try locked(project)) } catch {
            message = (error as? Failure)?.message ?? "\(error)"
        }
        let journal = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        #expect(message.hasPrefix("\(folder)/\(journal): cannot save cutover journal"), "\(message)")
        #expect(message.contains("No file was changed"), "\(message)")
        #expect(repo.readText("a.txt") == "a app.example.com\n" && repo.readText("b.txt") == "b app.example.com\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".relops-") }.isEmpty)
    }

    @Test func anEmptyJournalIsRefusedNamingIt() throws {
        try expectUndoRefuses(reason: "not a readable cutover journal: the file is empty") { _ in "" }
    }
}
