import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// A list a scan found empty is said to be empty and needs no confirmation.
@Suite struct RunbookEmptyListTests {
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
