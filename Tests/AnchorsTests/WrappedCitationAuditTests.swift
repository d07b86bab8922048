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
