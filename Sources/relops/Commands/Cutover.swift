import CommandLine
import Cutover
import Foundation
import RelopsCore
import Scan

enum CutoverCommand: RelopsCommand {
    enum Options {
        static let repo = RepositoryOptions.repo
        static let from = Option<String?>.value(
            "from", "H", help: "The old host (default: app.web_host in .relops.yml).")
        static let to = Option<String?>.value(
            "to", "H", help: "The new host (a Unicode name is written in its punycode form).")
        static let includeEmail = Flag.flag(
            "include-email", help: "Also rewrite e-mail addresses at the old host (default: list them only).")
        static let subdomains = Flag.flag(
            "subdomains", help: "Also rewrite the old host's family: every *.OLD name becomes *.NEW.")
        static let exclude = Option<[String]>.repeatable(
            "exclude", "PATH|GLOB|PATH:LINE",
            help:
                "Keep these occurrences as they are (a file, a folder, a glob, or one line); listed as kept, never rewritten. Also .relops.yml cutover.exclude."
        )
        static let stat = Flag.flag(
            "stat", help: "Show only the summary: counts per class, what is left alone and why (no diff).")
        static let format = Option<String?>.format(["text", "json"])
        static let apply = Flag.flag("apply", help: "Rewrite the files (default: preview only).")
        static let preview = Flag.flag("preview", help: "Only show what would change (the default without --apply).")
        static let commit = Flag.flag(
            "commit", help: "With --apply: create branch relops/cutover-<new host> and one commit. Never pushes.")
        static let allowDirty = Flag.flag(
            "allow-dirty", help: "Apply even when files to rewrite have uncommitted changes.")
        /// `--repo` of `undo` and `list`, whose help is shorter.
        static let journalRepo = Option<String?>.value(
            "repo", "PATH", authority: .whereItActs, help: "The repository.")
        static let force = Flag.flag("force", help: "Also overwrite files changed since the cutover.")
        static let undoCommit = Flag.flag(
            "commit", help: "Record the undo of a committed cutover as a commit on HEAD (never pushed).")
    }

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
        options: planOptions + [Options.apply, Options.preview, Options.commit, Options.allowDirty],
        subcommands: [
            CommandSpec(
                "preview", abstract: "Show what a cutover would rewrite and leave alone; writes nothing.",
                discussion: "The same as `relops cutover` without --apply: the summary, then the diff.",
                options: planOptions),
            CommandSpec(
                "undo",
                abstract: "Restore every file of the last (or the named) cutover byte for byte, and git as it was.",
                discussion: """
                    Puts the index back as it was before the cutover. A committed cutover: HEAD goes back \
                    to the branch the apply started from and the cutover branch is deleted; with --commit \
                    the undo is recorded as a commit on top instead (as `git revert` does), for a cutover \
                    that was merged or built upon. An undo cut off halfway is announced by `cutover`, \
                    `cutover list` and `scan`, and finished by running it again.
                    """,
                options: [Options.journalRepo, Options.force, Options.undoCommit, Options.format],
                positionals: [
                    PositionalSpec("id", help: "The cutover to undo (default: the last one).", optional: true)
                ],
                writes: .always),
            CommandSpec(
                "list", abstract: "Show the journal of cutovers.",
                options: [Options.journalRepo, Options.format]),
        ],
        runsWithoutSubcommand: true,
        writes: .when(Options.apply))

    /// The options that shape a plan, shared by `cutover` and `cutover preview`.
    static let planOptions: [any DeclaredOption] = [
        Options.repo, Options.from, Options.to, Options.includeEmail, Options.subdomains, Options.exclude, Options.stat,
        Options.format,
    ]

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Options.format], allowed: [.text, .json])
        switch arguments.subcommand {
        case "undo": return try undo(arguments, try Project(path: arguments[Options.journalRepo]), format, console)
        case "list": return try list(try Project(path: arguments[Options.journalRepo]), format, console)
        default: break
        }
        let project = try Project(path: arguments[Options.repo])
        // `cutover preview` declares only the options that shape a plan: it never applies.
        let previewOnly = arguments.subcommand == "preview"
        let apply = !previewOnly && arguments[Options.apply]
        let commit = !previewOnly && arguments[Options.commit]
        guard let toHost = arguments[Options.to] else { throw Failure(.usage, "cutover needs --to H (the new host)") }
        guard let fromHost = arguments[Options.from] ?? project.config.webHost?.host.written else {
            throw Failure(.usage, "cutover needs --from H (or app.web_host in .relops.yml)")
        }
        if commit && !apply { throw Failure(.usage, "--commit needs --apply") }
        if !previewOnly && arguments[Options.preview] && apply {
            throw Failure(.usage, "--preview and --apply exclude each other: a preview writes nothing")
        }
        let stat = arguments[Options.stat]
        // An apply holds the repository lock from before its recovery until its journal is saved.
        let lock = apply ? try RepositoryLock(project: project, purpose: "cutover --apply") : nil
        defer { lock?.release() }
        // An apply first finishes a cutover that was cut off halfway, so it plans from a consistent tree.
        var recovered: [String] = []
        if let lock { recovered = try finishInterruptedCutovers(project, lock: lock) }
        // What the recovery did is said on every path: in the output below, or on stderr when a
        // later check fails (a recovery that could not commit is why the commit is missing).
        var recoveryReported = false
        defer { if !recoveryReported { recovered.forEach { console.error("note: \($0)") } } }
        let interrupted = interruptedCutoverNotice(project)
        let excluded = try CutoverExclusion.parse(arguments[Options.exclude], source: "--exclude")
        try refuseExclusionsOfNoFile(excluded, project)
        let options = CutoverOptions(
            includeEmail: arguments[Options.includeEmail], subdomains: arguments[Options.subdomains],
            exclude: project.config.cutoverExclude + excluded.filter { !project.config.cutoverExclude.contains($0) })
        let plan = try planCutover(project, from: fromHost, to: toHost, options: options)
        let diffs =
            format == .json || stat
            ? []
            : try plan.files.map { file throws(Failure) -> [DiffLine] in
                let old = readFile(project.root + "/" + file.path) ?? []
                return unifiedDiff(path: file.path, old: old, new: try rewrite(old, with: file.edits, path: file.path))
            }
        if plan.files.isEmpty, plan.notRewritten.isEmpty, let hint = ClaimedHosts(project).hint(for: fromHost) {
            throw Failure(.checkFailed, "--from \(fromHost): no occurrence to rewrite, and \(hint)")
        }
        var outcome: ApplyOutcome?
        if lock != nil, plan.files.isEmpty, commit {
            // Nothing left to rewrite: the step's effect is the commit, so say whether it is there.
            try checkCommitted(project, plan, format, console)
        }
        if let lock, !plan.files.isEmpty {
            var options = ApplyOptions(allowDirty: arguments[Options.allowDirty], commit: commit)
            #if DEBUG
                options = CutoverTestHooks.install(options)
            #endif
            outcome = try applyCutover(project, plan, options, lock: lock)
        }
        if format == .json {
            let document = CutoverDocument(
                plan, outcome: outcome, stat: stat, recovered: recovered, interrupted: interrupted)
            recoveryReported = !stat
            console.out(try document.jsonText())
        } else {
            recoveryReported = true
            renderText(plan, diffs: diffs.flatMap { $0 }, outcome: outcome, stat: stat, console) {
                recovered.forEach { console.out(console.styled("note: \($0)", .yellow)) }
                if let interrupted { console.out(console.styled("note: \(interrupted)", .yellow)) }
            }
        }
        return ExitCode.ok
    }

    /// An `--exclude` whose path or glob names no tracked file keeps nothing: a typo, refused (exit 2)
    /// with the nearest tracked path, before anything is planned. (An entry of `cutover.exclude`
    /// that keeps nothing stays a warning: the line it kept may have moved since it was written.)
    static func refuseExclusionsOfNoFile(_ excluded: [CutoverExclusion], _ project: Project) throws(Failure) {
        guard !excluded.isEmpty else { return }
        let tracked: [String]
        do {
            let files = try project.repository.indexFiles()
            tracked = (0..<files.count).map(files.path(at:))
        } catch {
            throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
        }
        for entry in excluded where !tracked.contains(where: entry.names) {
            let hint = closest(entry.path, in: tracked).map { " (did you mean \($0)?)" } ?? ""
            throw Failure(
                .badInput,
                "--exclude \(entry.text): no tracked file is at \(entry.path)\(hint), so it would keep nothing")
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
        var afterEachFile: (@Sendable (Int) -> Void)?
        var afterGitStep: (@Sendable () -> Void)?
        #if DEBUG
            afterEachFile = CutoverTestHooks.undoHook()
            afterGitStep = CutoverTestHooks.undoGitStepHook()
        #endif
        let outcome = try undoCutover(
            project, id: arguments.positionals.first, force: arguments[Options.force],
            commit: arguments[Options.undoCommit],
            lock: lock, afterEachFile: afterEachFile, afterGitStep: afterGitStep)
        let left = outcome.forced ? [] : outcome.changedSince
        if format == .json {
            console.out(try CutoverUndoDocument(outcome).jsonText())
        } else {
            // Answer first: what was restored, then what needs a person, then each file.
            console.out(
                "Cutover \(outcome.journal.id) (\(outcome.journal.from) -> \(outcome.journal.to)): restored \(outcome.restored.count) file(s)."
            )
            if !left.isEmpty {
                console.out(
                    console.styled("Changed since the cutover, left alone (pass --force to overwrite):", .yellow))
                left.forEach { console.out("  \(escapedText($0))") }
            }
            outcome.gitNotes.forEach { console.out("Git: \($0).") }
            outcome.recovered.forEach { console.out("note: \($0)") }
            outcome.restored.forEach { console.out("  restored \(escapedText($0))") }
        }
        return left.isEmpty ? ExitCode.ok : ExitCode.checkFailed
    }

    static func list(_ project: Project, _ format: OutputFormat, _ console: Console) throws -> Int32 {
        let journals = try CutoverJournal.all(project)
        if format == .text, let notice = interruptedCutoverNotice(project) {
            console.out(console.styled("note: \(notice)", .yellow))
        }
        if format == .json {
            console.out(try CutoverListEntry.jsonText(journals))
        } else if journals.isEmpty {
            console.out("No cutover has been applied in this repository.")
        } else {
            for j in journals {
                console.out(
                    "\(j.id)  \(j.state.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0))  \(j.from) -> \(j.to)  \(j.files.count) file(s)\(j.branch.map { "  branch \($0)" } ?? "")"
                )
            }
        }
        return ExitCode.ok
    }
}
