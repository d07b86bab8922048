import CommandLine
import Cutover
import Foundation
import RelopsCore
import Scan

enum CutoverCommand: RelopsCommand {
    static let spec = CommandSpec(
        "cutover",
        abstract: "Rewrite every occurrence of the old host for a domain cutover, safely and reversibly.",
        discussion: """
            Without --apply (or with --preview, or as `cutover preview`), shows a summary (files and \
            occurrences per class, what is left alone and why), then the diff and what still has to \
            happen; --stat shows the summary only. With --apply, stores every original as a git blob, \
            journals the run in .git/relops/cutovers/, then replaces each file atomically. Related \
            hosts (staging.OLD) are left alone unless --subdomains; e-mail addresses (ops@OLD) are \
            left alone unless --include-email.
            """,
        options: planOptions + [
            .flag("apply", help: "Rewrite the files (default: preview only)."),
            .flag("preview", help: "Only show what would change (the default without --apply)."),
            .flag(
                "commit", help: "With --apply: create branch relops/cutover-<new host> and one commit. Never pushes."),
            .flag("allow-dirty", help: "Apply even when files to rewrite have uncommitted changes."),
        ],
        subcommands: [
            CommandSpec(
                "preview", abstract: "Show what a cutover would rewrite and leave alone; writes nothing.",
                discussion: "The same as `relops cutover` without --apply: the summary, then the diff.",
                options: planOptions),
            CommandSpec(
                "undo", abstract: "Restore every file of the last (or the named) cutover byte for byte.",
                options: [
                    .value("repo", "PATH", help: "The repository."),
                    .flag("force", help: "Also overwrite files changed since the cutover."),
                    .format(["text", "json"]),
                ],
                positionals: [
                    PositionalSpec("id", help: "The cutover to undo (default: the last one).", optional: true)
                ]),
            CommandSpec(
                "list", abstract: "Show the journal of cutovers.",
                options: [.value("repo", "PATH", help: "The repository."), .format(["text", "json"])]),
        ],
        runsWithoutSubcommand: true)

