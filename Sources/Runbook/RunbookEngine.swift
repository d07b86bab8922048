import Foundation
import RelopsCore

/// What a run needs from the world: running commands, asking the operator, showing progress.
/// The executable supplies processes and a terminal; tests supply a script.
public protocol RunbookIO: AnyObject {
    /// Runs `relops <arguments>` in `folder` with `environment` added; never through a shell.
    func runRelops(_ arguments: [String], environment: [String: String], in folder: String) -> CommandOutput
    /// Runs a ```sh``` script with `/bin/sh` in `folder`, the variables in `environment`.
    func runShell(_ script: String, environment: [String: String], in folder: String) -> CommandOutput
    /// Asks whether to run, skip or quit a step (only when a person is there and `--yes` was not given).
    func choose(step: RunbookStep, prose: String) -> StepChoice
    /// Asks whether to run a shell block (only when a person is there and `--allow-shell` was not given).
    func allowShell(step: RunbookStep, script: String) -> Bool
    /// Asks the operator to confirm a task item (only when a person is there).
    func confirm(step: RunbookStep, item: String) -> Bool
    /// Something happened that the operator should see.
    func show(_ event: RunEvent)
}

/// What a finished command printed and its exit code.
public struct CommandOutput: Sendable {
    public let status: Int32
    /// Its standard output.
    public let output: String
    /// Its standard error: where relops says why a check failed.
    public let errors: String

    public init(status: Int32, output: String, errors: String = "") {
        self.status = status
        self.output = output
        self.errors = errors
    }

    /// Everything it printed: standard output, then standard error.
    public var combined: String {
        errors.isEmpty ? output : output.isEmpty ? errors : output + (output.hasSuffix("\n") ? "" : "\n") + errors
    }

    /// The first line that says why: of standard error when it has one, else of standard output.
    public var firstLine: String {
        let source = errors.contains(where: { !$0.isWhitespace }) ? errors : output
        return source.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? ""
    }
}

/// The operator's answer at a step's prompt.
public enum StepChoice: Sendable {
    case run, skip, quit
}

/// Progress a run reports.
public enum RunEvent {
    case started(runID: String, resumed: Bool)
    case stepStarted(RunbookStep, prose: String)
    case stepAlreadyDone(StepRecord)
    case reopened(StepRecord, reason: String)
    case evidenceHolds(StepRecord)
    case checkFinished(CheckRecord, passed: Bool)
    case stepFinished(StepRecord)
}

/// How a run ended.
public enum RunOutcome: Equatable, Sendable {
    /// Every step is done.
    case complete
    /// A step failed or needs a person; the run stops there and resumes there.
    case failed(step: Int)
    /// The operator quit or declined; the run resumes at this step.
    case stopped(step: Int)
}

/// How the run is driven.
public struct RunOptions: Sendable {
    /// A person is at a terminal and can be asked.
    public var interactive = false
    /// `--yes`: answer run at each step's prompt.
    public var yes = false
    /// `--allow-shell`: run ```sh``` blocks without asking.
    public var allowShell = false
    /// `--confirm STEP`: steps whose task items count as confirmed without a person.
    public var confirmedSteps: [String] = []
    /// `--new`: start a fresh run even when one is open.
    public var newRun = false
    public init() {}
}

/// Runs a runbook step by step, storing state after every change.
public final class RunbookEngine {
    let runbook: Runbook
    let variables: RunVariables
    let repositoryRoot: String
    let store: RunStore
    let io: RunbookIO
    let options: RunOptions
    let operatorName: String
    let now: () -> Date

    /// The run's state as it stands.
    public private(set) var state: RunState

    private let resumed: Bool
    /// Held from opening the run until `run()` ends (or the engine is released).
    private var lock: RunLock?

