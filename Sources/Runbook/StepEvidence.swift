import Foundation
import Git
import RelopsCore

/// What a step's confirmations leave behind, checked before a person's word (or `--confirm`) is
/// taken: a step line `evidence: committed` under its heading (beside `when:`).
public enum StepEvidence: String, Sendable, Equatable, CaseIterable {
    /// The work is committed: no tracked file differs from HEAD, HEAD is on a branch, and that
    /// branch has nothing its upstream lacks (when it tracks one).
    case committed

    /// Reads an `evidence:` value; `location` (`path:line`) names it in the error.
    init(parsing text: String, location: String) throws(Failure) {
        let value = text.trimmingCharacters(in: .whitespaces)
        guard let evidence = StepEvidence(rawValue: value.lowercased()) else {
            let known = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw Failure(.badInput, "\(location): `evidence: \(value)` is not known evidence (known: \(known))")
        }
        self = evidence
    }

    /// What was found: whether it holds and, either way, what was looked at.
    struct Finding: Equatable {
        let holds: Bool
        let detail: String
    }

    /// Looks at the repository at `root` through the Git wrapper.
    func check(repositoryRoot root: String) -> Finding {
        switch self {
        case .committed: return Self.committed(root)
        }
    }

    private static func committed(_ root: String) -> Finding {
        let repository: Repository
        let changed: [String]
        let branch: BranchStatus?
        do {
            repository = try Repository(discovering: root)
            changed = try repository.uncommittedChanges()
            branch = try repository.branchStatus()
        } catch {
            return Finding(holds: false, detail: "cannot read the repository's state at \(root): \(error.message)")
        }
        if !changed.isEmpty {
            let shown =
                changed.prefix(5).joined(separator: ", ") + (changed.count > 5 ? " and \(changed.count - 5) more" : "")
            return Finding(
                holds: false,
                detail:
                    "the working tree has uncommitted changes in \(changed.count) tracked file\(changed.count == 1 ? "" : "s") (\(shown)); commit them (and get them reviewed, merged and deployed) first"
            )
        }
        guard let branch else {
            return Finding(
                holds: false, detail: "HEAD is not on a branch (detached or unborn): the work is on no branch to merge")
        }
        guard let upstream = branch.upstream else {
            return Finding(
                holds: true,
                detail:
                    "the working tree is clean on branch \(branch.branch); it tracks no upstream, so pushed and merged rest on the operator's word"
            )
        }
        if branch.ahead > 0 {
            return Finding(
                holds: false,
                detail:
                    "branch \(branch.branch) has \(branch.ahead) commit\(branch.ahead == 1 ? "" : "s") that \(upstream) does not: push them and get them merged first"
            )
        }
        return Finding(
            holds: true, detail: "the working tree is clean and branch \(branch.branch) has nothing \(upstream) lacks")
    }
}
