import Foundation
import TestSupport
import Testing

/// End-to-end: the built `relops` binary on a repository with a drifted anchor.
@Suite struct AnchorsCommandTests {
    func drifted(_ ends: LineEnds) -> AnchorRepo {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr/0001-deep-links.md", "# ADR\n\nAt `Src/A.cs:5`, was `:3`.\n")
        repo.write(".relops.yml", "anchors:\n  docs: [\"Docs/adr/*.md\"]\n")
        repo.commit("Start")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        repo.commit("Shift (#12)")
        return repo
    }

    @Test(arguments: LineEnds.allCases) func auditExitsOneOnDriftAndPrintsEachFormat(_ ends: LineEnds) throws {
        let repo = drifted(ends)
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
        let repo = drifted(ends)
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
    }

    @Test(arguments: LineEnds.allCases) func unmappedRepositoriesAreOneLineEachAndEarlierRevisionsAreChecked(
        _ ends: LineEnds
    ) throws {
        let repo = drifted(ends)
        repo.write(
            "Docs/adr/0002-store.md",
            "# ADR\n\nStore/Src/Cart.cs:3 and Store/Src/Pay.cs:4.\n\nRevision (2026-08-01)\n\n1. Src/A.cs:5.\n")
        repo.commit("Store ADR")
        let text = relops(["anchors", "audit", "Docs/adr/0002-store.md"], in: repo.root)
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n").filter { $0.contains("Store") }
        #expect(lines.count == 1 && lines[0].hasPrefix("not checked: 2 anchors into Store/"), "\(text.stdout)")
        // No code checkout given: Store/ may be a folder of code kept elsewhere or a repository of its own.
        #expect(lines[0].contains("no Store/ in the documents' repository, and no code checkout was given"))
        #expect(lines[0].contains("pass --code PATH") && lines[0].contains("--repo Store=PATH"))
        #expect(text.stdout.contains("3 anchors: 1 ok, 2 unresolved"), "\(text.stdout)")
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
        let repo = drifted(ends)
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
        let line = text.stdout.split(separator: "\n").first { $0.hasPrefix("not checked:") } ?? ""
        #expect(
            line
                == "not checked: 1 anchor into Store/ (repository Store is not mapped; add --repo Store=PATH or anchors.repos)",
            "\(text.stdout)")
    }
}
