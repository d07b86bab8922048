import Foundation
import TestSupport
import Testing

/// End-to-end: the built `relops` binary on a repository with a drifted anchor.
@Suite struct AnchorsCommandTests {
    @Test(arguments: LineEnds.allCases) func auditExitsOneOnDriftAndPrintsEachFormat(_ ends: LineEnds) throws {
        let repo = AnchorRepo.drifted(ends)
        let text = relops(["anchors", "audit"], in: repo.root)
        #expect(text.status == 1)
        #expect(text.stdout.contains("3:5  moved      Src/A.cs:5  moved to :6; "))
        #expect(text.stdout.contains("(PR #12) +1"))
        #expect(text.stdout.contains("2 anchors: 1 moved, 1 historical"))

        let json = relops(["anchors", "audit", "--format", "json"], in: repo.root)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let anchors = try #require(object["anchors"] as? [[String: Any]])
        let first = anchors[0]
        #expect(first["doc"] as? String == "Docs/adr/0001-deep-links.md")
        #expect(first["doc_line"] as? Int == 3 && first["doc_column"] as? Int == 5)
        #expect(
            first["status"] as? String == "moved" && first["new_start"] as? Int == 6 && first["new_end"] as? Int == 6)
        let commits = try #require(first["commits"] as? [[String: Any]])
        #expect(commits.first?["pr"] as? Int == 12 && commits.first?["shift"] as? Int == 1)
        #expect((commits.first?["short"] as? String)?.count == 7)
        #expect((object["counts"] as? [String: Any])?["moved"] as? Int == 1)

