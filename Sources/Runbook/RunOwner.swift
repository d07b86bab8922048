import Foundation
import Git
import RelopsCore

/// Whose runs a `runbook run` resumes without being told: what counts as done is the operator's
/// to say. A run state is the operator's working record, kept out of git by the run folder's
/// `.gitignore`; one that git tracks came with the repository (a contributor's fork may carry a
/// run with every step "passed"), and one another operator or machine started is theirs.
public struct RunOwner: Sendable, Equatable {
    /// The operator of this run (git's `user.name`, else the login name).
    public let operatorName: String
    /// This machine's host name.
    public let machine: String

    public init(operatorName: String, machine: String = RunOwner.thisMachine) {
        self.operatorName = operatorName
        self.machine = machine
    }

    /// This machine's host name (`unknown` when the system does not say).
    public static var thisMachine: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "unknown" : name
    }

    /// Why `state` is not this owner's own run, or nil when it is: git tracks its file, another
    /// operator started it, or it was started on another machine (a run recorded before relops
    /// kept the machine is judged by its operator alone).
    public func foreignness(of state: RunState, in store: RunStore) throws(Failure) -> String? {
        foreignness(of: state, tracked: try store.trackedRuns([state.runID]).contains(state.runID))
    }

    /// Why `state` is not this owner's run, given whether git tracks its file.
    func foreignness(of state: RunState, tracked: Bool) -> String? {
        var reasons: [String] = []
        if tracked { reasons.append("git tracks it (it came with the repository)") }
        if state.operator != operatorName { reasons.append("\(state.operator) started it, not \(operatorName)") }
        if let machine = state.machine, machine != self.machine {
            reasons.append("it was started on \(machine), not on \(self.machine)")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// The refusal to resume `state` without `--resume-foreign`, naming whose it is.
    public func refusal(_ state: RunState, in store: RunStore, because why: String) -> Failure {
        Failure(
            .badInput,
            "\(store.displayPath(of: state.runID)): run \(state.runID) is not yours to resume: \(why). relops resumes "
                + "only a run you started on this machine, since a run's passed steps count as done. Start a new "
                + "run with --new, or pass --resume-foreign to resume this one (its values are then the "
                + "repository's, and its passed steps that only read are checked again)")
    }

    /// The values `state` recorded, to resume it: refused when it is not this owner's run and
    /// `resumeForeign` is not given; with it, each value is marked as the run state's (data, as
    /// any value a repository gives).
    public func recordedValues(of state: RunState, in store: RunStore, resumeForeign: Bool) throws(Failure)
        -> [RunState.Variable]
    {
        guard let why = try foreignness(of: state, in: store) else { return state.vars }
        guard resumeForeign else { throw refusal(state, in: store, because: why) }
        return state.vars.map { variable in
            var marked = variable
            marked.origin = variable.origin ?? "\(store.displayPath(of: state.runID)) (\(why))"
            return marked
        }
    }
}

extension RunStore {
    /// The runs of `runIDs` whose state file git tracks (in the index or in HEAD), read at once.
    public func trackedRuns(_ runIDs: [String]) throws(Failure) -> Set<String> {
        guard !runIDs.isEmpty else { return [] }
        let paths = runIDs.map(displayPath(of:))
        do {
            let repository: Repository
            do {
                repository = try Repository(discovering: repositoryRoot)
            } catch  where error.kind == .notARepository {
                return []  // no repository tracks nothing
            }
            let ids = try repository.trackedIDs(for: paths)
            return Set(runIDs.filter { ids[displayPath(of: $0)].map { $0.index != nil || $0.head != nil } ?? false })
        } catch {
            throw Failure(.couldNotCheck, "\(folder): cannot ask git which runs it tracks: \(error.message)")
        }
    }

    /// The state file of `runID` relative to the repository root, as messages show it.
    public func displayPath(of runID: String) -> String { ".relops/runs/\(runID).json" }
}
