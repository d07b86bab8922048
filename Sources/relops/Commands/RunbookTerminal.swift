import Foundation
import RelopsCore
import Runbook

/// The real world for a run: relops steps run as this binary, sh blocks with /bin/sh, each in its
/// own process group; questions on the terminal, progress on stdout, all through the console.
final class TerminalRunbookIO: RunbookIO {
    let console: Console
    let executable: String
    let interactive: Bool
    /// Forwards SIGINT and SIGTERM to the step that runs, and remembers that they came.
    let signals: StepSignals

    init(console: Console, executable: String, interactive: Bool, signals: StepSignals) {
        self.console = console
        self.executable = executable
        self.interactive = interactive
        self.signals = signals
    }

    var interrupted: Bool { signals.happened }

    func runRelops(
        _ arguments: [String], environment: [String: String], in folder: String, started: (Int32) -> Void
    ) -> CommandOutput {
        run(executable, arguments, environment: environment, in: folder, started: started)
    }

    func runShell(_ script: String, environment: [String: String], in folder: String, started: (Int32) -> Void)
        -> CommandOutput
    {
        run("/bin/sh", ["-c", script], environment: environment, in: folder, started: started)
    }

    private func run(
        _ executable: String, _ arguments: [String], environment: [String: String], in folder: String,
        started: (Int32) -> Void
    ) -> CommandOutput {
        console.flush()
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        let result = StepProcess.run(executable, arguments, environment: env, in: folder) { pid in
            signals.running(pid)
            started(pid)
        }
        signals.running(nil)
        return result
    }

    /// The answer, trimmed, or nil at the end of input.
    private func ask(_ question: String) -> String? {
        console.prompt(question)
        return readLine()?.trimmingCharacters(in: .whitespaces)
    }

    func choose(step: RunbookStep, prose: String) -> StepChoice {
        while true {
            switch ask("Step \(step.number): [r]un, [s]kip or [q]uit? ")?.lowercased() {
            case nil: return .quit
            case "r", "run", "y", "yes", "": return .run
            case "s", "skip":
                while true {
                    guard let reason = ask("Why skip step \(step.number)? (recorded in the report) ") else {
                        return .quit
                    }
                    if !reason.isEmpty { return .skip(reason: reason) }
                }
            case "q", "quit": return .quit
            default: continue
            }
        }
    }

    func allowShell(step: RunbookStep, script: String) -> Bool {
        console.out(indent(script.trimmingCharacters(in: .newlines), "    $ "))
        return ["y", "yes"].contains(ask("Run this shell block? [y/N] ")?.lowercased() ?? "")
    }

    func confirm(step: RunbookStep, item: String) -> Bool {
        ["y", "yes"].contains(ask("Confirm: \(item) [y/N] ")?.lowercased() ?? "")
    }

    /// Asks, in one prompt, for every variable nobody gave a value: all are named first, then each
    /// is asked in turn. The end of input stops asking (the ones left are a usage error naming them).
    func values(for variables: [RunbookVariable]) -> [String: String] {
        let width = variables.map(\.name.count).max() ?? 0
        console.out("This run needs \(variables.count) value\(variables.count == 1 ? "" : "s") nobody gave:")
        for variable in variables {
            console.out(
                "  " + variable.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + (variable.description ?? ""))
        }
        var answers: [String: String] = [:]
        for variable in variables {
            while true {
                guard let answer = ask("\(variable.name): ") else { return answers }
                if !answer.isEmpty {
                    answers[variable.name] = answer
                    break
                }
            }
        }
        return answers
    }

