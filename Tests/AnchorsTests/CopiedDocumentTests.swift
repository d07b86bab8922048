import Anchors
import Testing

@Suite struct CopiedDocumentTests {
    /// ADRs written beside the code, then copied whole into a documentation repository: blame of
    /// the copy stops at the commit that added it, after the code moved; the copy it was made from
    /// knows when the line was written.
    @Test(arguments: LineEnds.allCases) func aDocumentCopiedInWholeTakesItsBaseFromTheCopyItWasMadeFrom(
        _ ends: LineEnds
    ) throws {
        let docs = AnchorRepo(ends, "docs"), code = AnchorRepo(ends, "code")
        let adr = "# ADR-007\n\nRegistered at MMCA.Common/Src/Program.cs:21.\n"
        code.write("Src/Program.cs", numbered("code", 1...40))
        code.write("ADRs/007-startup.md", adr)
        let written = code.commit("Write ADR-007", date: "2026-01-01T10:00:00Z")
        code.write("Src/Program.cs", "// one\n// two\n" + numbered("code", 1...40))
        let shift = code.commit("Insert two (#10)", date: "2026-01-05T10:00:00Z")
        docs.write("docs/adr/007-startup.md", adr)
        docs.commit("Move the ADRs to the site", date: "2026-01-06T10:00:00Z")
        docs.write("docs/adr/007-startup.md", adr + "\nLater: MMCA.Common/Src/Program.cs:33.\n")
        let later = docs.commit("A later line", date: "2026-01-07T10:00:00Z")
        let result = try audit(docs, ["docs/adr/007-startup.md"], repos: [("MMCA.Common", code.root)])
        let copied = try #require(result.drift("MMCA.Common/Src/Program.cs:21"))
        #expect(copied.base == written && copied.baseReason == "copied")
        #expect(copied.status == .moved && copied.newStart == 23)
        #expect(copied.commits.map(\.id) == [shift])
        // A line written after the copy was committed keeps blame's base.
        let edited = try #require(result.drift("MMCA.Common/Src/Program.cs:33"))
        #expect(edited.baseReason == "blame" && edited.base == shift && edited.status == .ok)
        _ = later
    }

    /// A document added whole that no repository the audit reads holds under its name was written
    /// where it stands: blame's commit is its base.
    @Test func aDocumentNoOtherRepositoryHoldsKeepsBlamesBase() throws {
        let docs = AnchorRepo(.lf, "docs"), code = AnchorRepo(.lf, "code")
        code.write("Src/Program.cs", numbered("code", 1...40))
        code.write("ADRs/006-other.md", "# ADR-006\n\nRegistered at MMCA.Common/Src/Program.cs:21.\n")
        code.commit("Write ADR-006", date: "2026-01-01T10:00:00Z")
        code.write("Src/Program.cs", "// one\n// two\n" + numbered("code", 1...40))
        let shift = code.commit("Insert two (#10)", date: "2026-01-05T10:00:00Z")
        docs.write("docs/adr/007-startup.md", "# ADR-007\n\nRegistered at MMCA.Common/Src/Program.cs:21.\n")
        docs.commit("Write ADR-007", date: "2026-01-06T10:00:00Z")
        let result = try audit(docs, ["docs/adr/007-startup.md"], repos: [("MMCA.Common", code.root)])
        let drift = try #require(result.drift("MMCA.Common/Src/Program.cs:21"))
        #expect(drift.baseReason == "blame" && drift.base == shift && drift.status == .ok)
    }
}
