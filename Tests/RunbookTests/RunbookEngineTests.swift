import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

@Suite(.relopsCommands) struct RunbookEngineTests {
    let threeSteps = """
        ---
        title: Three steps
        vars:
          old_host: old.example.net
        ---
        ## Inventory
        ```relops
        relops scan --host {{old_host}} --expect binary=3
        ```
        ## Apply
        ```relops
        relops cutover --from {{old_host}} --to app.example.com --apply
        ```
        ## Check again
        ```relops
        relops scan --host {{old_host}} --expect binary=0
        ```
        """

    @Test func stopsAtAFailingStepAndResumesThereAfterAFix() throws {
        let folder = TemporaryFolder()
        let book = try runbook(threeSteps)
        let io = ScriptedIO()
        io.relopsResults["cutover --from old.example.net --to app.example.com --apply"] =
            CommandOutput(status: 1, output: "Source/App/appsettings.json has uncommitted changes\n")
        let first = try engine(book, folder, io, options: nonInteractive())
        #expect(try first.run() == .failed(step: 2))
        #expect(first.state.steps.map(\.status) == [.passed, .failed, .pending])
        #expect(
            first.state.steps[1].note == "`relops cutover --from old.example.net --to app.example.com --apply` exited 1"
        )
        #expect(first.state.steps[1].checks.first?.excerpt == "Source/App/appsettings.json has uncommitted changes")
        // What is on disk is what the engine holds.
        let stored = try RunStore(repositoryRoot: folder.path).load(first.state.runID)
        #expect(stored == first.state)

        io.relopsResults = [:]  // the operator commits the file
        let second = try engine(book, folder, io, options: nonInteractive())
        #expect(second.state.runID == first.state.runID)
        #expect(try second.run() == .complete)
        #expect(second.state.steps.map(\.status) == [.passed, .passed, .passed])
        #expect(second.state.finished != nil)
        // Step 1 only reads, so its evidence was checked again; the apply was never repeated.
        #expect(io.relopsCalls.map { $0[0] } == ["scan", "cutover", "scan", "cutover", "scan"])
        #expect(io.events.contains("holds 1"))

