import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// What makes a runbook fit the repository it runs on: every missing variable named at once, each
/// value checked before the first step, a step whose checks were all skipped shown as skipped,
/// lists kept whole, confirmations of committed work checked against the repository, and a
/// rollback run that shows only its own steps.
@Suite(.relopsCommands) struct RunbookFitTests {
    @Test func everyMissingVariableIsNamedAtOnceWithItsDescriptionAndTheLineToCopy() throws {
        let book = try runbook(
            """
            ---
            vars:
              old_host: {description: The host today}
              new_host: {description: The host tomorrow}
              team: {description: Who deploys, default: ops}
              token: {description: The API token, secret: true}
            ---
            ## Move
            ```relops
            relops cutover --from {{old_host}} --to {{new_host}}
            ```
            - [ ] {{team}} deployed with {{token}}
            """)
        let error = try #require(throws: Failure.self) {
            _ = try RunVariables(runbook: book, config: [], overrides: ["new_host=b.example.com"])
        }
        #expect(error.category == .usage)
        #expect(
            error.message == """
                sample needs 2 variables that have no value:
                  old_host  The host today
                  token     The API token [secret: set RELOPS_TOKEN]
                Pass them (or set RELOPS_<NAME>, or vars.<name> in .relops.yml):
                  --var old_host=VALUE
                Set the secrets in the environment, never on the command line:
                  export RELOPS_TOKEN=VALUE
                """)

        // A person is asked once, for all of them (never for a secret); what is left unanswered is named.
        var prompts: [[String]] = []
        let partly = try #require(throws: Failure.self) {
            _ = try RunVariables(runbook: book, config: [], overrides: []) { missing in
                prompts.append(missing.map(\.name))
                return ["new_host": "b.example.com"]
            }
        }
        #expect(prompts == [["old_host", "new_host"]])
        #expect(partly.message.hasPrefix("sample needs 2 variables that have no value:\n  old_host "))
        #expect(!partly.message.contains("new_host"))
    }

    func checkedBook() throws -> Runbook {
        try runbook(
            """
            ---
            vars:
              config:
                description: The settings file
                check: association render --config {{config}}
              host:
                description: The host
                check: relops verify --host {{host}} --tls-only --local
              notes: {description: Free text, default: ""}
            ---
            ## Verify
            ```relops
            relops verify --host {{host}} --config {{config}}
            ```
            """)
    }

    @Test func eachValueIsCheckedBeforeTheFirstStepAndEveryBadOneIsNamed() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        io.relopsResults["association render --config assetlinks.json"] = CommandOutput(
            status: 2, output: "",
            errors: "relops association render: nothing to render: set AppAssociation:AndroidPackageName\n")
        io.relopsResults["verify --host bad..host --tls-only --local"] = CommandOutput(
            status: 2, output: "", errors: "relops verify: --host bad..host: not a host name\n")
        let run = try engine(try checkedBook(), folder, io, vars: ["config=assetlinks.json", "host=bad..host"])
        let error = try #require(throws: Failure.self) { _ = try run.run() }
        #expect(error.category == .badInput)
        #expect(
            error.message == """
                sample was given 2 values that do not fit:
                  config=assetlinks.json: relops association render: nothing to render: set AppAssociation:AndroidPackageName (`relops association render --config assetlinks.json` exited 2)
                  host=bad..host: relops verify: --host bad..host: not a host name (`relops verify --host bad..host --tls-only --local` exited 2)
                Pass a fitting value with --var NAME=VALUE.
                """)
        // Nothing ran and nothing was recorded.
        #expect(io.relopsCalls.count == 2)
        #expect(try RunStore(repositoryRoot: folder.path).all().isEmpty)

        // Good values pass their checks and the run goes on.
        let good = ScriptedIO()
        let ok = try engine(
            try checkedBook(), folder, good, vars: ["config=web/appsettings.json", "host=a.example.com"])
        #expect(try ok.run() == .complete)
        #expect(
            good.relopsCalls.map { $0.joined(separator: " ") } == [
                "association render --config web/appsettings.json", "verify --host a.example.com --tls-only --local",
                "verify --host a.example.com --config web/appsettings.json",
            ])
    }

    @Test func aCheckThatWritesIsRefusedWhereItIsDeclared() throws {
        let error = try #require(throws: Failure.self) {
            _ = try runbook(
                "---\nvars:\n  fp:\n    check: fingerprint rotate --to {{fp}} --apply\n---\n## S\n- [ ] {{fp}}\n")
        }
        #expect(
            error.message
                == "Runbooks/sample.md:4:12: `vars.fp.check`: `relops fingerprint rotate --to {{fp}} --apply` may change something; a check must only read"
        )
    }

    @Test func anUnknownKindIsRefusedWhereItIsDeclared() throws {
        let error = try #require(throws: Failure.self) {
            _ = try runbook("---\nvars:\n  src:\n    kind: association\n---\n## S\n- [ ] {{src}}\n")
        }
        #expect(
            error.message
                == "Runbooks/sample.md:4:11: `vars.src.kind: association` is not a kind relops knows (known: association-source)"
        )
    }

    @Test func aStepWhoseEveryCheckWasSkippedIsSkippedNotPassed() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## TLS
            ```relops
            relops verify --host a.example.com --tls-only --local
            ```
            ## Files
            ```relops
            relops verify --host a.example.com --local
            ```
            ## Scan
            ```relops
            relops scan --host a.example.com
            ```
            """)
        let io = ScriptedIO()
        io.outcomes["verify --host a.example.com --tls-only --local"] = CheckOutcome(
            checked: 0, skipped: ["--local: nothing fetched; DNS and the TLS handshake are checked only live"])
        io.outcomes["verify --host a.example.com --local"] = CheckOutcome(checked: 9, skipped: ["--local: not fetched"])
        let run = try engine(book, folder, io)
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.skipped, .passed, .passed])
        #expect(
            run.state.steps[0].note
                == "every check was skipped: --local: nothing fetched; DNS and the TLS handshake are checked only live")
        #expect(run.state.steps[0].checks.count == 1)  // the command still ran and is on record
        #expect(RunReport(run.state).outcome == "complete")
    }

    @Test func aStepAboutACheckThatWasSkippedIsSkippedThoughOtherChecksRan() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## CDN
            about: apple-cdn

            ```relops
            relops verify --host a.example.com --local
            ```
            ## CDN live
            about: apple-cdn
            ```relops
            relops verify --host b.example.com
            ```
            """)
        let io = ScriptedIO()
        io.outcomes["verify --host a.example.com --local"] = CheckOutcome([
            ("assetlinks.format", false, "1 statement"), ("apple-cdn", true, "--local: Apple's CDN not asked"),
        ])
        io.outcomes["verify --host b.example.com"] = CheckOutcome([
            ("assetlinks.format", false, "1 statement"), ("apple-cdn", false, "the CDN serves it"),
        ])
        let run = try engine(book, folder, io)
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.skipped, .passed])
        #expect(
            run.state.steps[0].note
                == "what this step is about (apple-cdn) was not checked: apple-cdn: --local: Apple's CDN not asked")
    }

    @Test func anAboutLineMustNameChecks() {
        #expect {
            try runbook("## CDN\nabout: apple cdn!\n\n- [ ] done\n")
        } throws: { error in
            (error as? Failure)?.message.contains("`about:` takes the names of checks") == true
        }
    }

    @Test func anEmptyIdentityListIsOneEntryNotOnePerWord() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## Identity
            ```relops identity=uris
            relops scan --host new.example.com
            ```
            - [ ] Registered: {{uris}}
            """)
        let io = ScriptedIO()
        io.relopsResults["scan --host new.example.com --format json"] = CommandOutput(
            status: 0, output: #"{"occurrences": []}"#)
        let run = try engine(book, folder, io, options: nonInteractive(confirm: ["1"]))
        #expect(try run.run() == .complete)
        #expect(run.state.steps[0].checks.filter { $0.kind == .confirm }.map(\.text) == ["Registered: (none found)"])
    }

    func committedBook() throws -> Runbook {
        try runbook(
            """
            ## Change
            ```relops
            relops scan --host a.example.com
            ```
            ## Deploy

            evidence: committed

            - [ ] The change is committed, reviewed, merged and deployed
            """)
    }

    @Test func aConfirmationOfCommittedWorkRefusesATreeWithUncommittedChanges() throws {
        let repo = GitFixture("evidence")
        repo.write("web/appsettings.json", "{\"Host\": \"a.example.com\"}\n")
        repo.commit("Web host settings")
        repo.write("web/appsettings.json", "{\"Host\": \"b.example.com\"}\n")
        repo.write("scratch.txt", "untracked notes are not part of a commit\n")

        // Confirmed with --confirm, the tree still says no.
        let io = ScriptedIO()
        let dirty = try engine(try committedBook(), repo.folder, io, options: nonInteractive(confirm: ["2"]))
        #expect(try dirty.run() == .failed(step: 2))
        let note = try #require(dirty.state.steps[1].note)
        #expect(
            note
                == "not committed: the working tree has uncommitted changes in 1 tracked file (web/appsettings.json); commit them (and get them reviewed, merged and deployed) first"
        )
        #expect(dirty.state.steps[1].checks.map(\.kind) == [.evidence])

        // A person at the prompt is refused the same way, before being asked.
        let person = ScriptedIO()
        person.confirmations = [true]
        var interactive = RunOptions()
        interactive.interactive = true
        interactive.yes = true
        let asked = try engine(try committedBook(), repo.folder, person, options: interactive)
        #expect(try asked.run() == .failed(step: 2))

        // Committed (on a branch that tracks nothing), the word is taken and the evidence recorded.
        repo.commit("Move to b.example.com")
        let clean = try engine(try committedBook(), repo.folder, ScriptedIO(), options: nonInteractive(confirm: ["2"]))
        #expect(try clean.run() == .complete)
        #expect(clean.state.steps[1].status == .confirmed)
        #expect(
            clean.state.steps[1].checks.first?.excerpt?.hasPrefix(
                "the working tree is clean on branch main; it tracks no upstream") == true)
    }

    @Test func aConfirmationOfCommittedWorkRefusesCommitsItsUpstreamLacks() throws {
        let remote = GitFixture("evidence-remote")
        remote.write("README.md", "app\n")
        remote.commit("Start")
        let clone = TemporaryFolder("evidence-clone")
        _ = runGit(["clone", "-q", remote.root, clone.url("app")], in: clone.path)
        let root = clone.url("app")
        _ = runGit(["config", "user.name", "Ada"], in: root)
        _ = runGit(["config", "user.email", "ada@example.com"], in: root)
        _ = FileManager.default.createFile(atPath: root + "/README.md", contents: Data("app on b.example.com\n".utf8))
        _ = runGit(["commit", "-q", "-am", "Move"], in: root)

        let io = ScriptedIO()
        let variables = try RunVariables(runbook: try committedBook(), config: [], overrides: [])
        let ahead = try RunbookEngine(
            runbook: try committedBook(), variables: variables, repositoryRoot: root, io: io,
            options: nonInteractive(confirm: ["2"]), operatorName: "Ada Operator")
        #expect(try ahead.run() == .failed(step: 2))
        #expect(
            ahead.state.steps[1].note
                == "not committed: branch main has 1 commit that origin/main does not: push them and get them merged first"
        )

        _ = runGit(["push", "-q", "origin", "HEAD:refs/heads/pushed"], in: root)
        _ = runGit(["branch", "-q", "--set-upstream-to=origin/pushed"], in: root)
        _ = runGit(["fetch", "-q"], in: root)
        let pushed = try RunbookEngine(
            runbook: try committedBook(), variables: variables, repositoryRoot: root, io: ScriptedIO(),
            options: nonInteractive(confirm: ["2"]), operatorName: "Ada Operator")
        #expect(try pushed.run() == .complete)
        #expect(
            pushed.state.steps[1].checks.first?.excerpt
                == "the working tree is clean and branch main has nothing origin/pushed lacks")
    }

    @Test func unknownEvidenceIsRefusedWithItsLine() throws {
        let error = try #require(throws: Failure.self) {
            _ = try runbook("## Deploy\n\nevidence: deployed\n\n- [ ] Done\n")
        }
        #expect(error.message == "Runbooks/sample.md:3: `evidence: deployed` is not known evidence (known: committed)")
    }

    @Test func aRollbackRunShowsOnlyTheRollbackSteps() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## One
            ```relops
            relops scan --host a.example.com
            ```
            ## Two
            ```relops
            relops scan --host a.example.com
            ```
            ## Back
            when: rollback
            ```relops
            relops cutover undo
            ```
            - [ ] The undo is deployed
            """)
        var options = RunOptions()
        options.rollback = true
        let io = ScriptedIO()
        let run = try engine(book, folder, io, options: options)
        #expect(try run.run() == .failed(step: 3))
        #expect(Array(io.events.dropFirst()) == ["step 3", "finished 3 failed"])
        // The forward steps are on record as not part of this run.
        #expect(run.state.steps.map(\.status) == [.skipped, .skipped, .failed])
        #expect(run.state.steps[0].note == "does not apply: a rollback run runs only the rollback steps")

        // Resumed, they stay out of sight too.
        let again = ScriptedIO()
        options.confirmedSteps = ["3"]
        let resumed = try engine(book, folder, again, options: options)
        #expect(try resumed.run() == .complete)
        #expect(again.events.first?.hasPrefix("resumed ") == true)
        #expect(Array(again.events.dropFirst()) == ["step 3", "relops ok", "confirm ok", "finished 3 confirmed"])
    }
}
