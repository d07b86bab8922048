import Anchors
import Foundation
import Testing

/// Bare names that several files fit (`handler.go:40`) are decided from context, and the JSON
/// says by what; without evidence they stay ambiguous with their candidates.
@Suite struct BareNameTests {
    /// `modules/iam/handler.go` and `modules/billing/handler.go`, 40 lines each; the iam one holds
    /// `ValidateToken` at line 30 and `AndroidCertFingerprints` at line 20, the billing one holds
    /// `AndroidCertFingerprints` at line 35.
    func twoHandlers(_ ends: LineEnds) -> AnchorRepo {
        let repo = AnchorRepo(ends)
        var iam = (1...40).map { "\tiam\($0) := step(\($0))" }
        iam[19] = "\tfingerprints := cfg.AndroidCertFingerprints"
        iam[29] = "\tok := ValidateToken(token)"
        var billing = (1...40).map { "\tbilling\($0) := step(\($0))" }
        billing[34] = "\tkeys := cfg.AndroidCertFingerprints"
        repo.write("modules/iam/handler.go", iam.joined(separator: "\n") + "\n")
        repo.write("modules/billing/handler.go", billing.joined(separator: "\n") + "\n")
        return repo
    }

    @Test(arguments: LineEnds.allCases) func aFullPathNamedEarlierInTheDocumentDecides(_ ends: LineEnds) throws {
        let repo = twoHandlers(ends)
        repo.write(
            "Docs/adr.md",
            "# ADR\n\n## Login\n\nThe login lives in modules/iam/handler.go.\n\n## Tokens\n\nIt checks at handler.go:12.\n"
        )
        repo.commit("ADR")
        let drift = try #require(try audit(repo).drift("handler.go:12"))
        #expect(drift.status == .ok && drift.path == "modules/iam/handler.go")
        #expect(drift.decidedBy == "earlier-path")
    }

    @Test(arguments: LineEnds.allCases) func theFolderTheDocumentDescribesDecides(_ ends: LineEnds) throws {
        let repo = twoHandlers(ends)
        repo.write("wiki/modules/iam/login.md", "# Login\n\nThe token is read at handler.go:12.\n")
        repo.commit("Wiki")
        let drift = try #require(try audit(repo, ["wiki/modules/iam/login.md"]).drift("handler.go:12"))
        #expect(drift.status == .ok && drift.path == "modules/iam/handler.go")
        #expect(drift.decidedBy == "document-folder")
    }

    @Test(arguments: LineEnds.allCases) func anIdentifierOnlyOneCandidateHoldsDecides(_ ends: LineEnds) throws {
        let repo = twoHandlers(ends)
        repo.write("Docs/adr.md", "# ADR\n\nThe `ValidateToken` call is prepared at handler.go:12.\n")
        repo.commit("ADR")
        let drift = try #require(try audit(repo).drift("handler.go:12"))
        #expect(drift.status == .ok && drift.path == "modules/iam/handler.go")
        #expect(drift.decidedBy == "identifiers")
        let json = try audit(repo).document.jsonText()
        #expect(json.contains("\"decided_by\":\"identifiers\"") || json.contains("\"decided_by\": \"identifiers\""))
    }

    @Test(arguments: LineEnds.allCases) func theCandidateWhoseCitedLinesHoldWhatTheSentenceNamesDecides(
        _ ends: LineEnds
    ) throws {
        let repo = twoHandlers(ends)
        // Both files hold AndroidCertFingerprints; only billing's line 35 does.
        repo.write("Docs/adr.md", "# ADR\n\nAndroidCertFingerprints is read at handler.go:35.\n")
        repo.commit("ADR")
        let drift = try #require(try audit(repo).drift("handler.go:35"))
        #expect(drift.status == .ok && drift.path == "modules/billing/handler.go")
        #expect(drift.decidedBy == "content")
    }

    @Test(arguments: LineEnds.allCases) func withoutEvidenceANameStaysAmbiguousWithItsCandidates(_ ends: LineEnds)
        throws
    {
        let repo = twoHandlers(ends)
        repo.write("Docs/adr.md", "# ADR\n\nThe handler starts at handler.go:12.\n")
        repo.commit("ADR")
        let drift = try #require(try audit(repo).drift("handler.go:12"))
        #expect(drift.status == .unresolved && drift.decidedBy == nil)
        #expect(drift.candidates == ["modules/billing/handler.go", "modules/iam/handler.go"])
    }

    @Test(arguments: LineEnds.allCases) func evidenceThatPointsApartDecidesNothing(_ ends: LineEnds) throws {
        let repo = twoHandlers(ends)
        // `Missing` is in no candidate: it neither helps nor blocks `ValidateToken`, only in iam.
        repo.write("Docs/adr.md", "# ADR\n\n`ValidateToken` and `Missing` sit at handler.go:3.\n")
        repo.commit("ADR")
        #expect(try audit(repo).drift("handler.go:3")?.decidedBy == "identifiers")
        // Two identifiers, each in a different candidate only: undecided.
        repo.write("modules/billing/handler.go", "\tcharge := Charge(card)\n" + numbered("\tb", 2...40))
        repo.write("Docs/adr.md", "# ADR\n\n`ValidateToken` and `Charge` sit at handler.go:3.\n")
        repo.commit("ADR 2")
        let split = try #require(try audit(repo).drift("handler.go:3"))
        #expect(split.status == .unresolved && split.candidates.count == 2)
    }
}
