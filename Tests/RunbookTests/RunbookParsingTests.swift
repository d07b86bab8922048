import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

@Suite(.relopsCommands) struct RunbookParsingTests {
    let sample = """
        ---
        title: Sample cutover
        vars:
          old_host: {description: The host today}
          new_host: app.example.com
          token: {secret: true, default: t0ken}
          extra: {arguments: true, default: ""}
        ---
        # Ignored title

        Read this first.

        ## 1. Inventory the old host

        Prose for {{old_host}}.

        ```relops
        # a comment line
        relops scan --host {{old_host}} \\
            --expect binary=3
        relops verify --host {{new_host}} {{extra}}
        ```

        - [ ] Someone looked at {{new_host}}
        - [x] Already done in the runbook

        ```sh
        echo "{{new_host}}"
        ```

        ### A sub-heading stays in the step

        ```relops exit=0,1
        relops anchors audit
        ```

        ## Step 2: Inventory the old host
        Same title twice.
        """

    @Test func stepsFrontMatterAndActionsInDocumentOrder() throws {
        let book = try runbook(sample)
        #expect(book.name == "sample")
        #expect(book.title == "Sample cutover")
        #expect(book.variables.map(\.name) == ["old_host", "new_host", "token", "extra"])
        #expect(book.variables[1].defaultValue == "app.example.com")
        #expect(book.variables[2].isSecret)
        #expect(book.variables[3].isArgumentList)
        #expect(book.steps.map(\.title) == ["Inventory the old host", "Inventory the old host"])
        #expect(book.steps.map(\.id) == ["inventory-the-old-host", "inventory-the-old-host-2"])
        #expect(book.steps[0].line == 13)
        let kinds = book.steps[0].actions.map { action -> String in
            switch action {
            case .relops(let check): return "relops\(check.commands.count) \(check.acceptedExitCodes)"
            case .shell: return "sh"
            case .confirmation(let item): return item.checkedInRunbook ? "done" : "confirm"
            }
        }
        #expect(kinds == ["relops2 [0]", "confirm", "done", "sh", "relops1 [0, 1]"])
        guard case .relops(let check) = book.steps[0].actions[0] else { Issue.record("not a relops block"); return }
        #expect(check.commands[0].words.map(\.text) == ["scan", "--host", "{{old_host}}", "--expect", "binary=3"])
        #expect(check.commands[0].line == 19)
        #expect(check.commands[1].words.last?.barePlaceholder == "extra")
        guard case .confirmation(let item) = book.steps[0].actions[1] else { Issue.record("not a task"); return }
        #expect(item.text == "Someone looked at {{new_host}}")
        #expect(book.steps[0].prose.contains("### A sub-heading stays in the step"))
        #expect(!book.steps[0].onlyReads)
        #expect(book.step(named: "2")?.id == "inventory-the-old-host-2")
        #expect(book.step(named: "inventory-the-old-host")?.number == 1)
        #expect(book.step(named: "9") == nil)
    }

    @Test func onlyReadingStepsAreTheOnesWhoseEvidenceIsCheckedAgain() throws {
        let book = try runbook(
            """
            ## Scan
            ```relops
            relops scan --expect binary=0
            relops verify --host a.example.com --offline
            relops fingerprint show --cert new.der
            relops anchors audit
            relops cutover --from a.example.com --to b.example.com
            relops fingerprint rotate --to AB
            relops association render
            ```
            ## Apply
            ```relops
            relops cutover --from a.example.com --to b.example.com --apply
            ```
            ## Rotate
            ```relops
            relops fingerprint rotate --to AB --apply
            ```
            ## Repin
            ```relops
            relops anchors repin
            ```
            ## Only a person
            - [ ] done
            """)
        #expect(book.steps.map(\.onlyReads) == [true, false, false, false, false])
    }

