import RelopsCore
import Scan

/// `auto` expectations: a `relops scan ... --expect CLASS={{name}}` line whose variable is `auto`
/// first runs the scan without `--expect`, records the counts it found as the variables' values,
/// and asks a person to accept them (`--accept-counts` without one). The line then runs with them,
/// and later runs and resumes compare against the accepted values.
extension RunbookEngine {
    func settleAutoCounts(_ command: RelopsCommandLine, _ step: RunbookStep) throws(Failure) -> RunOutcome? {
        let wanted = autoExpectations(command)
        guard !wanted.isEmpty else { return nil }
        var probe: [String] = []
        var skipNext = false
        for argument in try authorizedArguments(of: command) {
            if skipNext {
                skipNext = false
            } else if argument == "--expect" {
                skipNext = true
            } else if !argument.hasPrefix("--expect=") {
                probe.append(argument)
            }
        }
        probe += ["--format", "json"]
        let result = try runRelops(probe, step: step)
        let counts: [String: Int]
        do throws(Failure) {
            guard result.status == 0 || result.status == 1 else {
                throw Failure(.checkFailed, "exited \(result.status)")
            }
            counts = try Self.counts(inScanJSON: result.output, "its output")
        } catch {
            try record(.relops, displayCommand(probe), result, passed: false, index: step.number - 1)
            return try fail(
                step, "`\(displayCommand(probe))` \(error.message): no counts for the `auto` expectations")
        }
        let found = wanted.map { ($0.name, $0.scanClass, Self.count(of: $0.scanClass, in: counts)) }
        let summary = found.map { "\($0.1)=\($0.2)" }.joined(separator: ",")
        try record(
            .relops, displayCommand(probe), result, passed: true, index: step.number - 1,
            excerpt: "counts found for the auto expectations: \(summary)")
        if let stopped = try unknownStop(found, step) { return stopped }
        let question = "Accept the counts the scan found as the expected ones: \(summary)"
        let how: String
        if options.acceptCounts {
            how = "accepted with --accept-counts by \(operatorName)"
        } else if options.interactive {
            guard io.confirm(step: step, item: question) else {
                return try stop(step, "counts not accepted: \(summary)")
            }
            how = "accepted by \(operatorName)"
        } else {
            let vars = found.map { "--var \($0.0)=\($0.2)" }.joined(separator: " ")
            return try fail(
                step,
                "the scan found \(summary) for the `auto` expectations; accept them with --accept-counts (or pass \(vars)) once a person has read the scan"
            )
        }
        try record(.confirm, question, nil, passed: true, index: step.number - 1, excerpt: how)
        for (name, _, count) in found {
            variables.record(name, String(count), source: "found by step \(step.number), \(how) at \(timestamp(now()))")
        }
        recordVariables()
        try store.save(state)
        return nil
    }

    /// `unknown` occurrences are never accepted with `--accept-counts`: a person reads them and
    /// accepts them (asked, or `--var`), or classifies them (`classify:` in `.relops.yml`).
    private func unknownStop(_ found: [(String, String, Int)], _ step: RunbookStep) throws(Failure) -> RunOutcome? {
        guard let (name, _, count) = found.first(where: { $0.1 == OccurrenceClass.unknown.rawValue }), count > 0
        else { return nil }
        let what =
            "the scan found \(count) unknown occurrence\(count == 1 ? "" : "s"): no build file relops read places "
            + (count == 1 ? "it" : "them")
        guard options.interactive else {
            return try fail(
                step,
                "\(what); --accept-counts does not accept them. Classify them with `classify:` in .relops.yml, or once a person has read them (`relops scan` lists each with the nearest build file) pass --var \(name)=\(count)"
            )
        }
        let question =
            "Accept \(count) unknown occurrence\(count == 1 ? "" : "s") as read (no build file relops read places them)"
        guard io.confirm(step: step, item: question) else {
            return try stop(step, "\(what); classify them with `classify:` in .relops.yml")
        }
        return nil
    }

