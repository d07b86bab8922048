import Foundation
import RelopsCore

/// Runs a runbook step by step, storing state after every change.
public final class RunbookEngine {
    let runbook: Runbook
    var variables: RunVariables
    let repositoryRoot: String
    let store: RunStore
    let io: RunbookIO
    let options: RunOptions
    let operatorName: String
    let now: () -> Date

    /// The run's state as it stands.
    public internal(set) var state: RunState

    private let resumed: Bool
    /// What the last relops command said it checked and skipped, if it said.
    var lastOutcome: CheckOutcome?
    /// Where the association documents come from: settled by `checkVariables` when the runbook has
    /// an `association-source` variable or a `when: local-association` step.
    private(set) var association = AssociationChoice.local(summary: "not looked at")
    /// Held from opening the run until `run()` ends (or the engine is released).
    private var lock: RunLock?
    /// The app's platforms, read once when a `when: ios|android` condition first needs them.
    private lazy var platforms = Platforms.resolve(variables, repositoryRoot: repositoryRoot)

    /// Takes the runbook's lock and opens the run to work on: the latest open run of this runbook
    /// (of the same kind: a rollback run or not), else a new one. Refuses while a command an
    /// earlier, killed run started still runs.
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
        let references =
            options.confirmedSteps.map { ("--confirm", $0) } + options.skippedSteps.map { ("--skip", $0.step) }
            + options.acceptedUnchecked.map { ("--accept-unchecked", $0) }
        for (option, reference) in references where runbook.step(named: reference) == nil {
            let ids = runbook.steps.map { "\($0.number) (\($0.id))" }.joined(separator: ", ")
            throw Failure(.usage, "\(option) \(reference): \(runbook.name) has no such step; steps: \(ids)")
        }
        // The lock comes before reading the runs, so the open run cannot change underneath.
        lock = try RunLock(runbook: runbook.name, store: store)
        let open = options.newRun ? nil : try store.openRun(of: runbook.name, rollback: options.rollback)
        if let open, !options.resumeForeign {
            let owner = RunOwner(operatorName: operatorName)
            if let why = try owner.foreignness(of: open, in: store) {
                throw owner.refusal(open, in: store, because: why)
            }
        }
        var state = open ?? Self.newRun(runbook, store: store, started: now(), operatorName: operatorName)
        try Self.refuseWhileRunning(state, runbook: runbook)
        resumed = open != nil
        if options.rollback { state.rollback = true }
        // Steps follow the runbook as it is now; records carry over by id.
        state.steps = runbook.steps.map { step in
            var record =
                state.steps.first { $0.id == step.id }
                ?? StepRecord(number: step.number, id: step.id, title: step.title)
            record.number = step.number
            record.title = step.title
            record.pid = nil
            return record
        }
        state.title = runbook.title
        state.runbookPath = runbook.path
        self.state = state
        recordVariables()
    }

    private static func newRun(_ runbook: Runbook, store: RunStore, started: Date, operatorName: String) -> RunState {
        RunState(
            runID: store.newRunID(runbook: runbook.name, started: started), runbook: runbook.name,
            runbookPath: runbook.path, title: runbook.title, started: timestamp(started),
            finished: nil, operator: operatorName, machine: RunOwner.thisMachine, vars: [], steps: [])
    }

    /// A step whose command an earlier run started (and was killed before it could wait for)
    /// may still be running: running it again would run it twice.
    private static func refuseWhileRunning(_ state: RunState, runbook: Runbook) throws(Failure) {
        for record in state.steps {
            guard let pid = record.pid, StepProcess.isRunningStep(pid) else { continue }
            throw Failure(
                .couldNotCheck,
                "step \(record.number) (\(record.title)) of run \(state.runID) is still running as pid \(pid), started by an earlier relops that was stopped; wait for it to end or stop it (`kill -TERM -\(pid)`), then run \(runbook.name) again"
            )
        }
    }

    /// Copies the variables (secrets masked) into the state.
    func recordVariables() {
        state.vars = variables.order.map {
            RunState.Variable(
                name: $0, value: variables.secretNames.contains($0) ? "(secret)" : variables.values[$0] ?? "",
                source: variables.sources[$0], origin: variables.repositoryOrigins[$0])
        }
    }

    /// Runs from the first step not done; on resume, checks again the evidence of passed steps that only read.
    public func run() throws(Failure) -> RunOutcome {
        let lock: RunLock
        if let held = self.lock { lock = held } else { lock = try RunLock(runbook: runbook.name, store: store) }
        defer {
            lock.release()
            self.lock = nil
        }
        try checkAuthority()
        try checkVariables()
        recordPlatforms()
        try store.save(state)
        io.show(.started(runID: state.runID, resumed: resumed))
        // Evidence from before a done write is history: the inventory before a cutover no longer
        // holds after it, by design. Only what was checked after the last write must still hold.
        // A write skipped because another repository serves the association files is that
        // repository's write (a retirement deployed elsewhere): it ends the evidence before it too.
        let lastWrite =
            runbook.steps.filter { step in
                let status = state.steps[step.number - 1].status
                let elsewhere = status == .skipped && step.condition == .localAssociation
                return step.writes && (status == .passed || status == .confirmed || elsewhere)
            }.map(\.number).max() ?? 0
        for step in runbook.steps {
            let index = step.number - 1
            var reopened: String?
            if state.steps[index].status.isDone {
                if isOutsideRollback(step) { continue }
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
            if io.interrupted { return try interrupted(step) }
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
                let arguments = try authorizedArguments(of: command)
                let result = try runRelops(arguments, step: step)
                if !check.acceptedExitCodes.contains(result.status) {
                    let firstLine = variables.redact(result.firstLine)
                    return "`\(displayCommand(arguments))` now exits \(result.status)"
                        + (firstLine.isEmpty ? "" : ": \(firstLine)")
                }
            }
        }
        return nil
    }

    /// A declared `platforms` variable left empty takes the platforms the repository's build files
    /// build, recorded with where they were found, so steps can pass them on (`verify --platforms`).
    private func recordPlatforms() {
        guard let declared = runbook.variables.first(where: { $0.name.lowercased() == "platforms" }),
            (variables.value(of: declared.name) ?? "").isEmpty
        else { return }
        let found = platforms
        variables.record(
            declared.name, found.names.joined(separator: ","),
            source: "found in the repository: \(found.source)")
        recordVariables()
    }

    /// True for a step a rollback run leaves alone (it is the forward run's): recorded as skipped,
    /// not shown.
    func isOutsideRollback(_ step: RunbookStep) -> Bool {
        options.rollback && step.condition != .rollback
    }

    /// Runs each variable's `check:` for the value it has (an empty value is not checked: it
    /// means "find it" or "none"), before anything is recorded. Every value that fails is named at
    /// once, with what its check said: bad input (exit 2), or could not check (exit 3) when every
    /// failing check could not check.
    func checkVariables() throws(Failure) {
        var problems: [String] = []
        var onlyCouldNotCheck = true
        for variable in runbook.variables {
            guard let check = variable.check, let value = variables.value(of: variable.name), !value.isEmpty else {
                continue
            }
            let arguments = try authorizedArguments(of: check)
            let result = io.runRelops(arguments, environment: variables.environment, in: repositoryRoot) { _ in }
            guard result.status != 0 else { continue }
            if result.status != 3 { onlyCouldNotCheck = false }
            let shown = variables.secretNames.contains(variable.name) ? "***" : value
            let why = variables.redact(result.firstLine)
            problems.append(
                "  \(variable.name)=\(shown): \(why.isEmpty ? "refused" : why) (`\(displayCommand(arguments))` exited \(result.status))"
            )
        }
        try settleAssociation(&problems, &onlyCouldNotCheck)
        guard !problems.isEmpty else { return }
        let noun = problems.count == 1 ? "a value that does not fit" : "\(problems.count) values that do not fit"
        throw Failure(
            onlyCouldNotCheck ? .couldNotCheck : .badInput,
            (["\(runbook.name) was given \(noun):"] + problems + ["Pass a fitting value with --var NAME=VALUE."])
                .joined(separator: "\n"))
    }

    /// Resolves the `association-source` variable (empty when none is declared or given) against
    /// the repository when anything decides on it; what does not fit joins `problems`.
    private func settleAssociation(_ problems: inout [String], _ onlyCouldNotCheck: inout Bool) throws(Failure) {
        let declared = runbook.variables.first { $0.kind == .associationSource }
        guard declared != nil || runbook.steps.contains(where: { $0.condition == .localAssociation }) else { return }
        let name = declared?.name ?? "association source"
        let value = declared.flatMap { variables.value(of: $0.name) } ?? ""
        do {
            association = try AssociationChoice.resolve(value: value, name: name, root: repositoryRoot)
        } catch {
            if error.category != .couldNotCheck { onlyCouldNotCheck = false }
            problems.append(
                "  " + (error.message.hasPrefix("\(name)=") ? error.message : "\(name)=\(value): \(error.message)"))
        }
    }

    /// Why `step` does not apply in this run, or nil when it does.
    func inapplicable(_ step: RunbookStep) -> String? {
        let isRollbackStep = step.condition == .rollback
        if options.rollback && !isRollbackStep { return "a rollback run runs only the rollback steps" }
        let association = self.association
        let context = ConditionContext(
            variables: variables, rollback: options.rollback, platforms: platforms, association: { association })
        for condition in [runbook.condition, step.condition].compactMap({ $0 }) {
            if let reason = condition.unmet(context) { return reason }
        }
        return nil
    }

    /// Runs `relops <arguments>` for `step`, its pid in the state while it runs. What the command
    /// says it checked and skipped (`CheckOutcome`) is in `lastOutcome` after it.
    func runRelops(_ arguments: [String], step: RunbookStep) throws(Failure) -> CommandOutput {
        let outcomeFile = store.folder + "/.\(state.runID).outcome"
        try? FileManager.default.removeItem(atPath: outcomeFile)
        var environment = variables.environment
        environment[CheckOutcome.environmentName] = outcomeFile
        let result = try tracked(step) { started in
            io.runRelops(arguments, environment: environment, in: repositoryRoot, started: started)
        }
        let outcome = Result { () throws(Failure) in try CheckOutcome.read(outcomeFile) }
        try? FileManager.default.removeItem(atPath: outcomeFile)
        lastOutcome = try outcome.get()
        return result
    }

    /// Runs `script` for `step`, its pid in the state while it runs.
    func runShell(_ script: String, step: RunbookStep) throws(Failure) -> CommandOutput {
        try tracked(step) { started in
            io.runShell(script, environment: variables.environment, in: repositoryRoot, started: started)
        }
    }

    private func tracked(_ step: RunbookStep, _ body: (_ started: (Int32) -> Void) -> CommandOutput) throws(Failure)
        -> CommandOutput
    {
        let index = step.number - 1
        var saveError: Failure?
        let result = body { pid in
            state.steps[index].pid = pid
            do throws(Failure) { try store.save(state) } catch { saveError = error }
        }
        state.steps[index].pid = nil
        try store.save(state)
        if let saveError { throw saveError }
        return result
    }

    func interrupted(_ step: RunbookStep) throws(Failure) -> RunOutcome {
        state.steps[step.number - 1].note = "interrupted; run again to resume here"
        try store.save(state)
        return .stopped(step: step.number)
    }

    func record(
        _ kind: CheckRecord.Kind, _ text: String, _ result: CommandOutput?, passed: Bool, index: Int,
        excerpt: String? = nil
    ) throws(Failure) {
        var check = CheckRecord(
            kind: kind, text: variables.redact(text), exitCode: result?.status, excerpt: excerpt, at: timestamp(now()))
        if let result, excerpt == nil {
            let output = variables.redact(result.combined)
            check.digest = LongOutput.digest(output)
            check.excerpt = try shownOutput(output, of: check, index: index)
        }
        state.steps[index].checks.append(check)
        try store.save(state)
        io.show(.checkFinished(check, passed: passed))
    }

    /// The excerpt of a check's output: a pointer to an earlier step that printed the same (the
    /// same command, exit code and output) instead of the output again; a long output saved in
    /// full in the run folder and shown as its head, diff stat and path; else the excerpt.
    private func shownOutput(_ output: String, of check: CheckRecord, index: Int) throws(Failure) -> String {
        let earlier = state.steps[..<index].last { step in
            step.checks.contains {
                $0.digest == check.digest && $0.text == check.text && $0.exitCode == check.exitCode
            }
        }
        if let earlier, !output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return "(the same output as step \(earlier.number), not repeated)"
        }
        guard LongOutput.isLong(output) else { return outputExcerpt(output) }
        let path = try store.saveOutput(
            output, runID: state.runID, step: index + 1, check: state.steps[index].checks.count + 1)
        return LongOutput.excerpt(output, savedAt: path)
    }

    func fail(_ step: RunbookStep, _ note: String) throws(Failure) -> RunOutcome {
        let reopened = state.steps[step.number - 1].note.flatMap { $0.hasPrefix("reopened: ") ? " (\($0))" : nil } ?? ""
        _ = try finish(step, .failed, note: variables.redact(note) + reopened)
        return .failed(step: step.number)
    }

    /// Stops the run at `step` with `note`: it resumes there.
    func stop(_ step: RunbookStep, _ note: String) throws(Failure) -> RunOutcome {
        state.steps[step.number - 1].note = note
        try store.save(state)
        return .stopped(step: step.number)
    }

    func finish(_ step: RunbookStep, _ status: StepStatus, note: String?, shown: Bool = true) throws(Failure)
        -> RunOutcome?
    {
        let index = step.number - 1
        state.steps[index].status = status
        state.steps[index].finished = timestamp(now())
        state.steps[index].note = note
        try store.save(state)
        if shown { io.show(.stepFinished(state.steps[index])) }
        return nil
    }

    func displayCommand(_ arguments: [String]) -> String {
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
