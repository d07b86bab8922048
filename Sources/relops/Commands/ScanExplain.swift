import CommandLine
import RelopsCore
import Scan

extension ScanCommand {
    /// `scan --explain PATH[:LINE]`: every rule's verdict on each occurrence there, as text or JSON.
    /// A file without an occurrence is an answer (exit 0); bad input exits 2.
    static func runExplain(
        _ asked: String, _ project: Project, _ request: ScanRequest, _ arguments: ParsedArguments,
        format: OutputFormat, _ console: Console
    ) throws -> Int32 {
        if format == .sarif { throw Failure(.usage, "--explain writes text or JSON, not SARIF") }
        if !arguments[Options.expect].isEmpty || arguments[Options.afterCutover] {
            throw Failure(.usage, "--explain explains one file; it does not take --expect or --after-cutover")
        }
        let target = try ExplainTarget(parsing: asked, root: project.root)
        let explanation = try explain(project, request, target)
        if format == .json {
            console.out(try explanation.jsonText())
            return ExitCode.ok
        }
        guard !explanation.occurrences.isEmpty else {
            let place = target.line.map { "on \(escapedText(target.path)):\($0)" } ?? "in \(escapedText(target.path))"
            console.out("no occurrence of \(request.hosts.joined(separator: ", ")) \(place)")
            return ExitCode.ok
        }
        for item in explanation.occurrences { renderExplained(item, console) }
        let files = explanation.buildFilesRead.map(escapedText)
        console.out("build files read: " + (files.isEmpty ? "none" : files.joined(separator: ", ")))
        let units = explanation.buildUnits.map { "\(escapedText($0.file)) (\($0.role): \($0.kind))" }
        console.out("build units: " + (units.isEmpty ? "none holds this file" : units.joined(separator: ", ")))
        return ExitCode.ok
    }

    /// One occurrence: its class and deciding rule, then each rule's verdict in order; a run of
    /// rules not asked for the same reason is one line.
    static func renderExplained(_ item: OccurrenceExplanation, _ console: Console) {
        let o = item.occurrence
        let products = o.products.isEmpty ? "" : " (\(o.products.map(\.name).joined(separator: ", ")))"
        console.out(
            console.styled(
                "\(escapedText(o.path)):\(o.line):\(o.column): \(o.host): \(o.occurrenceClass.rawValue) [\(o.ruleID)]\(products)",
                .bold))
        var skipped: (phase: String, why: String, count: Int)?
        func flush() {
            if let run = skipped {
                console.out("  \(run.phase.padding(5))  (\(run.count) rule(s) not asked: \(run.why))")
            }
            skipped = nil
        }
        for trial in item.trials {
            switch trial.verdict {
            case .notAsked(let why):
                if let run = skipped, run.phase == trial.phase, run.why == why {
                    skipped = (run.phase, why, run.count + 1)
                } else {
                    flush()
                    skipped = (trial.phase, why, 1)
                }
            case .declined(let why):
                flush()
                console.out(
                    "  \(trial.phase.padding(5))  \(trial.ruleID.padding(30))  declined" + (why.map { ": \($0)" } ?? "")
                )
            case .decided(let cls, let evidence):
                flush()
                let carried = trial.ruleID == o.ruleID ? products : ""
                console.out(
                    "  \(trial.phase.padding(5))  \(trial.ruleID.padding(30))  decided: \(cls.rawValue)\(carried): \(evidence)"
                )
            }
        }
        flush()
    }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
