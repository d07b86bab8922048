import Anchors
import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

/// Audits, plans and applies a re-pin the way `relops anchors repin` does.
@discardableResult
func repin(
    _ repo: AnchorRepo, _ docs: [String] = ["Docs/adr.md"], acceptChanged: Bool = false,
    note: RevisionNote? = nil, repos: [(prefix: String, path: String)] = []
) throws -> [RepinnedDocument] {
    let repository = try Repository(at: repo.root)
    let lock = try AnchorLock.load(root: repo.root)
    let audit = try AnchorAudit(
        root: repo.root, repository: repository,
        options: AnchorAuditOptions(documents: docs.map { repo.root + "/" + $0 }, repos: repos), lock: lock)
    let result = try audit.run()
    let planned = try AnchorRepin.plan(result, acceptChanged: acceptChanged, note: note, label: audit.shortestLabel)
    _ = try AnchorRepin.apply(planned, result: result, root: repo.root, lock: lock)
    return planned
}

/// The ADR history the golden revision note is made from: three commits move or remove code.
func deepLinkHistory(_ ends: LineEnds) -> AnchorRepo {
    let repo = AnchorRepo(ends, "adr")
    let program =
        numbered("// startup", 1...10) + """
            var section = builder.Configuration.GetSection("AppAssociation");
            app.MapAppAssociationEndpoints(new AppAssociationOptions
            {
                AndroidPackageName = section["AndroidPackageName"],
                AndroidCertFingerprints = section.GetSection("AndroidCertFingerprints").Get<string[]>(),
            });

            """ + numbered("// rest", 1...10)
    repo.write("Source/Web/Program.cs", program)
    repo.write("Source/Web/Legacy.cs", "class Legacy\n{\n    void Broker() => OpenBrowser(returnUrl);\n}\n")
    repo.write(
        "Source/Identity/appsettings.json",
        "{\n  \"OAuth\": {\n    \"AllowedReturnUrls\": [\n      \"atldevcon://auth\"\n    ]\n  }\n}\n")
    repo.write(
        "Docs/adr.md",
        """
        # ADR-043: Mobile deep links

        ## Status

        Accepted (2026-07-15). Revised 2026-08-07 (the two Program.cs anchors moved one line).

        ## Decision

        The association endpoints are mapped at `Source/Web/Program.cs:12`, with AndroidCertFingerprints at `:15`.
        The Identity allowlist is at Source/Identity/appsettings.json:3-5 (the scheme at :4).
        The old broker opened the browser at `Source/Web/Legacy.cs:3`.
        The options initializer was previously cited `Source/Web/Program.cs:9`.

        """)
    repo.commit("ADR-043", date: "2026-07-15T09:00:00Z")
    repo.write("Source/Web/Program.cs", "using DataProtection;\n" + program)
    repo.commit("DataProtection plus client idempotency keys (#100)", date: "2026-08-03T09:00:00Z")
    repo.write("Source/Web/Program.cs", "using DataProtection;\n" + numbered("// ADR-043 note", 1...8) + program)
    repo.commit("Block comment for ADR-043 (#155)", date: "2026-08-20T09:00:00Z")
    repo.write("Source/Web/Legacy.cs", "class Legacy\n{\n}\n")
    repo.commit("Remove the browser broker (#160)", date: "2026-08-25T09:00:00Z")
    return repo
}

@Suite struct AnchorRepinTests {
    @Test(arguments: LineEnds.allCases) func repinChangesNothingButAnchorsAndWritesTheLock(_ ends: LineEnds) throws {
        let repo = deepLinkHistory(ends)
        let original = repo.readText("Docs/adr.md")
        let planned = try repin(repo)
        #expect(planned[0].rewritten.count == 2)
        #expect(planned[0].needsPerson.map(\.anchor.text) == ["Source/Web/Legacy.cs:3"])
        let expected = original.replacingOccurrences(of: "Program.cs:12`", with: "Program.cs:21`")
            .replacingOccurrences(of: "`:15`", with: "`:24`")
        #expect(repo.readText("Docs/adr.md") == expected)
        let head = repo.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let lock = try AnchorLock.load(root: repo.root)
        #expect(lock.base(doc: "Docs/adr.md", repo: "", path: "Source/Web/Program.cs", start: 21, end: 21) == head)
        #expect(
            lock.base(doc: "Docs/adr.md", repo: "", path: "Source/Identity/appsettings.json", start: 3, end: 5) == head)
        // The lost anchor keeps the base it was judged at (the ADR's commit), so the next run
        // judges it the same way: a re-pin reaches a fixed point.
        let written = repo.git("rev-list", "--max-parents=0", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(lock.base(doc: "Docs/adr.md", repo: "", path: "Source/Web/Legacy.cs", start: 3, end: 3) == written)
        // A second audit finds nothing left to re-pin except what needs a person.
        let again = try audit(repo)
        #expect(again.drifts.filter { $0.status == .moved }.isEmpty)
    }

