import Anchors
import RelopsCore
import Testing

@Suite struct RevisionNoteTemplateTests {
    @Test func aTemplateNamingAnUnknownValueIsAnErrorNamingItsLine() {
        let note = RevisionNote(
            date: "2026-09-01", template: "## Revision ({{date}})\n\n{{item}}\n", path: "Templates/adr-revision.md")
        let error = #expect(throws: Failure.self) {
            try note.render(rewritten: [], needsPerson: [], label: { $1 })
        }
        #expect(error?.message.hasPrefix("Templates/adr-revision.md:3: unknown value {{item}}") == true)
    }

    @Test func theShippedTemplateFillsTheDate() throws {
        let text = try RevisionNote(date: "2026-09-01").render(rewritten: [], needsPerson: [], label: { $1 })
        #expect(text.hasPrefix("## Revision (2026-09-01)\n"))
    }
}
