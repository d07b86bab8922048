import Foundation
import RelopsCore

/// `relops demo`: writes the sample repository, runs the three shipped runbooks on it without a
/// person (their confirmations given up front, `relops verify --local` instead of a live host),
/// and writes the report. Nothing is committed between the runs: the anchor audit reads the
/// history, and the cutover's edits in the working tree leave the anchors it checks alone.
public enum Demo {
    /// The options every `relops verify` step gets: check the documents `association render`
    /// makes as if served; nothing is fetched.
    public static let verifyFlags = "--local"
    /// The operator named in the run state and the report.
    public static let operatorName = "relops demo"

    /// What the demo did. The workspace is gone when it was temporary; the values stay.
    public struct Result: Sendable {
        public let workspace: DemoWorkspace
        /// The runs in order; the demo stops after the first that does not complete.
        public let runs: [Run]
        /// What a newcomer should notice, read from the runs' evidence and the repository.
        public let findings: DemoFindings
        /// How many runbooks the demo meant to run.
        public let planned: Int
        /// True when every planned runbook ran and completed.
        public var passed: Bool { runs.count == planned && runs.allSatisfy { $0.outcome == .complete } }
    }

    /// One shipped runbook as the demo ran it.
    public struct Run: Sendable {
        public let demoRun: SampleRepository.DemoRun
        public let outcome: RunOutcome
        public let state: RunState
    }

    /// Something the demo is doing, for a progress line.
    public enum Progress {
        case writingSample(commits: Int)
        case running(Runbook)
    }

    /// Runs the demo in `workspace` and leaves it there (the caller removes a temporary one).
    /// `io` runs the steps' relops commands (the same binary) and hears the runs' events.
    public static func run(
        in workspace: DemoWorkspace, shipped: ShippedFiles?, io: RunbookIO, progress: (Progress) -> Void
    ) throws(Failure) -> Result {
        guard let shipped else {
            throw Failure(.couldNotCheck, "cannot find the shipped runbooks and templates (set RELOPS_SHARE)")
        }
        progress(.writingSample(commits: SampleRepository.history.count))
        try workspace.writeSample()
        let catalog = RunbookCatalog(repositoryRoot: workspace.repository, shipped: shipped)
        let template = try shipped.reportTemplate()
        let planned = SampleRepository.runs(certificatePath: workspace.certificate, verifyFlags: verifyFlags)
        var runs: [Run] = []
        var reports: [String] = []
        for demoRun in planned {
            let runbook = try catalog.resolve(demoRun.runbook)
            progress(.running(runbook))
            let variables = try RunVariables(runbook: runbook, config: [], overrides: demoRun.vars)
            var options = RunOptions()
            options.skippedSteps = try RunOptions.skips(demoRun.skip)
            options.acceptCounts = demoRun.acceptCounts
            // A step that needs committed work stops the run there; the operator commits and resumes.
            var uncommitted = demoRun.commitBefore
            var engine: RunbookEngine
            var outcome: RunOutcome
            repeat {
                options.confirmedSteps = demoRun.confirm.filter { Int($0).map { uncommitted[$0] == nil } ?? true }
                engine = try RunbookEngine(
                    runbook: runbook, variables: variables, repositoryRoot: workspace.repository, io: io,
                    options: options, operatorName: operatorName)
                outcome = try engine.run()
                guard case .failed(let step) = outcome, let message = uncommitted.removeValue(forKey: step) else {
                    break
                }
                try workspace.commitChanges(message)
            } while true
            runs.append(Run(demoRun: demoRun, outcome: outcome, state: engine.state))
            reports.append(try RunReport(engine.state).markdown(template: template))
            guard outcome == .complete else { break }
        }
        try workspace.write(reports.joined(separator: "\n---\n\n"), to: workspace.report)
        return Result(
            workspace: workspace, runs: runs, findings: DemoFindings(runs: runs, repository: workspace.repository),
            planned: planned.count)
    }
}