    /// Takes the runbook's lock and opens the run to work on: the latest open run of this runbook,
    /// else a new one.
    public init(
        runbook: Runbook, variables: RunVariables, repositoryRoot: String, io: RunbookIO, options: RunOptions,
        operatorName: String, now: @escaping () -> Date = Date.init
    ) throws(Failure) {
        self.runbook = runbook
        self.variables = variables
        self.repositoryRoot = repositoryRoot
        self.io = io
        self.options = options
        self.operatorName = operatorName
        self.now = now
        store = RunStore(repositoryRoot: repositoryRoot)
        for reference in options.confirmedSteps where runbook.step(named: reference) == nil {
            let ids = runbook.steps.map { "\($0.number) (\($0.id))" }.joined(separator: ", ")
            throw Failure(.usage, "--confirm \(reference): \(runbook.name) has no such step; steps: \(ids)")
        }
        // The lock comes before reading the runs, so the open run cannot change underneath.
        lock = try RunLock(runbook: runbook.name, store: store)
        let open = options.newRun ? nil : try store.all().last { $0.runbook == runbook.name && $0.finished == nil }
        let started = now()
        var state =
            open
            ?? RunState(
                runID: store.newRunID(runbook: runbook.name, started: started), runbook: runbook.name,
                runbookPath: runbook.path, title: runbook.title, started: timestamp(started),
                finished: nil, operator: operatorName, vars: [], steps: [])
        resumed = open != nil
        // Steps follow the runbook as it is now; records carry over by id.
        state.steps = runbook.steps.map { step in
            var record =
                state.steps.first { $0.id == step.id }
                ?? StepRecord(number: step.number, id: step.id, title: step.title)
            record.number = step.number
            record.title = step.title
            return record
        }
        state.title = runbook.title
        state.runbookPath = runbook.path
        state.vars = variables.order.map {
            RunState.Variable(
                name: $0, value: variables.secretNames.contains($0) ? "(secret)" : variables.values[$0] ?? "")
        }
        self.state = state
    }

    /// Runs from the first step not done; on resume, checks again the evidence of passed steps that only read.
    public func run() throws(Failure) -> RunOutcome {
        let lock: RunLock
        if let held = self.lock { lock = held } else { lock = try RunLock(runbook: runbook.name, store: store) }
        defer {
            lock.release()
            self.lock = nil
        }
        try store.save(state)
        io.show(.started(runID: state.runID, resumed: resumed))
        // Evidence from before a done write is history: the inventory before a cutover no longer
        // holds after it, by design. Only what was checked after the last write must still hold.
        let lastWrite =
            runbook.steps.filter { step in
                let status = state.steps[step.number - 1].status
                return step.writes && (status == .passed || status == .confirmed)
            }.map(\.number).max() ?? 0
        for step in runbook.steps {
            let index = step.number - 1
            var reopened: String?
            if state.steps[index].status.isDone {
                guard resumed, state.steps[index].status == .passed, step.onlyReads, step.number > lastWrite else {
                    io.show(.stepAlreadyDone(state.steps[index]))
                    continue
                }
                if let reason = try recheck(step) {
                    reopened = "reopened: " + reason
                    state.steps[index].status = .pending
                    state.steps[index].note = "reopened: " + reason
                    try store.save(state)
                    io.show(.reopened(state.steps[index], reason: reason))
                } else {
                    state.steps[index].rechecked = timestamp(now())
                    try store.save(state)
                    io.show(.evidenceHolds(state.steps[index]))
                    continue
                }
            }
            if let outcome = try execute(step, reopened: reopened) { return outcome }
        }
        state.finished = timestamp(now())
        try store.save(state)
        return .complete
    }

    /// Runs a passed step's checks again; the reason its evidence no longer holds, or nil.
    private func recheck(_ step: RunbookStep) throws(Failure) -> String? {
        for action in step.actions {
            guard case .relops(let check) = action else { continue }
            for command in check.commands {
                let arguments = try variables.arguments(of: command)
                let result = io.runRelops(arguments, environment: variables.environment, in: repositoryRoot)
                if !check.acceptedExitCodes.contains(result.status) {
                    let firstLine = variables.redact(result.firstLine)
                    return "`\(displayCommand(arguments))` now exits \(result.status)"
                        + (firstLine.isEmpty ? "" : ": \(firstLine)")
                }
            }
        }
        return nil
    }

