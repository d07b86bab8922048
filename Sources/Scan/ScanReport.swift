import RelopsCore

extension ScanResult {
    /// A SARIF 2.1.0 log with one result per occurrence, for code-scanning tools.
    public func sarif(toolVersion: String) -> JSONValue {
        let rules = OccurrenceClass.allCases.map { SARIFLog.Rule(id: $0.rawValue, description: classDescription($0)) }
        let results = occurrences.map { o in
            SARIFLog.Result(
                ruleID: o.occurrenceClass.rawValue, level: o.occurrenceClass.isBinary ? .warning : .note,
                message:
                    "\(o.host) (\(o.occurrenceClass.rawValue)\(o.products.isEmpty ? "" : " in " + o.products.map(\.label).joined(separator: ", "))): \(o.rule)",
                path: o.path, line: o.line,
                column: o.column, endColumn: o.column + o.found.utf8.count)
        }
        return SARIFLog(toolVersion: toolVersion, rules: rules, results: results).json
    }
}

/// What a class means, in one line a release manager reads.
public func classDescription(_ cls: OccurrenceClass) -> String {
    switch cls {
    case .binaryConfig: return "ships in the store binary, read through configuration"
    case .binaryLiteral: return "ships in the store binary as a literal"
    case .server: return "deployed with a server; changes with a deployment"
    case .storeListing: return "store listing; ships with the listing, not the binary"
    case .docs: return "documentation; ships nothing, but must still be rewritten"
    case .comment: return "inside a comment; ships nothing, rewritten like documentation"
    case .repoMeta: return "repository metadata and CI that does not deploy; ships nothing"
    case .test: return "tests"
    case .build: return "used while building, ships nothing"
    case .other: return "placed outside every product by a rule (its reason says which)"
    case .unknown: return "no build file relops read places it: check where it ships"
    }
}

/// `--expect CLASS=N,...`: expected occurrence counts per class (`binary` counts both binary classes).
public struct ScanExpectation: Sendable, Equatable {
    public let entries: [(name: String, count: Int)]

    public static func == (a: ScanExpectation, b: ScanExpectation) -> Bool {
        a.entries.map { "\($0.name)=\($0.count)" } == b.entries.map { "\($0.name)=\($0.count)" }
    }

    /// Parses `binary-config=1,server=2`; an unknown class or a bad number is bad usage.
    public init(parsing values: [String]) throws(Failure) {
        var entries: [(String, Int)] = []
        let names = OccurrenceClass.allCases.map(\.rawValue) + ["binary"]
        for value in values {
            for part in value.split(separator: ",") {
                let pieces = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
                guard pieces.count == 2, !pieces[0].isEmpty else {
                    throw Failure(.usage, "--expect \(value): '\(part)' is not CLASS=N")
                }
                guard names.contains(pieces[0]) else {
                    let hint = closest(pieces[0], in: names).map { " (did you mean '\($0)'?)" } ?? ""
                    throw Failure(
                        .usage,
                        "--expect \(value): unknown class '\(pieces[0])'\(hint); use \(names.joined(separator: ", "))")
                }
                guard let n = Int(pieces[1]), n >= 0 else {
                    throw Failure(.usage, "--expect \(value): '\(pieces[1])' is not a count")
                }
                entries.append((pieces[0], n))
            }
        }
        self.entries = entries
    }

    /// Each unmet expectation as a sentence; empty when all hold. Occurrences of class `unknown`
    /// stop any expectation until a person accepts them (`unknown=N`) or classifies them; a file
    /// not scanned for its encoding stops every expectation (it may hold any number).
    public func differences(in result: ScanResult) -> [String] {
        guard !entries.isEmpty else { return [] }
        let counts = Dictionary(uniqueKeysWithValues: result.counts.map { ($0.0.rawValue, $0.1) })
        var unaccepted: [String] = []
        let unknown = counts[OccurrenceClass.unknown.rawValue] ?? 0
        if unknown > 0 && !entries.contains(where: { $0.name == OccurrenceClass.unknown.rawValue }) {
            let files = Set(result.occurrences.filter { $0.occurrenceClass == .unknown }.map(\.path)).sorted()
            let shown =
                files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
            unaccepted.append(
                "\(unknown) unknown occurrence\(unknown == 1 ? "" : "s") (\(shown)): no build file relops read places "
                    + "\(unknown == 1 ? "it" : "them"); classify with `classify:` in .relops.yml, or accept with --expect unknown=\(unknown)"
            )
        }
        let undecodable = result.problems.filter(\.isUndecodable).map(\.path)
        if !undecodable.isEmpty {
            let shown =
                undecodable.prefix(3).joined(separator: ", ")
                + (undecodable.count > 3 ? " and \(undecodable.count - 3) more" : "")
            unaccepted.append(
                "\(undecodable.count) file\(undecodable.count == 1 ? "" : "s") not scanned: encoding (\(shown)): "
                    + "relops cannot decode \(undecodable.count == 1 ? "it" : "them"), so occurrences may hide there")
        }
        return unaccepted
            + entries.compactMap { entry in
                let actual =
                    entry.name == "binary"
                    ? (counts["binary-config"]! + counts["binary-literal"]!) : counts[entry.name] ?? 0
                guard actual != entry.count else { return nil }
                return "expected \(entry.count) \(entry.name) occurrence\(entry.count == 1 ? "" : "s"), found \(actual)"
            }
    }
}
