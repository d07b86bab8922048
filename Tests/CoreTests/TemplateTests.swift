import Foundation
import RelopsCore
import Testing

@Suite struct TemplateTests {
    @Test func valuesSectionsAndStandaloneTagLines() throws {
        let template = try Template(
            """
            # {{ title }}
            {{#items}}
            - {{name}}{{^flag}} (plain){{/flag}}
            {{/items}}

            """, path: "t.md")
        let out = try template.render([
            "title": .text("T"),
            "items": .list([["name": .text("a"), "flag": .text("yes")], ["name": .text("b"), "flag": .text("")]]),
        ])
        #expect(out == "# T\n- a\n- b (plain)\n")
    }

    @Test func anUnknownNameNamesTheTemplateTheLineAndTheKnownNames() throws {
        let template = try Template("first\nsecond {{dat}}\n", path: "Templates/adr-revision.md")
        let error = try #require(throws: Failure.self) {
            try template.render(texts: ["date": "2026-01-02", "items": ""])
        }
        #expect(error.category == .badInput)
        #expect(
            error.message
                == "Templates/adr-revision.md:2: unknown value {{dat}} (did you mean {{date}}?); known: date, items")
    }

    @Test func aTagWithoutItsClosingBracesIsAnError() {
        let error = #expect(throws: Failure.self) { try Template("a\nb {{name\n", path: "x") }
        #expect(error?.message == "x:2: `{{` without `}}`")
    }

    @Test func aListUsedAsAValueIsAnError() throws {
        let template = try Template("{{items}}", path: "x")
        let error = #expect(throws: Failure.self) { try template.render(["items": .list([])]) }
        #expect(error?.message == "x:1: `{{items}}` is a list; use {{#items}}...{{/items}}")
    }

    @Test func aValueOfSeveralLinesCanContinueAtTheIndentOfItsLine() throws {
        let template = try Template("[\n  {{value}},\n  x\n]", path: "t.json")
        let value = "{\n  \"a\": 1\n}"
        #expect(
            try template.render(texts: ["value": value], indent: .likeTheLine) == "[\n  {\n    \"a\": 1\n  },\n  x\n]")
        #expect(try template.render(texts: ["value": value]) == "[\n  {\n  \"a\": 1\n},\n  x\n]")
    }

    @Test func placeholdersInRunningText() {
        #expect(Template.placeholderNames(in: "a {{ host }} b {{port}} {{#x}} {{9}}") == ["host", "port"])
        #expect(Template.bareName("{{ host }}") == "host")
        #expect(Template.bareName("x{{host}}") == nil)
        #expect(Template.isName("_a1") && !Template.isName("1a") && !Template.isName("a-b"))
        #expect(Template.substitute(in: "{{a}}-{{ b }}-{{c d}}") { $0.uppercased() } == "A-B-{{c d}}")
    }
}