        // A complete run is not resumed: the next run is a new one.
        let third = try engine(book, folder, io, options: nonInteractive())
        #expect(third.state.runID != first.state.runID)
    }

    @Test func reopensAPassedStepWhoseEvidenceNoLongerHolds() throws {
        let folder = TemporaryFolder()
        let book = try runbook(threeSteps)
        let io = ScriptedIO()
        io.relopsResults["cutover --from old.example.net --to app.example.com --apply"] = CommandOutput(
            status: 3, output: "")
        #expect(try engine(book, folder, io, options: nonInteractive()).run() == .failed(step: 2))

        // Someone added a fourth binary occurrence meanwhile.
        io.relopsResults = [
            "scan --host old.example.net --expect binary=3":
                CommandOutput(status: 1, output: "expected binary=3, found 4\nSource/New.cs:1:1: old.example.net\n")
        ]
        let resumed = try engine(book, folder, io, options: nonInteractive())
        #expect(try resumed.run() == .failed(step: 1))
        let reason = "`relops scan --host old.example.net --expect binary=3` now exits 1: expected binary=3, found 4"
        #expect(io.events.contains("reopened 1: \(reason)"))
        #expect(resumed.state.steps[0].status == .failed)
        #expect(resumed.state.steps[1].status == .failed)
        // The apply did not run again: the run stopped at the reopened step.
        #expect(io.relopsCalls.filter { $0[0] == "cutover" }.count == 1)
    }

    @Test func onlyEvidenceCheckedAfterTheLastWriteMustStillHold() throws {
        let folder = TemporaryFolder()
        let book = try runbook(threeSteps + "\n## Store release\n- [ ] Released\n")
        let io = ScriptedIO()
        #expect(try engine(book, folder, io, options: nonInteractive()).run() == .failed(step: 4))
        // The cutover made the inventory (step 1) untrue on purpose; step 3 checked the result.
        io.relopsResults["scan --host old.example.net --expect binary=3"] = CommandOutput(status: 1, output: "found 0")
        io.relopsResults["scan --host old.example.net --expect binary=0"] = CommandOutput(
            status: 1, output: "== binary-literal: 1", errors: "relops scan: --expect: binary expected 0, found 1\n")
        let resumed = try engine(book, folder, io, options: nonInteractive())
        #expect(try resumed.run() == .failed(step: 3))
        #expect(io.events.contains("done 1"))
        #expect(
            io.events.contains(
                "reopened 3: `relops scan --host old.example.net --expect binary=0` now exits 1: relops scan: --expect: binary expected 0, found 1"
            ))
        #expect(resumed.state.steps.map(\.status) == [.passed, .passed, .failed, .failed])
    }

    @Test func aReopenedStepThatPassesAgainKeepsTheReasonOnRecord() throws {
        let folder = TemporaryFolder()
        let book = try runbook("## Scan\n```relops\nrelops scan\n```\n## Person\n- [ ] signed\n")
        let io = ScriptedIO()
        #expect(try engine(book, folder, io, options: nonInteractive()).run() == .failed(step: 2))
        var options = nonInteractive()
        // The recheck fails: the step is reopened and fails; after a fix it passes again.
        let flip = ScriptedIO()
        flip.relopsResults["scan"] = CommandOutput(status: 1, output: "changed")
        let resumed = try engine(book, folder, flip, options: options)
        #expect(try resumed.run() == .failed(step: 1))
        #expect(resumed.state.steps[0].note == "`relops scan` exited 1 (reopened: `relops scan` now exits 1: changed)")
        flip.relopsResults = [:]
        options.confirmedSteps = ["2"]
        let again = try engine(book, folder, flip, options: options)
        #expect(try again.run() == .complete)
        #expect(again.state.steps.map(\.status) == [.passed, .confirmed])
        #expect(again.state.steps[0].note == nil)
    }

    @Test func aRunbookEditedBetweenRunsKeepsItsRecordsByStepID() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        io.relopsResults["verify"] = CommandOutput(status: 1, output: "not served yet")
        let before = try runbook("## Scan\n```relops\nrelops scan\n```\n## Verify\n```relops\nrelops verify\n```\n")
        #expect(try engine(before, folder, io, options: nonInteractive()).run() == .failed(step: 2))
        // A step is inserted before the failed one; the passed step keeps its record.
        let after = try runbook(
            "## Scan\n```relops\nrelops scan\n```\n## Deploy\n```relops\nrelops --version\n```\n## Verify\n```relops\nrelops verify\n```\n"
        )
        io.relopsResults = [:]
        let resumed = try engine(after, folder, io, options: nonInteractive())
        #expect(resumed.state.steps.map(\.id) == ["scan", "deploy", "verify"])
        #expect(resumed.state.steps.map(\.status) == [.passed, .pending, .failed])
        #expect(try resumed.run() == .complete)
        #expect(resumed.state.steps.map(\.number) == [1, 2, 3])
    }

    @Test func refusesASecondRunOfTheSameRunbookAndTakesOverAStaleLock() throws {
        let folder = TemporaryFolder()
        let book = try runbook(threeSteps)
        let store = RunStore(repositoryRoot: folder.path)
        let held = try RunLock(runbook: "sample", store: store)
        let error = try #require(throws: Failure.self) {
            _ = try engine(book, folder, ScriptedIO(), options: nonInteractive()).run()
        }
        #expect(error.message.contains("another run of sample is in progress (pid \(getpid())"))
        #expect(error.category == .couldNotCheck)
        #expect(
            FileManager.default.fileExists(atPath: held.path), "a refused run must leave the other run's lock alone")
        held.release()

        // A lock left by a process that is gone is stale.
        let gone = runProcess("/bin/sh", ["-c", "echo $$"])
        try #require(gone.status == 0)
        folder.write(".relops/runs/sample.lock", gone.stdout)
        #expect(try engine(book, folder, ScriptedIO(), options: nonInteractive()).run() == .complete)
        #expect(!FileManager.default.fileExists(atPath: folder.url(".relops/runs/sample.lock")))
    }

    @Test func aLockBeingWrittenIsWaitedForAndOneThatIsNotAFileIsNamedAndLeftAlone() throws {
        let folder = TemporaryFolder()
        let book = try runbook(threeSteps)
        let store = RunStore(repositoryRoot: folder.path)
        // Empty and fresh: its writer is between creating and writing it. Not taken over.
        folder.write(".relops/runs/sample.lock", "")
        let busy = try #require(throws: Failure.self) { _ = try RunLock(runbook: "sample", store: store) }
        #expect(busy.message.contains("could not take the lock"), "\(busy.message)")
        #expect(FileManager.default.fileExists(atPath: folder.url(".relops/runs/sample.lock")))
        // Empty for more than 10 s: its writer died; taken over.
        let old = Date(timeIntervalSinceNow: -60)
        try FileManager.default.setAttributes(
            [.modificationDate: old], ofItemAtPath: folder.url(".relops/runs/sample.lock"))
        let taken = try RunLock(runbook: "sample", store: store)
        taken.release()
        // A folder where the lock should be: named, never removed.
        try FileManager.default.createDirectory(
            atPath: folder.url(".relops/runs/sample.lock"), withIntermediateDirectories: true)
        folder.write(".relops/runs/sample.lock/keep.txt", "kept\n")
        let odd = try #require(throws: Failure.self) {
            _ = try engine(book, folder, ScriptedIO(), options: nonInteractive()).run()
        }
        #expect(odd.message.hasPrefix(folder.url(".relops/runs/sample.lock") + ": not a lock relops can read ("))
        #expect(odd.message.contains("remove it if no run of sample is in progress"), "\(odd.message)")
        #expect(folder.read(".relops/runs/sample.lock/keep.txt") == Array("kept\n".utf8))
    }

    @Test func confirmationsNeedAPersonOrConfirmInCI() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## Rebuild and upload the apps
            ```relops
            relops cutover --from a.example.net --to b.example.com --apply
            ```
            - [ ] Android build uploaded to Play Console
            - [x] Written down in the runbook as done already
            - [ ] iOS build submitted
            """)
        let io = ScriptedIO()
        #expect(try engine(book, folder, io, options: nonInteractive()).run() == .failed(step: 1))
        #expect(io.relopsCalls.isEmpty, "a step that needs a person runs none of its commands without one")
        let run = try RunStore(repositoryRoot: folder.path).find(nil)
        #expect(
            run.steps[0].note
                == "needs a person to confirm \"Android build uploaded to Play Console\"; run it on a terminal, or pass --confirm rebuild-and-upload-the-apps once it is done"
        )

        #expect(throws: Failure.self) { _ = try engine(book, folder, io, options: nonInteractive(confirm: ["7"])) }
        let confirmed = try engine(book, folder, io, options: nonInteractive(confirm: ["rebuild-and-upload-the-apps"]))
        #expect(try confirmed.run() == .complete)
        #expect(confirmed.state.steps[0].status == .confirmed)
        #expect(
            confirmed.state.steps[0].checks.map(\.text) == [
                "relops cutover --from a.example.net --to b.example.com --apply",
                "Android build uploaded to Play Console", "iOS build submitted",
            ])
    }

    @Test func aPersonAnswersTheStepPromptsAndConfirmations() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ## Preview
            ```relops
            relops cutover --from a.example.net --to b.example.com
            ```
            ## Optional
            Nothing to check.
            ## Store review
            - [ ] Approved
            """)
        let io = ScriptedIO()
        io.choices = [.run, .skip(reason: ""), .run]
        io.confirmations = [false]
        var options = RunOptions()
        options.interactive = true
        let first = try engine(book, folder, io, options: options)
        #expect(try first.run() == .stopped(step: 3))
        #expect(first.state.steps.map(\.status) == [.passed, .skipped, .pending])
        #expect(first.state.steps[2].note == "not confirmed: Approved")

        io.choices = [.run]
        io.confirmations = [true]
        let second = try engine(book, folder, io, options: options)
        #expect(try second.run() == .complete)
        #expect(second.state.steps.map(\.status) == [.passed, .skipped, .confirmed])
        #expect(second.state.steps[2].checks.first?.excerpt == "confirmed by Ada Operator")

        // Quit leaves the step open.
        let third = try engine(
            book, folder, io,
            options: {
                var o = options; o.newRun = true; return o
            }())
        io.choices = [.quit]
        #expect(try third.run() == .stopped(step: 1))
        #expect(third.state.steps[0].status == .pending)
    }

    @Test func shellBlocksRunOnlyWhenAllowedAndGetValuesThroughTheEnvironment() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ---
            vars:
              new_host: {}
            ---
            ## Probe
            ```sh
            curl -sI "https://{{new_host}}/.well-known/assetlinks.json"
            ```
            """)
        let io = ScriptedIO()
        let evil = "x.example.com\"; touch pwned; echo \"$(id)"
        #expect(
            try engine(book, folder, io, vars: ["new_host=\(evil)"], options: nonInteractive()).run()
                == .failed(step: 1))
        #expect(io.shellCalls.isEmpty)

        var asked = RunOptions()
        asked.interactive = true
        asked.yes = true  // --yes answers the step prompt, not the shell question
        io.shellAnswers = [false]
        #expect(try engine(book, folder, io, vars: ["new_host=\(evil)"], options: asked).run() == .stopped(step: 1))
        #expect(io.shellCalls.isEmpty)

        #expect(
            try engine(book, folder, io, vars: ["new_host=\(evil)"], options: nonInteractive(allowShell: true)).run()
                == .complete)
        let call = try #require(io.shellCalls.first)
        #expect(call.script == "curl -sI \"https://${RELOPS_NEW_HOST}/.well-known/assetlinks.json\"\n")
        #expect(!call.script.contains("pwned"))
        #expect(call.environment["RELOPS_NEW_HOST"] == evil)
    }

    @Test func acceptedExitCodesComeFromTheFence() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            "## Audit\n```relops exit=0,1\nrelops anchors audit\n```\n## Strict\n```relops\nrelops anchors audit\n```\n"
        )
        let io = ScriptedIO()
        io.relopsResults["anchors audit"] = CommandOutput(status: 1, output: "Docs/adr/043.md:12: moved")
        let run = try engine(book, folder, io, options: nonInteractive())
        #expect(try run.run() == .failed(step: 2))
        #expect(run.state.steps.map(\.status) == [.passed, .failed])
        #expect(run.state.steps[0].checks.first?.exitCode == 1)
    }

    @Test func secretsNeverReachStateOrReport() throws {
        let folder = TemporaryFolder()
        let book = try runbook(
            """
            ---
            vars:
              p12_password: {secret: true}
            ---
            ## Show
            ```relops
            relops fingerprint show --p12 upload.p12 --password-env RELOPS_P12_PASSWORD --label {{p12_password}}
            ```
            ## Fail
            ```sh
            echo "{{p12_password}}"
            ```
            """)
        let secret = "hunter2-Sup3rS3cret"
        let io = ScriptedIO()
        io.relopsResults["fingerprint show --p12 upload.p12 --password-env RELOPS_P12_PASSWORD --label \(secret)"] =
            CommandOutput(status: 0, output: "opened with \(secret)\nSHA256: AB:CD")
        io.shellResult = CommandOutput(status: 1, output: "\(secret)\n")
        let run = try engine(
            book, folder, io, vars: ["p12_password=\(secret)"], options: nonInteractive(allowShell: true))
        #expect(try run.run() == .failed(step: 2))
        #expect(io.relopsEnvironments.first?["RELOPS_P12_PASSWORD"] == secret)
        let stateText = folder.readText(".relops/runs/\(run.state.runID).json")
        #expect(stateText.contains("SHA256: AB:CD"))
        #expect(stateText.contains("--label ***"))
        #expect(stateText.contains("(secret)"))
        #expect(!stateText.contains(secret))
        let template = try ReportTemplate(
            String(contentsOfFile: packageRoot + "/Templates/run-report.md", encoding: .utf8),
            path: "Templates/run-report.md")
        let report = RunReport(run.state)
        let markdown = try report.markdown(template: template)
        #expect(markdown.contains("opened with ***"))
        #expect(!markdown.contains(secret))
        #expect(!report.junit.contains(secret))
    }
}