        let github = relops(["anchors", "audit", "--format", "github"], in: repo.root)
        #expect(
            github.stdout.hasPrefix(
                "::warning file=Docs/adr/0001-deep-links.md,line=3,col=5,title=anchor moved::Src/A.cs:5 moved to :6"))

        let sarif = relops(["anchors", "audit", "--format", "sarif"], in: repo.root)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(log["version"] as? String == "2.1.0" && results.first?["ruleId"] as? String == "anchor-moved")
    }

    @Test(arguments: LineEnds.allCases) func repinFixesTheDocumentAndTheNextAuditPasses(_ ends: LineEnds) {
        let repo = AnchorRepo.drifted(ends)
        let repin = relops(
            ["anchors", "repin", "Docs/adr/0001-deep-links.md", "--revision-note", "--date", "2026-09-01"],
            in: repo.root)
        #expect(repin.status == 0, "\(repin.stderr)")
        #expect(
            repo.readText("Docs/adr/0001-deep-links.md").hasPrefix(
                "# ADR\n\nAt `Src/A.cs:6`, was `:3`.\n\n## Revision (2026-09-01)\n"))
        #expect(FileManager.default.fileExists(atPath: repo.root + "/.relops/anchors.lock"))
        let audit = relops(["anchors", "audit"], in: repo.root)
        #expect(audit.status == 0, "\(audit.stdout)")
        // The same command again writes nothing: a fixed point.
        let document = repo.read("Docs/adr/0001-deep-links.md")
        let lock = repo.read(".relops/anchors.lock")
        let again = relops(
            ["anchors", "repin", "Docs/adr/0001-deep-links.md", "--revision-note", "--date", "2026-09-01"],
            in: repo.root)
        #expect(again.status == 0 && again.stdout.contains("re-pinned 0 anchors (unchanged)"), "\(again.stdout)")
        #expect(repo.read("Docs/adr/0001-deep-links.md") == document && repo.read(".relops/anchors.lock") == lock)
    }

    @Test(arguments: LineEnds.allCases) func unmappedRepositoriesAreOneLineEachAndEarlierRevisionsAreChecked(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo.drifted(ends)
        repo.write(
            "Docs/adr/0002-store.md",
            "# ADR\n\nStore/Src/Cart.cs:3 and Store/Src/Pay.cs:4.\n\nRevision (2026-08-01)\n\n1. Src/A.cs:5.\n")
        repo.commit("Store ADR")
        let text = relops(["anchors", "audit", "Docs/adr/0002-store.md"], in: repo.root)
        #expect(text.status == 1)
        // The answer first: the counts, then the advice once, then one line per repository.
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "3 anchors: 1 ok, 2 unresolved", "\(text.stdout)")
        #expect(lines.count > 2 && lines[1].hasPrefix("2 of 3 anchors cite a repository that is not mapped; "))
        // No code checkout given: Store/ may be a folder of code kept elsewhere or a repository of its own.
        #expect(
            lines.count > 2 && lines[1].contains("no such folder in the documents' repository and no code checkout"))
        #expect(lines.count > 2 && lines[1].contains("pass --code PATH") && lines[1].contains("--repo Store=PATH"))
        #expect(lines.count > 2 && lines[2] == "  Store  2 anchors", "\(text.stdout)")
        // Named in the advice (twice) and its own line, never once per anchor.
        #expect(text.stdout.components(separatedBy: "Store").count == 4, "\(text.stdout)")
        #expect(!text.stdout.contains("Store/Src"), "\(text.stdout)")
        let json = relops(["anchors", "audit", "Docs/adr/0002-store.md", "--format", "json"], in: repo.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let unmapped = try #require(object["unmapped"] as? [[String: Any]])
        #expect(unmapped.first?["repository"] as? String == "Store" && unmapped.first?["anchors"] as? Int == 2)
        let included = relops(["anchors", "audit", "Docs/adr/0002-store.md", "--include-revisions"], in: repo.root)
        #expect(included.stdout.contains("3 anchors: 1 ok, 2 unresolved"), "\(included.stdout)")
        #expect(included.stderr.contains("--include-revisions has no effect"), "\(included.stderr)")
        #expect(!text.stderr.contains("--include-revisions"))
    }

    @Test(arguments: LineEnds.allCases) func badInputExitsTwoWithAMessage(_ ends: LineEnds) {
        let repo = AnchorRepo.drifted(ends)
        let missing = relops(["anchors", "audit", "Docs/nope.md"], in: repo.root)
        #expect(missing.status == 2 && missing.stderr.contains("Docs/nope.md: no such document"))
        let badRepo = relops(["anchors", "audit", "--repo", "nothing"], in: repo.root)
        #expect(badRepo.status == 2 && badRepo.stderr.contains("expected PREFIX=PATH"))
        let badDate = relops(["anchors", "repin", "--revision-note", "--date", "31/08/2026"], in: repo.root)
        #expect(badDate.status == 2 && badDate.stderr.contains("expected YYYY-MM-DD"))
        let badRev = relops(["anchors", "audit", "--to", "no-such-rev"], in: repo.root)
        #expect(badRev.status == 2 && badRev.stderr.contains("no-such-rev"))
    }

    @Test func withACodeCheckoutGivenAnUnmappedPrefixIsNamedAsARepository() throws {
        let code = GitFixture("anchors-code")
        code.write("Src/A.cs", numbered("a", 1...10))
        code.commit("code")
        let docs = GitFixture("anchors-docs")
        docs.write("Docs/adr.md", "Store/Src/Cart.cs:3 and Src/A.cs:2.\n")
        docs.commit("adr")
        let text = relops(["anchors", "audit", "Docs/adr.md", "--code", code.root], in: docs.root)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.first == "2 anchors: 1 ok, 1 unresolved", "\(text.stdout)")
        #expect(
            lines.count > 2
                && lines[1]
                    == "1 of 2 anchors cite a repository that is not mapped; map it with --repo Store=PATH or anchors.repos:",
            "\(text.stdout)")
        #expect(lines.count > 2 && lines[2] == "  Store  1 anchor")
    }

    @Test func theTextReportOpensWithTheAnswerThenWhatNeedsAPersonThenTheRest() throws {
        let repo = AnchorRepo.drifted(.lf)
        repo.write("Docs/adr/0003-more.md", "# ADR\n\nPast the end `Src/A.cs:99`, fine `Src/A.cs:20`.\n")
        repo.commit("More")
        let text = relops(["anchors", "audit"], in: repo.root)
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "4 anchors: 1 ok, 1 moved, 1 invalid, 1 historical", "\(text.stdout)")
        #expect(lines.count > 1 && lines[1] == "1 anchor moved or renamed: `relops anchors repin` re-pins them")
        let person = lines.firstIndex(of: "1 anchor needs a person:") ?? -1
        let fixes = lines.firstIndex(of: "1 anchor a re-pin fixes:") ?? -1
        #expect(person > 1 && fixes > person, "\(text.stdout)")
        #expect(lines.firstIndex { $0.contains("invalid    Src/A.cs:99") } ?? -1 > person)
        #expect(lines.firstIndex { $0.contains("moved      Src/A.cs:5") } ?? -1 > fixes)
        #expect(!text.stdout.contains("Src/A.cs:20"))
        let verbose = relops(["anchors", "audit", "--verbose"], in: repo.root)
        #expect(verbose.stdout.contains("2 anchors ok or historical:"), "\(verbose.stdout)")
        #expect(verbose.stdout.contains("ok         Src/A.cs:20  ok"), "\(verbose.stdout)")
    }
}
