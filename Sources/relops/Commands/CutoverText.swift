import Cutover
import RelopsCore
import Scan

/// The text of a preview or an apply, answer first: a note on a cutover or undo cut off halfway,
/// then the verdict and totals, then the summary,
/// then what needs a person (warnings, files to regenerate, the follow-ups), then the detail (the
/// diff, what is not rewritten, the related hosts).
extension CutoverCommand {
    static func renderText(
        _ plan: CutoverPlan, diffs: [DiffLine], outcome: ApplyOutcome?, stat: Bool, _ console: Console,
        notes: () -> Void
    ) {
        notes()  // a cutover or undo cut off halfway: said before anything else
        renderVerdict(plan, outcome, console)
        renderSummary(plan.summary, plan, applied: outcome != nil, console)
        guard !stat else { return }
        console.out("")
        renderNeedsAPerson(plan, console)
        if !plan.newHostAlreadyAt.isEmpty {
            console.out(console.styled("== \(plan.to) already occurs in the repository:", .yellow))
            for o in plan.newHostAlreadyAt { console.out("\(escapedText(o.path)):\(o.line):\(o.column): \(o.text)") }
        }
        for line in diffs {
            switch line.kind {
            case .fileHeader: console.out(console.styled(line.text, .bold))
            case .hunkHeader: console.out(console.styled(line.text, .cyan))
            case .removed: console.out(console.styled(line.text, .red))
            case .added: console.out(console.styled(line.text, .green))
            case .context: console.out(line.text)
            }
        }
        if !plan.notRewritten.isEmpty {
            console.out(console.styled("== not rewritten:", .yellow))
            plan.notRewritten.forEach { console.out("  \(escapedText($0.path)):\($0.line): \($0.reason)") }
        }
        renderHostFamily(plan, console)
    }

    /// The first line: what was (or would be) rewritten, in totals; for an apply, how to undo it.
    static func renderVerdict(_ plan: CutoverPlan, _ outcome: ApplyOutcome?, _ console: Console) {
        let target = plan.toUnicode.map { "\(plan.to) (Unicode: \($0))" } ?? plan.to
        let counts = plan.counts.filter { $0.1 > 0 }.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        let totals = "\(plan.edits.count) occurrence(s) in \(plan.files.count) file(s) (\(counts))"
        let kept = plan.notRewritten.filter { $0.kind == .excluded }.count
        let keptNote = kept == 0 ? "" : "; \(kept) kept by your exclusion"
        if plan.files.isEmpty {
            console.out(console.styled("No occurrence of \(plan.from) to rewrite\(keptNote).", .bold))
        } else if let outcome {
            console.out(
                console.styled(
                    "Applied cutover \(outcome.journal.id): \(plan.from) -> \(target), \(totals)\(keptNote).", .bold))
            console.out("Undo with: relops cutover undo \(outcome.journal.id)")
            if let branch = outcome.branch, let commit = outcome.commit {
                console.out("Committed \(commit.short) on new branch \(branch) (not pushed).")
                if let hooks = hooksNotRunSentence(outcome.hooksNotRun) {
                    console.out(console.styled("note: \(hooks).", .yellow))
                }
            }
        } else {
            console.out(
                console.styled(
                    "Preview: \(plan.from) -> \(target), \(totals)\(keptNote). Nothing was written; add --apply.",
                    .bold))
        }
    }

    /// What a person must act on: elements that lose their subdomain rule, binary files to
    /// regenerate, and the follow-ups in order.
    static func renderNeedsAPerson(_ plan: CutoverPlan, _ console: Console) {
        for entry in plan.unusedExclusions {
            console.out(
                console.styled(
                    "warning: exclusion `\(entry.text)` keeps no occurrence of \(plan.from) (check the path or line)",
                    .yellow))
        }
        for warning in plan.subdomainWarnings {
            console.out(
                console.styled(
                    "warning: \(warning.path):\(warning.line): covers subdomains, but "
                        + "\(warning.remaining.joined(separator: ", ")) stay on \(plan.from) and lose this rule "
                        + "(add --subdomains, or keep an element for \(plan.from))", .yellow))
        }
        if !plan.binaryFiles.isEmpty {
            console.out(
                console.styled("== binary files holding \(plan.from) (cannot be rewritten; regenerate them):", .yellow))
            plan.binaryFiles.forEach { console.out("  \(escapedText($0))") }
        }
        guard !plan.files.isEmpty || !plan.binaryFiles.isEmpty else { return }
        console.out(console.styled("== still to do, in this order:", .bold))
        for (n, step) in plan.followUps.enumerated() {
            console.out("\(n + 1). \(step.title). \(step.detail)")
        }
        console.out("")
    }

    /// The related hosts and the names that only spell the host, left alone, and the `*.old`
    /// names rewritten.
    static func renderHostFamily(_ plan: CutoverPlan, _ console: Console) {
        if !plan.related.isEmpty {
            console.out(
                "== related hosts left alone: " + Set(plan.related.map(\.found)).sorted().joined(separator: ", "))
        }
        if !plan.notHost.isEmpty {
            let files = Set(plan.notHost.map(\.path)).count
            console.out(
                "== not the host, left alone: \(plan.notHost.count) in \(files) file\(files == 1 ? "" : "s") "
                    + "(declarations, bundle names, identifiers that spell it; `relops scan` lists them)")
        }
        if !plan.familyRenames.isEmpty {
            console.out(console.styled("== host family rewritten (--subdomains):", .bold))
            plan.familyRenames.forEach { console.out("  \($0.old) -> \($0.new)") }
        }
    }
}
