import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// A list a scan found empty is said to be empty and needs no confirmation.
@Suite(.relopsCommands) struct RunbookEmptyListTests {
    let book = """
        ## Identity
        ```relops identity=uris
        relops scan --host new.example.com
        ```
        - [ ] Registered with the identity provider: {{uris}}
        """

    @Test func anEmptyIdentityListIsSaidToBeEmptyAndNotAskedAbout() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        io.relopsResults["scan --host new.example.com --format json"] = CommandOutput(
            status: 0, output: #"{"occurrences": []}"#)
        var options = RunOptions()
        options.interactive = true
        let run = try engine(try runbook(book), folder, io, options: options)
        #expect(try run.run() == .complete)
        // Nobody was asked: the scripted operator would have said no.
        let checks = run.state.steps[0].checks
        #expect(
            checks.map(\.text) == [
                "relops scan --host new.example.com --format json",
                "Registered with the identity provider: (none found)",
            ])
        #expect(checks[1].excerpt == "nothing to confirm: {{uris}} is empty (found by step 1)", "\(checks)")
        #expect(run.state.steps[0].status == .passed)
    }

    /// Output that is not a scan's document is a failed step naming why, never "(none found)".
    @Test func scanOutputThatIsNotAScanDocumentFailsTheStepInsteadOfAnEmptyList() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        io.relopsResults["scan --host new.example.com --format json"] = CommandOutput(
            status: 0, output: #"{"occurrences": "none"}"#)
        var options = RunOptions()
        options.interactive = true
        let run = try engine(try runbook(book), folder, io, options: options)
        #expect(try run.run() == .failed(step: 1))
        let note = run.state.steps[0].note ?? ""
        #expect(note.contains("is not a scan's JSON document"), "\(note)")
        #expect(!run.state.steps[0].checks.map(\.text).contains { $0.contains("(none found)") })
    }

    @Test func withoutAPersonTheListIsNotAskedAboutBeforeTheScanFoundIt() throws {
        // It failed "needs a person to confirm "Registered with the identity provider: "" before
        // the scan ran: now the scan runs (it only reads), and an empty list needs nobody.
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        io.relopsResults["scan --host new.example.com --format json"] = CommandOutput(
            status: 0, output: #"{"occurrences": []}"#)
        let run = try engine(try runbook(book), folder, io, options: nonInteractive())
        #expect(try run.run() == .complete)
        #expect(run.state.steps[0].status == .passed)

        let other = TemporaryFolder()
        let found = ScriptedIO()
        found.relopsResults["scan --host new.example.com --format json"] = CommandOutput(
            status: 0,
            output: """
                {"occurrences": [{"host": "new.example.com", "path": "id/appsettings.json", "line": 3,
                  "text": "\\"RedirectUris\\": [\\"https://new.example.com/signin-oidc\\"]"}]}
                """)
        let asked = try engine(try runbook(book), other, found, options: nonInteractive())
        #expect(try asked.run() == .failed(step: 1))
        #expect(
            asked.state.steps[0].note?.hasPrefix(
                "needs a person to confirm \"Registered with the identity provider: https://new.example.com/signin-oidc\""
            )
                == true, "\(asked.state.steps[0].note ?? "")")
    }

    @Test func aListWithEntriesStillNeedsAPerson() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        let json = """
            {"occurrences": [{"host": "new.example.com", "path": "id/appsettings.json", "line": 3,
              "text": "\\"RedirectUris\\": [\\"https://new.example.com/signin-oidc\\"]"}]}
            """
        io.relopsResults["scan --host new.example.com --format json"] = CommandOutput(status: 0, output: json)
        var options = RunOptions()
        options.interactive = true
        let run = try engine(try runbook(book), folder, io, options: options)
        #expect(try run.run() != .complete)
        #expect(run.state.steps[0].status != .passed)
    }
}

/// Issue 30: a step whose `about:` checks did not all reach a verdict is never `passed`, and a
/// command that exits 1 only because it checked nothing leaves its step skipped, not failed.
@Suite(.relopsCommands) struct RunbookUncheckedStepTests {
    @Test func oneAboutCheckReachedAndAnotherSkippedIsNotPassed() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## Both hosts
            about: apple-cdn

            ```relops
            relops verify --host a.example.com
            ```
            """)
        let io = ScriptedIO()
        io.outcomes["verify --host a.example.com"] = CheckOutcome([
            ("apple-cdn", false, "the CDN serves it"), ("apple-cdn", true, "b.example.com: Apple's CDN not asked"),
        ])
        let run = try engine(book, folder, io)
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.skipped])
        #expect(
            run.state.steps[0].note
                == "what this step is about (apple-cdn) was not checked: apple-cdn: b.example.com: Apple's CDN not asked"
        )
    }

    @Test func aCommandThatExitsOneHavingCheckedNothingSkipsItsStep() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## TLS
            ```relops
            relops verify --host a.example.com --tls-only --local
            ```
            ## Failing
            ```relops
            relops verify --host b.example.com
            ```
            """)
        let io = ScriptedIO()
        io.relopsResults["verify --host a.example.com --tls-only --local"] = CommandOutput(status: 1, output: "")
        io.outcomes["verify --host a.example.com --tls-only --local"] = CheckOutcome([
            ("tls", true, "--local: nothing fetched")
        ])
        // A real failure (a check reached FAIL) still fails its step.
        io.relopsResults["verify --host b.example.com"] = CommandOutput(status: 1, output: "")
        io.outcomes["verify --host b.example.com"] = CheckOutcome([("assetlinks.grant", false, "not granted")])
        let run = try engine(book, folder, io)
        #expect(try run.run() == .failed(step: 2))
        #expect(run.state.steps.map(\.status) == [.skipped, .failed])
        #expect(run.state.steps[0].note == "every check was skipped: --local: nothing fetched")
    }
}
