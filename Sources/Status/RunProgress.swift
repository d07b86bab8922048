import RelopsCore
import Runbook

/// The runbook run in progress: the latest run not finished, a domain cutover's before any other.
public struct RunProgress: Sendable {
    /// The run's id and runbook name.
    public let runID: String
    public let runbook: String
    /// A `--rollback` run.
    public let rollback: Bool
    /// How many steps the run has.
    public let steps: Int
    /// The last step done before the first open one (passed, confirmed or skipped), or nil.
    public let lastCompleted: StepRecord?
    /// The first step not done (pending or failed), or nil when every step is done.
    public let next: StepRecord?
    /// The run's variables, by name (old_host, new_host, ...).
    public let vars: [String: String]

    /// The run in progress in `project`, or nil when none is open.
    public static func current(_ project: Project) throws(Failure) -> RunProgress? {
        let open = try RunStore(repositoryRoot: project.root).all().filter { $0.finished == nil && !$0.isComplete }
        guard let state = open.last(where: { $0.runbook == "domain-cutover" }) ?? open.last else { return nil }
        return RunProgress(state)
    }

    init(_ state: RunState) {
        runID = state.runID
        runbook = state.runbook
        rollback = state.rollback ?? false
        steps = state.steps.count
        next = state.firstOpenStep
        let before = state.steps.prefix { $0.number < (state.firstOpenStep?.number ?? Int.max) }
        lastCompleted = before.last { $0.status.isDone && !($0.note ?? "").hasPrefix("does not apply") }
        var vars: [String: String] = [:]
        for variable in state.vars { vars[variable.name] = variable.value }
        self.vars = vars
    }
}
