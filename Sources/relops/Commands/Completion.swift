import CommandLine
import Foundation
import RelopsCore
import Runbook

/// `relops completion bash|zsh|fish`.
enum CompletionCommand: RelopsCommand {
    enum Options {
        static let runbookNames = Flag.flag(
            "runbook-names", help: "Print the names `runbook run` accepts here, one a line (the scripts use it).")
    }

    static let spec = CommandSpec(
        "completion",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            The script completes subcommands, options, the values of --format and runbook names for \
            `runbook run`, from the same descriptions as --help. Load it with \
            `source <(relops completion bash)`, `source <(relops completion zsh)` or \
            `relops completion fish | source`; `make install` installs all three.
            """,
        options: [Options.runbookNames],
        positionals: [
            PositionalSpec(
                "shell", help: "bash, zsh or fish.", optional: true, choices: CompletionShell.allCases.map(\.rawValue))
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        if arguments[Options.runbookNames] {
            for entry in try RunbookCommand.entriesHere(repo: nil, console: nil).entries { console.out(entry.name) }
            return ExitCode.ok
        }
        guard let name = arguments.positionals.first else {
            throw Failure(.usage, "name a shell: bash, zsh or fish")
        }
        guard let shell = CompletionShell(rawValue: name) else {
            throw Failure(.usage, "\(name): no completion for this shell; use bash, zsh or fish")
        }
        console.out(completionScript(for: shell, root: CommandRunner.root), terminator: "")
        return ExitCode.ok
    }
}

/// `relops help [COMMAND...] [--man DIR]`.
enum HelpCommand: RelopsCommand {
    enum Options {
        static let man = Option<String?>.value(
            "man", "DIR", help: "Write one man page per command (relops.1, relops-scan.1, ...) into DIR.")
    }

    static let spec = CommandSpec(
        "help",
        abstract: "Show help for a command, or write the man pages.",
        options: [Options.man],
        positionals: [
            PositionalSpec("command", help: "A command and its subcommands.", optional: true, variadic: true)
        ],
        writes: .when(Options.man))

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        guard let folder = arguments[Options.man] else {
            let path = [CommandRunner.root.name] + arguments.positionals
            let known = commandSpec(at: path, root: CommandRunner.root)
            guard commandTree(CommandRunner.root).contains(where: { $0.path == path }) else {
                throw Failure(
                    .usage,
                    "no command `\(path.joined(separator: " "))` (known: \(known.subcommands.map(\.name).joined(separator: ", ")))"
                )
            }
            console.out(helpText(for: path, root: CommandRunner.root), terminator: "")
            return ExitCode.ok
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(folder): cannot create the folder: \(error.localizedDescription)")
        }
        for page in manPages(root: CommandRunner.root, version: relopsVersion, date: manDate()) {
            try AtomicFile.write(Array(page.text.utf8), to: folder + "/" + page.name)
            console.error("wrote \(folder)/\(page.name)")
        }
        return ExitCode.ok
    }

    /// The pages' date: `SOURCE_DATE_EPOCH` when set (reproducible packages), else today.
    static func manDate() -> String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: epoch.map { Date(timeIntervalSince1970: $0) } ?? Date())
    }
}
