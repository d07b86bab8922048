import Cutover
import Foundation
import RelopsCore
import Runbook
import Scan
import Verify

/// What `relops status` is asked: the hosts (else found), the repository, and how to reach the
/// hosts and the third parties (as `relops verify` takes them).
public struct StatusRequest: Sendable {
    /// `--host` values, validated where the flag was read; empty: `app.web_host`, the run in
    /// progress and the applied cutover name them.
    public var hosts: [WebHost] = []
    /// `--local`: nothing fetched; the rendered documents stand in for each host's files.
    public var local = false
    /// `--allow-unchecked`: a demanded check that could not be made is reported, not failed.
    public var allowUnchecked = false
    /// Passed to each host's verification as `relops verify` takes them.
    public var resolve: [String] = []
    public var connectTo: [String] = []
    public var caFile: String?
    public var dalEndpoint: String?
    public var appleCDNEndpoint: String?
    /// `--offline`: Google's API and Apple's CDN are not asked.
    public var offline = false
    /// The identity the served files are held against (`--fingerprint`, `--app-id`), as verify takes it.
    public var fingerprints: [String] = []
    public var appIDs: [String] = []

    /// An empty request: every host found, everything checked.
    public init() {}
}

/// One screen of the release: per host, what is left in the repository and what it serves live;
/// the runbook in progress. Built from the existing checks (scan, the after-cutover rule,
/// verify); it adds no rule of its own.
public struct ReleaseStatus: Sendable {
    /// The hosts, each with where it came from, what the repository holds and what it serves.
    public let hosts: [HostStatus]
    /// The latest run not finished (a domain cutover's first), or nil.
    public let run: RunProgress?
    /// Checks were made without the network (`--local`).
    public let local: Bool

    /// True when everything checked agrees: no failed check, no demanded check left unmade (unless
    /// allowed), no host whose checks could not be made, nothing left over after a cutover, and no
    /// failed runbook step.
    public var agrees: Bool { disagreements.isEmpty }

    /// What disagrees, one line each, for the top of the screen: what needs a person.
    public var disagreements: [String] {
        // A failure of the repository (a claim, the OAuth leg) is found once per host verified: it
        // is said once, naming every host it was found for.
        var lines: [(text: String, hosts: [String])] = []
        func add(_ host: String, _ text: String) {
            if let i = lines.firstIndex(where: { $0.text == text }) {
                if !lines[i].hosts.contains(host) { lines[i].hosts.append(host) }
            } else {
                lines.append((text, [host]))
            }
        }
        for host in hosts {
            if let left = host.afterCutover, left.leftOver > 0 {
                add(
                    host.host,
                    "\(left.leftOver) occurrence(s) left over after cutover \(left.cutover) (not kept by its rule)")
            }
            if let error = host.verifyError { add(host.host, "not checked: \(error)") }
            guard let report = host.verify else { continue }
            for check in report.checks where check.verdict == .fail {
                add(host.host, "\(check.name) failed: \(check.url.map { "\($0): " } ?? "")\(check.reason)")
            }
            if !report.allowUnchecked { for line in report.unchecked { add(host.host, "not checked: \(line)") } }
        }
        var out = lines.map { "\($0.hosts.joined(separator: ", ")): \($0.text)" }
        if let run, let next = run.next, next.status == .failed {
            out.append("runbook \(run.runID): step \(next.number) failed: \(next.note ?? "see the run")")
        }
        return out
    }

    /// Gathers the status of `project` for `request`. Bad input (a bad `--host`, a bad `--cacert`)
    /// throws; a host whose checks cannot be made is reported in its `verifyError`.
    public static func gather(_ project: Project, _ request: StatusRequest) throws(Failure) -> ReleaseStatus {
        let run = try RunProgress.current(project)
        let hosts = try StatusHosts.find(project, request, run: run)
        // The repository's identity is read once and held against every host. Bad input is the whole
        // command's; one that could not be read is left to each host, which reports it as not checked.
        var identity: RepositoryIdentity?
        do throws(Failure) {
            identity = try RepositoryIdentity.read(project, config: project.config)
        } catch {
            if error.category == .usage || error.category == .badInput { throw error }
        }
        var statuses: [HostStatus] = []
        for found in hosts {
            statuses.append(try HostStatus.gather(project, found, request, identity: identity))
        }
        return ReleaseStatus(hosts: statuses, run: run, local: request.local)
    }
}

/// A host and why it is on the screen.
public struct StatusHost: Sendable, Equatable {
    /// The host as verify reaches it: the name, with the port when given so.
    public let address: WebHost
    /// `old`, `new`, or `given` (by `--host`).
    public let role: String
    /// Where it came from: `--host`, `.relops.yml app.web_host`, `run <id> old_host`, `cutover <id>`.
    public let source: String

    /// The host name, as scan takes it (no port).
    public var host: HostName { address.host }
}

/// Finds the hosts for a status: `--host`, else the run in progress, the latest applied cutover and
/// `app.web_host`; the old host first.
enum StatusHosts {
    static func find(_ project: Project, _ request: StatusRequest, run: RunProgress?) throws(Failure) -> [StatusHost] {
        if !request.hosts.isEmpty {
            var out: [StatusHost] = []
            for host in request.hosts where !out.contains(where: { $0.host.name == host.name }) {
                out.append(StatusHost(address: host, role: "given", source: "--host"))
            }
            return out
        }
        var found: [StatusHost] = []
        func add(_ host: WebHost?, _ role: String, _ source: String) {
            guard let host, !found.contains(where: { $0.host.name == host.name }) else { return }
            found.append(StatusHost(address: host, role: role, source: source))
        }
        // A run's variables and a cutover's journal are text: a value that is not a host is named,
        // never passed over (the screen would look complete without it).
        func addText(_ text: String?, _ role: String, _ source: String) throws(Failure) {
            guard let text, !text.isEmpty else { return }
            do { add(try WebHost(text, option: source), role, source) } catch {
                throw Failure(.badInput, "\(error.message); pass --host H to report on the hosts you name")
            }
        }
        if let run {
            try addText(run.vars["old_host"], "old", "run \(run.runID) old_host")
            try addText(run.vars["new_host"], "new", "run \(run.runID) new_host")
        }
        if let cutover = try CutoverJournal.all(project).last(where: { $0.state == .applied }) {
            try addText(cutover.from, "old", "cutover \(cutover.id)")
            try addText(cutover.to, "new", "cutover \(cutover.id)")
        }
        add(project.config.webHost, "old", ".relops.yml app.web_host")
        guard !found.isEmpty else {
            throw Failure(
                .usage,
                "no host to report on: pass --host H (repeatable), set app.web_host in .relops.yml, "
                    + "or start `relops runbook run domain-cutover`")
        }
        return found
    }
}
