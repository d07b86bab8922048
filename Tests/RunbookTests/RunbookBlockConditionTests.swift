import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// Issue 38, case 7: ` ```relops when=vars.NAME ``` ` runs a block only when the variable has a
/// value. Domain-cutover steps 9 and 10 check the release binary this way; without one, the rebuild
/// stays a person's confirmation, as before.
@Suite(.relopsCommands) struct RunbookBlockConditionTests {
    let book = """
        ---
        vars:
          android_artifact:
            description: The release APK or AAB
            default: ""
        ---
        ## Rebuild
        ```relops when=vars.android_artifact
        relops verify --host a.example.com --artifact {{android_artifact}}
        ```
        - [ ] Android: uploaded to Play Console
        """

    @Test func withoutTheVariableTheBlockIsNotRunAndAPersonConfirms() throws {
        let io = ScriptedIO()
        let scratch = TemporaryFolder()
        let run = try engine(try runbook(book), scratch, io, options: nonInteractive(confirm: ["rebuild"]))
        let outcome = try run.run()
        #expect(outcome == .complete, "\(outcome) \(io.events) \(run.state.steps.map(\.note))")
        #expect(io.relopsCalls.isEmpty)
        let checks = run.state.steps[0].checks
        try #require(checks.map(\.kind) == [.relops, .confirm])
        #expect(checks[0].exitCode == nil)
        #expect(
            checks[0].excerpt == "not run: `android_artifact` is not set, so a person confirms what it would check")
    }

    @Test func withTheVariableTheBlockRunsAndItsFailureStopsTheStep() throws {
        let io = ScriptedIO()
        io.relopsResults["verify --host a.example.com --artifact app-release.apk"] = CommandOutput(
            status: 1, output: "FAIL  artifact.hosts  app-release.apk: does not claim a.example.com")
        let scratch = TemporaryFolder()
        let run = try engine(
            try runbook(book), scratch, io, vars: ["android_artifact=app-release.apk"],
            options: nonInteractive(confirm: ["rebuild"]))
        #expect(try run.run() == .failed(step: 1))
        #expect(io.relopsCalls == [["verify", "--host", "a.example.com", "--artifact", "app-release.apk"]])
    }

    @Test func anUnknownConditionIsRefusedWithItsLine() throws {
        let error = #expect(throws: Failure.self) {
            _ = try runbook("## A\n```relops when=android\nrelops scan --host a.example.com\n```\n")
        }
        #expect(error?.message.contains("unknown ```relops``` option `when=android`") == true)
    }
}
