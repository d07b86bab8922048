import CommandLine
import Foundation
import RelopsCore
import Runbook

/// `relops demo [--keep DIR]`.
enum DemoCommand: RelopsCommand {
    enum Options {
        static let keep = Option<String?>.value(
            "keep", "DIR", authority: .whereItActs,
            help: "Work in DIR (new or empty) and keep it: the sample repository, its run state and report.md.")
    }

    static let spec = CommandSpec(
        "demo",
        abstract: "Run the three shipped runbooks on a built-in sample repository, in a few seconds.",
        discussion: """
            Writes a sample MAUI app repository with history into a temporary folder, runs the three \
            shipped runbooks on it (domain cutover, fingerprint rotation, ADR anchor audit) without \
            a person and with `relops verify --local`, prints what they found, and removes the folder. \
            Nothing is fetched from the network.
            """,
        options: [Options.keep],
        // It writes a sample repository of its own (a temporary folder, or --keep DIR).
        writes: .always)

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let shipped = try RunbookCommand.requireShippedFiles()
        let workspace = try DemoWorkspace(keep: arguments[Options.keep])
        defer { workspace.removeIfTemporary() }
        let interrupt = StepSignals()
        defer { interrupt.cancel() }
        let io = DemoProgressIO(console: console, interrupt: interrupt)
        defer { console.endProgress() }
        let result = try Demo.run(in: workspace, shipped: shipped, io: io) { event in
            switch event {
            case .writingSample(let commits):
                console.error("relops demo: writing the sample repository (\(commits) commits) in \(workspace.folder)")
            case .running(let runbook):
                console.error("relops demo: running \(runbook.name) (\(runbook.steps.count) steps)")
            }
        }
        if interrupt.happened {
            let kept = workspace.kept ? "; what was done is in \(workspace.folder)" : ""
            console.error("relops demo: interrupted\(kept)")
            return 130
        }
        DemoScreen(result: result, console: console).render()
        if result.passed { return ExitCode.ok }
        console.error(failureMessage(result))
        return ExitCode.checkFailed
    }

    /// Which runbook stopped where and why; the demo passing is part of relops working.
    static func failureMessage(_ result: Demo.Result) -> String {
        let stopped = result.runs.first { $0.outcome != .complete }
        let step = stopped?.state.firstOpenStep
        let place =
            stopped.map { run in
                "\(run.demoRun.runbook) stopped at step \(step?.number ?? 0) (\(step?.title ?? "?"))"
                    + (step?.note.map { ": \($0)" } ?? "")
            } ?? "not every runbook ran"
        let look =
            result.workspace.kept
            ? "the evidence is in \(result.workspace.report)" : "`relops demo --keep DIR` keeps the evidence"
        return "relops demo: \(place).\nThe demo should always pass, so this is a bug in relops; \(look)."
    }
}

/// Runs the steps' commands as this binary and shows each step as a transient progress line.
final class DemoProgressIO: RunbookIO {
    let console: Console
    let interrupt: StepSignals
    let runner: TerminalRunbookIO

    init(console: Console, interrupt: StepSignals) {
        self.console = console
        self.interrupt = interrupt
        runner = TerminalRunbookIO(
            console: console, executable: relopsExecutable, interactive: false, signals: interrupt)
    }

    var interrupted: Bool { interrupt.happened }

    func runRelops(
        _ arguments: [String], environment: [String: String], in folder: String, started: (Int32) -> Void
    ) -> CommandOutput {
        runner.runRelops(arguments, environment: environment, in: folder, started: started)
    }

    func runShell(_ script: String, environment: [String: String], in folder: String, started: (Int32) -> Void)
        -> CommandOutput
    {
        runner.runShell(script, environment: environment, in: folder, started: started)
    }

    func choose(step: RunbookStep, prose: String) -> StepChoice { .run }
    func allowShell(step: RunbookStep, script: String) -> Bool { false }
    func confirm(step: RunbookStep, item: String) -> Bool { false }

    func show(_ event: RunEvent) {
        if case .stepStarted(let step, _) = event { console.progress("  \(step.number). \(step.title)") }
    }
}
