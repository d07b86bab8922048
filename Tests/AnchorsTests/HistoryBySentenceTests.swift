import Anchors
import Foundation
import Testing

/// What is history is decided by the sentence, never by the section an anchor stands in.
@Suite struct HistoryBySentenceTests {
    static let document = """
        # ADR-043

        ## Status

        Accepted (2026-07-15).

        ## Decision

        The endpoint is mapped at `Src/Program.cs:20`. The options are read from `Src/Settings.cs:3`.

        Revision (2026-08-01)

        1. The call moved to Src/Program.cs:22 (the previously cited :20 pointed at the options line).
        2. AndroidCertFingerprints is at Src/Program.cs:24, not :21. (Both anchors sat at :17 and :18 when this entry was written; later commits shifted them.)
        3. The allowlist was :10 and is at Src/Settings.cs:5 now.
        4. (This entry counted seven permissions, Src/Settings.cs:7-9, when it was written; the count is now nine.)

        """

    func history(_ ends: LineEnds) -> AnchorRepo {
        let repo = AnchorRepo(ends)
        repo.write("Src/Program.cs", numbered("program", 1...40))
        repo.write("Src/Settings.cs", numbered("setting", 1...20))
        repo.write("Docs/adr.md", Self.document)
        repo.commit("ADR-043", date: "2026-08-01T10:00:00Z")
        repo.write("Src/Program.cs", "using A;\n" + numbered("program", 1...40))
        repo.write("Src/Settings.cs", "// header\n// more\n" + numbered("setting", 1...20))
        repo.commit("Headers (#7)", date: "2026-08-02T10:00:00Z")
        return repo
    }

    @Test(arguments: LineEnds.allCases) func eachHistoricalFormStaysAndPlainCitationsInRevisionsAreRepinned(
        _ ends: LineEnds
    ) throws {
        let repo = history(ends)
        let result = try audit(repo)
        for text in [":20", ":21", ":17", ":18", ":10", "Src/Settings.cs:7-9"] {
            #expect(result.drift(text)?.status == .historical, "\(text)")
        }
        let plain = [
            "Src/Program.cs:20": 21, "Src/Settings.cs:3": 5, "Src/Program.cs:22": 23, "Src/Program.cs:24": 25,
            "Src/Settings.cs:5": 7,
        ]
        for (text, line) in plain {
            let drift = try #require(result.drift(text), "\(text)")
            #expect(drift.status == .moved && drift.newStart == line, "\(text): \(drift.status) \(drift.newStart ?? 0)")
        }
        #expect(result.drift("Src/Program.cs:22")?.anchor.revision == "2026-08-01")

        try repin(repo)
        let expected = Self.document
            .replacingOccurrences(of: "`Src/Program.cs:20`", with: "`Src/Program.cs:21`")
            .replacingOccurrences(of: "`Src/Settings.cs:3`", with: "`Src/Settings.cs:5`")
            .replacingOccurrences(of: "to Src/Program.cs:22", with: "to Src/Program.cs:23")
            .replacingOccurrences(of: "at Src/Program.cs:24,", with: "at Src/Program.cs:25,")
            .replacingOccurrences(of: "at Src/Settings.cs:5 now", with: "at Src/Settings.cs:7 now")
        #expect(repo.readText("Docs/adr.md") == expected)
    }

    @Test(arguments: LineEnds.allCases) func aRevisionNoteReadsAsHistoryInTheNextAudit(_ ends: LineEnds) throws {
        let repo = history(ends)
        try repin(repo, note: RevisionNote(date: "2026-08-03"))
        let written = repo.readText("Docs/adr.md")
        #expect(written.contains("`:20` became `:21`"), "\(written)")
        repo.commit("Re-pin (#8)", date: "2026-08-03T10:00:00Z")
        // The code moves again: the body's anchors drift, the note's never do.
        repo.write("Src/Program.cs", "using A;\nusing B;\n" + numbered("program", 1...40))
        repo.commit("Another using (#9)", date: "2026-08-04T10:00:00Z")
        let result = try audit(repo)
        let noteStart = try #require(written.range(of: "## Revision (2026-08-03)"))
        let noteLine = written[..<noteStart.lowerBound].filter { $0 == "\n" }.count + 1
        let inNote = result.drifts.filter { $0.anchor.line > noteLine }
        #expect(inNote.count >= 8)
        #expect(inNote.allSatisfy { $0.status == .historical }, "\(inNote.map { "\($0.anchor.text) \($0.status)" })")
        #expect(result.drift("Src/Program.cs:21")?.status == .moved)
        // A second re-pin leaves the note as it was written.
        try repin(repo)
        let after = repo.readText("Docs/adr.md")
        #expect(after[after.range(of: "## Revision (2026-08-03)")!.lowerBound...] == written[noteStart.lowerBound...])
    }

    @Test func writtenEarlierClausesMarkEveryAnchorInThemAndNothingElse() {
        let found = AnchorFinder.scan(
            Array(
                """
                Both anchors sat at A.cs:1 and :2 when this entry was written; later ones moved to :3 and :4.
                At the time of writing B.cs:5 held it. C.cs:6 was written by hand. When ready, D.cs:7 was rewritten.
                E.cs:8 flushes when the file was written; F.cs:9 held it when the ADR was written.
                """.utf8)
        ).anchors
        #expect(found.map(\.text) == ["A.cs:1", ":2", ":3", ":4", "B.cs:5", "C.cs:6", "D.cs:7", "E.cs:8", "F.cs:9"])
        #expect(found.map(\.isHistorical) == [true, true, false, false, true, false, false, false, true])
    }

    @Test func fromIsHistoricalOnlyAsAFormerPosition() {
        let found = AnchorFinder.scan(
            Array("Read from A.cs:1, called from :2, now :5 (from `:3`), moved from :4.\n".utf8)
        ).anchors
        #expect(found.map(\.isHistorical) == [false, false, false, true, true])
    }
}