    /// The options that shape a plan, shared by `cutover` and `cutover preview`.
    static let planOptions: [OptionSpec] = [
        .value("repo", "PATH", help: "The repository (default: the one enclosing the current folder)."),
        .value("from", "H", help: "The old host (default: app.web_host in .relops.yml)."),
        .value("to", "H", help: "The new host (a Unicode name is written in its punycode form)."),
        .flag("include-email", help: "Also rewrite e-mail addresses at the old host (default: list them only)."),
        .flag("subdomains", help: "Also rewrite the old host's family: every *.OLD name becomes *.NEW."),
        .flag("stat", help: "Show only the summary: counts per class, what is left alone and why (no diff)."),
        .format(["text", "json"]),
    ]

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments.value("format"), allowed: [.text, .json])
        let project = try Project(path: arguments.value("repo"))
        switch arguments.subcommand {
        case "undo": return try undo(arguments, project, format, console)
        case "list": return try list(project, format, console)
        default: break
        }
        guard let toHost = arguments.value("to") else { throw Failure(.usage, "cutover needs --to H (the new host)") }
        guard let fromHost = arguments.value("from") ?? project.config.webHost else {
            throw Failure(.usage, "cutover needs --from H (or app.web_host in .relops.yml)")
        }
        if arguments.flag("commit") && !arguments.flag("apply") { throw Failure(.usage, "--commit needs --apply") }
        if arguments.flag("preview") && arguments.flag("apply") {
            throw Failure(.usage, "--preview and --apply exclude each other: a preview writes nothing")
        }
        let stat = arguments.flag("stat")
        // An apply holds the repository lock from before its recovery until its journal is saved.
        let lock = arguments.flag("apply") ? try RepositoryLock(project: project, purpose: "cutover --apply") : nil
        defer { lock?.release() }
        // An apply first finishes a cutover that was cut off halfway, so it plans from a consistent tree.
        var recovered: [String] = []
        if let lock { recovered = try finishInterruptedCutovers(project, lock: lock) }
        let interrupted = lock == nil ? interruptedCutoverNotice(project) : nil
        let options = CutoverOptions(
            includeEmail: arguments.flag("include-email"), subdomains: arguments.flag("subdomains"))
        let plan = try planCutover(project, from: fromHost, to: toHost, options: options)
        let diffs =
            format == .json || stat
            ? []
            : try plan.files.map { file throws(Failure) -> [DiffLine] in
                let old = readFile(project.root + "/" + file.path) ?? []
                return unifiedDiff(path: file.path, old: old, new: try rewrite(old, with: file.edits, path: file.path))
            }
        var outcome: ApplyOutcome?
        if let lock, !plan.files.isEmpty {
            var options = ApplyOptions(allowDirty: arguments.flag("allow-dirty"), commit: arguments.flag("commit"))
            #if DEBUG
                options = CutoverTestHooks.install(options)
            #endif
            outcome = try applyCutover(project, plan, options, lock: lock)
        }
        if format == .json {
            let json =
                stat
                ? plan.statJSON(outcome: outcome)
                : plan.json(outcome: outcome, recovered: recovered, interrupted: interrupted)
            console.out(json.rendered())
        } else {
            recovered.forEach { console.out(console.styled("note: \($0)", .yellow)) }
            if let interrupted { console.out(console.styled("note: \(interrupted)", .yellow)) }
            renderSummary(plan.summary, plan, applied: outcome != nil, console)
            if stat {
                if let outcome { renderOutcome(plan, outcome, console) }
            } else {
                console.out("")
                renderText(plan, diffs: diffs.flatMap { $0 }, outcome: outcome, console)
            }
        }
        return ExitCode.ok
    }

    static func renderText(_ plan: CutoverPlan, diffs: [DiffLine], outcome: ApplyOutcome?, _ console: Console) {
        let target = plan.toUnicode.map { "\(plan.to) (Unicode: \($0))" } ?? plan.to
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
        let counts = plan.counts.filter { $0.1 > 0 }.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        if plan.files.isEmpty {
            console.out("No occurrence of \(plan.from) to rewrite.")
        } else if let outcome {
            renderOutcome(plan, outcome, console)
        } else {
            console.out(
                console.styled(
                    "Preview: \(plan.from) -> \(target), \(plan.edits.count) occurrence(s) in \(plan.files.count) file(s) (\(counts)). Nothing was written; add --apply.",
                    .bold))
        }
        if !plan.binaryFiles.isEmpty {
            console.out(
                console.styled("== binary files holding \(plan.from) (cannot be rewritten; regenerate them):", .yellow))
            plan.binaryFiles.forEach { console.out("  \(escapedText($0))") }
        }
        if !plan.notRewritten.isEmpty {
            console.out(console.styled("== not rewritten:", .yellow))
            plan.notRewritten.forEach { console.out("  \(escapedText($0.path)):\($0.line): \($0.reason)") }
        }
        renderHostFamily(plan, console)
        guard !plan.files.isEmpty || !plan.binaryFiles.isEmpty else { return }
        console.out(console.styled("== still to do, in this order:", .bold))
        for (n, step) in plan.followUps.enumerated() {
            console.out("\(n + 1). \(step.title). \(step.detail)")
        }
    }

    /// What an apply did: its journal id, how to undo it, its commit.
    static func renderOutcome(_ plan: CutoverPlan, _ outcome: ApplyOutcome, _ console: Console) {
        let target = plan.toUnicode.map { "\(plan.to) (Unicode: \($0))" } ?? plan.to
        let counts = plan.counts.filter { $0.1 > 0 }.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        console.out(
            console.styled(
                "Applied cutover \(outcome.journal.id): \(plan.from) -> \(target), \(plan.edits.count) occurrence(s) in \(plan.files.count) file(s) (\(counts)).",
                .bold))
        console.out("Undo with: relops cutover undo \(outcome.journal.id)")
        if let branch = outcome.branch, let commit = outcome.commit {
            console.out("Committed \(commit.short) on new branch \(branch) (not pushed).")
        }
    }

    /// The related hosts left alone, the `*.old` names rewritten, and the subdomain warnings.
    static func renderHostFamily(_ plan: CutoverPlan, _ console: Console) {
        if !plan.related.isEmpty {
            console.out(
                "== related hosts left alone: " + Set(plan.related.map(\.found)).sorted().joined(separator: ", "))
        }
        if !plan.familyRenames.isEmpty {
            console.out(console.styled("== host family rewritten (--subdomains):", .bold))
            plan.familyRenames.forEach { console.out("  \($0.old) -> \($0.new)") }
        }
        for warning in plan.subdomainWarnings {
            console.out(
                console.styled(
                    "warning: \(warning.path):\(warning.line): covers subdomains, but "
                        + "\(warning.remaining.joined(separator: ", ")) stay on \(plan.from) and lose this rule "
                        + "(add --subdomains, or keep an element for \(plan.from))", .yellow))
        }
    }

    static func undo(_ arguments: ParsedArguments, _ project: Project, _ format: OutputFormat, _ console: Console)
        throws -> Int32
    {
        if let id = arguments.positionals.first, id.trimmingWhitespace().isEmpty {
            throw Failure(.usage, "cutover undo: an empty id names no cutover; `relops cutover list` shows them")
        }
        let lock = try RepositoryLock(project: project, purpose: "cutover undo")
        defer { lock.release() }
        let outcome = try undoCutover(
            project, id: arguments.positionals.first, force: arguments.flag("force"), lock: lock)
        let left = outcome.forced ? [] : outcome.changedSince
        if format == .json {
            console.out(
                JSONValue.object([
                    ("id", .string(outcome.journal.id)), ("restored", .array(outcome.restored.map { .string($0) })),
                    ("unchanged", .array(outcome.unchanged.map { .string($0) })),
                    ("changed_since", .array(outcome.changedSince.map { .string($0) })),
                    ("forced", .bool(outcome.forced)),
                    ("recovered", .array(outcome.recovered.map { .string($0) })),
                ]).rendered())
        } else {
            outcome.recovered.forEach { console.out("note: \($0)") }
            console.out(
                "Cutover \(outcome.journal.id) (\(outcome.journal.from) -> \(outcome.journal.to)): restored \(outcome.restored.count) file(s)."
            )
            outcome.restored.forEach { console.out("  restored \(escapedText($0))") }
            if !left.isEmpty {
                console.out(
                    console.styled("Changed since the cutover, left alone (pass --force to overwrite):", .yellow))
                left.forEach { console.out("  \(escapedText($0))") }
            }
            if outcome.journal.commit != nil {
                console.out(
                    "The commit on \(outcome.journal.branch ?? "its branch") stays; the working tree now holds the originals."
                )
            }
        }
        return left.isEmpty ? ExitCode.ok : ExitCode.checkFailed
    }

    static func list(_ project: Project, _ format: OutputFormat, _ console: Console) throws -> Int32 {
        let journals = try CutoverJournal.all(project)
        if format == .json {
            console.out(
                JSONValue.array(
                    journals.map { j in
                        .object([
                            ("id", .string(j.id)), ("created", .string(j.created)), ("from", .string(j.from)),
                            ("to", .string(j.to)),
                            ("state", .string(j.state.rawValue)), ("files", .int(j.files.count)),
                            ("branch", .string(j.branch)),
                        ])
                    }
                ).rendered())
        } else if journals.isEmpty {
            console.out("No cutover has been applied in this repository.")
        } else {
            for j in journals {
                console.out(
                    "\(j.id)  \(j.state.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0))  \(j.from) -> \(j.to)  \(j.files.count) file(s)\(j.branch.map { "  branch \($0)" } ?? "")"
                )
            }
        }
        if format == .text, let notice = interruptedCutoverNotice(project) {
            console.out(console.styled("note: \(notice)", .yellow))
        }
        return ExitCode.ok
    }
}
