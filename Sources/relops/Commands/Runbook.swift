import CommandLine
import Foundation
import RelopsCore
import Runbook

/// `relops runbook list | run | status | report`.
enum RunbookCommand: RelopsCommand {
    enum Options {
        static let repo = RepositoryOptions.repo
        static let format = Option<String?>.format(["text", "json"])
        static let variable = Option<[String]>.repeatable("var", "K=V", help: "A value for a {{placeholder}}.")
        static let yes = Flag.flag("yes", short: "y", help: "Answer run at each step's prompt.")
        static let nonInteractive = Flag.flag(
            "non-interactive", help: "Ask nothing (CI): run the checks, fail a step that needs a person.")
        static let confirm = Option<[String]>.repeatable(
            "confirm", "STEP", help: "Count STEP's task items (number or id) as confirmed.")
        static let skip = Option<[String]>.repeatable(
            "skip", "STEP=REASON",
            help: "Record STEP (number or id) as skipped, with the reason, instead of running it.")
        static let acceptCounts = Flag.flag(
            "accept-counts", help: "Accept the counts a scan finds for `auto` expectations (a person reads them first)."
        )
        static let allowShell = Flag.flag("allow-shell", help: "Run ```sh blocks without asking.")
        static let rollback = Flag.flag(
            "rollback", help: "Run the runbook's rollback steps (`when: rollback`) in a run of their own.")
        static let new = Flag.flag("new", help: "Start a fresh run even when one is open.")
        static let trustRepository = Flag.flag(
            "trust-repository",
            help:
                "Let the repository's values (.relops.yml vars, its own runbook) set options that decide how relops checks (--cacert, --resolve, --offline, ...); each is listed before the run."
        )
        static let acceptUnchecked = Option<[String]>.repeatable(
            "accept-unchecked", "STEP",
            help:
                "Accept that STEP's needed checks could not be made (no expected fingerprint or app id): recorded as accepted, never as passed."
        )
        static let resumeForeign = Flag.flag(
            "resume-foreign",
            help:
                "Resume an open run that git tracks or that another operator or machine started (its read-only steps are checked again)."
        )
        static let junit = Option<String?>.value(
            "junit", "FILE", authority: .whereItActs, help: "Also write JUnit XML to FILE.")
    }

