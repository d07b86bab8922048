import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// A scripted operator and world: relops and sh results by command, answers in order, events recorded.
final class ScriptedIO: RunbookIO {
    /// Results by the relops arguments joined with spaces; anything else exits 0 with no output.
    var relopsResults: [String: CommandOutput] = [:]
    var shellResult = CommandOutput(status: 0, output: "")
    /// What a command says it checked and skipped, by its arguments joined with spaces: written where
    /// `RELOPS_CHECK_OUTCOME` asks, as `relops verify` does.
    var outcomes: [String: CheckOutcome] = [:]
    /// The text a command writes where `RELOPS_CHECK_OUTCOME` asks instead of an outcome (a file cut
    /// short, say), by its arguments joined with spaces.
    var outcomeTexts: [String: String] = [:]
    private(set) var relopsCalls: [[String]] = []
    private(set) var relopsEnvironments: [[String: String]] = []
    private(set) var shellCalls: [(script: String, environment: [String: String])] = []
    var choices: [StepChoice] = []
    var shellAnswers: [Bool] = []
    var confirmations: [Bool] = []
    private(set) var events: [String] = []

    func runRelops(
        _ arguments: [String], environment: [String: String], in folder: String, started: (Int32) -> Void
    ) -> CommandOutput {
        relopsCalls.append(arguments)
        relopsEnvironments.append(environment)
        if let outcome = outcomes[arguments.joined(separator: " ")] {
            try? outcome.write(environment: environment)
        }
        if let text = outcomeTexts[arguments.joined(separator: " ")],
            let path = environment[CheckOutcome.environmentName]
        {
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return relopsResults[arguments.joined(separator: " ")] ?? CommandOutput(status: 0, output: "")
    }

    func runShell(_ script: String, environment: [String: String], in folder: String, started: (Int32) -> Void)
        -> CommandOutput
    {
        shellCalls.append((script, environment))
        return shellResult
    }

    func choose(step: RunbookStep, prose: String) -> StepChoice {
        choices.isEmpty ? .run : choices.removeFirst()
    }

    func allowShell(step: RunbookStep, script: String) -> Bool {
        shellAnswers.isEmpty ? false : shellAnswers.removeFirst()
    }

    func confirm(step: RunbookStep, item: String) -> Bool {
        confirmations.isEmpty ? false : confirmations.removeFirst()
    }

    func show(_ event: RunEvent) {
        switch event {
        case .started(let id, let resumed): events.append("\(resumed ? "resumed" : "started") \(id)")
        case .stepStarted(let step, _): events.append("step \(step.number)")
        case .stepAlreadyDone(let record): events.append("done \(record.number)")
        case .reopened(let record, let reason): events.append("reopened \(record.number): \(reason)")
        case .evidenceHolds(let record): events.append("holds \(record.number)")
        case .checkFinished(let check, let passed): events.append("\(check.kind.rawValue) \(passed ? "ok" : "failed")")
        case .stepFinished(let record): events.append("finished \(record.number) \(record.status.rawValue)")
        case .repositoryValuesTaken(let values): events.append("trusted " + values.joined(separator: "; "))
        }
    }
}

/// A clock that starts at 2026-08-31T09:00:00Z and moves one second each time it is read.
final class SteppingClock: @unchecked Sendable {
    private var current = Date(timeIntervalSince1970: 1_788_166_800)
    func now() -> Date {
        defer { current += 1 }
        return current
    }
}

/// A runbook parsed from text, named by `path` (relative, so reports are stable).
func runbook(_ text: String, path: String = "Runbooks/sample.md") throws -> Runbook {
    try Runbook(parsing: text, path: path)
}

/// An engine over `book` in `folder` with `io`, `--var` values and options.
func engine(
    _ book: Runbook, _ folder: TemporaryFolder, _ io: ScriptedIO, vars: [String] = [], config: [(String, String)] = [],
    options: RunOptions = RunOptions(), clock: SteppingClock = SteppingClock()
) throws -> RunbookEngine {
    let variables = try RunVariables(runbook: book, config: config.map { (name: $0.0, value: $0.1) }, overrides: vars)
    return try RunbookEngine(
        runbook: book, variables: variables, repositoryRoot: folder.path, io: io, options: options,
        operatorName: "Ada Operator", now: clock.now)
}

func nonInteractive(confirm: [String] = [], allowShell: Bool = false) -> RunOptions {
    var options = RunOptions()
    options.confirmedSteps = confirm
    options.allowShell = allowShell
    return options
}

/// The package's source root (where `Runbooks/` and `Templates/` live).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
