import Foundation
import Testing

@testable import Anchors

@Suite struct RangeLengthTests {
    /// A `changed` range whose new position has another length: re-pinned with `--accept-changed`
    /// only when the diff rewrote it in place (and the explanation says how the length changed).
    @Test func aRangeChangesLengthOnlyWhenTheDiffSaysWhy() throws {
        let bytes = Array("The block `Src/C.cs:5-8` computes it.\n".utf8)
        let anchor = try #require(AnchorFinder.scan(bytes).anchors.first)
        func plan(_ verdict: AnchorVerdict) throws -> RepinnedDocument {
            var drift = AnchorDrift(doc: "Docs/adr.md", anchor: anchor)
            (drift.path, drift.base, drift.verdict) = ("Src/C.cs", String(repeating: "a", count: 40), verdict)
            let document = AnchorAuditResult.Document(
                path: "Docs/adr.md", absolutePath: "/nonexistent/Docs/adr.md", bytes: bytes,
                scan: AnchorFinder.scan(bytes), drifts: [drift])
            let result = AnchorAuditResult(documents: [document], target: "", targets: ["": ""])
            return try #require(try AnchorRepin.plan(result, acceptChanged: true, note: nil) { $1 }.first)
        }
        let longer = AnchorPosition(path: "Src/C.cs", start: 5, end: 10)
        let byContent = try plan(.changed(longer, confidence: 0.9, editedInPlace: false, commits: []))
        #expect(byContent.rewritten.isEmpty && byContent.needsPerson.count == 1 && !byContent.isChanged)
        let inPlace = try plan(.changed(longer, confidence: 0.9, editedInPlace: true, commits: []))
        #expect(inPlace.rewritten.count == 1)
        #expect(String(decoding: inPlace.bytes, as: UTF8.self) == "The block `Src/C.cs:5-10` computes it.\n")
        #expect(inPlace.rewritten[0].explanation.contains("4 lines became 6"))
        let sameLength = try plan(
            .changed(
                AnchorPosition(path: "Src/C.cs", start: 7, end: 10), confidence: 0.9, editedInPlace: false, commits: [])
        )
        #expect(sameLength.rewritten.count == 1)
    }
}
