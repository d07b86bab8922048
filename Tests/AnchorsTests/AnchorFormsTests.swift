import Anchors
import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

/// The citation forms and cases of real ADRs: comma lists, elided paths, unmapped repositories,
/// names decided by context, the right base, lines moved to another file.
@Suite struct AnchorFormsTests {
    @Test func aCommittedGitattributesWithEolCRLFBlamesLikeLF() throws {
        let repo = GitFixture()
        repo.write(".gitattributes", "* text=auto eol=crlf\n")
        repo.write("Src/A.cs", crlf(numbered("a", 1...30)))
        repo.write("Docs/adr.md", crlf("# ADR\n\nAt `Src/A.cs:5`.\n"))
        let written = repo.commit("Start")
        repo.write("Src/A.cs", crlf("x\n" + numbered("a", 1...30)))
        repo.commit("Shift (#3)")
        // The working tree holds CRLF, the blobs LF: the base is still the commit that wrote the line.
        #expect(repo.read("Docs/adr.md").contains(0x0D))
        let drift = try #require(try audit(AnchorRepo(wrapping: repo)).drift("Src/A.cs:5"))
        #expect(drift.base == written && drift.baseReason == "blame")
        #expect(drift.status == .moved && drift.newStart == 6)
    }

    @Test(arguments: LineEnds.allCases) func commaListsAreOneAnchorPerElementRepinnedInPlace(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Auth.cs", numbered("auth", 1...300))
        repo.write("Docs/adr.md", "Tokens at `Src/Auth.cs:69,70` and Src/Auth.cs:20,109,288-294.\n")
        repo.commit("Start")
        repo.write("Src/Auth.cs", "// one\n// two\n" + numbered("auth", 1...300))
        repo.commit("Header (#4)")
        let result = try audit(repo)
        #expect(
            result.drifts.map(\.anchor.text) == [
                "Src/Auth.cs:69", "Src/Auth.cs:70", "Src/Auth.cs:20", "Src/Auth.cs:109", "Src/Auth.cs:288-294",
            ])
        #expect(result.drifts.allSatisfy { $0.status == .moved && $0.newStart == $0.anchor.start + 2 })
        try repin(repo)
        #expect(repo.readText("Docs/adr.md") == "Tokens at `Src/Auth.cs:71,72` and Src/Auth.cs:22,111,290-296.\n")
    }

    @Test(arguments: LineEnds.allCases) func elidedPathsResolveByTheirVisibleSuffixAndKeepTheElision(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Shared/Source/Outbox/OutboxProcessor.cs", numbered("outbox", 1...40))
        repo.write("Shared/Source/Settings/OutboxSettings.cs", numbered("settings", 1...20))
        repo.write(
            "Docs/adr.md",
            "Runs at `.../Outbox/OutboxProcessor.cs:12`, set at Shared/.../Settings/OutboxSettings.cs:5.\n")
        repo.commit("Start")
        repo.write("Shared/Source/Outbox/OutboxProcessor.cs", "x\n" + numbered("outbox", 1...40))
        repo.write("Shared/Source/Settings/OutboxSettings.cs", "x\n" + numbered("settings", 1...20))
        repo.commit("Move the processor (#5)")
        let result = try audit(repo)
        #expect(result.drift("Shared/.../Settings/OutboxSettings.cs:5")?.status == .moved)
        #expect(result.drift(".../Outbox/OutboxProcessor.cs:12")?.path == "Shared/Source/Outbox/OutboxProcessor.cs")
        try repin(repo)
        #expect(
            repo.readText("Docs/adr.md")
                == "Runs at `.../Outbox/OutboxProcessor.cs:13`, set at Shared/.../Settings/OutboxSettings.cs:6.\n")
    }

    @Test(arguments: LineEnds.allCases) func aBareOrElidedNameOfAFileRenamedSinceIsFoundAtItsBase(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Src/Outbox/OutboxWorker.cs", numbered("worker", 1...30))
        repo.write("Docs/adr.md", "The worker at OutboxWorker.cs:5 and `.../Outbox/OutboxWorker.cs:7`.\n")
        repo.commit("Start")
        repo.write("Src/Outbox/OutboxProcessor.cs", "// renamed\n" + numbered("worker", 1...30))
        repo.git("rm", "-q", "Src/Outbox/OutboxWorker.cs")
        repo.commit("Rename the worker (#12)")
        let result = try audit(repo)
        let bare = try #require(result.drift("OutboxWorker.cs:5"))
        #expect(bare.status == .renamed && bare.newPath == "Src/Outbox/OutboxProcessor.cs" && bare.newStart == 6)
        #expect(result.drift(".../Outbox/OutboxWorker.cs:7")?.newStart == 8)
        try repin(repo)
        #expect(
            repo.readText("Docs/adr.md")
                == "The worker at OutboxProcessor.cs:6 and `.../Outbox/OutboxProcessor.cs:8`.\n")
    }

    @Test(arguments: LineEnds.allCases) func unmappedRepositoriesAreUnresolvedAndCountedPerRepository(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write(
            "Docs/adr.md", "Store/Src/Cart.cs:3, Store/Src/Pay.cs:4-5, Billing/Api/Invoice.cs:9 and Src/A.cs:2.\n")
        repo.commit("Start")
        let result = try audit(repo)
        let store = try #require(result.drift("Store/Src/Cart.cs:3"))
        #expect(store.status == .unresolved && store.note == "repository Store is not mapped (--repo Store=PATH)")
        #expect(result.unmappedRepositories.map(\.name) == ["Billing", "Store"])
        #expect(result.unmappedRepositories.map(\.count) == [1, 2])
        #expect(result.drift("Src/A.cs:2")?.status == .ok)
    }

    @Test(arguments: LineEnds.allCases) func aBareNameIsDecidedByTheSectionsFullPathThenByIdentifiers(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Api/Program.cs", numbered("api", 1...20) + "builder.AddRateLimiting();\n")
        repo.write("Web/Program.cs", numbered("web", 1...20) + "app.MapAppAssociationEndpoints();\n")
        repo.write(
            "Docs/adr.md",
            """
            ## One

            The host is Web/Program.cs and its call at Program.cs:21.

            ## Two

            The `MapAppAssociationEndpoints` call sits at Program.cs:21.

            ## Three

            Something at Program.cs:5.

            """)
        repo.commit("Start")
        let drifts = try audit(repo).drifts
        #expect(drifts[0].path == "Web/Program.cs" && drifts[0].status == .ok)
        #expect(drifts[1].path == "Web/Program.cs" && drifts[1].status == .ok)
        // A full path named earlier in the document decides in later sections too.
        #expect(drifts.map(\.decidedBy) == ["earlier-path", "earlier-path", "earlier-path"])
        #expect(drifts[2].path == "Web/Program.cs" && drifts[2].status == .ok)
    }

    @Test(arguments: LineEnds.allCases) func aContinuationFollowsTheSentencesIdentifiersOverPosition(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Src/RateLimitingSettings.cs", numbered("// limits", 1...33) + "class RateLimitingSettings\n{\n}\n")
        repo.write("Src/Program.cs", numbered("program", 1...40))
        repo.write(
            "Docs/adr.md",
            "Limits live in Src/RateLimitingSettings.cs. Startup is Src/Program.cs:3; `RateLimitingSettings` at :34-36.\n"
        )
        repo.commit("Start")
        let drift = try #require(try audit(repo).drift(":34-36"))
        #expect(drift.path == "Src/RateLimitingSettings.cs" && drift.status == .ok)
    }

    @Test(arguments: LineEnds.allCases) func aDocumentWrittenAgainstOlderCodeTakesTheBaseTheIdentifiersFit(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends)
        repo.write(
            "Src/A.cs", numbered("a", 1...9) + "var options = new AppAssociationOptions();\n" + numbered("b", 1...9))
        let older = repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.write(
            "Src/A.cs",
            "// one\n// two\n" + numbered("a", 1...9) + "var options = new AppAssociationOptions();\n"
                + numbered("b", 1...9))
        repo.commit("Header (#7)", date: "2026-01-02T10:00:00Z")
        // Written from memory of the code before the header: line 10 is the options line there.
        repo.write("Docs/adr.md", "The `AppAssociationOptions` are built at Src/A.cs:10.\n")
        repo.commit("ADR", date: "2026-01-03T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/A.cs:10"))
        #expect(drift.base == older && drift.baseReason == "identifiers")
        #expect(drift.status == .moved && drift.newStart == 12)
    }

    @Test(arguments: LineEnds.allCases) func aBlankLineAtTheBlamedBaseIsInvalidNamingTheBase(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", "class A\n{\n    int Count;\n}\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.write("Src/A.cs", "class A\n{\n    // counts\n    int Count;\n}\n")
        let older = repo.commit("Comment", date: "2026-01-02T10:00:00Z")
        repo.write("Src/A.cs", "class A\n{\n\n    // counts\n    int Count;\n}\n")
        repo.write("Docs/adr.md", "The field's comment at Src/A.cs:3.\n")
        let written = repo.commit("ADR and a blank line", date: "2026-01-03T10:00:00Z")
        // At the ADR's own commit line 3 is blank: wrong when written, every time (issue 32), even
        // though the commit before had the comment there; the message names the base.
        let drift = try #require(try audit(repo).drift("Src/A.cs:3"))
        #expect(drift.baseReason == "blame" && drift.base == written && drift.base != older)
        #expect(drift.status == .invalid)
        #expect(drift.note == "cites only blank, brace or comment lines at its base \(written.prefix(7))")
    }

    @Test(arguments: LineEnds.allCases) func linesMovedToANewFileInOneCommitAreMovedThere(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        let block = """
                app.UseRouting();
                app.UseAuthentication();
                app.UseAuthorization();
                app.MapControllers();

            """
        repo.write("Src/Program.cs", numbered("// top", 1...10) + block + "    return app;\n")
        repo.write("Docs/adr.md", "The pipeline is at `Src/Program.cs:11-14` and the routing at :11.\n")
        repo.commit("Start")
        repo.write("Src/Program.cs", numbered("// top", 1...10) + "    app.UsePipeline();\n    return app;\n")
        repo.write("Src/PipelineBuilder.cs", "static class PipelineBuilder\n{\n" + block + "}\n")
        let mover = repo.commit("Extract a pipeline builder (#21)")
        let result = try audit(repo)
        let drift = try #require(result.drift("Src/Program.cs:11-14"))
        #expect(drift.status == .moved && drift.newPath == "Src/PipelineBuilder.cs")
        #expect(drift.newStart == 3 && drift.newEnd == 6)
        #expect(drift.commits.last?.id == mover && drift.commits.last?.movedTo == "Src/PipelineBuilder.cs")
        let planned = try repin(repo)
        #expect(
            repo.readText("Docs/adr.md").hasPrefix(
                "The pipeline is at `Src/PipelineBuilder.cs:3-6` and the routing at :11."))
        #expect(planned[0].needsPerson.map(\.anchor.text) == [":11"])
    }

    @Test(arguments: LineEnds.allCases) func aPathInBothRepositoriesPrefersTheCodeRepositoryAndSaysSo(_ ends: LineEnds)
        throws
    {
        let docs = AnchorRepo(ends, "docs"), code = AnchorRepo(ends, "code")
        code.write(".github/workflows/ci.yml", numbered("# code ci", 1...20))
        code.commit("Start", date: "2026-01-01T10:00:00Z")
        docs.write(".github/workflows/ci.yml", numbered("# docs ci", 1...20))
        docs.write("Docs/adr.md", "CI runs at ci.yml:5, the full path .github/workflows/ci.yml:6.\n")
        docs.commit("ADR", date: "2026-01-02T10:00:00Z")
        let withCode = try audit(docs, code: code.root)
        #expect(withCode.drift("ci.yml:5")?.status == .ok)
        #expect(withCode.drift(".github/workflows/ci.yml:6")?.note?.contains("documents' repository") == true)
        let mapped = try audit(docs, repos: [("Code", code.root)])
        let bare = try #require(mapped.drift("ci.yml:5"))
        #expect(bare.status == .unresolved && bare.candidates.count == 2)
    }

    @Test(arguments: LineEnds.allCases) func plainAnchorsInAnEarlierRevisionAreCheckedAndRepinned(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write(
            "Docs/adr.md",
            "Status\n\nAccepted (2026-07-15).\n\nAt Src/A.cs:5.\n\nRevision (2026-08-01)\n\n1. Moved Src/A.cs:7.\n")
        repo.commit("Start")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        repo.commit("Shift (#3)")
        let result = try audit(repo)
        #expect(result.drift("Src/A.cs:7")?.status == .moved)
        #expect(result.drift("Src/A.cs:7")?.anchor.revision == "2026-08-01")
        try repin(repo, note: RevisionNote(date: "2026-08-14"))
        let text = repo.readText("Docs/adr.md")
        #expect(text.contains("Accepted (2026-07-15). Revised 2026-08-14 (2 anchors re-pinned against `"))
        #expect(text.contains("1. Moved Src/A.cs:8.\n"))
        #expect(text.contains("Checked against `"))
    }

    @Test(arguments: LineEnds.allCases) func lineZeroAndABackwardRangeAreInvalidWithTheirReason(_ ends: LineEnds) throws
    {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "Zero Src/A.cs:0 and backwards Src/A.cs:5-3.\n")
        repo.commit("Start")
        let result = try audit(repo)
        #expect(result.drift("Src/A.cs:0")?.status == .invalid)
        #expect(result.drift("Src/A.cs:0")?.note == "line 0 does not exist: lines start at 1")
        #expect(result.drift("Src/A.cs:5-3")?.note == "the range ends (3) before it starts (5)")
    }

    @Test(arguments: LineEnds.allCases) func aWeakChangedMatchIsNeverRepinned(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write(
            "Src/A.cs",
            numbered("a", 1...10) + "var total = Sum(values, weight, bias, scale);\n" + numbered("b", 1...10))
        repo.write("Docs/adr.md", "The sum at Src/A.cs:11.\n")
        repo.commit("Start")
        repo.write(
            "Src/A.cs",
            numbered("a", 1...10) + "var total = Sum(values, other, thing, more, stuff);\n" + numbered("b", 1...10))
        repo.commit("Rewrite")
        let drift = try #require(try audit(repo).drift("Src/A.cs:11"))
        if drift.status == .changed, let confidence = drift.confidence, confidence < minimumRepinConfidence {
            let planned = try repin(repo, acceptChanged: true)
            #expect(planned[0].rewritten.isEmpty && planned[0].needsPerson.count == 1)
        } else {
            #expect(drift.status == .lost || (drift.confidence ?? 0) >= minimumRepinConfidence)
        }
    }

    @Test func anUnreadableHistoryOrFileListFailsNamingTheRepository() throws {
        let repo = GitFixture()
        repo.write("Src/Deep/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "At Src/Deep/A.cs:5.\n")
        let first = repo.commit("Start")
        repo.write("Src/Other.cs", "x\n")
        repo.commit("Second")
        // A parent commit that cannot be read: the history is unreadable.
        let object = repo.root + "/.git/objects/" + first.prefix(2) + "/" + first.dropFirst(2)
        try FileManager.default.removeItem(atPath: object)
        let history = #expect(throws: Failure.self) { try audit(AnchorRepo(wrapping: repo)) }
        #expect(history?.category == .couldNotCheck && history?.message.contains(repo.root) == true)
        #expect(history?.message.contains("history") == true)

        let files = GitFixture()
        files.write("Src/Deep/A.cs", numbered("a", 1...30))
        files.write("Docs/adr.md", "At Src/Deep/A.cs:5.\n")
        files.commit("Start")
        let tree = files.git("rev-parse", "HEAD:Src/Deep").trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(
            atPath: files.root + "/.git/objects/" + tree.prefix(2) + "/" + tree.dropFirst(2))
        let listing = #expect(throws: Failure.self) { try audit(AnchorRepo(wrapping: files)) }
        #expect(listing?.category == .couldNotCheck && listing?.message.contains(files.root) == true)
        #expect(listing?.message.contains("files") == true)
    }

    @Test func anchorsCodeInTheConfigIsTheCodeRepository() throws {
        let docs = GitFixture("docs"), code = GitFixture("code")
        code.write("Src/A.cs", numbered("a", 1...10))
        code.commit("Start")
        docs.write("Docs/adr.md", "At Src/A.cs:3.\n")
        docs.write(".relops.yml", "anchors:\n  docs: [\"Docs/*.md\"]\n  code: \(code.root)\n")
        docs.commit("ADR")
        let options = try AnchorAuditOptions.resolve(
            documents: [], code: nil, repos: [], target: nil, workingDirectory: docs.root,
            command: "audit")
        #expect(options.codePath == code.root && options.documents == [docs.root + "/Docs/adr.md"])
        let result = try AnchorAudit(options: options, lock: AnchorLock()).run()
        #expect(result.drift("Src/A.cs:3")?.status == .ok)
    }
}
