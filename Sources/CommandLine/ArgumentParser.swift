import RelopsCore

/// The parsed command line: which (sub)command, its option values and positionals.
public struct ParsedArguments: Sendable {
    /// The command path, root first: `["relops", "cutover", "undo"]`.
    public var commandPath: [String] = []
    /// Option values by long name, in the order given.
    public var values: [String: [String]] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []
    /// Positional arguments, in order.
    public var positionals: [String] = []
    /// True when `--help` or `-h` was given: show help for `commandPath` and do nothing else.
    public var helpRequested = false
    /// True when `--version` was given at the root.
    public var versionRequested = false

    public init() {}

    /// The last value of an option, or nil.
    public func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeatable option.
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    /// The subcommand chosen below the top-level command, if any (`undo` in `cutover undo`).
    public var subcommand: String? { commandPath.count > 2 ? commandPath[2] : nil }
}

/// Bad usage: the message names the argument and what is wrong, and `commandPath` says whose
/// help to point at.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let commandPath: [String]
    public var description: String { message }
}

/// Parses `arguments` (without the program name) against `root`.
public func parseArguments(_ arguments: [String], root: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    parsed.commandPath = [root.name]
    var command = root
    var index = 0
    var optionsEnded = false

    func fail(_ message: String) -> UsageError { UsageError(message: message, commandPath: parsed.commandPath) }
    let commandName = { parsed.commandPath.joined(separator: " ") }

    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if !optionsEnded && argument == "--" {
            optionsEnded = true
            continue
        }
        if !optionsEnded && (argument == "--help" || argument == "-h") {
            parsed.helpRequested = true
            continue
        }
        if !optionsEnded && argument == "--version" && parsed.commandPath.count == 1 {
            parsed.versionRequested = true
            continue
        }
        if !optionsEnded && argument.hasPrefix("--") && argument.count > 2 {
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = command.option(named: name) else {
                var message = "unknown option '--\(name)' for '\(commandName())'"
                let known = command.options.map(\.name) + ["help"]
                if let suggestion = closest(name, in: known) { message += " (did you mean '--\(suggestion)'?)" }
                throw fail(message)
            }
            try record(option, inlineValue: inlineValue, display: "--\(name)")
            continue
        }
        if !optionsEnded && argument.hasPrefix("-") && argument.count == 2, let letter = argument.last,
            letter != "-", !letter.isNumber
        {
            guard let option = command.option(short: letter) else {
                throw fail("unknown option '\(argument)' for '\(commandName())'")
            }
            try record(option, inlineValue: nil, display: argument)
            continue
        }
        // A positional: a subcommand name while we have not taken positionals yet, else a value.
        if !optionsEnded, parsed.positionals.isEmpty,
            let child = command.subcommands.first(where: { $0.name == argument })
        {
            command = child
            parsed.commandPath.append(child.name)
            continue
        }
        if !command.subcommands.isEmpty && !command.runsWithoutSubcommand && parsed.positionals.isEmpty {
            var message = "unknown subcommand '\(argument)' for '\(commandName())'"
            if let suggestion = closest(argument, in: command.subcommands.map(\.name)) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw fail(message)
        }
        parsed.positionals.append(argument)
    }

    if parsed.helpRequested || parsed.versionRequested { return parsed }

    if !command.runsWithoutSubcommand {
        throw fail("'\(commandName())' needs a subcommand: \(command.subcommands.map(\.name).joined(separator: ", "))")
    }
    let required = command.positionals.filter { !$0.optional }.count
    if parsed.positionals.count < required {
        let missing = command.positionals[parsed.positionals.count]
        throw fail("'\(commandName())' needs \(missing.name)")
    }
    let variadic = command.positionals.last?.variadic ?? false
    if !variadic && parsed.positionals.count > command.positionals.count {
        throw fail("unexpected argument '\(parsed.positionals[command.positionals.count])' for '\(commandName())'")
    }
    return parsed

    func record(_ option: OptionSpec, inlineValue: String?, display: String) throws(UsageError) {
        guard option.valueName != nil else {
            if inlineValue != nil { throw fail("option '\(display)' takes no value") }
            parsed.flags.insert(option.name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < arguments.count else {
                throw fail("option '\(display)' needs a value (\(option.valueName!))")
            }
            value = arguments[index]
            index += 1
        }
        if !option.repeatable, parsed.values[option.name] != nil {
            throw fail("option '\(display)' was given more than once")
        }
        parsed.values[option.name, default: []].append(value)
    }
}

/// The spec of the command at `path` below `root` (`["relops", "cutover", "undo"]`).
public func commandSpec(at path: [String], root: CommandSpec) -> CommandSpec {
    var command = root
    for name in path.dropFirst() {
        guard let child = command.subcommands.first(where: { $0.name == name }) else { break }
        command = child
    }
    return command
}
