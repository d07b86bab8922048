import Anchors
import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

/// A history whose ADR holds every shape a re-pin must leave alone the second time: a moved
/// anchor, a range written as two anchors (`X:3` through `:6`) whose last line is a brace, an
/// anchor past the end of its file and one on a brace, sharing a line with a moved one, and a
/// revision section of the date the re-pin writes.
func fixedPointHistory(_ ends: LineEnds) -> AnchorRepo {
    let repo = AnchorRepo(ends, "fixed-point")
    let handler = "class Handler\n{\n    void Handle()\n    {\n        Run();\n    }\n\n    int Count;\n}\n"
    repo.write("Src/A.cs", numbered("a", 1...12))
    repo.write("Src/Handler.cs", handler)
    repo.write(
        "Docs/adr.md",
        """
        # ADR-7: Handlers

        ## Status

        Accepted (2026-07-15). Revised 2026-12-01 (1 anchor re-pinned by an automated audit; see Revision below).

        ## Decision

        The value is read at `Src/A.cs:5`, and the handler is `Src/Handler.cs:3` through `:6`.
        The count at `Src/A.cs:7` closes at `Src/Handler.cs:9`, and `Src/A.cs:40` was never there.

        ## Revision (2026-12-01)

        Anchor pass from an automated audit. No decision and no behavior changed.

        1. `A.cs`: commit 0000000 shifted the cited lines one line down; `:4` became `:5` when this entry was written.

        """)
    repo.commit("ADR-7", date: "2026-07-15T09:00:00Z")
    repo.write("Src/A.cs", "// one\n// two\n" + numbered("a", 1...12))
    repo.write("Src/Handler.cs", "using System;\n\n" + handler)
    repo.commit("Headers (#41)", date: "2026-08-01T09:00:00Z")
    return repo
}

/// Every byte of the ADR and the lock, and the lock's modification time.
func snapshot(_ repo: AnchorRepo) throws -> (doc: [UInt8], lock: [UInt8], lockTime: Date?) {
    let lockPath = repo.root + "/" + AnchorLock.relativePath
    let attributes = try? FileManager.default.attributesOfItem(atPath: lockPath)
    return (repo.read("Docs/adr.md"), repo.read(AnchorLock.relativePath), attributes?[.modificationDate] as? Date)
}

