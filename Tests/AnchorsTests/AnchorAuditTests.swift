import Anchors
import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

/// Numbered lines `prefix N` for `range`, one per line.
func numbered(_ prefix: String, _ range: ClosedRange<Int>) -> String {
    range.map { "\(prefix) \($0);\n" }.joined()
}

func audit(
    _ repo: AnchorRepo, _ docs: [String] = ["Docs/adr.md"], code: String? = nil,
    repos: [(prefix: String, path: String)] = [], to: String? = nil
) throws -> AnchorAuditResult {
    let repository = try Repository(at: repo.root)
    let options = AnchorAuditOptions(
        documents: docs.map { repo.root + "/" + $0 }, codePath: code, repos: repos, target: to)
    return try AnchorAudit(
        root: repo.root, repository: repository, options: options,
        lock: try AnchorLock.load(root: repo.root)
    ).run()
}

extension AnchorAuditResult {
    func drift(_ text: String) -> AnchorDrift? { drifts.first { $0.anchor.text == text } }
}

@Suite struct AnchorAuditTests {
    @Test(arguments: LineEnds.allCases) func linesInsertedAboveMoveTheAnchorAndNameTheCommit(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Program.cs", numbered("line", 1...30))
        repo.write("Docs/adr.md", "# ADR\n\nThe call is at `Src/Program.cs:20`.\n")
        repo.commit("Start", date: "2026-01-01T10:00:00Z")
        repo.write("Src/Program.cs", "using A;\nusing B;\nusing C;\n" + numbered("line", 1...30))
        let mover = repo.commit("Add usings (#155)", date: "2026-01-02T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/Program.cs:20"))
        #expect(drift.status == .moved)
        #expect(drift.newStart == 23 && drift.newEnd == 23)
        #expect(drift.commits.map(\.id) == [mover])
        #expect(drift.commits.first?.pr == 155)
        #expect(drift.commits.first?.shift == 3)
    }

    @Test(arguments: LineEnds.allCases) func anUntouchedAnchorIsOkAndAnEditInsideARangeIsChanged(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        let body = """
            public void Configure()
            {
                var options = new AppAssociationOptions();
                options.AndroidPackageName = "com.example.app";
                options.AndroidCertFingerprints = fingerprints;
                app.MapAppAssociationEndpoints(options);
            }

            """
        repo.write("Src/Startup.cs", numbered("// header", 1...10) + body + numbered("// tail", 1...10))
        repo.write("Docs/adr.md", "The block `Src/Startup.cs:13-16` and the header `Src/Startup.cs:2`.\n")
        repo.commit("Start")
        repo.write(
            "Src/Startup.cs",
            numbered("// header", 1...10)
                + body.replacingOccurrences(of: "\"com.example.app\"", with: "packageId") + numbered("// tail", 1...10))
        let editor = repo.commit("Read the package id from config (#42)")
        let result = try audit(repo)
        #expect(result.drift("Src/Startup.cs:2")?.status == .ok)
        let changed = try #require(result.drift("Src/Startup.cs:13-16"))
        #expect(changed.status == .changed)
        #expect(changed.newStart == 13 && changed.newEnd == 16)
        #expect((changed.confidence ?? 0) > 0.5 && (changed.confidence ?? 1) < 1)
        #expect(changed.commits.map(\.id) == [editor] && changed.commits[0].shift == nil)
    }

    @Test(arguments: LineEnds.allCases) func identifiersInBackticksPickBetweenEquallyLikelyEdits(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        let original = "    Register(endpoints, options, cancellation);\n"
        repo.write("Src/A.cs", numbered("x", 1...5) + original + numbered("y", 1...5))
        repo.write("Docs/adr.md", "The `MapAppAssociation` call at Src/A.cs:6.\n")
        repo.commit("Start")
        // Two edited copies, equally similar to the old line; only the second names the hint.
        repo.write(
            "Src/A.cs",
            "    Register(endpoints, options, token);\n" + numbered("x", 1...4) + "// moved\n// away\n"
                + numbered("y", 1...5) + "    Register(endpoints, options, MapAppAssociation);\n")
        repo.commit("Edit")
        let drift = try #require(try audit(repo).drift("Src/A.cs:6"))
        #expect(drift.status == .changed)
        #expect(drift.newStart == 13)
    }

    @Test(arguments: LineEnds.allCases) func aDeletedBlockIsLost(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write(
            "Src/A.cs",
            numbered("keep", 1...5) + "void Legacy() { Frobnicate(widget, 42); }\n" + numbered("more", 1...5))
        repo.write("Docs/adr.md", "Legacy lives at Src/A.cs:6.\n")
        repo.commit("Start")
        repo.write("Src/A.cs", numbered("keep", 1...5) + numbered("more", 1...5))
        let remover = repo.commit("Remove Legacy (#9)")
        let drift = try #require(try audit(repo).drift("Src/A.cs:6"))
        #expect(drift.status == .lost)
        #expect(drift.commits.map(\.id) == [remover])
    }

    @Test(arguments: LineEnds.allCases) func aRenamedFileIsFollowed(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Old/Endpoints.cs", numbered("endpoint code", 1...40))
        repo.write("Docs/adr.md", "Mapped at `Src/Old/Endpoints.cs:12`.\n")
        repo.commit("Start")
        repo.write("Src/New/AppEndpoints.cs", numbered("endpoint code", 1...40))
        repo.git("rm", "-q", "Src/Old/Endpoints.cs")
        let renamer = repo.commit("Move endpoints (#77)")
        let drift = try #require(try audit(repo).drift("Src/Old/Endpoints.cs:12"))
        #expect(drift.status == .renamed)
        #expect(drift.newPath == "Src/New/AppEndpoints.cs" && drift.newStart == 12)
        #expect(drift.commits.map(\.id) == [renamer])
        #expect(drift.commits.first?.renamedTo == "Src/New/AppEndpoints.cs")
    }

    @Test(arguments: LineEnds.allCases) func theSameLineRepeatedElsewhereFollowsTheDiffNotTheFirstCopy(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        let block = "    await next();\n"
        repo.write(
            "Src/Pipeline.cs", numbered("a", 1...5) + block + numbered("b", 1...5) + block + numbered("c", 1...5))
        repo.write("Docs/adr.md", "The second call is at Src/Pipeline.cs:12.\n")
        repo.commit("Start")
        repo.write(
            "Src/Pipeline.cs",
            numbered("a", 1...5) + block + numbered("b", 1...5) + "// new\n// lines\n" + block
                + numbered("c", 1...5))
        repo.commit("Comment")
        let drift = try #require(try audit(repo).drift("Src/Pipeline.cs:12"))
        #expect(drift.status == .moved)
        #expect(drift.newStart == 14)
    }

    @Test(arguments: LineEnds.allCases) func suffixPathsResolveToTheFullerPathOrTheUniqueTrackedFile(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends)
        repo.write("App/Platforms/Android/MainActivity.cs", numbered("android", 1...50))
        repo.write("App/Platforms/iOS/AppDelegate.cs", numbered("ios", 1...50))
        repo.write(
            "Docs/adr.md",
            """
            The filter is at App/Platforms/Android/MainActivity.cs:26-31.

            Later the constant at Platforms/Android/MainActivity.cs:39, and the delegate at AppDelegate.cs:10.

            """)
        repo.commit("Start")
        let result = try audit(repo)
        let fuller = try #require(result.drift("Platforms/Android/MainActivity.cs:39"))
        #expect(fuller.path == "App/Platforms/Android/MainActivity.cs" && fuller.status == .ok)
        let unique = try #require(result.drift("AppDelegate.cs:10"))
        #expect(unique.path == "App/Platforms/iOS/AppDelegate.cs" && unique.status == .ok)
    }

    @Test(arguments: LineEnds.allCases) func anAmbiguousSuffixIsUnresolvedWithItsCandidates(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Api/Program.cs", numbered("api", 1...20))
        repo.write("Web/Program.cs", numbered("web", 1...20))
        repo.write("Docs/adr.md", "Startup at Program.cs:5.\n")
        repo.commit("Start")
        let drift = try #require(try audit(repo).drift("Program.cs:5"))
        #expect(drift.status == .unresolved)
        #expect(drift.candidates == ["Api/Program.cs", "Web/Program.cs"])
    }

    @Test(arguments: LineEnds.allCases) func continuationsResolveAcrossParagraphsAndOneOutsideItsFileIsInvalidWithFits(
        _ ends: LineEnds
    ) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/Short.cs", numbered("short", 1...10))
        repo.write("Src/Long.cs", numbered("long", 1...100))
        repo.write(
            "Docs/adr.md",
            """
            ## Decision

            The long file Src/Long.cs:50 (and :60-62).

            The short one Src/Short.cs:3.

            A later paragraph cites :8 and then :80.

            """)
        repo.commit("Start")
        repo.write("Src/Long.cs", "// inserted\n" + numbered("long", 1...100))
        repo.commit("Insert")
        let result = try audit(repo)
        #expect(result.drift(":60-62")?.status == .moved)
        #expect(result.drift(":60-62")?.newStart == 61)
        #expect(result.drift(":8")?.path == "Src/Short.cs" && result.drift(":8")?.status == .ok)
        let invalid = try #require(result.drift(":80"))
        #expect(invalid.status == .invalid)
        #expect(invalid.candidates == ["Src/Long.cs"])
    }

    @Test(arguments: LineEnds.allCases) func anAnchorWrongWhenWrittenIsInvalid(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", "class A\n{\n    int x;\n}\n")
        repo.write("Docs/adr.md", "Past the end Src/A.cs:9, only a brace Src/A.cs:2, fine Src/A.cs:3.\n")
        repo.commit("Start")
        let result = try audit(repo)
        #expect(result.drift("Src/A.cs:9")?.status == .invalid)
        #expect(result.drift("Src/A.cs:2")?.status == .invalid)
        #expect(result.drift("Src/A.cs:3")?.status == .ok)
    }

    @Test(arguments: LineEnds.allCases) func historicalFormsAreLeftAlone(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "Now at Src/A.cs:12 (from `:10`), previously cited `Src/A.cs:4`.\n")
        repo.commit("Start")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        repo.commit("Shift")
        let result = try audit(repo)
        #expect(result.drift(":10")?.status == .historical)
        #expect(result.drift("Src/A.cs:4")?.status == .historical)
        #expect(result.drift("Src/A.cs:12")?.status == .moved)
    }

    @Test(arguments: LineEnds.allCases) func anUncommittedLineHasHeadAsItsBase(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "Nothing yet.\n")
        repo.commit("Start")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        let head = repo.commit("Shift")
        repo.write("Docs/adr.md", "Nothing yet.\nNew anchor Src/A.cs:5.\n")
        let drift = try #require(try audit(repo).drift("Src/A.cs:5"))
        #expect(drift.base == head && drift.status == .ok)
    }

    @Test(arguments: LineEnds.allCases) func aPrefixedAnchorIntoASecondRepositoryTakesItsBaseByDate(_ ends: LineEnds)
        throws
    {
        let docs = AnchorRepo(ends, "docs"), code = AnchorRepo(ends, "code")
        code.write("Src/Program.cs", numbered("code", 1...40))
        code.commit("Start", date: "2026-01-01T10:00:00Z")
        code.write("Src/Program.cs", "// one\n" + numbered("code", 1...40))
        let before = code.commit("Insert one (#10)", date: "2026-01-05T10:00:00Z")
        docs.write("Docs/adr.md", "Registered at MMCA.ADC/Src/Program.cs:21.\n")
        docs.commit("Write the ADR", date: "2026-01-06T10:00:00Z")
        code.write("Src/Program.cs", "// one\n// two\n// three\n" + numbered("code", 1...40))
        let after = code.commit("Insert two (#11)", date: "2026-01-09T10:00:00Z")
        let drift = try #require(try audit(docs, repos: [("MMCA.ADC", code.root)]).drift("MMCA.ADC/Src/Program.cs:21"))
        #expect(drift.repo == "MMCA.ADC" && drift.path == "Src/Program.cs")
        #expect(drift.base == before)
        #expect(drift.status == .moved && drift.newStart == 23)
        #expect(drift.commits.map(\.id) == [after] && drift.commits[0].pr == 11)
    }

    @Test(arguments: LineEnds.allCases) func theLockGivesTheBaseBeforeBlame(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "At Src/A.cs:5.\n")
        repo.commit("Start")
        repo.write("Src/A.cs", "x\ny\n" + numbered("a", 1...30))
        let second = repo.commit("Shift")
        #expect(try audit(repo).drift("Src/A.cs:5")?.status == .moved)
        try AnchorLock(entries: [.init(doc: "Docs/adr.md", repo: "", path: "Src/A.cs", start: 5, end: 5, base: second)])
            .write(root: repo.root)
        let locked = try #require(try audit(repo).drift("Src/A.cs:5"))
        #expect(locked.base == second && locked.status == .ok)
    }

    @Test(arguments: LineEnds.allCases) func toMapsToAnOlderRevision(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends)
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "At Src/A.cs:5.\n")
        let first = repo.commit("Start")
        repo.write("Src/A.cs", "x\n" + numbered("a", 1...30))
        repo.commit("Shift")
        #expect(try audit(repo, to: first).drift("Src/A.cs:5")?.status == .ok)
    }
}
