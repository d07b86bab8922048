import CommandLine
import RelopsCore
import Scan

/// The occurrences of a scan's text output grouped by (class, rule): the rule once, then its
/// files, the first ten and a count of the rest (`--verbose`: every occurrence, with the rule's id).
extension ScanCommand {
    /// How many files a group lists without `--verbose`.
    static let filesPerGroup = 10

    /// One (class, rule) and its occurrences, in the scan's order.
    struct RuleGroup {
        let cls: OccurrenceClass
        let rule: String
        let ruleID: String
        var occurrences: [HostOccurrence]
    }

    /// The groups in class order, each class's groups in the order first met.
    static func ruleGroups(_ occurrences: [HostOccurrence]) -> [RuleGroup] {
        var groups: [RuleGroup] = []
        var at: [String: Int] = [:]
        for o in occurrences {
            let key = "\(o.occurrenceClass.rawValue)\u{0}\(o.rule)"
            if let k = at[key] {
                groups[k].occurrences.append(o)
            } else {
                at[key] = groups.count
                groups.append(RuleGroup(cls: o.occurrenceClass, rule: o.rule, ruleID: o.ruleID, occurrences: [o]))
            }
        }
        return OccurrenceClass.allCases.flatMap { cls in groups.filter { $0.cls == cls } }
    }

    static func renderGroups(_ result: ScanResult, _ console: Console, verbose: Bool) {
        guard !result.occurrences.isEmpty else { return }
        let files = Set(result.occurrences.map(\.path)).count
        let groups = ruleGroups(result.occurrences)
        console.out(
            console.styled(
                "== occurrences by class and rule: \(result.occurrences.count) in \(files) file\(files == 1 ? "" : "s"), \(groups.count) rule\(groups.count == 1 ? "" : "s")",
                .bold))
        for group in groups { renderGroup(group, console, verbose: verbose) }
    }

    /// `binary-literal: <rule>  [in Android app `app`]`, then a line per file (its first
    /// occurrence and how many more it holds), ten files and a count; every occurrence with `verbose`.
    static func renderGroup(_ group: RuleGroup, _ console: Console, verbose: Bool) {
        var products: [Product] = []
        for p in group.occurrences.flatMap(\.products) where !products.contains(p) { products.append(p) }
        let shipsIn = products.isEmpty ? "" : "  [in " + products.map(\.label).joined(separator: ", ") + "]"
        let id = verbose ? "  (\(group.ruleID))" : ""
        console.out("\(group.cls.rawValue): \(escapedText(group.rule))\(id)\(shipsIn)")
        if verbose {
            for o in group.occurrences { console.out(occurrenceLine(o, console)) }
            return
        }
        var byFile: [(path: String, first: HostOccurrence, count: Int)] = []
        var index: [String: Int] = [:]
        for o in group.occurrences {
            if let k = index[o.path] {
                byFile[k].count += 1
            } else {
                index[o.path] = byFile.count
                byFile.append((o.path, o, 1))
            }
        }
        for file in byFile.prefix(filesPerGroup) {
            let more = file.count > 1 ? console.styled("  (+\(file.count - 1) more in this file)", .dim) : ""
            console.out(occurrenceLine(file.first, console) + more)
        }
        if byFile.count > filesPerGroup {
            let rest = byFile.dropFirst(filesPerGroup)
            let n = rest.reduce(0) { $0 + $1.count }
            console.out(
                console.styled(
                    "  ... and \(rest.count) more file\(rest.count == 1 ? "" : "s") (\(n) occurrence\(n == 1 ? "" : "s"); --verbose lists all)",
                    .dim))
        }
    }

    static func occurrenceLine(_ o: HostOccurrence, _ console: Console) -> String {
        var line = "  \(escapedText(o.path)):\(o.line):\(o.column): \(highlight(o, console))"
        if o.encoding != .plain { line += "  (written \(o.encoding.rawValue))" }
        return line
    }
}
