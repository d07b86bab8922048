import CommandLine
import Foundation
import RelopsCore
import Runbook

/// A top-level command: its spec and how it runs. Each lives in `Commands/<Name>.swift`.
protocol RelopsCommand {
    static var spec: CommandSpec { get }
    /// Runs the command and returns its exit code; throws a `RelopsFailure` for bad input or I/O.
    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32
}

/// Exit codes, as DESIGN.md fixes them.
enum ExitCode {
    static let ok: Int32 = 0
    static let checkFailed: Int32 = 1
    static let usage: Int32 = 2
    static let couldNotCheck: Int32 = 3

    static func of(_ category: FailureCategory) -> Int32 {
        switch category {
        case .usage, .badInput: return usage
        case .checkFailed: return checkFailed
        case .couldNotCheck: return couldNotCheck
        }
    }
}

enum CommandRunner {
    /// Every top-level command, in the order `relops --help` lists them.
    nonisolated(unsafe) static let commands: [any RelopsCommand.Type] = [
        InitCommand.self,
        ScanCommand.self,
        CutoverCommand.self,
        FingerprintCommand.self,
        AssociationCommand.self,
        VerifyCommand.self,
        AnchorsCommand.self,
        RunbookCommand.self,
        StatusCommand.self,
        DemoCommand.self,
        CompletionCommand.self,
        HelpCommand.self,
    ]

    static let root = CommandSpec(
        "relops",
        abstract: "Turns the mobile release runbook into checked steps.",
        discussion: """
            relops finds every place your app's public web host lives, cuts over to a new domain \
            safely and reversibly, rotates the Play App Signing fingerprint, verifies the live \
            association files, keeps ADR code anchors pinned, and runs release runbooks step by step.

            Exit codes: 0 as expected, 1 a check failed, 2 bad usage or input, 3 could not check.
            """,
        subcommands: commands.map { $0.spec })

    static func run(_ arguments: [String], console: Console) -> Int32 {
        // The runbook reads which commands write from these specs (Runbook cannot import the executable).
        RelopsCommands.register(root)
        if arguments.isEmpty {
            console.error(helpText(for: [root.name], root: root))
            return ExitCode.usage
        }
        let parsed: ParsedArguments
        do {
            parsed = try parseArguments(arguments, root: root)
        } catch {
            console.error("\(error.message)\nSee '\(error.commandPath.joined(separator: " ")) --help'.")
            return ExitCode.usage
        }
        if parsed.versionRequested {
            console.out(versionReport(commit: relopsCommit))
            return ExitCode.ok
        }
        if parsed.helpRequested {
            console.out(helpText(for: parsed.commandPath, root: root), terminator: "")
            return ExitCode.ok
        }
        guard let command = commands.first(where: { $0.spec.name == parsed.commandPath[1] }) else {
            console.error("internal error: no command for \(parsed.commandPath)")
            return ExitCode.couldNotCheck
        }
        do {
            return try command.run(parsed, console)
        } catch let failure as any RelopsFailure {
            console.error("relops \(parsed.commandPath.dropFirst().joined(separator: " ")): \(failure.description)")
            return ExitCode.of(failure.category)
        } catch {
            console.error("relops \(parsed.commandPath.dropFirst().joined(separator: " ")): \(error)")
            return ExitCode.couldNotCheck
        }
    }
}
