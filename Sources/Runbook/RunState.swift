import Foundation
import RelopsCore

/// Where a step stands.
public enum StepStatus: String, Codable, Sendable {
    case pending, passed, failed, skipped, confirmed

    /// Passed, skipped or confirmed: a resumed run goes past it.
    public var isDone: Bool { self == .passed || self == .skipped || self == .confirmed }
}

/// One run of a runbook, as stored in `.relops/runs/<run-id>.json`. Secret values are never in it.
public struct RunState: Codable, Sendable, Equatable {
    /// The newest run state format this relops reads, and the one it writes.
    public static let currentFormat = 1
    /// The state's schema version: a run whose format is newer than `currentFormat` is refused
    /// when read (`RunStore.load`), never read as if it were this one.
    public var format = RunState.currentFormat
    public var runID: String
    /// The runbook's name and the path it was read from.
    public var runbook: String
    public var runbookPath: String
    public var title: String
    public var started: String
    /// Set when every step is done.
    public var finished: String?
    public var `operator`: String
    /// The host name of the machine the run was started on (nil in runs recorded before relops
    /// kept it): a run is resumed without `--resume-foreign` only there.
    public var machine: String?
    /// True for a `--rollback` run, which runs only the steps marked `when: rollback`.
    public var rollback: Bool?
    /// Variable values; a secret's value is written as `(secret)`.
    public var vars: [Variable]
    public var steps: [StepRecord]

    /// A variable's value in the run.
    public struct Variable: Codable, Sendable, Equatable {
        public var name: String
        public var value: String
        /// Where the value came from when nobody passed it: `asked`, `found by step 1, accepted by ...`.
        public var source: String?
        /// Where a repository gave the value (`.relops.yml vars.verify_flags`), so a resumed run
        /// still knows it is the repository's; nil for a value of the operator's or relops's.
        public var origin: String?

        public init(name: String, value: String, source: String? = nil, origin: String? = nil) {
            self.name = name
            self.value = value
            self.source = source
            self.origin = origin
        }
    }

    enum CodingKeys: String, CodingKey {
        case format, runID = "run_id", runbook, runbookPath = "runbook_path", title, started, finished, `operator`,
            machine, rollback, vars, steps
    }

    /// True when every step is done.
    public var isComplete: Bool { steps.allSatisfy(\.status.isDone) }

    /// The first step that is not done, if any.
    public var firstOpenStep: StepRecord? { steps.first { !$0.status.isDone } }
}

/// A step's record.
public struct StepRecord: Codable, Sendable, Equatable {
    public var number: Int
    public var id: String
    public var title: String
    public var status: StepStatus
    public var started: String?
    public var finished: String?
    public var `operator`: String?
    /// Why a step failed, is waiting for a person, or was reopened.
    public var note: String?
    /// When a resumed run last saw its evidence still hold.
    public var rechecked: String?
    /// The pid (and process group) of the step's command while it runs: a resume refuses while
    /// it still lives.
    public var pid: Int32?
    public var checks: [CheckRecord]

    public init(number: Int, id: String, title: String) {
        self.number = number
        self.id = id
        self.title = title
        status = .pending
        checks = []
    }
}

/// What one action of a step did.
public struct CheckRecord: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case relops, sh, confirm
        /// What a step's `evidence:` line found in the repository.
        case evidence
    }

    public var kind: Kind
    /// The command as run (secrets masked), the script, or the confirmed item.
    public var text: String
    public var exitCode: Int32?
    /// A bounded excerpt of the output (secrets masked).
    public var excerpt: String?
    public var at: String
    /// A digest of the whole output (`LongOutput.digest`), so a later step that prints the same is
    /// not shown twice; nil for confirmations and in runs recorded before it was kept.
    public var digest: String? = nil

    public init(kind: Kind, text: String, exitCode: Int32?, excerpt: String?, at: String) {
        self.kind = kind
        self.text = text
        self.exitCode = exitCode
        self.excerpt = excerpt
        self.at = at
    }

    enum CodingKeys: String, CodingKey {
        case kind, text, exitCode = "exit_code", excerpt, at, digest
    }
}

/// The runs stored in a repository's `.relops/runs/`.
public struct RunStore: Sendable {
    /// `<repository root>/.relops/runs`.
    public let folder: String

    /// The repository root the folder must stay inside.
    let repositoryRoot: String

    public init(repositoryRoot: String) {
        self.repositoryRoot = repositoryRoot
        folder = repositoryRoot + "/.relops/runs"
    }

    /// Refuses a run folder that leads outside the repository (a committed `.relops/runs ->
    /// ../../outside` symlink): run state and locks are written only inside it.
    func checkContained() throws(Failure) {
        do {
            _ = try RepositoryPath.resolve(".relops/runs", in: repositoryRoot, missingAllowed: true)
        } catch {
            throw Failure(error.category, "the run folder \(error.description)")
        }
    }

    public func path(of runID: String) -> String { folder + "/" + runID + ".json" }

