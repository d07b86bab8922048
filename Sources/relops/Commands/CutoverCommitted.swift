import Cutover
import RelopsCore

extension CutoverCommand {
    /// `--apply --commit` that finds nothing left to rewrite: passes only when the last cutover
    /// between the two hosts is committed on a branch (a runbook step run again checks its
    /// effect, not only that no occurrence is left).
    static func checkCommitted(_ project: Project, _ plan: CutoverPlan, _ format: OutputFormat, _ console: Console)
        throws
    {
        switch try appliedCommit(project, from: plan.from, to: plan.to) {
        case .noCutover: return
        case .committed(let journal, let branch, let commit):
            if format == .text {
                console.out("Cutover \(journal.id) is applied and committed: \(commit.short) on \(branch).")
            }
        case .missing(_, let reason):
            throw Failure(
                .checkFailed, "nothing is left to rewrite, but the commit --commit asks for is missing: \(reason)")
        }
    }
}
