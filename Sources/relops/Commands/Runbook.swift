import CommandLine
import Foundation
import RelopsCore
import Runbook

/// `relops runbook list | run | status | report`.
enum RunbookCommand: RelopsCommand {
    static let repo = OptionSpec.value(
        "repo", "PATH", help: "The repository (default: the one enclosing the current folder).")

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
                options: [repo, .format(["text", "json"])]),
            CommandSpec(
                "run", abstract: "Run a runbook, or resume its open run.",
                options: [
                    repo,
                    .value("var", "K=V", repeatable: true, help: "A value for a {{placeholder}}."),
                    .flag("yes", short: "y", help: "Answer run at each step's prompt."),
                    .flag(
                        "non-interactive", help: "Ask nothing (CI): run the checks, fail a step that needs a person."),
                    .value(
                        "confirm", "STEP", repeatable: true,
                        help: "Count STEP's task items (number or id) as confirmed."),
                    .flag("allow-shell", help: "Run ```sh blocks without asking."),
                    .flag("new", help: "Start a fresh run even when one is open."),
                ],
                positionals: [
                    PositionalSpec("runbook", help: "A runbook name (see `relops runbook list`) or a path to one.")
                ]),
            CommandSpec(
                "status", abstract: "Show a run's steps with their marks (default: the latest run).",
                options: [repo, .format(["text", "json"])],
                positionals: [
                    PositionalSpec("run", help: "A run id, or a runbook name for its latest run.", optional: true)
                ]),
            CommandSpec(
                "report", abstract: "Write a run's Markdown report from Templates/run-report.md.",
                options: [repo, .value("junit", "FILE", help: "Also write JUnit XML to FILE.")],
                positionals: [
                    PositionalSpec("run", help: "A run id, or a runbook name for its latest run.", optional: true)
                ]),
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let project = try Project(path: arguments.value("repo"))
        switch arguments.subcommand {
        case "list": return try list(project, arguments, console)
        case "run": return try runRunbook(project, arguments, console)
        case "status": return try status(project, arguments, console)
        default: return try report(project, arguments, console)
        }
    }

    static var shippedFiles: ShippedFiles? {
        ShippedFiles.locate(executable: relopsExecutable, environment: ProcessInfo.processInfo.environment)
    }

    static func list(_ project: Project, _ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments.value("format"), allowed: [.text, .json])
        let entries = RunbookCatalog(repositoryRoot: project.root, shipped: shippedFiles).entries()
        if format == .json {
            console.out(
                JSONValue.object([
                    (
                        "runbooks",
                        .array(
                            entries.map {
                                .object([
                                    ("name", .string($0.name)), ("title", .string($0.title)),
                                    ("origin", .string($0.origin)),
                                    ("path", .string($0.path)),
                                ])
                            })
                    )
                ]).rendered())
            return ExitCode.ok
        }
        if entries.isEmpty { console.error("no runbooks found (shipped runbooks not located; set RELOPS_SHARE)") }
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
            console.out(
                entry.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + entry.title
                    + (entry.origin == "repository" ? "  (repository)" : ""))
        }
        return ExitCode.ok
    }

    static func runRunbook(_ project: Project, _ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let catalog = RunbookCatalog(repositoryRoot: project.root, shipped: shippedFiles)
        let runbook = try catalog.resolve(arguments.positionals[0])
        let variables = try RunVariables(
            runbook: runbook, config: project.config.vars, environment: ProcessInfo.processInfo.environment,
            overrides: arguments.all("var"))
        var options = RunOptions()
        options.interactive = !arguments.flag("non-interactive") && isatty(STDIN_FILENO) == 1
        options.yes = arguments.flag("yes")
        options.allowShell = arguments.flag("allow-shell")
        options.confirmedSteps = arguments.all("confirm")
        options.newRun = arguments.flag("new")
        let env = ProcessInfo.processInfo.environment
        let operatorName = project.repository.configString("user.name") ?? env["USER"] ?? env["LOGNAME"] ?? "unknown"
        let io = TerminalRunbookIO(console: console, executable: relopsExecutable, interactive: options.interactive)
        let engine = try RunbookEngine(
            runbook: runbook, variables: variables, repositoryRoot: project.root, io: io,
            options: options, operatorName: operatorName)
        let outcome = try engine.run()
        let runID = engine.state.runID
        switch outcome {
        case .complete:
            console.out("\nAll \(runbook.steps.count) steps done. `relops runbook report \(runID)` writes the record.")
            return ExitCode.ok
        case .failed(let step):
            let note = engine.state.steps[step - 1].note ?? ""
            console.out(
                "\nStep \(step) failed: \(note)\nFix it and run `relops runbook run \(runbook.name)` again to resume at step \(step)."
            )
            return ExitCode.checkFailed
        case .stopped(let step):
            console.out("\nStopped at step \(step). Run `relops runbook run \(runbook.name)` again to resume there.")
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
        let format = try OutputFormat.from(arguments.value("format"), allowed: [.text, .json])
        let state = try findRun(arguments.positionals.first, RunStore(repositoryRoot: project.root))
        let report = RunReport(state)
        if format == .json {
            console.out(
                JSONValue.object([
                    ("run_id", .string(state.runID)), ("runbook", .string(state.runbook)),
                    ("title", .string(state.title)),
                    ("started", .string(state.started)), ("finished", .string(state.finished)),
                    ("operator", .string(state.operator)), ("outcome", .string(report.outcome)),
                    (
                        "steps",
                        .array(
                            state.steps.map { step in
                                .object([
                                    ("number", .int(step.number)), ("id", .string(step.id)),
                                    ("title", .string(step.title)),
                                    ("status", .string(step.status.rawValue)), ("started", .string(step.started)),
                                    ("finished", .string(step.finished)), ("operator", .string(step.operator)),
                                    ("note", .string(step.note)),
                                ])
                            })
                    ),
                ]).rendered())
            return ExitCode.ok
        }
        console.out("\(console.styled(state.title, .bold))  \(state.runID)  \(report.outcome)")
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
        guard let shipped = shippedFiles else {
            throw Failure(
                .couldNotCheck,
                "cannot find Templates/run-report.md (looked above \(relopsExecutable); set RELOPS_SHARE)")
        }
        let template = try shipped.reportTemplate()
        let report = RunReport(state)
        console.out(try report.markdown(template: template), terminator: "")
        if let junit = arguments.value("junit") {
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
