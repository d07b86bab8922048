import RelopsCore
import Scan

/// What remains of the old host after a cutover, held against the cutover's own rule: the
/// occurrences it left on purpose (e-mail addresses without `--include-email`, symlinks) are
/// expected to remain and are named with why; anything else is a miss.
public struct AfterCutover: Sendable {
    /// The applied cutover whose options decide what it leaves.
    public let journal: CutoverJournal
    /// The occurrences it left on purpose, each with the reason.
    public let leftOnPurpose: [(occurrence: HostOccurrence, reason: String)]
    /// The scan without them: what `--expect` counts.
    public let remaining: ScanResult

    /// The latest applied cutover from one of `result`'s hosts decides; none is bad usage naming
    /// the hosts (`relops cutover list` shows the cutovers).
    public init(_ result: ScanResult, project: Project) throws(Failure) {
        let hosts = Set(result.hosts)
        guard
            let journal = try CutoverJournal.all(project).last(where: {
                $0.state == .applied && hosts.contains($0.from)
            })
        else {
            throw Failure(
                .usage,
                "--after-cutover: no applied cutover from \(result.hosts.joined(separator: ", ")) in this repository (`relops cutover list` shows the cutovers)"
            )
        }
        self.journal = journal
        var left: [(HostOccurrence, String)] = []
        for occurrence in result.occurrences {
            if let reason = reasonNotRewritten(occurrence, result, journal.options) {
                left.append((occurrence, reason))
            }
        }
        leftOnPurpose = left
        let leftKeys = Set(left.map { "\($0.0.path)\u{0}\($0.0.offset)" })
        remaining = result.keeping { !leftKeys.contains("\($0.path)\u{0}\($0.offset)") }
    }
}