    func show(_ event: RunEvent) {
        switch event {
        case .started(let runID, let resumed):
            console.out((resumed ? "Resuming run " : "Starting run ") + runID)
        case .stepAlreadyDone(let record):
            console.out(
                console.styled(
                    "[\(RunReport.mark(record.status))] \(record.number). \(record.title)  \(record.status.rawValue)",
                    .dim))
        case .evidenceHolds(let record):
            console.out(console.styled("[x] \(record.number). \(record.title)  passed (checked again)", .dim))
        case .reopened(let record, let reason):
            console.out(console.styled("[ ] \(record.number). \(record.title)  reopened: \(reason)", .yellow))
        case .stepStarted(let step, let prose):
            console.out("\n" + console.styled("== \(step.number). \(step.title)", .bold))
            if interactive && !prose.isEmpty { console.out(indent(prose, "   ")) }
        case .checkFinished(let check, let passed):
            showCheck(check, passed: passed)
        case .stepFinished(let record):
            let mark = "[\(RunReport.mark(record.status))]"
            if record.status == .skipped {
                console.out("\n" + console.styled("\(mark) \(record.number). \(record.title)", .dim))
            }
            console.out("   \(mark) \(record.status.rawValue)" + (record.note.map { ": \($0)" } ?? ""))
        case .repositoryValuesTaken(let values):
            console.out(
                console.styled("With --trust-repository, this run takes these values from the repository:", .yellow))
            for value in values { console.out("  " + value) }
        }
    }

    private func showCheck(_ check: CheckRecord, passed: Bool) {
        let verdict = passed ? console.styled("ok", .green) : console.styled("FAILED", .red)
        switch check.kind {
        case .relops, .sh:
            let first = check.text.split(separator: "\n").first.map(String.init) ?? ""
            if check.kind == .relops, check.exitCode == nil {
                console.out("   $ \(first)  -> " + console.styled(check.excerpt ?? "not run", .dim))
                return
            }
            console.out("   \(check.kind == .sh ? "sh: " : "$ ")\(first)  -> exit \(check.exitCode ?? 0) \(verdict)")
            if let excerpt = check.excerpt, !excerpt.isEmpty { console.out(indent(excerpt, "     | ")) }
        case .confirm:
            console.out("   confirmed: \(check.text)" + (check.excerpt.map { " (\($0))" } ?? ""))
        case .evidence:
            console.out("   \(check.text) \(verdict): \(check.excerpt ?? "")")
        }
    }

    private func indent(_ text: String, _ prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}

/// Turns Ctrl-C and SIGTERM into a clean stop: the signal is forwarded to the process group of
/// the step that runs (it runs in its own group, so the terminal's Ctrl-C does not reach it), relops
/// waits for the step, records it and starts nothing more. Nothing is removed from a signal
/// handler, so nothing races. With `endWhenIdle` (a person at a prompt), a signal that comes while
/// no step runs ends relops at once, as it would without this: the state is already saved.
final class StepSignals: @unchecked Sendable {
    static let signals = [SIGINT, SIGTERM]
    private let lock = NSLock()
    private var received: Int32?
    private var child: Int32?
    private var sources: [any DispatchSourceSignal] = []
    private let endWhenIdle: Bool

    init(endWhenIdle: Bool = false) {
        self.endWhenIdle = endWhenIdle
        for number in Self.signals {
            signal(number, SIG_IGN)  // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.forward(number) }
            source.resume()
            sources.append(source)
        }
    }

    private func forward(_ number: Int32) {
        lock.withLock {
            received = received ?? number
            if let child {
                kill(-child, number)
            } else if endWhenIdle {
                signal(number, SIG_DFL)
                kill(getpid(), number)
            }
        }
    }

    /// The step's pid (its process group) while it runs, nil after.
    func running(_ pid: Int32?) {
        lock.withLock {
            child = pid
            // A signal that came while the step was starting still reaches it.
            if let pid, let received { kill(-pid, received) }
        }
    }

    /// True once a signal came.
    var happened: Bool { lock.withLock { received != nil } }

    /// The exit code for an interrupted run: 128 + the signal.
    var exitCode: Int32 { lock.withLock { 128 + (received ?? SIGINT) } }

    /// Stops watching and restores the default handling.
    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