    /// Runs one step; a non-nil outcome stops the run.
    private func execute(_ step: RunbookStep, reopened reopenedNote: String?) throws(Failure) -> RunOutcome? {
        let index = step.number - 1
        state.steps[index].status = .pending
        state.steps[index].started = timestamp(now())
        state.steps[index].finished = nil
        state.steps[index].operator = operatorName
        state.steps[index].note = reopenedNote
        state.steps[index].checks = []
        try store.save(state)
        io.show(.stepStarted(step, prose: variables.display(step.prose)))

        if options.interactive && !options.yes {
            switch io.choose(step: step, prose: variables.display(step.prose)) {
            case .run: break
            case .skip: return try finish(step, .skipped, note: "skipped by \(operatorName)")
            case .quit:
                state.steps[index].note = "stopped here by \(operatorName)"
                try store.save(state)
                return .stopped(step: step.number)
            }
        }
        // Without a person, a step that needs one fails before any of its commands run, so a write
        // is never done by a step that then cannot finish.
        let confirmedByFlag = options.confirmedSteps.contains { runbook.step(named: $0)?.id == step.id }
        if !options.interactive && !confirmedByFlag,
            let item = step.actions.lazy.compactMap({ action -> TaskItem? in
                if case .confirmation(let item) = action, !item.checkedInRunbook { return item }
                return nil
            }).first
        {
            return try fail(
                step,
                "needs a person to confirm \"\(variables.display(item.text))\"; run it on a terminal, or pass --confirm \(step.id) once it is done"
            )
        }
        var confirmedAny = false
        for action in step.actions {
            switch action {
            case .relops(let check):
                for command in check.commands {
                    let arguments = try variables.arguments(of: command)
                    let result = io.runRelops(arguments, environment: variables.environment, in: repositoryRoot)
                    let passed = check.acceptedExitCodes.contains(result.status)
                    try record(.relops, displayCommand(arguments), result, passed: passed, index: index)
                    if !passed {
                        return try fail(step, "`\(displayCommand(arguments))` exited \(result.status)")
                    }
                }
            case .shell(let block):
                if !options.allowShell {
                    guard options.interactive else {
                        return try fail(
                            step,
                            "the step has a ```sh``` block, which runs only with --allow-shell or a yes at the step's prompt"
                        )
                    }
                    guard io.allowShell(step: step, script: variables.script(block.script)) else {
                        state.steps[index].note = "\(operatorName) declined the shell block"
                        try store.save(state)
                        return .stopped(step: step.number)
                    }
                }
                let result = io.runShell(
                    variables.script(block.script), environment: variables.environment, in: repositoryRoot)
                let passed = result.status == 0
                try record(
                    .sh, variables.script(block.script).trimmingCharacters(in: .newlines), result, passed: passed,
                    index: index)
                if !passed { return try fail(step, "the ```sh``` block exited \(result.status)") }
            case .confirmation(let item):
                if item.checkedInRunbook { continue }
                let text = variables.display(item.text)
                if confirmedByFlag {
                    try record(
                        .confirm, text, nil, passed: true, index: index,
                        excerpt: "confirmed with --confirm by \(operatorName)")
                } else if options.interactive {
                    guard io.confirm(step: step, item: text) else {
                        state.steps[index].note = "not confirmed: \(text)"
                        try store.save(state)
                        return .stopped(step: step.number)
                    }
                    try record(.confirm, text, nil, passed: true, index: index, excerpt: "confirmed by \(operatorName)")
                } else {
                    return try fail(
                        step,
                        "needs a person to confirm \"\(text)\"; run it on a terminal, or pass --confirm \(step.id) once it is done"
                    )
                }
                confirmedAny = true
            }
        }
        _ = try finish(step, confirmedAny ? .confirmed : .passed, note: reopenedNote)
        return nil
    }

    private func record(
        _ kind: CheckRecord.Kind, _ text: String, _ result: CommandOutput?, passed: Bool, index: Int,
        excerpt: String? = nil
    ) throws(Failure) {
        let check = CheckRecord(
            kind: kind, text: variables.redact(text), exitCode: result?.status,
            excerpt: result.map { outputExcerpt(variables.redact($0.combined)) } ?? excerpt,
            at: timestamp(now()))
        state.steps[index].checks.append(check)
        try store.save(state)
        io.show(.checkFinished(check, passed: passed))
    }

    private func fail(_ step: RunbookStep, _ note: String) throws(Failure) -> RunOutcome {
        let reopened = state.steps[step.number - 1].note.flatMap { $0.hasPrefix("reopened: ") ? " (\($0))" : nil } ?? ""
        _ = try finish(step, .failed, note: variables.redact(note) + reopened)
        return .failed(step: step.number)
    }

    private func finish(_ step: RunbookStep, _ status: StepStatus, note: String?) throws(Failure) -> RunOutcome? {
        let index = step.number - 1
        state.steps[index].status = status
        state.steps[index].finished = timestamp(now())
        state.steps[index].note = note
        try store.save(state)
        io.show(.stepFinished(state.steps[index]))
        return nil
    }

    private func displayCommand(_ arguments: [String]) -> String {
        variables.redact((["relops"] + arguments.map(quoteForDisplay)).joined(separator: " "))
    }
}

/// A bounded excerpt of command output: colour codes removed, at most 40 lines (the first 10 and
/// the last 29 of a longer output) of at most 300 characters each.
public func outputExcerpt(_ output: String) -> String {
    let clean = output.replacing(/\u{1B}\[[0-9;]*[A-Za-z]/, with: "")
    var lines = clean.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        line.count > 300 ? String(line.prefix(300)) + " …" : String(line)
    }
    while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    if lines.count > 40 {
        let omitted = lines.count - 39
        lines = Array(lines.prefix(10)) + ["… (\(omitted) lines omitted) …"] + Array(lines.suffix(29))
    }
    return lines.joined(separator: "\n")
}
