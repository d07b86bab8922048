import Foundation
import RelopsCore

/// What a run needs from the world: running commands, asking the operator, showing progress.
/// The executable supplies processes and a terminal; tests supply a script.
public protocol RunbookIO: AnyObject {
    /// Runs `relops <arguments>` in `folder` with `environment` added; never through a shell.
    /// `started` hears the child's pid (the leader of its own process group) once it runs.
    func runRelops(
        _ arguments: [String], environment: [String: String], in folder: String, started: (Int32) -> Void
    ) -> CommandOutput
    /// Runs a ```sh``` script with `/bin/sh` in `folder`, the variables in `environment`.
    /// `started` hears the child's pid (the leader of its own process group) once it runs.
    func runShell(_ script: String, environment: [String: String], in folder: String, started: (Int32) -> Void)
        -> CommandOutput
    /// Asks whether to run, skip (with a reason) or quit a step (only when a person is there and
    /// `--yes` was not given).
    func choose(step: RunbookStep, prose: String) -> StepChoice
    /// Asks whether to run a shell block (only when a person is there and `--allow-shell` was not given).
    func allowShell(step: RunbookStep, script: String) -> Bool
    /// Asks the operator to confirm a task item (only when a person is there).
    func confirm(step: RunbookStep, item: String) -> Bool
    /// Something happened that the operator should see.
    func show(_ event: RunEvent)
    /// True once the run was interrupted (SIGINT or SIGTERM): no further command starts.
    var interrupted: Bool { get }
}

extension RunbookIO {
    /// Nothing interrupts a run unless the world says so.
    public var interrupted: Bool { false }
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
public enum StepChoice: Sendable, Equatable {
    case run
    /// Skip the step; the reason goes into the record and the report.
    case skip(reason: String)
    case quit
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
    /// Before the first step: the values a repository gave to options that decide how relops
    /// checks, taken because the operator trusts the repository for this run (`origin: --option value`).
    case repositoryValuesTaken([String])
}

/// How a run ended.
public enum RunOutcome: Equatable, Sendable {
    /// Every step is done.
    case complete
    /// A step failed or needs a person; the run stops there and resumes there.
    case failed(step: Int)
    /// The operator quit or declined, or the run was interrupted; the run resumes at this step.
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
    /// `--skip STEP=REASON`: steps to record as skipped, with the reason.
    public var skippedSteps: [(step: String, reason: String)] = []
    /// `--accept-counts`: counts a scan found for `auto` expectations are accepted without a person.
    public var acceptCounts = false
    /// `--rollback`: a rollback run, which runs only the steps marked `when: rollback`.
    public var rollback = false
    /// `--new`: start a fresh run even when one is open.
    public var newRun = false
    /// `--trust-repository`: values the repository gives (`.relops.yml` vars, its own runbook's
    /// words) may set options that decide how relops checks; each is listed before the run.
    public var trustRepository = false
    /// `--accept-unchecked STEP`: steps whose `needs:` checks the operator accepts unmade for this run.
    public var acceptedUnchecked: [String] = []
    /// `--resume-foreign`: resume an open run that git tracks, or that another operator or machine started.
    public var resumeForeign = false
    public init() {}

    /// Reads `--skip` values: `STEP=REASON`, the reason not empty.
    public static func skips(_ values: [String]) throws(Failure) -> [(step: String, reason: String)] {
        try values.map { value throws(Failure) in
            guard let eq = value.firstIndex(of: "="),
                case let reason = value[value.index(after: eq)...].trimmingCharacters(in: .whitespaces),
                !reason.isEmpty, eq != value.startIndex
            else {
                throw Failure(.usage, "--skip \(value): expected STEP=\"reason\" (a step number or id, and why)")
            }
            return (String(value[..<eq]), reason)
        }
    }
}