    @Test func quotingKeepsWordsAndShellSyntaxIsRefused() throws {
        let book = try runbook(
            """
            ## One
            ```relops
            relops scan --host 'a b' "c \\"d\\"" e\\ f --x='{{v}}' # trailing comment
            ```
            """)
        guard case .relops(let check) = book.steps[0].actions[0] else { Issue.record("no check"); return }
        #expect(check.commands[0].words.map(\.text) == ["scan", "--host", "a b", "c \"d\"", "e f", "--x={{v}}"])
        #expect(check.commands[0].words.allSatisfy { $0.barePlaceholder == nil })
        for bad in [
            "relops scan | tee x", "relops scan; rm -rf /", "relops scan $(id)", "relops scan > out", "scan --host x",
            "relops 'open",
        ] {
            #expect(throws: Failure.self, "\(bad)") {
                _ = try runbook("## One\n```relops\n\(bad)\n```\n")
            }
        }
        let error = try #require(throws: Failure.self) {
            _ = try runbook("## One\n\n```relops\nrelops scan; rm -rf /\n```\n")
        }
        #expect(error.message.hasPrefix("Runbooks/sample.md:4: `;` is shell syntax"))
    }

    @Test func aValueStaysOneWordWhateverItHolds() throws {
        let book = try runbook(
            """
            ---
            vars:
              host: {}
            ---
            ## One
            ```relops
            relops scan --host {{host}} --note=x{{host}}
            ```
            """)
        let evil = "a.example.com; touch pwned $(touch pwned2) `id` --apply"
        let variables = try RunVariables(runbook: book, config: [], overrides: ["host=\(evil)"])
        guard case .relops(let check) = book.steps[0].actions[0] else { Issue.record("no check"); return }
        #expect(try variables.arguments(of: check.commands[0]) == ["scan", "--host", evil, "--note=x" + evil])
        #expect(variables.script("echo \"{{host}}\"") == "echo \"${RELOPS_HOST}\"")
        #expect(variables.environment["RELOPS_HOST"] == evil)
    }

    @Test func argumentListVariablesSpliceOnlyWhenAlone() throws {
        let book = try runbook(
            """
            ---
            vars:
              verify_flags: {arguments: true, default: ""}
            ---
            ## One
            ```relops
            relops verify --host a.example.com {{verify_flags}}
            ```
            """)
        guard case .relops(let check) = book.steps[0].actions[0] else { Issue.record("no check"); return }
        let none = try RunVariables(runbook: book, config: [], overrides: [])
        #expect(try none.arguments(of: check.commands[0]) == ["verify", "--host", "a.example.com"])
        let some = try RunVariables(
            runbook: book, config: [], overrides: ["verify_flags=--offline --cacert 'my ca.pem'"])
        #expect(
            try some.arguments(of: check.commands[0]) == [
                "verify", "--host", "a.example.com", "--offline", "--cacert", "my ca.pem",
            ])
        #expect(throws: Failure.self) {
            _ = try runbook(
                "---\nvars:\n  f: {arguments: true}\n---\n## One\n```relops\nrelops verify --x={{f}}\n```\n")
        }
    }

    @Test func valuesComeFromDefaultsThenConfigThenFlags() throws {
        let book = try runbook(
            "---\nvars:\n  a: one\n  b: two\n  c: three\n---\n## S\n```relops\nrelops scan {{a}} {{b}} {{c}}\n```\n")
        let variables = try RunVariables(
            runbook: book, config: [("b", "config"), ("c", "config")], overrides: ["c=flag"])
        #expect(variables.values == ["a": "one", "b": "config", "c": "flag"])
        #expect(variables.order == ["a", "b", "c"])
    }

    @Test func aSecretCanComeFromTheEnvironmentInsteadOfTheCommandLine() throws {
        let book = try runbook(
            "---\nvars:\n  api_token: {secret: true}\n  host: a.example.com\n---\n## S\n```relops\nrelops verify --host {{host}}\n```\n"
        )
        let missing = try #require(throws: Failure.self) {
            _ = try RunVariables(runbook: book, config: [], overrides: [])
        }
        #expect(
            missing.message
                == "sample needs a variable that has no value:\n  api_token  (no description) [secret: set RELOPS_API_TOKEN]\nSet the secrets in the environment, never on the command line:\n  export RELOPS_API_TOKEN=VALUE"
        )
        let variables = try RunVariables(
            runbook: book, config: [("host", "config.example.com")],
            environment: ["RELOPS_API_TOKEN": "t0k3n", "RELOPS_HOST": "env.example.com", "RELOPS_OTHER": "x"],
            overrides: [])
        #expect(variables.values == ["api_token": "t0k3n", "host": "env.example.com"])
        #expect(variables.secretNames == ["api_token"])
        let flag = try RunVariables(
            runbook: book, config: [], environment: ["RELOPS_API_TOKEN": "t0k3n", "RELOPS_HOST": "env.example.com"],
            overrides: ["host=flag.example.com"])
        #expect(flag.values["host"] == "flag.example.com")
    }

    @Test func anUnknownOrMissingVariableStopsTheRunNamingIt() throws {
        let unknown = try runbook("## S\n\nText.\n\n```relops\nrelops scan --host {{nowhere}}\n```\n")
        let error = try #require(throws: Failure.self) {
            _ = try RunVariables(runbook: unknown, config: [], overrides: [])
        }
        #expect(
            error.message
                == "Runbooks/sample.md:6: unknown variable `{{nowhere}}`: the front matter does not declare it and no value was given"
        )
        #expect(error.category == .badInput)
        // Supplied from config, it is known.
        _ = try RunVariables(runbook: unknown, config: [("nowhere", "x")], overrides: [])

        let missing = try runbook(
            "---\nvars:\n  new_host: {description: The custom domain}\n---\n## S\n```relops\nrelops verify --host {{new_host}}\n```\n"
        )
        let missingError = try #require(throws: Failure.self) {
            _ = try RunVariables(runbook: missing, config: [], overrides: [])
        }
        #expect(
            missingError.message
                == "sample needs a variable that has no value:\n  new_host  The custom domain\nPass them (or set RELOPS_<NAME>, or vars.<name> in .relops.yml):\n  --var new_host=VALUE"
        )
        #expect(missingError.category == .usage)

        let typo = try #require(throws: Failure.self) {
            _ = try RunVariables(runbook: missing, config: [], overrides: ["new_hots=x"])
        }
        #expect(typo.message.contains("has no variable `new_hots` (did you mean `new_host`?)"))
        #expect(throws: Failure.self) { _ = try RunVariables(runbook: missing, config: [], overrides: ["new_host"]) }
    }

    @Test func malformedRunbooksAreRefusedWithTheirLine() throws {
        let cases: [(String, String)] = [
            ("---\ntitle: x\n", "Runbooks/sample.md:1: the front matter starting here has no closing `---`"),
            (
                "---\ntitel: x\n---\n## S\n",
                "Runbooks/sample.md:2:8: unknown front matter key `titel` (did you mean `title`?); known keys: title, description, vars, when"
            ),
            (
                "---\nvars:\n  a: {secret: maybe}\n---\n## S\n",
                "Runbooks/sample.md:3:15: `vars.a.secret` must be true or false"
            ),
            (
                "# Only a title\n\nNo steps.\n",
                "Runbooks/sample.md: the runbook has no steps (each `##` heading is a step)"
            ),
            (
                "## S\n```relops retry=3\nrelops scan\n```\n",
                "Runbooks/sample.md:2: unknown ```relops``` option `retry=3` (known: exit=0,1, identity=NAME, when=vars.NAME)"
            ),
        ]
        for (text, message) in cases {
            let error = try #require(throws: Failure.self) { _ = try runbook(text) }
            #expect(error.message == message)
        }
    }
}
