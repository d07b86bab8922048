import Anchors
import Foundation
import Testing

/// A bare name that three files fit, where no rule singles one out alone but the rules together
/// do: the sentence's identifier is in two candidates and the page cites two of their folders.
@Suite struct CombinedEvidenceTests {
    /// `Extensions.cs` in the outbox, inbox and telemetry folders, 200 lines each. The outbox and
    /// telemetry ones register a meter at line 173 (`AddMeter`); the inbox one does not hold it.
    /// The outbox and inbox folders each hold a processor the ADR may cite in full.
    func threeExtensions(_ ends: LineEnds) -> AnchorRepo {
        let repo = AnchorRepo(ends, "combined-evidence")
        for folder in ["Outbox", "Inbox", "Telemetry"] {
            var lines = (1...200).map { "        services.Add\(folder)Step\($0)();" }
            if folder != "Inbox" { lines[172] = "        metrics.AddMeter(\"Relops.\(folder)\");" }
            repo.write("Source/Messaging/\(folder)/Extensions.cs", lines.joined(separator: "\n") + "\n")
        }
        for folder in ["Outbox", "Inbox"] {
            repo.write("Source/Messaging/\(folder)/\(folder)Processor.cs", numbered("        \(folder)Work", 1...20))
        }
        return repo
    }

    /// 16 lines above the outbox meter deleted: `:173` now stands at `:157`.
    func deleteAboveTheOutboxMeter(_ repo: AnchorRepo) {
        var lines = (1...200).map { "        services.AddOutboxStep\($0)();" }
        lines[172] = "        metrics.AddMeter(\"Relops.Outbox\");"
        lines.removeSubrange(99..<115)
        repo.write("Source/Messaging/Outbox/Extensions.cs", lines.joined(separator: "\n") + "\n")
        repo.commit("Trim the outbox registrations (#40)", date: "2026-02-03T10:00:00Z")
    }

    @Test(arguments: LineEnds.allCases) func anIdentifierAndTheCitedFoldersTogetherDecide(_ ends: LineEnds) throws {
        let repo = threeExtensions(ends)
        repo.write(
            "Docs/adr.md",
            """
            # ADR-003: Outbox dual dispatch

            The processors (`Source/Messaging/Outbox/OutboxProcessor.cs:4`,
            `Source/Messaging/Inbox/InboxProcessor.cs:4`) drain the tables.

            The outbox meter is registered with `AddMeter` at `Extensions.cs:173`.

            """)
        repo.commit("ADR", date: "2026-02-02T10:00:00Z")
        deleteAboveTheOutboxMeter(repo)
        let drift = try #require(try audit(repo).drift("Extensions.cs:173"))
        #expect(drift.path == "Source/Messaging/Outbox/Extensions.cs", "\(drift.note ?? "")")
        #expect(drift.decidedBy == "identifiers+cited-folder")
        #expect(drift.status == .moved && drift.newStart == 157)
        #expect(
            drift.note
                == "`Extensions.cs` matches 3 files; the only one holding `AddMeter` at the base and under a folder"
                + " the document's other citations name")
    }

    @Test(arguments: LineEnds.allCases) func whatTheRulesTogetherLeaveUndecidedStaysAmbiguous(_ ends: LineEnds) throws {
        let repo = threeExtensions(ends)
        repo.write(
            "Docs/adr.md",
            """
            # ADR-003: Outbox dual dispatch

            The outbox meter is registered with `AddMeter` at `Extensions.cs:173`.

            """)
        repo.commit("ADR", date: "2026-02-02T10:00:00Z")
        deleteAboveTheOutboxMeter(repo)
        let drift = try #require(try audit(repo).drift("Extensions.cs:173"))
        #expect(drift.status == .unresolved && drift.decidedBy == nil)
        #expect(
            drift.candidates == [
                "Source/Messaging/Inbox/Extensions.cs", "Source/Messaging/Outbox/Extensions.cs",
                "Source/Messaging/Telemetry/Extensions.cs",
            ])
    }
}
