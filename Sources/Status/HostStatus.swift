import Cutover
import RelopsCore
import Scan
import Verify

/// One host on the status screen: what the repository still holds of it, and what it serves.
public struct HostStatus: Sendable {
    /// The host and where it came from.
    public let found: StatusHost
    /// Its occurrences in the working tree, per class (every class, zero included).
    public let counts: [(OccurrenceClass, Int)]
    /// The products that carry them, each with how many.
    public let products: [(product: Product, count: Int)]
    /// All its occurrences.
    public let total: Int
    /// When an applied cutover moved away from this host: what it left on purpose and what is left over.
    public let afterCutover: LeftAfterCutover?
    /// What `relops verify` found for the host (both documents, Google's and Apple's view, the
    /// OAuth callback leg), or nil when it could not run (`verifyError` says why).
    public let verify: VerifyReport?
    /// Why the host's checks could not be made.
    public let verifyError: String?

    /// The host name, as text.
    public var host: String { found.host.name }

    /// The after-cutover rule's split of the occurrences that remain.
    public struct LeftAfterCutover: Sendable, Equatable {
        /// The applied cutover.
        public let cutover: String
        /// Kept on purpose (exclusions, e-mail addresses, symlinks).
        public let kept: Int
        /// Not kept by the rule: a miss.
        public let leftOver: Int
    }

    static func gather(
        _ project: Project, _ found: StatusHost, _ request: StatusRequest, identity: RepositoryIdentity? = nil
    ) throws(Failure) -> HostStatus {
        let result = try scan(project, ScanRequest(hostNames: [found.host]))
        var after: LeftAfterCutover?
        if try CutoverJournal.all(project).contains(where: { $0.state == .applied && $0.from == found.host.name }) {
            let held = try AfterCutover(result, project: project)
            after = LeftAfterCutover(
                cutover: held.journal.id, kept: held.leftOnPurpose.count, leftOver: held.remaining.occurrences.count)
        }
        var report: VerifyReport?
        var notChecked: String?
        do throws(Failure) {
            var verifyArguments = arguments(project, found, request)
            verifyArguments.identity = identity
            report = try Verifier.run(try VerifyOptions.resolve(verifyArguments))
        } catch {
            // Bad input (a flag, `.relops.yml`, a demand that cannot be checked) is the whole
            // command's, as in `relops verify`; a check that could not be made is this host's.
            if error.category == .usage || error.category == .badInput { throw error }
            notChecked = error.message
        }
        return HostStatus(
            found: found, counts: result.counts, products: result.products, total: result.occurrences.count,
            afterCutover: after, verify: report, verifyError: notChecked)
    }

    static func arguments(_ project: Project, _ found: StatusHost, _ request: StatusRequest) -> VerifyArguments {
        var arguments = VerifyArguments()
        arguments.host = found.address
        arguments.repo = project.root
        arguments.local = request.local
        arguments.allowUnchecked = request.allowUnchecked
        arguments.resolve = request.resolve
        arguments.connectTo = request.connectTo
        arguments.caFile = request.caFile
        arguments.dalEndpoint = request.dalEndpoint
        arguments.appleCDNEndpoint = request.appleCDNEndpoint
        arguments.offline = request.offline
        arguments.fingerprints = request.fingerprints
        arguments.appIDs = request.appIDs
        return arguments
    }
}
