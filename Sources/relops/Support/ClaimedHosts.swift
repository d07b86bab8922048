import RelopsCore
import Setup

/// The hosts the repository's build files claim (manifests' verified intent filters, entitlements,
/// `[IntentFilter]`s): what a host no file holds is held against, so a typo (`example.og` for
/// `example.org`) is named instead of answered with "0 occurrences".
struct ClaimedHosts {
    let candidates: [SetupCandidate]

    /// The claims of `project`'s build files. A repository whose build files cannot be read gives
    /// none: the hint is only ever extra, and the command's own answer stands.
    init(_ project: Project) {
        do {
            candidates = try RepositorySetup.claimedHosts(project)
        } catch {
            candidates = []
        }
    }

    /// Claims already read (`init` reads the build files once).
    init(candidates: [SetupCandidate]) { self.candidates = candidates }

    /// Whether a build file claims `host` (case-insensitively).
    func claims(_ host: String) -> Bool { candidates.contains { $0.value.lowercased() == host.lowercased() } }

    /// What to say about `host` when no build file claims it: the hosts they do claim, with where,
    /// and the nearest as "did you mean". nil when it is claimed or nothing is claimed.
    func hint(for host: String) -> String? {
        guard !candidates.isEmpty, !claims(host) else { return nil }
        let named = candidates.map { "\($0.value) (\($0.evidence.first ?? "a build file"))" }.joined(separator: ", ")
        let guess = closest(host.lowercased(), in: candidates.map { $0.value.lowercased() })
        return "no build file claims \(host); the apps claim \(named)" + (guess.map { " (did you mean \($0)?)" } ?? "")
    }
}