    /// Saves the whole output of a step's check in the run's own folder (git-ignored with the
    /// rest) and returns its path relative to the repository root: `.relops/runs/<run>/step-4-1.txt`.
    public func saveOutput(_ text: String, runID: String, step: Int, check: Int) throws(Failure) -> String {
        try createFolder()
        let name = "step-\(step)-\(check).txt"
        let runFolder = folder + "/" + runID
        do {
            try FileManager.default.createDirectory(atPath: runFolder, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(runFolder): cannot create: \(error.localizedDescription)")
        }
        try AtomicFile.write(Array(text.utf8), to: runFolder + "/" + name)
        return ".relops/runs/\(runID)/\(name)"
    }

    /// Writes a run's state atomically.
    public func save(_ state: RunState) throws(Failure) {
        try createFolder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(state)
        } catch {
            throw Failure(.couldNotCheck, "\(path(of: state.runID)): cannot encode the run: \(error)")
        }
        try AtomicFile.write(Array(data) + [0x0A], to: path(of: state.runID))
    }

    /// Reads one run.
    public func load(_ runID: String) throws(Failure) -> RunState {
        try checkContained()
        let file = path(of: runID)
        // A regular file only: a FIFO planted in the run folder is refused, never waited on.
        let read: [UInt8]?
        do {
            read = try RepositoryFile.read(resolved: file, named: file, limit: RepositoryFile.Limit.relopsFile)
        } catch {
            if error.kind != .missing { throw Failure(error.category, error.description) }
            read = nil
        }
        guard let bytes = read else {
            let known = (try? all().map(\.runID)) ?? []
            let hint = known.isEmpty ? "no runs are stored yet" : "runs: \(known.joined(separator: ", "))"
            throw Failure(.usage, "no run `\(runID)` in \(folder) (\(hint))")
        }
        let state: RunState
        do {
            state = try JSONDecoder().decode(RunState.self, from: Data(bytes))
        } catch {
            throw Failure(
                .badInput,
                "\(displayPath(of: runID)): not a relops run state (\(Self.reason(error))); move it out of "
                    + ".relops/runs to start afresh")
        }
        guard (1...RunState.currentFormat).contains(state.format) else {
            throw Failure(
                .badInput,
                "\(displayPath(of: runID)): not a relops run state (format \(state.format); this relops reads format "
                    + "\(RunState.currentFormat)"
                    + (state.format > RunState.currentFormat
                        ? ", a newer relops wrote it); continue the run with that relops"
                        : "); move it out of .relops/runs to start afresh"))
        }
        return state
    }

    /// What a decoder said, as a person reads it: the key path and what was wrong there.
    static func reason(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type)"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The latest run of `runbook` that is not finished (a rollback run or not), if any.
    public func openRun(of runbook: String, rollback: Bool = false) throws(Failure) -> RunState? {
        try all().last { $0.runbook == runbook && $0.finished == nil && ($0.rollback ?? false) == rollback }
    }

    /// The values earlier runs of `runbook` found and a person accepted (`auto` expectations),
    /// the latest of each; a new run compares against them. With `owner`, only that owner's own
    /// runs count (a run git tracks, or another operator's, accepted nothing for this one).
    public func acceptedValues(of runbook: String, ownedBy owner: RunOwner? = nil) throws(Failure)
        -> [RunState.Variable]
    {
        var latest: [String: RunState.Variable] = [:]
        let runs = try all().filter { $0.runbook == runbook }
        let tracked = owner == nil ? [] : try trackedRuns(runs.map(\.runID))
        for run in runs {
            if let owner, owner.foreignness(of: run, tracked: tracked.contains(run.runID)) != nil { continue }
            for variable in run.vars where variable.source?.contains("accepted") == true {
                latest[variable.name.lowercased()] = variable
            }
        }
        return latest.values.sorted { $0.name < $1.name }
    }

    /// Every stored run, oldest first.
    public func all() throws(Failure) -> [RunState] {
        try checkContained()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var runs: [RunState] = []
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            runs.append(try load(String(name.dropLast(5))))
        }
        return runs.sorted { ($0.started, $0.runID) < ($1.started, $1.runID) }
    }

    /// The named run, or the latest one when `runID` is nil.
    public func find(_ runID: String?) throws(Failure) -> RunState {
        if let runID { return try load(runID) }
        guard let latest = try all().last else {
            throw Failure(.usage, "no runs in \(folder) yet; start one with `relops runbook run NAME`")
        }
        return latest
    }

    /// A new run id: the runbook's name and the start time (`domain-cutover-20261129T174500Z`).
    public func newRunID(runbook: String, started: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = "\(runbook)-\(formatter.string(from: started))"
        var id = base
        var n = 2
        while FileManager.default.fileExists(atPath: path(of: id)) {
            id = "\(base)-\(n)"
            n += 1
        }
        return id
    }

    /// Creates the folder with a `.gitignore` that ignores everything in it: run state is the
    /// operator's working record (its excerpts quote the old host, which a later scan must not
    /// count, and `git add -A` must not commit); the report is what goes into history.
    func createFolder() throws(Failure) {
        try checkContained()
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(folder): cannot create: \(error.localizedDescription)")
        }
        let ignore = folder + "/.gitignore"
        if !FileManager.default.fileExists(atPath: ignore) {
            try AtomicFile.write(
                Array("# relops run state: local, not committed (see `relops runbook report`)\n*\n".utf8), to: ignore)
        }
    }
}

/// A timestamp as state and reports write it: ISO 8601 in UTC, to the second.
public func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
}
