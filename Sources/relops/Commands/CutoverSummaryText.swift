import Cutover
import RelopsCore
import Scan

extension CutoverCommand {
    /// The summary a preview opens with, and all that `--stat` prints: what is rewritten, grouped
    /// (by class, then per product with its classes), then what is left alone and why.
    static func renderSummary(_ summary: CutoverSummary, _ plan: CutoverPlan, applied: Bool, _ console: Console) {
        let target = plan.toUnicode.map { "\(plan.to) (Unicode: \($0))" } ?? plan.to
        console.out(
            console.styled(
                "== summary: \(plan.from) -> \(target)\(applied ? "" : " (preview, nothing written)")", .bold))
        console.out(
            "\(applied ? "rewritten" : "to rewrite"): \(counted(summary.occurrences, "occurrence")) in "
                + counted(summary.files, "file"))
        for grouping in summary.groupings where !grouping.tallies.isEmpty {
            console.out("  \(grouping.key == "product" ? "per" : "by") \(grouping.key):")
            // A product shows as its checklist label and its classes; a class as its name and meaning.
            let names = grouping.tallies.map { $0.product?.label ?? $0.name }
            let width = names.map(\.count).max() ?? 0
            for (name, tally) in zip(names, grouping.tallies) {
                let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
                let classes = OccurrenceClass.allCases.compactMap { cls in
                    tally.classes[cls].map { "\(cls.rawValue) \($0)" }
                }
                let about = classes.isEmpty ? tally.about : classes.joined(separator: ", ")
                let note = about.isEmpty ? "" : "  (\(about))"
                console.out("    \(padded)  \(tally.occurrences) in \(counted(tally.files, "file"))\(note)")
            }
        }
        console.out("left alone:")
        for entry in summary.leftAlone {
            var counts: [String] = []
            switch (entry.occurrences, entry.files) {
            case (let occurrences?, let files?): counts.append("\(occurrences) in \(counted(files, "file"))")
            case (nil, let files?): counts.append(counted(files, "file"))
            default: break
            }
            if !entry.names.isEmpty {
                let more = entry.names.count > 10 ? " and \(entry.names.count - 10) more" : ""
                counts.append("(" + entry.names.prefix(10).joined(separator: ", ") + more + ")")
            }
            let head = counts.isEmpty ? "" : counts.joined(separator: " ") + "; "
            console.out("  \(label(entry.kind)): \(head)\(entry.reason)")
        }
        if let already = summary.newHostAlready {
            console.out(
                console.styled(
                    "note: \(already.name) already occurs \(counted(already.occurrences, "time")) in "
                        + "\(counted(already.files, "file")) (\(already.about))", .yellow))
        }
    }

    static func label(_ kind: CutoverSummary.LeftAloneKind) -> String {
        switch kind {
        case .excluded: return "kept, by your exclusion"
        case .email: return "e-mail addresses"
        case .symlink: return "symlinks"
        case .related: return "related hosts"
        case .binaryFile: return "binary files"
        case .skipped: return "skipped"
        case .unreadable: return "unreadable"
        case .untracked: return "untracked and ignored files"
        }
    }
}

/// `1 file`, `3 files`.
func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