    /// `(variable, class)` for each `--expect` entry `CLASS={{name}}` whose variable is `auto`.
    private func autoExpectations(_ command: RelopsCommandLine) -> [(name: String, scanClass: String)] {
        guard command.words.first?.text == "scan" else { return [] }
        var out: [(String, String)] = []
        var next = false
        for word in command.words.map(\.text) {
            defer { next = word == "--expect" }
            guard next || word.hasPrefix("--expect=") else { continue }
            let list = word.hasPrefix("--expect=") ? String(word.dropFirst(9)) : word
            for entry in list.split(separator: ",") {
                let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let name = Placeholders.bareName(parts[1]),
                    variables.value(of: name)?.lowercased() == "auto"
                else { continue }
                out.append((name, parts[0]))
            }
        }
        return out
    }

    static func counts(inScanJSON text: String, _ what: String) throws(Failure) -> [String: Int] {
        try ScanJSONDocument.decode(text, what).counts
    }

    /// `binary` is both binary classes, as `scan --expect` reads it.
    static func count(of scanClass: String, in counts: [String: Int]) -> Int {
        scanClass == "binary"
            ? counts.filter { $0.key.hasPrefix("binary") }.values.reduce(0, +) : counts[scanClass] ?? 0
    }
}

/// What must be registered with the identity provider when the host moves, as a scan finds it on
/// the lines that hold the host: redirect URIs (`https://HOST/signin-oidc`, `.../callback`, any
/// path with `oauth`, `redirect`, `signin` or `signout`), custom-scheme callbacks (`myapp://HOST/...`
/// or a custom scheme on the same line), and `webcredentials:HOST` claims.
public enum IdentityURIs {
    /// One thing to register, and where the scan found it.
    public struct Found: Sendable, Equatable {
        public let text: String
        public let location: String
    }

    /// Reads `relops scan --format json` output; output that is not a scan's document is an error,
    /// never "none found".
    public static func find(inScanJSON text: String) throws(Failure) -> [Found] {
        let document = try ScanJSONDocument.decode(text, "the scan's output")
        var found: [Found] = []
        var seen = Set<String>()
        for occurrence in document.occurrences {
            let location = "\(occurrence.path):\(occurrence.line)"
            for uri in find(in: occurrence.text, host: occurrence.host) where seen.insert(uri).inserted {
                found.append(Found(text: uri, location: location))
            }
        }
        return found
    }

    /// The URIs and claims on one line that holds `host`.
    public static func find(in line: String, host: String) -> [String] {
        var out: [String] = []
        let lower = host.lowercased()
        for match in line.matches(of: /([A-Za-z][A-Za-z0-9+.\-]*):(\/\/)?([^\s"'<>,;)\]}]*)/) {
            let scheme = match.output.1.lowercased()
            let rest = String(match.output.3)
            let whole = String(match.output.0)
            if scheme == "webcredentials", rest.lowercased().hasPrefix(lower) {
                out.append(whole)
            } else if match.output.2 != nil, scheme == "https" || scheme == "http" {
                let path = rest.lowercased()
                let keys = ["signin", "signout", "callback", "oauth", "redirect"]
                if path.hasPrefix(lower), keys.contains(where: path.dropFirst(lower.count).contains) {
                    out.append(whole)
                }
            } else if match.output.2 != nil, !["ftp", "file", "mailto", "wss", "ws"].contains(scheme) {
                out.append(whole)  // a custom scheme next to the host: the native callback
            }
        }
        return out
    }

    /// The evidence a step records: each one with where it was found.
    static func evidence(_ found: [Found]) -> String {
        guard !found.isEmpty else { return "no redirect URI, callback scheme or webcredentials: claim holds the host" }
        return
            (["\(found.count) to register with the identity provider (or check in the entitlements):"]
            + found.map { "  \($0.text)  (\($0.location))" }).joined(separator: "\n")
    }
}
