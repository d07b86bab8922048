import RelopsCore

/// One line of the verify checklist: a verdict, what was checked, the exact URL and why.
public struct Check: Sendable, Equatable {
    /// What a check concluded.
    public enum Verdict: String, Sendable, Equatable {
        case pass, warn, fail
        /// Not run (offline, nothing fetched with --local, or nothing to compare with); says why in the reason.
        case skip
    }

    /// Short machine-friendly name of what was checked: `assetlinks.status`, `aasa.paths`, `dal.check`.
    public let name: String
    /// Its verdict.
    public let verdict: Verdict
    /// The URL the check is about (nil for checks of the repository or of inputs).
    public let url: String?
    /// One line: why it passed, warned or failed.
    public let reason: String
    /// True when the check failed because its host could not be reached at all.
    public let unreachable: Bool
    /// The files (`path:line`) the check read its verdict from, for checks of the repository.
    public let evidence: [String]

    /// A check; `evidence` lists the files a repository check read.
    public init(
        _ name: String, _ verdict: Verdict, url: String?, _ reason: String, unreachable: Bool = false,
        evidence: [String] = []
    ) {
        self.name = name
        self.verdict = verdict
        self.url = url
        self.reason = reason
        self.unreachable = unreachable
        self.evidence = evidence
    }
}

/// Everything `relops verify` found, in a stable order: the hosts' files, then Google's and
/// Apple's view, then the repository's claims.
public struct VerifyReport: Sendable, Equatable {
    /// The checks, in order.
    public var checks: [Check] = []
    /// What the operator asked for that relops could not check, each a line saying why and what
    /// would make it checkable (`VerifyDemands`); printed first. Fails the run unless `allowUnchecked`.
    public var unchecked: [String] = []
    /// `--allow-unchecked`: `unchecked` is reported but does not fail the run.
    public var allowUnchecked = false

    /// A report of `checks`.
    public init(checks: [Check] = []) { self.checks = checks }

    /// True when some host could not be reached at all (exit 3).
    public var unreachable: Bool { checks.contains { $0.unreachable } }
    /// True when some check failed (exit 1).
    public var failed: Bool { checks.contains { $0.verdict == .fail } }

    /// The category the executable turns into an exit code: nil when nothing failed. A host that
    /// could not be reached wins over a failed check: the verdict is incomplete.
    public var failureCategory: FailureCategory? {
        if unreachable { return .couldNotCheck }
        return failed || (!unchecked.isEmpty && !allowUnchecked) ? .checkFailed : nil
    }
}

/// Collects checks for one document.
struct CheckList {
    var checks: [Check] = []
    let url: String?

    init(url: String?) { self.url = url }

    mutating func pass(_ name: String, _ reason: String) { checks.append(Check(name, .pass, url: url, reason)) }
    mutating func warn(_ name: String, _ reason: String) { checks.append(Check(name, .warn, url: url, reason)) }
    mutating func fail(_ name: String, _ reason: String) { checks.append(Check(name, .fail, url: url, reason)) }
    mutating func skip(_ name: String, _ reason: String) { checks.append(Check(name, .skip, url: url, reason)) }
    var failed: Bool { checks.contains { $0.verdict == .fail } }
}
