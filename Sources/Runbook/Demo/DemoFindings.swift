import Foundation

/// What the demo shows a newcomer, read from the evidence the runs recorded (the output excerpts
/// of their steps) and from the re-pinned ADR. A finding whose evidence is missing is nil or empty.
public struct DemoFindings: Sendable {
    /// A scan's summary: the occurrence count and the count per class, as `scan` prints them.
    public struct ScanCounts: Sendable, Equatable {
        public let occurrences: Int
        /// `binary-config 1, binary-literal 2, ...`.
        public let perClass: String
    }

    /// The domain cutover's inventory (step 1) and its check that no old host remains (step 6).
    public let scanBefore: ScanCounts?
    public let scanAfter: ScanCounts?
    /// The summary of the first `relops verify` (domain cutover step 3): `6 passed, 0 warnings, ...`.
    public let verifySummary: String?
    /// The hosts the app claims that the first verify named as pointing elsewhere (its warnings):
    /// before the cutover the apps still claim the old host.
    public let verifyClaimedElsewhere: [String]
    /// The counts the inventory found for its `auto` expectations, as accepted: `binary=3,server=1,...`.
    public let acceptedCounts: String?
    /// What the OAuth and identity step (7) found to register with the identity provider.
    public let identityURIs: [String]
    /// The cutover's "still to do" list, one sentence each.
    public let followUps: [String]
    /// The fingerprint served before the rotation and the new certificate's, as `fingerprint show` read it.
    public let oldFingerprint: String?
    public let newFingerprint: String?
    /// The ADR the anchor audit re-pinned, relative to the repository.
    public let adr: String?
    /// `Program.cs:8 -> :11`: each anchor the repin moved.
    public let repinned: [String]
    /// `appsettings.json:4-6 (lost)`: each anchor left for a person.
    public let needsPerson: [String]
    /// The revision note the repin appended: its heading and first lines.
    public let revisionNote: [String]

    public init(runs: [Demo.Run], repository: String) {
        func excerpt(_ runbook: String, step: Int) -> String {
            guard let run = runs.first(where: { $0.demoRun.runbook == runbook }),
                step <= run.state.steps.count
            else { return "" }
            return run.state.steps[step - 1].checks.compactMap(\.excerpt).joined(separator: "\n")
        }
        func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

        scanBefore = Self.scanCounts(excerpt("domain-cutover", step: 1))
        scanAfter = Self.scanCounts(excerpt("domain-cutover", step: 6))
        verifySummary = lines(excerpt("domain-cutover", step: 3)).last { $0.wholeMatch(of: /\d+ passed, .*/) != nil }
            .map(String.init)
        // `warn  claims.host  path:8: android HOST points elsewhere: ...`
        verifyClaimedElsewhere = lines(excerpt("domain-cutover", step: 3)).reduce(into: [String]()) { hosts, line in
            guard let match = line.firstMatch(of: /^warn\s+claims\.host\s+\S+ \w+ (\S+) points elsewhere/) else {
                return
            }
            if !hosts.contains(String(match.output.1)) { hosts.append(String(match.output.1)) }
        }
        acceptedCounts =
            lines(excerpt("domain-cutover", step: 1)).lazy.compactMap {
                $0.firstMatch(of: /counts found for the auto expectations: (\S+)/).map { String($0.output.1) }
            }.first
        identityURIs = lines(excerpt("domain-cutover", step: 7)).compactMap { line in
            line.wholeMatch(of: /\s+(\S+)\s+\((\S+)\)/).map { "\($0.output.1) (\($0.output.2))" }
        }
        followUps = lines(excerpt("domain-cutover", step: 5)).drop { !$0.hasPrefix("== still to do") }.dropFirst()
            .prefix { $0.first?.isNumber == true }.map { line in
                // `2. Redeploy the services whose configuration changed. Source/...`: the first sentence.
                guard let number = line.firstRange(of: ". "),
                    let end = line[number.upperBound...].firstRange(of: ". ")
                else { return String(line) }
                return String(line[..<end.lowerBound]) + "."
            }

        let rotation = runs.first { $0.demoRun.runbook == "fingerprint-rotation" }
        oldFingerprint = rotation?.state.vars.first { $0.name == "old_fingerprint" }?.value
        newFingerprint =
            lines(excerpt("fingerprint-rotation", step: 1)).lazy.compactMap { line in
                line.trimmingCharacters(in: .whitespaces).wholeMatch(of: /SHA256:\s*([0-9A-F:]+)/).map {
                    String($0.output.1)
                }
            }.first

        let repin = lines(excerpt("adr-anchor-audit", step: 2))
        adr =
            repin.lazy.compactMap { $0.firstMatch(of: /^(\S+): re-pinned \d+ anchors?/).map { String($0.output.1) } }
            .first
        // `  10:3  Source/Hosts/UI/App.UI.Web/Program.cs:8 -> :11`
        repinned = repin.compactMap { line in
            line.wholeMatch(of: /\s+\d+:\d+\s+(\S+) -> (\S+)/).map {
                "\(($0.output.1 as NSString).lastPathComponent) -> \($0.output.2)"
            }
        }
        // `  11:3  Source/.../appsettings.json:4-6  needs a person: lost: the cited text is gone; ...`
        needsPerson = repin.compactMap { line in
            line.firstMatch(of: /^\s+\d+:\d+\s+(\S+)\s+needs a person: (\w+)/).map {
                "\(($0.output.1 as NSString).lastPathComponent) (\($0.output.2))"
            }
        }
        revisionNote = adr.map { Self.revisionNote(in: repository + "/" + $0) } ?? []
    }

    /// `7 occurrences of HOST in 10 files: binary-config 1, ...` from a scan's output.
    static func scanCounts(_ output: String) -> ScanCounts? {
        for line in output.split(separator: "\n").reversed() {
            if let match = line.wholeMatch(of: /(\d+) occurrences? of \S+ in \d+ files?: (.+)/),
                let count = Int(match.output.1)
            {
                return ScanCounts(occurrences: count, perClass: String(match.output.2))
            }
        }
        return nil
    }

    /// The last `## Revision (...)` section of a document: its heading and first lines, blank lines left out.
    static func revisionNote(in path: String, lines limit: Int = 4) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let start = lines.lastIndex(where: { $0.hasPrefix("## Revision") }) else { return [] }
        return lines[start...].prefix(limit).map(String.init)
    }
}
