import Foundation
import RelopsCore

/// The signed-off record of a run: Markdown from a template, and JUnit XML for CI systems.
public struct RunReport: Sendable {
    public let state: RunState

    public init(_ state: RunState) {
        self.state = state
    }

    /// The mark a step gets in a checklist: `x` when done (passed or confirmed), `-` skipped,
    /// `!` failed, a space when pending.
    public static func mark(_ status: StepStatus) -> String {
        switch status {
        case .passed, .confirmed: return "x"
        case .skipped: return "-"
        case .failed: return "!"
        case .pending: return " "
        }
    }

    /// One line on where the run stands.
    public var outcome: String {
        if state.isComplete { return "complete" }
        guard let open = state.firstOpenStep else { return "complete" }
        switch open.status {
        case .failed: return "failed at step \(open.number) (\(open.title))"
        default:
            return open.started == nil && open.number == 1
                ? "not started" : "open at step \(open.number) (\(open.title))"
        }
    }

    /// The values `Templates/run-report.md` can use.
    public var context: [String: TemplateValue] {
        var context: [String: TemplateValue] = [
            "title": .text(state.title),
            "runbook": .text(state.runbook),
            "runbook_path": .text(state.runbookPath),
            "run_id": .text(state.runID),
            "started": .text(state.started),
            "finished": .text(state.finished ?? ""),
            "operator": .text(state.operator),
            "outcome": .text(outcome),
            "complete": .text(state.isComplete ? "yes" : ""),
            "vars": .list(state.vars.map { ["name": .text($0.name), "value": .text($0.value)] }),
        ]
        let counts = Dictionary(grouping: state.steps, by: \.status).mapValues(\.count)
        for status in [StepStatus.pending, .passed, .failed, .skipped, .confirmed] {
            context["count_\(status.rawValue)"] = .text(String(counts[status] ?? 0))
        }
        context["steps"] = .list(
            state.steps.map { step in
                [
                    "number": .text(String(step.number)),
                    "id": .text(step.id),
                    "step_title": .text(step.title),
                    "status": .text(step.status.rawValue),
                    "mark": .text(RunReport.mark(step.status)),
                    "step_started": .text(step.started ?? ""),
                    "step_finished": .text(step.finished ?? ""),
                    "step_operator": .text(step.operator ?? ""),
                    "note": .text(step.note ?? ""),
                    "rechecked": .text(step.rechecked ?? ""),
                    "checks": .list(
                        step.checks.map { check in
                            [
                                "kind": .text(check.kind.rawValue),
                                "text": .text(check.text),
                                "exit_code": .text(check.exitCode.map(String.init) ?? ""),
                                "at": .text(check.at),
                                "summary": .text(summary(check.text)),
                                // A command as a code span; a confirmed item as the Markdown it was written in.
                                "shown": .text(
                                    (check.kind == .confirm || check.kind == .evidence)
                                        ? check.text : codeSpan(summary(check.text))),
                                "output": .text(
                                    (check.kind == .confirm || check.kind == .evidence) ? "" : check.excerpt ?? ""),
                                "remark": .text(
                                    (check.kind == .confirm || check.kind == .evidence) ? check.excerpt ?? "" : ""),
                                "fence": .text(fence(for: check.excerpt ?? "")),
                            ]
                        }),
                ]
            })
        return context
    }

    /// The Markdown report from a `run-report.md` template.
    public func markdown(template: ReportTemplate) throws(Failure) -> String {
        try template.render(context)
    }

    /// JUnit XML: one test suite for the run, one test case per step (skipped and pending steps
    /// are skipped cases; a failed step is a failure carrying its note and output excerpt).
    public var junit: String {
        let failures = state.steps.filter { $0.status == .failed }.count
        let skipped = state.steps.filter { $0.status == .skipped || $0.status == .pending }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"relops runbook\" tests=\"\(state.steps.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        xml +=
            "  <testsuite name=\"\(xmlEscape(state.title))\" id=\"\(xmlEscape(state.runID))\" tests=\"\(state.steps.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" timestamp=\"\(xmlEscape(state.started))\" time=\"\(seconds(state.started, state.finished ?? state.steps.compactMap(\.finished).max()))\">\n"
        xml += "    <properties>\n"
        xml += "      <property name=\"runbook\" value=\"\(xmlEscape(state.runbook))\"/>\n"
        xml += "      <property name=\"operator\" value=\"\(xmlEscape(state.operator))\"/>\n"
        for variable in state.vars {
            xml += "      <property name=\"var.\(xmlEscape(variable.name))\" value=\"\(xmlEscape(variable.value))\"/>\n"
        }
        xml += "    </properties>\n"
        for step in state.steps {
            let name = xmlEscape("\(step.number). \(step.title)")
            let time = step.started.map { seconds($0, step.finished) } ?? "0"
            xml += "    <testcase classname=\"\(xmlEscape(state.runbook))\" name=\"\(name)\" time=\"\(time)\">\n"
            switch step.status {
            case .failed:
                let excerpt = step.checks.last?.excerpt ?? ""
                xml +=
                    "      <failure message=\"\(xmlEscape(step.note ?? "failed"))\">\(xmlEscape(excerpt))</failure>\n"
            case .skipped:
                xml += "      <skipped message=\"\(xmlEscape(step.note ?? "skipped"))\"/>\n"
            case .pending:
                xml += "      <skipped message=\"\(xmlEscape(step.note ?? "not run yet"))\"/>\n"
            case .passed, .confirmed:
                break
            }
            let out = step.checks.map { check in
                "[\(check.kind.rawValue)] \(check.text)" + (check.exitCode.map { " (exit \($0))" } ?? "")
                    + (check.excerpt.map { $0.isEmpty ? "" : "\n" + $0 } ?? "")
            }.joined(separator: "\n")
            if !out.isEmpty { xml += "      <system-out>\(xmlEscape(out))</system-out>\n" }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }
}

/// The first line of a check's text, with `…` when there is more.
func summary(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    guard let first = lines.first else { return "" }
    return lines.count > 1 ? first + " …" : String(first)
}

/// `text` as a Markdown code span, with enough backticks around it to hold the ones inside.
func codeSpan(_ text: String) -> String {
    var longest = 0, run = 0
    for c in text {
        run = c == "`" ? run + 1 : 0
        longest = max(longest, run)
    }
    if longest == 0 { return "`\(text)`" }
    let ticks = String(repeating: "`", count: longest + 1)
    return "\(ticks) \(text) \(ticks)"
}

/// A code fence longer than any run of backticks in `text`.
func fence(for text: String) -> String {
    var longest = 0, run = 0
    for c in text {
        run = c == "`" ? run + 1 : 0
        longest = max(longest, run)
    }
    return String(repeating: "`", count: max(3, longest + 1))
}

func xmlEscape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
        case _ where scalar.value < 0x20: out += "?"  // not allowed in XML 1.0
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// Seconds between two timestamps, or "0" when either is missing.
func seconds(_ start: String, _ end: String?) -> String {
    let formatter = ISO8601DateFormatter()
    guard let end, let a = formatter.date(from: start), let b = formatter.date(from: end) else { return "0" }
    return String(Int(max(0, b.timeIntervalSince(a))))
}
