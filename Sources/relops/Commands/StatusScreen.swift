import RelopsCore
import Scan
import Status
import Verify

/// The status screen as text and as Markdown: the verdict first, then what disagrees, then the
/// run in progress, then each host.
enum StatusScreen {
    static func verdict(_ status: ReleaseStatus) -> String {
        let hosts = "\(status.hosts.count) host(s)" + (status.local ? "; nothing fetched (--local)" : "")
        let count = status.disagreements.count
        return status.agrees
            ? "Status: everything checked agrees (\(hosts))."
            : "Status: \(count) thing(s) disagree or could not be checked (\(hosts))."
    }

    static func runLine(_ run: RunProgress, code: (String) -> String = { $0 }) -> String {
        var line = "Runbook \(code(run.runbook)) (run \(code(run.runID))\(run.rollback ? ", rollback" : "")): "
        if let last = run.lastCompleted {
            line += "last completed step \(last.number) \"\(last.title)\""
        } else {
            line += "no step completed yet"
        }
        if let next = run.next {
            line += "; next step \(next.number) of \(run.steps) \"\(next.title)\""
            if next.status == .failed || next.note != nil {
                line += " (\(next.status.rawValue)\(next.note.map { ": \($0)" } ?? ""))"
            }
        }
        return line
    }

    static func repositoryLine(_ host: HostStatus) -> String {
        let classes = host.counts.filter { $0.1 > 0 }.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        var line = "\(host.total) occurrence(s) in the repository" + (classes.isEmpty ? "" : " (\(classes))")
        if let after = host.afterCutover {
            line += "; after cutover \(after.cutover): \(after.leftOver) left over, \(after.kept) kept by its rule"
        }
        return line
    }

    static func productsLine(_ host: HostStatus) -> String? {
        guard !host.products.isEmpty else { return nil }
        return "per product: " + host.products.map { "\($0.product.label) \($0.count)" }.joined(separator: "; ")
    }

    static func servedLine(_ report: VerifyReport) -> String {
        let count = { (v: Check.Verdict) in report.checks.filter { $0.verdict == v }.count }
        var line = "\(count(.pass)) passed, \(count(.warn)) warnings, \(count(.fail)) failed, \(count(.skip)) skipped"
        if !report.unchecked.isEmpty { line += "; \(report.unchecked.count) demanded check(s) not made" }
        return line
    }

    static func text(_ status: ReleaseStatus, _ console: Console) {
        console.out(console.styled(verdict(status), status.agrees ? .green : .red))
        if !status.disagreements.isEmpty {
            console.out(console.styled("== needs a person:", .yellow))
            status.disagreements.forEach { console.out("  - \($0)") }
        }
        if let run = status.run { console.out(runLine(run)) }
        for host in status.hosts {
            console.out("")
            console.out(
                console.styled("== \(host.found.address) (\(host.found.role) host, from \(host.found.source))", .bold))
            console.out("  " + repositoryLine(host))
            if let products = productsLine(host) { console.out("    " + products) }
            if let error = host.verifyError { console.out(console.styled("  not checked: \(error)", .red)) }
            guard let report = host.verify else { continue }
            console.out("  served: " + servedLine(report))
            for line in report.unchecked { console.out("    UNCHECKED: \(line)") }
            let width = report.checks.map(\.name.count).max() ?? 0
            for check in report.checks { console.out("    " + VerifyCommand.line(check, width: width, console)) }
        }
    }

    static func markdown(_ status: ReleaseStatus) -> String {
        let code = { (text: String) in "`\(text.replacingOccurrences(of: "`", with: "'"))`" }
        let cell = { (text: String) in
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        var out = ["## \(verdict(status))", ""]
        if !status.disagreements.isEmpty {
            out += ["**Needs a person:**", ""] + status.disagreements.map { "- \(cell($0))" } + [""]
        }
        if let run = status.run { out += [runLine(run, code: code), ""] }
        for host in status.hosts {
            out.append(
                "### \(code(host.found.address.description)) (\(host.found.role) host, from \(host.found.source))")
            out.append("")
            out.append("- " + repositoryLine(host))
            if let products = productsLine(host) { out.append("- " + products) }
            if let error = host.verifyError { out.append("- **not checked:** \(cell(error))") }
            if let report = host.verify {
                out.append("- served: " + servedLine(report))
                out += report.unchecked.map { "- **unchecked:** \(cell($0))" }
                out += ["", "| verdict | check | detail |", "| --- | --- | --- |"]
                for check in report.checks {
                    let detail = (check.url.map { "\($0): " } ?? "") + check.reason
                    out.append("| \(check.verdict.rawValue) | \(code(check.name)) | \(cell(detail)) |")
                }
            }
            out.append("")
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n")
    }
}
