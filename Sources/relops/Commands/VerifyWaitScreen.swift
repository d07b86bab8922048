import Foundation
import RelopsCore
import Verify

/// `relops verify --wait`: the first round's checklist, then only what each round changed, and
/// when every check first passed.
enum VerifyWaitScreen {
    static func run(
        _ wait: VerifyWait, _ round: () throws(Failure) -> VerifyReport, _ options: VerifyOptions,
        format: OutputFormat, _ console: Console
    ) throws(Failure) -> Int32 {
        var rounds: [VerifyDocument.Round] = []
        console.progress("verifying \(options.host) until every check passes (at most \(seconds(wait.duration)))…")
        let outcome = try wait.run(round) { round in
            console.endProgress()
            rounds.append(VerifyDocument.Round(round))
            if format != .json { show(round, console) }
            console.progress("round \(round.number) done; next in \(seconds(wait.interval))…")
        }
        console.endProgress()
        try VerifyCommand.writeOutcome(outcome.report)
        let passedAt = outcome.passedAt.map(Verifier.iso8601)
        if format == .json {
            let wait = VerifyDocument.Wait(outcome, rounds: rounds)
            console.out(try VerifyDocument(options, report: outcome.report, wait: wait).jsonText())
        } else if let passedAt {
            console.out(
                "every check passed at \(passedAt) (round \(outcome.rounds), after \(seconds(outcome.elapsed)))")
        } else {
            let failing = outcome.report.checks.filter { $0.verdict == .fail }.count
            console.out(
                "still \(failing) failing check(s) after \(seconds(outcome.elapsed)) and \(outcome.rounds) round(s): "
                    + "the wait of \(seconds(wait.duration)) ran out")
        }
        return outcome.passedAt == nil ? ExitCode.checkFailed : ExitCode.ok
    }

    /// Round 1: the whole checklist. Later rounds: each change, `was -> now`.
    static func show(_ round: WaitRound, _ console: Console) {
        if round.number == 1 {
            console.out("round 1 (\(seconds(round.elapsed))):")
            VerifyCommand.render(round.report, local: false, console)
            return
        }
        let count = round.report.checks.filter { $0.verdict == .fail }.count
        console.out(
            "round \(round.number) (\(seconds(round.elapsed))): \(round.changes.count) change(s), \(count) failing")
        let width = round.changes.compactMap { ($0.after ?? $0.before)?.name.count }.max() ?? 0
        for change in round.changes {
            if let after = change.after {
                let was = change.before.map { VerifyCommand.label($0.verdict, console) } ?? "new "
                console.out("  \(was) -> \(VerifyCommand.line(after, width: width, console))")
            } else if let before = change.before {
                console.out("  gone:   \(VerifyCommand.line(before, width: width, console))")
            }
        }
    }

    static func seconds(_ value: Double) -> String {
        let s = Int(value.rounded())
        return s >= 60 ? "\(s / 60)m\(s % 60)s" : "\(s)s"
    }
}