@Suite struct FixedPointTests {
    @Test(arguments: LineEnds.allCases) func aSecondRepinWithANoteWritesNothing(_ ends: LineEnds) throws {
        let repo = fixedPointHistory(ends)
        let note = RevisionNote(date: "2026-12-01")
        let first = try repin(repo, note: note)
        #expect(
            Set(first[0].rewritten.map(\.anchor.text)) == ["Src/A.cs:5", "Src/Handler.cs:3` through `:6", "Src/A.cs:7"])
        let range = try #require(first[0].rewritten.first { $0.anchor.text.hasPrefix("Src/Handler.cs:3") })
        // The range's ends moved together: 3 through 6 became 5 through 8.
        #expect(range.newStart == 5 && range.newEnd == 8)
        let invalid = first[0].needsPerson.filter { $0.status == .invalid }.map(\.anchor.text)
        #expect(invalid == ["Src/Handler.cs:9", "Src/A.cs:40"])
        let text = repo.readText("Docs/adr.md")
        #expect(text.contains("`Src/Handler.cs:5` through `:8`"))
        // One section of that date, amended: its first item kept, the new ones numbered on.
        #expect(text.components(separatedBy: "Revision (2026-12-01)").count == 2)
        #expect(text.contains("\n1. `A.cs`: commit 0000000 shifted"))
        #expect(text.contains("\n2. `A.cs`: commit "))
        #expect(text.contains("Revised 2026-12-01 (4 anchors re-pinned by an automated audit"))
        #expect(!text.contains("Revised 2026-12-01 (1 anchor"))
        let after = try snapshot(repo)
        // Uncommitted: the re-pinned line is not committed, the invalid anchor on it keeps its base.
        let second = try repin(repo, note: note)
        #expect(second[0].rewritten.isEmpty && !second[0].isChanged)
        #expect(second[0].needsPerson.filter { $0.status == .invalid }.map(\.anchor.text) == invalid)
        let again = try snapshot(repo)
        #expect(again.doc == after.doc && again.lock == after.lock && again.lockTime == after.lockTime)
        // Committed, as the runbook does, and without a note: still nothing to write.
        repo.commit("Anchor pass", date: "2026-12-01T10:00:00Z")
        let third = try repin(repo)
        #expect(third[0].rewritten.isEmpty && !third[0].isChanged)
        let last = try snapshot(repo)
        #expect(String(decoding: last.doc, as: UTF8.self) == String(decoding: after.doc, as: UTF8.self))
        #expect(String(decoding: last.lock, as: UTF8.self) == String(decoding: after.lock, as: UTF8.self))
        #expect(last.lockTime == after.lockTime)
    }

    @Test(arguments: LineEnds.allCases) func anInvalidAnchorIsNeverRepinnedWithoutNewEvidence(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends, "invalid-stays")
        repo.write("Src/A.cs", numbered("a", 1...12))
        repo.write("Src/B.cs", "class B\n{\n    int X;\n}\n")
        repo.write("Docs/adr.md", "The value is at `Src/A.cs:5`, the class closes at `Src/B.cs:4`.\n")
        repo.commit("ADR", date: "2026-07-15T09:00:00Z")
        repo.write("Src/A.cs", "// a\n" + numbered("a", 1...12))
        repo.write("Src/B.cs", "class B\n{\n    int W;\n    int X;\n}\n")
        repo.commit("More (#2)", date: "2026-08-01T09:00:00Z")
        try repin(repo, note: RevisionNote(date: "2026-12-02"))
        // The re-pinned line is not committed, and `B.cs:4` now names `int X;` at HEAD; but its
        // own base said brace, and nothing new came.
        for _ in 0..<2 {
            let result = try audit(repo)
            let drift = try #require(result.drift("Src/B.cs:4"))
            #expect(drift.status == .invalid)
            #expect(drift.note?.contains("at its base") == true)
        }
        let before = repo.read("Docs/adr.md")
        let again = try repin(repo, note: RevisionNote(date: "2026-12-02"))
        #expect(!again[0].isChanged && repo.read("Docs/adr.md") == before)
    }

    /// The same, in a repository that commits `* text=auto eol=crlf` in `.gitattributes`: CRLF in
    /// the working tree, LF in the blobs.
    @Test func aSecondRepinWritesNothingWithACommittedGitattributes() throws {
        let repo = AnchorRepo(.lf, "gitattributes")
        repo.write(".gitattributes", "* text=auto eol=crlf\n")
        repo.write("Src/A.cs", crlf(numbered("a", 1...12)))
        repo.write("Src/B.cs", crlf("class B\n{\n    int X;\n}\n"))
        repo.write(
            "Docs/adr.md",
            crlf(
                """
                # ADR-8

                Accepted (2026-07-15).

                The value at `Src/A.cs:5` through `:6`, the class closing at `Src/B.cs:4`, and `Src/A.cs:30`.

                """))
        repo.commit("ADR-8", date: "2026-07-15T09:00:00Z")
        #expect(repo.git("ls-files", "--eol", "Docs/adr.md").contains("i/lf"))
        repo.write("Src/A.cs", crlf("// a\n" + numbered("a", 1...12)))
        repo.commit("Header (#3)", date: "2026-08-01T09:00:00Z")
        let first = try repin(repo, note: RevisionNote(date: "2026-12-03"))
        #expect(first[0].rewritten.map(\.anchor.text) == ["Src/A.cs:5` through `:6"])
        let written = repo.read("Docs/adr.md")
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("`Src/A.cs:6` through `:7`") && text.contains("## Revision (2026-12-03)\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lock = repo.read(AnchorLock.relativePath)
        for _ in 0..<2 {
            let again = try repin(repo, note: RevisionNote(date: "2026-12-03"))
            #expect(again[0].rewritten.isEmpty && !again[0].isChanged)
            #expect(repo.read("Docs/adr.md") == written && repo.read(AnchorLock.relativePath) == lock)
            repo.commit("Anchor pass", date: "2026-12-03T10:00:00Z")
        }
    }
}

@Suite struct LockKeyTests {
    /// A re-pin that moves one anchor onto the lines another anchor of the document cites (and
    /// leaves for a person) keeps one lock entry for them: the re-pinned one's, at the target.
    @Test func twoAnchorsOnTheSameLinesKeepOneLockEntry() throws {
        let repo = AnchorRepo(.lf, "same-key")
        repo.write("Src/B.cs", "class B\n{\n    int X;\n}\n")
        repo.write("Docs/adr.md", "The field is at `Src/B.cs:3`, the class closes at `Src/B.cs:4`.\n")
        repo.commit("ADR", date: "2026-07-15T09:00:00Z")
        repo.write("Src/B.cs", "class B\n{\n    int W;\n    int X;\n}\n")
        let head = repo.commit("More (#2)", date: "2026-08-01T09:00:00Z")
        let planned = try repin(repo)
        #expect(planned[0].rewritten.map(\.anchor.text) == ["Src/B.cs:3"])
        #expect(planned[0].needsPerson.map(\.anchor.text) == ["Src/B.cs:4"])
        let lock = try AnchorLock.load(root: repo.root)
        #expect(lock.entries.filter { $0.path == "Src/B.cs" && $0.start == 4 }.map(\.base) == [head])
    }
}