    @Test(arguments: LineEnds.allCases) func theRevisionNoteMatchesTheGoldenFile(_ ends: LineEnds) throws {
        let repo = deepLinkHistory(ends)
        try repin(repo, note: RevisionNote(date: "2026-08-31"))
        let actual = repo.readText("Docs/adr.md")
        expectGolden(actual, at: "Tests/AnchorsTests/Golden/revision-note.md")
        // The next audit reads the note's old positions as historical and its new ones as right.
        let next = try audit(repo)
        #expect(next.drifts.filter { !$0.status.isAcceptable }.map(\.anchor.text) == ["Source/Web/Legacy.cs:3"])
    }

    @Test(arguments: LineEnds.allCases) func aCRLFDocumentKeepsItsLineEnds(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "# ADR\r\n\r\nAt `Src/A.cs:5` and :7.\r\n")
        repo.commit("Start")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        repo.commit("Shift (#3)")
        try repin(repo, note: RevisionNote(date: "2026-09-01"))
        let text = String(decoding: repo.read("Docs/adr.md"), as: UTF8.self)
        #expect(text.hasPrefix("# ADR\r\n\r\nAt `Src/A.cs:6` and :8.\r\n\r\n## Revision (2026-09-01)\r\n"))
        let bytes = repo.read("Docs/adr.md")
        let bareLF = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D) }
        #expect(bareLF.isEmpty)
    }

    @Test(arguments: LineEnds.allCases) func changedAnchorsAreRepinnedOnlyWhenAccepted(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...10) + "var total = Sum(values, weight);\n" + numbered("b", 1...10))
        repo.write("Docs/adr.md", "The sum at Src/A.cs:11.\n")
        repo.commit("Start")
        repo.write(
            "Src/A.cs",
            "x\n" + numbered("a", 1...10) + "var total = Sum(values, weight, bias);\n" + numbered("b", 1...10))
        repo.commit("Bias")
        try repin(repo)
        #expect(repo.readText("Docs/adr.md") == "The sum at Src/A.cs:11.\n")
        let planned = try repin(repo, acceptChanged: true)
        #expect(planned[0].rewritten.first?.status == .changed)
        #expect(repo.readText("Docs/adr.md") == "The sum at Src/A.cs:12.\n")
    }

    @Test(arguments: LineEnds.allCases) func aRenameRewritesBothPathsOfATwoAnchorRangeAndKeepsASuffixShort(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Old/Feature.cs", numbered("feature", 1...30))
        repo.write("Docs/adr.md", "Range `Src/Old/Feature.cs:3`-`Src/Old/Feature.cs:5`; suffix Old/Feature.cs:7.\n")
        repo.commit("Start")
        repo.write("Src/New/Feature2.cs", "// moved\n" + numbered("feature", 1...30))
        repo.git("rm", "-q", "Src/Old/Feature.cs")
        repo.commit("Move (#8)")
        let planned = try repin(repo, note: RevisionNote(date: "2026-09-02"))
        #expect(planned[0].rewritten.map(\.status) == [.renamed, .renamed])
        #expect(
            repo.readText("Docs/adr.md").hasPrefix(
                "Range `Src/New/Feature2.cs:4`-`Src/New/Feature2.cs:6`; suffix New/Feature2.cs:8.\n\n## Revision (2026-09-02)\n"
            ))
        // Nothing left to re-pin: a second pass writes no second note.
        let again = try repin(repo, note: RevisionNote(date: "2026-09-03"))
        #expect(again[0].rewritten.isEmpty && !again[0].isChanged)
    }

    @Test(arguments: LineEnds.allCases) func aPrefixNamingTheDocumentsOwnRepositoryKeepsItsPrefixThroughARename(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Old.cs", numbered("old", 1...20))
        repo.write("Docs/adr.md", "See MMCA.ADC/Src/Old.cs:4.\n")
        repo.commit("Start")
        repo.write("Src/New.cs", numbered("old", 1...20))
        repo.git("rm", "-q", "Src/Old.cs")
        repo.commit("Rename (#2)")
        let planned = try repin(repo, repos: [("MMCA.ADC", repo.root)])
        #expect(planned[0].rewritten.first?.repo == "MMCA.ADC")
        #expect(repo.readText("Docs/adr.md") == "See MMCA.ADC/Src/New.cs:4.\n")
        let lock = try AnchorLock.load(root: repo.root)
        #expect(lock.entries.map(\.repo) == ["MMCA.ADC"])
    }

    @Test func theShippedTemplateIsTheBuiltInOne() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates/adr-revision.md").path
        #expect(try String(contentsOfFile: file, encoding: .utf8) == RevisionNote.defaultTemplate)
    }
}
