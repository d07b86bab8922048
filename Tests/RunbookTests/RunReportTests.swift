import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

@Suite(.relopsCommands) struct RunReportTests {
    /// A run with every status: passed, confirmed, skipped, failed (with backticks in its output) and pending.
    func sampleRun(_ folder: TemporaryFolder) throws -> RunState {
        let book = try runbook(
            """
            ---
            title: Golden sample
            vars:
              old_host: old.example.net
              token: {secret: true}
            ---
            ## 1. Inventory the old host
            ```relops
            relops scan --host {{old_host}} --expect binary=3
            ```
            ## 2. Store review
            - [ ] Android build uploaded for {{old_host}}
            ## 3. Optional probe
            ```sh
            curl -sI "https://{{old_host}}/"
            echo done
            ```
            ## 4. Apply
            ```relops
            relops cutover --from {{old_host}} --to app.example.com --apply
            ```
            ## 5. After release
            ```relops
            relops verify --host app.example.com
            ```
            """)
        let io = ScriptedIO()
        io.relopsResults["scan --host old.example.net --expect binary=3"] = CommandOutput(
            status: 0,
            output:
                "binary-config  Source/App/appsettings.json:22:24\nbinary-literal Platforms/iOS/Entitlements.plist:11:21\n"
        )
        io.relopsResults["cutover --from old.example.net --to app.example.com --apply"] = CommandOutput(
            status: 1, output: "refusing: uncommitted changes in\n```\nSource/App/appsettings.json\n```\n")
        io.choices = [.run, .run, .skip(reason: ""), .run]
        io.confirmations = [true]
        var options = RunOptions()
        options.interactive = true
        let run = try engine(book, folder, io, vars: ["token=s3cret"], options: options)
        #expect(try run.run() == .failed(step: 4))
        return run.state
    }

    @Test func markdownReportMatchesTheGoldenFile() throws {
        let folder = TemporaryFolder()
        let state = try sampleRun(folder)
        let template = try ReportTemplate(
            String(contentsOfFile: packageRoot + "/Templates/run-report.md", encoding: .utf8),
            path: "Templates/run-report.md")
        let markdown = try RunReport(state).markdown(template: template)
        #expect(markdown.contains("- [x] **1. Inventory the old host**"))
        #expect(markdown.contains("- [ ] **5. After release**"))
        expectGolden(markdown, at: "Tests/Golden/RunbookTests/run-report.md")
    }

    @Test func junitMatchesTheGoldenFile() throws {
        let folder = TemporaryFolder()
        let state = try sampleRun(folder)
        let junit = RunReport(state).junit
        #expect(junit.contains("<failure message="))
        expectGolden(junit, at: "Tests/Golden/RunbookTests/run-report.junit.xml")
    }

    @Test func templateSectionsInvertedSectionsAndStandaloneLines() throws {
        let template = try ReportTemplate(
            """
            # {{title}}
            {{! a comment }}
            {{#items}}
            - {{name}} in {{title}}{{#flag}} (flagged){{/flag}}
            {{/items}}
            {{^items}}
            nothing
            {{/items}}
            end

            """, path: "t.md")
        let full = try template.render([
            "title": .text("T"),
            "items": .list([["name": .text("a"), "flag": .text("yes")], ["name": .text("b"), "flag": .text("")]]),
        ])
        #expect(full == "# T\n- a in T (flagged)\n- b in T\nend\n")
        let empty = try template.render(["title": .text("T"), "items": .list([])])
        #expect(empty == "# T\nnothing\nend\n")
    }

    @Test func templateErrorsNameTheLine() throws {
        let unknown = try ReportTemplate("line one\n{{nope}}\n", path: "t.md")
        let error = try #require(throws: Failure.self) { _ = try unknown.render([:]) }
        #expect(error.message == "t.md:2: unknown value {{nope}}")
        let unclosed = try #require(throws: Failure.self) { _ = try ReportTemplate("{{#steps}}\nx\n", path: "t.md") }
        #expect(unclosed.message == "t.md: `{{#steps}}` is never closed")
        let stray = try #require(throws: Failure.self) { _ = try ReportTemplate("a\n{{/steps}}\n", path: "t.md") }
        #expect(stray.message == "t.md:2: `{{/steps}}` closes nothing")
    }

    @Test func commandsAreCodeSpansThatHoldTheirBackticks() throws {
        let template = try ReportTemplate("{{#checks}}{{shown}}\n{{/checks}}", path: "t.md")
        let scratch = TemporaryFolder()
        var state = try sampleRun(scratch)
        state.steps[0].checks = [
            CheckRecord(kind: .relops, text: "relops scan", exitCode: 0, excerpt: nil, at: "t"),
            CheckRecord(kind: .sh, text: "echo `id` ``x``\nsecond line", exitCode: 0, excerpt: nil, at: "t"),
            CheckRecord(
                kind: .confirm, text: "Android: rebuilt with `app.example.com`", exitCode: nil, excerpt: nil, at: "t"),
        ]
        let out = try template.render([
            "checks": RunReport(state).context["steps"].flatMap { steps -> TemplateValue? in
                guard case .list(let items) = steps else { return nil }
                return items[0]["checks"]
            } ?? .list([])
        ])
        #expect(out == "`relops scan`\n``` echo `id` ``x`` … ```\nAndroid: rebuilt with `app.example.com`\n")
    }

    @Test func excerptsAreBounded() {
        let long = (1...100).map { "line \($0)" }.joined(separator: "\n") + "\n\u{1B}[31mred\u{1B}[0m\n"
        let excerpt = outputExcerpt(long + String(repeating: "x", count: 400))
        let lines = excerpt.split(separator: "\n")
        #expect(lines.count == 40)
        #expect(lines[0] == "line 1")
        #expect(lines[10] == "… (63 lines omitted) …")
        #expect(lines[38] == "red")
        #expect(lines[39].count == 302)
    }
}
