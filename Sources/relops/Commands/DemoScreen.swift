import Foundation
import Runbook

/// The demo's one screen: the sample, each runbook's steps with marks, the findings, the report.
struct DemoScreen {
    let result: Demo.Result
    let console: Console

    func render() {
        console.out(
            console.styled("The sample", .bold)
                + ": a MAUI conference app, \(SampleRepository.history.count) commits, on \(SampleRepository.oldHost).")
        console.out(
            "  The host is in a config value, an iOS entitlement, an Android constant, the web host's config and a")
        console.out(
            "  runbook; the web host serves the app signing fingerprint; ADR-043 cites code that later commits moved.")
        console.out(
            "  The runbooks ran without a person (--confirm, --skip, --accept-counts) and verified with --local:")
        console.out("  nothing was fetched.")
        for run in result.runs {
            console.out("")
            let outcome =
                run.outcome == .complete ? console.styled("complete", .green) : console.styled("stopped", .red)
            console.out(
                console.styled(run.state.title, .bold) + "  (`relops runbook run \(run.demoRun.runbook)`)  \(outcome)")
            for step in run.state.steps {
                console.out("  \(mark(step.status)) \(step.number). \(step.title)  \(step.status.rawValue)")
                if step.status == .failed || step.status == .skipped, let note = step.note {
                    console.out("      \(note)")
                }
            }
        }
        findings()
        console.out("")
        let workspace = result.workspace
        if workspace.kept {
            console.out("Kept: \(workspace.repository) (try `relops runbook status` there)")
            console.out("Full report: \(workspace.report)")
        } else {
            console.out(
                "The sample lived in a temporary folder, now removed; `relops demo --keep DIR` keeps it and the report."
            )
        }
    }

    private func findings() {
        let found = result.findings
        console.out("")
        console.out(console.styled("What relops found", .bold))
        if let before = found.scanBefore {
            console.out("  Scan, before the cutover: \(before.occurrences) occurrences: \(before.perClass)")
        }
        if let counts = found.acceptedCounts {
            console.out("  Expected counts (auto, accepted with --accept-counts): \(counts)")
        }
        if let after = found.scanAfter {
            console.out("  Scan, after the cutover:  \(after.occurrences) occurrences: \(after.perClass)")
        }
        if let verify = found.verifySummary {
            console.out("  Verify of \(SampleRepository.newHost): \(verify)")
            if !found.verifyClaimedElsewhere.isEmpty {
                console.out(
                    "    (warnings: before the cutover the apps still claim "
                        + "\(found.verifyClaimedElsewhere.joined(separator: ", ")))")
            }
        }
        if !found.identityURIs.isEmpty {
            console.out("  To register with the identity provider: \(found.identityURIs.joined(separator: ", "))")
        }
        if !found.followUps.isEmpty {
            console.out("  Still to do after the cutover:")
            for item in found.followUps { console.out("    \(shortened(item))") }
        }
        if let old = found.oldFingerprint, let new = found.newFingerprint {
            console.out(
                "  Fingerprint rotated: \(abbreviated(old)) -> \(abbreviated(new)) (both served in the overlap, then the old one retired)"
            )
        }
        if let adr = found.adr {
            console.out("  Anchors re-pinned in \(adr): \(found.repinned.joined(separator: ", "))")
            if !found.needsPerson.isEmpty {
                console.out("  Anchors left for a person: \(found.needsPerson.joined(separator: ", "))")
            }
        }
        if !found.revisionNote.isEmpty {
            console.out("  Revision note:")
            for line in found.revisionNote { console.out("    | \(shortened(line))") }
        }
    }

    private func mark(_ status: StepStatus) -> String {
        let mark = "[\(RunReport.mark(status))]"
        switch status {
        case .passed, .confirmed: return console.styled(mark, .green)
        case .failed: return console.styled(mark, .red)
        case .skipped: return console.styled(mark, .yellow)
        case .pending: return mark
        }
    }

    /// `14:6D:E9:…:44:E5`: enough of a fingerprint to tell two apart.
    private func abbreviated(_ fingerprint: String) -> String {
        let bytes = fingerprint.split(separator: ":")
        guard bytes.count > 5 else { return fingerprint }
        return bytes.prefix(3).joined(separator: ":") + ":…:" + bytes.suffix(2).joined(separator: ":")
    }

    /// A line cut to fit a screen.
    private func shortened(_ line: String, to width: Int = 110) -> String {
        line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }
}