    static let spec = CommandSpec(
        "runbook",
        abstract: "Run a release runbook step by step: checked, resumable and recorded.",
        discussion: """
            A runbook is Markdown: each `##` heading is a step; ```relops blocks are checks, ```sh blocks \
            run only with --allow-shell or a yes at the prompt, `- [ ]` items are confirmed by a person. \
            State lives in .relops/runs/<run-id>.json; running again resumes at the first step not done.
            """,
        subcommands: [
            CommandSpec(
                "list", abstract: "List the shipped and repository runbooks with their titles.",
                options: [Options.repo, Options.format]),
            CommandSpec(
                "run", abstract: "Run a runbook, or resume its open run.",
                options: [
                    Options.repo, Options.variable, Options.yes, Options.nonInteractive, Options.confirm, Options.skip,
                    Options.acceptCounts, Options.allowShell, Options.rollback, Options.new, Options.trustRepository,
                    Options.resumeForeign, Options.acceptUnchecked,
                ],
                positionals: [
                    PositionalSpec(
                        "runbook", help: "A runbook name (see `relops runbook list`) or a path to one.",
                        valuesCommand: ["completion", "--runbook-names"])
                ],
                writes: .always),
            CommandSpec(
                "status", abstract: "Show a run's steps with their marks (default: the latest run).",
                options: [Options.repo, Options.format],
                positionals: [
                    PositionalSpec("run", help: "A run id, or a runbook name for its latest run.", optional: true)
                ]),
            CommandSpec(
                "report", abstract: "Write a run's Markdown report from Templates/run-report.md.",
                options: [Options.repo, Options.junit],
                positionals: [
                    PositionalSpec("run", help: "A run id, or a runbook name for its latest run.", optional: true)
                ],
                writes: .always),
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        if arguments.subcommand == "list" { return try list(arguments, console) }
        let project = try Project(path: arguments[Options.repo])
        switch arguments.subcommand {
        case "run": return try runRunbook(project, arguments, console)
        case "status": return try status(project, arguments, console)
        default: return try report(project, arguments, console)
        }
    }

    static var shippedFiles: ShippedFiles? {
        ShippedFiles.locate(executable: relopsExecutable, environment: ProcessInfo.processInfo.environment)
    }

    /// The shipped runbooks and templates, or the error (exit 3) that says where they were looked for.
    static func requireShippedFiles() throws(Failure) -> ShippedFiles {
        guard let shipped = shippedFiles else {
            throw ShippedFiles.notFound(executable: relopsExecutable, environment: ProcessInfo.processInfo.environment)
        }
        return shipped
    }

    /// The repository's runbooks and the shipped ones; when none ship, the catalog knows where it looked.
    static func catalog(_ project: Project) -> RunbookCatalog {
        catalog(root: project.root)
    }

    static func catalog(root: String) -> RunbookCatalog {
        RunbookCatalog(
            repositoryRoot: root, shipped: shippedFiles,
            notShipped: ShippedFiles.notFound(
                executable: relopsExecutable, environment: ProcessInfo.processInfo.environment))
    }

    /// The catalog and runbooks of the repository at `repo` (else the one enclosing the current
    /// folder). Outside any repository (and without `repo`), only the shipped runbooks, saying so
    /// on `console`'s stderr.
    static func entriesHere(repo: String?, console: Console?) throws(Failure) -> (
        catalog: RunbookCatalog, entries: [RunbookEntry]
    ) {
        do throws(Failure) {
            let catalog = catalog(try Project(path: repo))
            return (catalog, catalog.entries())
        } catch {
            guard repo == nil, error.category == .couldNotCheck else { throw error }
            console?.error("\(error.message): listing the shipped runbooks only")
            let catalog = catalog(root: FileManager.default.currentDirectoryPath)
            return (catalog, catalog.entries().filter { $0.origin == "shipped" })
        }
    }

    static func list(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Options.format], allowed: [.text, .json])
        let (catalog, entries) = try entriesHere(repo: arguments[Options.repo], console: console)
        if format == .json {
            console.out(try RunbookListDocument(entries).jsonText())
            if catalog.shipped == nil, let notShipped = catalog.notShipped { throw notShipped }
            return ExitCode.ok
        }
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
            console.out(
                entry.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + entry.title
                    + (entry.origin == "repository" ? "  (repository)" : ""))
        }
        if catalog.shipped == nil, let notShipped = catalog.notShipped { throw notShipped }
        return ExitCode.ok
    }

    static func runRunbook(_ project: Project, _ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let runbook = try catalog(project).resolve(arguments.positionals[0])
        var options = RunOptions()
        options.interactive = !arguments[Options.nonInteractive] && isatty(STDIN_FILENO) == 1
        options.yes = arguments[Options.yes]
        options.allowShell = arguments[Options.allowShell]
        options.confirmedSteps = arguments[Options.confirm]
        options.skippedSteps = try RunOptions.skips(arguments[Options.skip])
        options.acceptCounts = arguments[Options.acceptCounts]
        options.rollback = arguments[Options.rollback]
        options.newRun = arguments[Options.new]
        options.trustRepository = arguments[Options.trustRepository]
        options.resumeForeign = arguments[Options.resumeForeign]
        options.acceptedUnchecked = arguments[Options.acceptUnchecked]
        if case .repository(let shadowsShipped) = runbook.origin {
            console.error(
                "\(runbook.shownPath) is this repository's own runbook"
                    + (shadowsShipped ? ", and it hides the runbook relops ships as \(runbook.name)" : "")
                    + ": its commands run on this repository only, and it may not set how relops checks"
                    + (options.trustRepository ? " (taken on --trust-repository, listed below)" : ""))
        }
        let signals = StepSignals(endWhenIdle: options.interactive)
        defer { signals.cancel() }
        let io = TerminalRunbookIO(
            console: console, executable: relopsExecutable, interactive: options.interactive, signals: signals)
        // What the open run recorded (values asked for or passed before, accepted counts) holds
        // on resume; a new run starts from the counts earlier runs accepted, and a rollback from
        // the values of the run it rolls back.
        // Only the operator's own runs count: one git tracks, or another operator or machine
        // started, is resumed only with --resume-foreign.
        let env = ProcessInfo.processInfo.environment
        let operatorName = project.repository.configString("user.name") ?? env["USER"] ?? env["LOGNAME"] ?? "unknown"
        let owner = RunOwner(operatorName: operatorName)
        let store = RunStore(repositoryRoot: project.root)
        let open = options.newRun ? nil : try store.openRun(of: runbook.name, rollback: options.rollback)
        let recorded = try open.map { state throws(Failure) in
            try owner.recordedValues(of: state, in: store, resumeForeign: options.resumeForeign)
        }
        let rolledBack =
            options.rollback
            ? try store.all().last { $0.runbook == runbook.name && $0.rollback != true }.map { state throws(Failure) in
                try owner.recordedValues(of: state, in: store, resumeForeign: options.resumeForeign)
            } : nil
        let variables = try RunVariables(
            runbook: runbook, config: project.config.vars, environment: env, overrides: arguments[Options.variable],
            recorded: try recorded ?? rolledBack ?? store.acceptedValues(of: runbook.name, ownedBy: owner),
            identity: identityValues(project.config), ask: options.interactive ? io.values(for:) : nil)
        let engine = try RunbookEngine(
            runbook: runbook, variables: variables, repositoryRoot: project.root, io: io,
            options: options, operatorName: operatorName)
        let outcome = try engine.run()
        return render(outcome, engine.state, runbook, rollback: options.rollback, signals: signals, console)
    }

    /// What `.relops.yml` says of the app that a runbook asks for under these names: the host it
    /// rides today (`old_host`, `web_host`) and the Android package.
    static func identityValues(_ config: ProjectConfig) -> [(name: String, value: String, source: String)] {
        var out: [(name: String, value: String, source: String)] = []
        if let host = config.webHost?.description {
            out += [("old_host", host, ".relops.yml app.web_host"), ("web_host", host, ".relops.yml app.web_host")]
        }
        if let package = config.androidPackage {
            out.append(("android_package", package, ".relops.yml app.android.package"))
        }
        return out
    }

    static func render(
        _ outcome: RunOutcome, _ state: RunState, _ runbook: Runbook, rollback: Bool, signals: StepSignals,
        _ console: Console
    ) -> Int32 {
        let again = "relops runbook run \(runbook.name)" + (rollback ? " --rollback" : "")
        switch outcome {
        case .complete:
            console.out(
                "\nAll \(runbook.steps.count) steps done. `relops runbook report \(state.runID)` writes the record.")
            return ExitCode.ok
        case .failed(let step):
            let note = state.steps[step - 1].note ?? ""
            console.out("\nStep \(step) failed: \(note)\nFix it and run `\(again)` again to resume at step \(step).")
            return signals.happened ? signals.exitCode : ExitCode.checkFailed
        case .stopped(let step):
            if signals.happened {
                console.out("\nInterrupted at step \(step). Run `\(again)` again to resume there.")
                return signals.exitCode
            }
            console.out("\nStopped at step \(step). Run `\(again)` again to resume there.")
            return ExitCode.ok
        }
    }

    /// A run id, else the latest run of a runbook with that name, else the latest run.
    static func findRun(_ reference: String?, _ store: RunStore) throws -> RunState {
        if let reference, !FileManager.default.fileExists(atPath: store.path(of: reference)),
            let latest = try store.all().last(where: { $0.runbook == reference })
        {
            return latest
        }
        return try store.find(reference)
    }

    static func status(_ project: Project, _ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Options.format], allowed: [.text, .json])
        let state = try findRun(arguments.positionals.first, RunStore(repositoryRoot: project.root))
        let report = RunReport(state)
        if format == .json {
            console.out(try RunStatusDocument(state).jsonText())
            return ExitCode.ok
        }
        console.out("\(console.styled(state.title, .bold))  \(state.runID)  \(report.outcome)")
        // Answer first: the totals, then each step.
        let tally = [StepStatus.passed, .confirmed, .skipped, .failed, .pending].compactMap { status in
            let n = state.steps.filter { $0.status == status }.count
            return n == 0 ? nil : "\(n) \(status.rawValue)"
        }
        let done = state.steps.filter(\.status.isDone).count
        console.out("\(done) of \(state.steps.count) steps done (\(tally.joined(separator: ", ")))")
        for step in state.steps {
            let mark = "[\(RunReport.mark(step.status))]"
            let styled =
                switch step.status {
                case .passed, .confirmed: console.styled(mark, .green)
                case .failed: console.styled(mark, .red)
                case .skipped: console.styled(mark, .yellow)
                case .pending: mark
                }
            var line = "\(styled) \(step.number). \(step.title)  \(step.status.rawValue)"
            if let finished = step.finished { line += "  \(finished)" }
            console.out(line)
            if let note = step.note { console.out("      \(note)") }
        }
        return ExitCode.ok
    }

    static func report(_ project: Project, _ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let state = try findRun(arguments.positionals.first, RunStore(repositoryRoot: project.root))
        let template = try requireShippedFiles().reportTemplate()
        let report = RunReport(state)
        console.out(try report.markdown(template: template), terminator: "")
        if let junit = arguments[Options.junit] {
            try AtomicFile.write(Array(report.junit.utf8), to: junit)
            console.error("JUnit XML written to \(junit)")
        }
        return ExitCode.ok
    }
}

/// This relops binary, so ```relops``` steps run the same build.
let relopsExecutable: String = {
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return target }
    return URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).standardizedFileURL.path
}()
