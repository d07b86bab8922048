import Anchors
import Foundation
import TestSupport
import Testing

@Suite struct InvalidWhenWrittenTests {
    /// Each shape with nothing to cite at the ADR's own commit, where the commit before had code
    /// on those lines: invalid every time, naming the blamed base, never walked back.
    @Test(arguments: LineEnds.allCases) func nothingCitableAtTheBlamedBaseIsInvalidEveryTime(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends, "invalid-shapes")
        repo.write("Src/A.cs", numbered("int v", 1...20))
        repo.commit("Code", date: "2026-01-01T10:00:00Z")
        let file = """
            class A
            {

                // 
                /*
                 */
                /// <summary>
                int Value;
            }
            #

            """
        repo.write("Src/A.cs", file)
        repo.write(
            "Docs/adr.md",
            """
            The brace at `Src/A.cs:2`, the blank at `Src/A.cs:3`, the empty comment at `Src/A.cs:4`.
            The comment markers at `Src/A.cs:5-6` and the tag at `Src/A.cs:7`.
            The blank and brace range at `Src/A.cs:2-3`, the hash at `Src/A.cs:10`.
            Past the end at `Src/A.cs:15`, and the value at `Src/A.cs:8`.

            """)
        let written = repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        for _ in 0..<2 {
            let result = try audit(repo)
            for text in [
                "Src/A.cs:2", "Src/A.cs:3", "Src/A.cs:4", "Src/A.cs:5-6", "Src/A.cs:7", "Src/A.cs:2-3", "Src/A.cs:10",
            ] {
                let drift = try #require(result.drift(text))
                #expect(drift.status == .invalid, "\(text)")
                #expect(drift.base == written && drift.baseReason == "blame", "\(text)")
                #expect(
                    drift.note == "cites only blank, brace or comment lines at its base \(written.prefix(7))", "\(text)"
                )
            }
            let past = try #require(result.drift("Src/A.cs:15"))
            #expect(past.status == .invalid && past.base == written)
            #expect(past.note == "past the end of the file (10 lines at its base \(written.prefix(7)))")
            #expect(result.drift("Src/A.cs:8")?.status == .ok)
        }
    }

    /// A later commit that makes the lines citable is no new evidence: the anchor was wrong when written.
    @Test(arguments: LineEnds.allCases) func codeGrownSinceDoesNotRescueAnAnchorPastTheEnd(_ ends: LineEnds) throws {
        let repo = AnchorRepo(ends, "grown")
        repo.write("Src/B.cs", numbered("b", 1...5))
        repo.write("Docs/adr.md", "The call at `Src/B.cs:9`.\n")
        let written = repo.commit("ADR", date: "2026-01-02T10:00:00Z")
        repo.write("Src/B.cs", numbered("b", 1...12))
        repo.commit("Grow (#5)", date: "2026-01-03T10:00:00Z")
        let drift = try #require(try audit(repo).drift("Src/B.cs:9"))
        #expect(drift.status == .invalid && drift.base == written)
        #expect(drift.note?.contains("at its base \(written.prefix(7))") == true)
        let planned = try repin(repo)
        #expect(planned[0].rewritten.isEmpty && planned[0].needsPerson.map(\.anchor.text) == ["Src/B.cs:9"])
    }
}
