import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// Issue 38, case 1: a step that `needs:` a check does not pass when that check was not made. The
/// domain-cutover association step passed with `assetlinks.fingerprint` unchecked (no expected
/// fingerprint anywhere), so a served file naming the wrong signing key got through the gate meant
/// to catch it. Now it stops as not checked, unless the operator accepts it for the run, and the
/// record says accepted, never passed.
@Suite(.relopsCommands) struct RunbookNeedsTests {
    let book = """
        ## Serve
        needs: assetlinks.fingerprint, aasa.appid

        ```relops
        relops verify --host a.example.com
        ```
        ## After
        ```relops
        relops scan --host a.example.com
        ```
        """

    /// `verify` as it reports a run with the grant checked but no fingerprint to compare.
    func world(fingerprintChecked: Bool) -> ScriptedIO {
        let io = ScriptedIO()
        io.outcomes["verify --host a.example.com"] = CheckOutcome([
            ("assetlinks.grant", false, ""),
            (
                "assetlinks.fingerprint", !fingerprintChecked,
                fingerprintChecked
                    ? "" : "no expected fingerprint to compare (give --fingerprint or set app.android.fingerprints)"
            ),
            ("aasa.appid", false, ""),
        ])
        return io
    }

    /// An outcome file the command left cut short is not read as "wrote none" (which would let
    /// the exit code alone pass the step): the run stops with an error naming the file.
    @Test func anOutcomeThatIsNoOutcomeStopsTheRunAndPassesNothing() throws {
        let scratch = TemporaryFolder()
        let io = ScriptedIO()
        io.outcomeTexts["verify --host a.example.com"] = #"{"checked": 2, "skipped": ["#
        let run = try engine(try runbook(book), scratch, io)
        let error = #expect(throws: Failure.self) { try run.run() }
        #expect(
            error?.description.contains("not a readable check outcome: not valid JSON") == true,
            "\(String(describing: error))")
        #expect(!run.state.steps.contains { $0.status == .passed })
        #expect(io.relopsCalls.count == 1)
        // Nothing of it is left for the next command to be judged by.
        let left = FileManager.default.enumerator(atPath: scratch.path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(!left.isEmpty && !left.contains { $0.hasSuffix(".outcome") }, "\(left)")
    }

    @Test func aNeededCheckNotMadeStopsTheStepAsNotChecked() throws {
        let scratch = TemporaryFolder()
        let run = try engine(try runbook(book), scratch, world(fingerprintChecked: false))
        #expect(try run.run() == .failed(step: 1))
        #expect(run.state.steps.map(\.status) == [.failed, .pending])
        let note = try #require(run.state.steps[0].note)
        #expect(note.hasPrefix("not checked: assetlinks.fingerprint: no expected fingerprint to compare"), "\(note)")
        #expect(note.hasSuffix("or accept this step unchecked with --accept-unchecked serve"))
    }

    @Test func theOperatorMayAcceptItForTheRunAndItIsRecordedAsAccepted() throws {
        var options = RunOptions()
        options.acceptedUnchecked = ["1"]
        let scratch = TemporaryFolder()
        let run = try engine(try runbook(book), scratch, world(fingerprintChecked: false), options: options)
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.skipped, .passed])
        #expect(
            run.state.steps[0].note?.hasPrefix(
                "not checked, accepted by Ada Operator with --accept-unchecked: assetlinks.fingerprint: no expected")
                == true)
    }

    @Test func withTheIdentityTheStepPasses() throws {
        let scratch = TemporaryFolder()
        let run = try engine(try runbook(book), scratch, world(fingerprintChecked: true))
        #expect(try run.run() == .complete)
        #expect(run.state.steps.map(\.status) == [.passed, .passed])
    }

    @Test func anAcceptedStepMustExist() throws {
        var options = RunOptions()
        options.acceptedUnchecked = ["nine"]
        let error = #expect(throws: Failure.self) {
            let scratch = TemporaryFolder()
            _ = try engine(try runbook(book), scratch, ScriptedIO(), options: options)
        }
        #expect(error?.message.hasPrefix("--accept-unchecked nine: ") == true)
    }
}
