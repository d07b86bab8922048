import Foundation
import RelopsCore
import Runbook

/// The real world for a run: relops steps run as this binary, sh blocks with /bin/sh, questions
/// on the terminal, progress on stdout.
final class TerminalRunbookIO: RunbookIO {
    let console: Console
    let executable: String
    let interactive: Bool

    init(console: Console, executable: String, interactive: Bool) {
        self.console = console
        self.executable = executable
        self.interactive = interactive
    }

    func runRelops(_ arguments: [String], environment: [String: String], in folder: String) -> CommandOutput {
        run(executable, arguments, environment: environment, in: folder)
    }

    func runShell(_ script: String, environment: [String: String], in folder: String) -> CommandOutput {
        run("/bin/sh", ["-c", script], environment: environment, in: folder)
    }

    private func run(_ executable: String, _ arguments: [String], environment: [String: String], in folder: String)
        -> CommandOutput
    {
        console.flush()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return CommandOutput(
                status: 127, output: "", errors: "cannot run \(executable): \(error.localizedDescription)")
        }
        // Read both pipes at once so neither fills up and blocks the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return CommandOutput(
            status: status, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors.data, as: UTF8.self))
    }

    /// The answer in lowercase, or nil at the end of input.
    private func ask(_ question: String) -> String? {
        console.flush()
        FileHandle.standardError.write(Data(question.utf8))
        return readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
    }

    func choose(step: RunbookStep, prose: String) -> StepChoice {
        while true {
            switch ask("Step \(step.number): [r]un, [s]kip or [q]uit? ") {
            case nil: return .quit
            case "r", "run", "y", "yes", "": return .run
            case "s", "skip": return .skip
            case "q", "quit": return .quit
            default: continue
            }
        }
    }

    func allowShell(step: RunbookStep, script: String) -> Bool {
        console.out(indent(script.trimmingCharacters(in: .newlines), "    $ "))
        return ["y", "yes"].contains(ask("Run this shell block? [y/N] ") ?? "")
    }

    func confirm(step: RunbookStep, item: String) -> Bool {
        ["y", "yes"].contains(ask("Confirm: \(item) [y/N] ") ?? "")
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
            let verdict = passed ? console.styled("ok", .green) : console.styled("FAILED", .red)
            switch check.kind {
            case .relops, .sh:
                let first = check.text.split(separator: "\n").first.map(String.init) ?? ""
                console.out(
                    "   \(check.kind == .sh ? "sh: " : "$ ")\(first)  -> exit \(check.exitCode ?? 0) \(verdict)")
                if let excerpt = check.excerpt, !excerpt.isEmpty { console.out(indent(excerpt, "     | ")) }
            case .confirm:
                console.out("   confirmed: \(check.text)")
            }
        case .stepFinished(let record):
            let mark = "[\(RunReport.mark(record.status))]"
            console.out("   \(mark) \(record.status.rawValue)" + (record.note.map { ": \($0)" } ?? ""))
        }
    }

    private func indent(_ text: String, _ prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }
}
