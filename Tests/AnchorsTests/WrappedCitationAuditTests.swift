import Anchors
import Foundation
import TestSupport
import Testing

/// A module's `DependencyInjection.cs`: `JwtSettings` bound at 60-63, `OutboxSettings` at 74-77,
/// the host registration at 121-125.
func dependencyInjection() -> String {
    (1...140).map { n -> String in
        switch n {
        case 60...63: return "        services.Configure<JwtSettings>(section\(n));\n"
        case 74...77: return "        services.Configure<OutboxSettings>(section\(n));\n"
        case 121...125: return "        services.AddHostedService<OutboxHost\(n)>();\n"
        default: return "        services.AddModule\(n)();\n"
        }
    }.joined()
}

/// The wrapped and prose citation forms, audited on real repositories.
@Suite struct WrappedCitationAuditTests {
    /// `relops anchors audit` finds "lines 121-125" after the path in its sentence, follows it
    /// through a commit that moves it, and `repin` rewrites the numbers in the prose.
    @Test func proseLinesAreAuditedAndRepinnedEndToEnd() throws {
        let repo = AnchorRepo(.lf, "prose-lines")
        repo.write("Source/Shared/Infrastructure/DependencyInjection.cs", dependencyInjection())
        repo.write(".relops.yml", "anchors:\n  docs: [\"Docs/adr/*.md\"]\n")
        repo.write(
            "Docs/adr/0007-outbox.md",
            """
            # ADR

            The outbox host runs in every process (the registration in
            `Source/.../DependencyInjection.cs`, lines 121-125). Lines 3-5 of the poem are not code.

            """)
        repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write(
            "Source/Shared/Infrastructure/DependencyInjection.cs",
            "using A;\nusing B;\nusing C;\n" + dependencyInjection())
        repo.commit("Usings (#31)", date: "2026-01-03T10:00:00Z")

        let json = relops(["anchors", "audit", "--format", "json"], in: repo.root)
        #expect(json.status == 1, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let anchors = try #require(object["anchors"] as? [[String: Any]])
        #expect(anchors.count == 1)
        let anchor = try #require(anchors.first)
        #expect(anchor["text"] as? String == "Source/.../DependencyInjection.cs:121-125")
        #expect(anchor["path"] as? String == "Source/Shared/Infrastructure/DependencyInjection.cs")
        #expect(anchor["status"] as? String == "moved")
        #expect(anchor["new_start"] as? Int == 124 && anchor["new_end"] as? Int == 128)
        #expect(anchor["doc_line"] as? Int == 4)

        let repin = relops(["anchors", "repin", "Docs/adr/0007-outbox.md"], in: repo.root)
        #expect(repin.status == 0, "\(repin.stderr)")
        #expect(
            repo.readText("Docs/adr/0007-outbox.md").contains(
                "`Source/.../DependencyInjection.cs`, lines 124-128). Lines 3-5 of the poem"))
        #expect(relops(["anchors", "audit"], in: repo.root).status == 0)
    }

    /// "lines 3 to 5", two ranges of one file and a list wrapped onto the next line are audited,
    /// and `repin` writes each back in the author's form: only the numbers change.
    @Test(arguments: LineEnds.allCases) func proseRangesAndListsAreRepinnedInTheAuthorsForm(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends, "prose-ranges")
        repo.write("Source/Shared/Infrastructure/DependencyInjection.cs", dependencyInjection())
        repo.write(".relops.yml", "anchors:\n  docs: [\"Docs/adr/*.md\"]\n")
        let adr = """
            # ADR-012: Outbox

            ## Decision

            The outbox host runs in every process (the registration in
            `Source/.../DependencyInjection.cs`, lines 121-125). `JwtSettings` and `OutboxSettings`
            are bound in the same `DependencyInjection.cs` at lines 60-63 and
            74-77, and the health probe at lines 130 to 134.

            """
        repo.write("Docs/adr/0012-outbox.md", adr)
        repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write(
            "Source/Shared/Infrastructure/DependencyInjection.cs",
            "using A;\nusing B;\nusing C;\n" + dependencyInjection())
        repo.commit("Usings (#31)", date: "2026-01-03T10:00:00Z")

        let result = try audit(repo, ["Docs/adr/0012-outbox.md"])
        #expect(
            result.drifts.map(\.anchor.text) == [
                "Source/.../DependencyInjection.cs:121-125", "DependencyInjection.cs:60-63",
                "DependencyInjection.cs:74-77", "DependencyInjection.cs:130-134",
            ])
        #expect(result.drifts.allSatisfy { $0.status == .moved && $0.newStart == $0.anchor.start + 3 })

        let repin = relops(["anchors", "repin", "Docs/adr/0012-outbox.md"], in: repo.root)
        #expect(repin.status == 0, "\(repin.stderr)")
        let expected =
            adr
            .replacingOccurrences(of: "lines 121-125", with: "lines 124-128")
            .replacingOccurrences(of: "lines 60-63 and\n74-77", with: "lines 63-66 and\n77-80")
            .replacingOccurrences(of: "lines 130 to 134", with: "lines 133 to 137")
        #expect(repo.readText("Docs/adr/0012-outbox.md") == expected)
        #expect(relops(["anchors", "audit"], in: repo.root).status == 0)
    }

    /// A bare `DependencyInjection.cs` that fits one file per module, named once in a wrapped
    /// paragraph: its `:N-M` on the following lines cite it (not the file an earlier paragraph
    /// names), and the settings classes they name decide the module.
    @Test(arguments: LineEnds.allCases) func aBareNameSeveralFilesFitBindsItsParagraphsRanges(_ ends: LineEnds)
        throws
    {
        let repo = AnchorRepo(ends, "wrapped-bare")
        repo.write("Source/Modules/Conference/DependencyInjection.cs", dependencyInjection())
        repo.write("Source/Modules/Identity/DependencyInjection.cs", numbered("        services.AddIdentity", 1...140))
        repo.write("Source/Api/appsettings.json", "{\n  \"Jwt\": {}\n}\n")
        repo.write(
            "Docs/adr.md",
            """
            # ADR

            The options are read from `Source/Api/appsettings.json:2`.

            `DependencyInjection.cs` binds the settings classes one block each:
            `JwtSettings` `:60-63`,
            `OutboxSettings` `:74-77`.

            """)
        repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write("Source/Modules/Conference/DependencyInjection.cs", "using A;\n" + dependencyInjection())
        repo.commit("Using (#32)", date: "2026-01-03T10:00:00Z")
        let result = try audit(repo)
        for (text, moved) in [(":60-63", 61), (":74-77", 75)] {
            let drift = try #require(result.drift(text))
            #expect(drift.path == "Source/Modules/Conference/DependencyInjection.cs", "\(text): \(drift.note ?? "")")
            #expect(drift.status == .moved && drift.newStart == moved && drift.decidedBy == "identifiers", "\(text)")
        }
    }
}
