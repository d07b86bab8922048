import RelopsCore

/// The parsed command line: which (sub)command, its option values and positionals. Options are
/// read only through the typed keys the command's spec declares: `arguments[Options.rev]`.
public struct ParsedArguments: Sendable {
    /// The command path, root first: `["relops", "cutover", "undo"]`.
    public internal(set) var commandPath: [String] = []
    /// The spec of the command that was named (the last of `commandPath`).
    public internal(set) var command: CommandSpec
    /// Option values by long name, in the order given.
    var values: [String: [String]] = [:]
    /// Flags that were given.
    var flags: Set<String> = []
    /// Positional arguments, in order.
    public internal(set) var positionals: [String] = []
    /// True when `--help` or `-h` was given: show help for `commandPath` and do nothing else.
    public internal(set) var helpRequested = false
    /// True when `--version` was given at the root.
    public internal(set) var versionRequested = false

    init(root: CommandSpec) {
        command = root
        commandPath = [root.name]
    }

    /// The value of `option` as given: the last value or nil (`Option<String?>`), every value
    /// (`Option<[String]>`), whether it was given (`Flag`). Reading an option the command does not
    /// declare is a programmer error: the program stops, naming the option and the command.
    public subscript<Value>(_ option: Option<Value>) -> Value {
        guard command.options.contains(option.spec) else {
            preconditionFailure(
                "'\(commandPath.joined(separator: " "))' reads --\(option.spec.name), which its spec does not declare")
        }
        let name = option.spec.name
        return option.read(option.spec.valueName == nil ? (flags.contains(name) ? [""] : []) : values[name] ?? [])
    }

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
    var reader = ArgumentReader(arguments: arguments, root: root)
    while reader.index < arguments.count {
        try reader.read(arguments[reader.index])
    }
    return try reader.finish()
}

/// Reads arguments one at a time into `parsed`, descending into subcommands as they are named.
struct ArgumentReader {
    let arguments: [String]
    var parsed: ParsedArguments
    var command: CommandSpec {
        get { parsed.command }
        set { parsed.command = newValue }
    }
    var index = 0
    var optionsEnded = false

    init(arguments: [String], root: CommandSpec) {
        self.arguments = arguments
        parsed = ParsedArguments(root: root)
    }

    func fail(_ message: String) -> UsageError { UsageError(message: message, commandPath: parsed.commandPath) }
    var commandName: String { parsed.commandPath.joined(separator: " ") }

    mutating func read(_ argument: String) throws(UsageError) {
        index += 1
        if !optionsEnded && argument == "--" {
            optionsEnded = true
        } else if !optionsEnded && (argument == "--help" || argument == "-h") {
            parsed.helpRequested = true
        } else if !optionsEnded && argument == "--version" && parsed.commandPath.count == 1 {
            parsed.versionRequested = true
        } else if !optionsEnded && argument.hasPrefix("--") && argument.count > 2 {
            try readLongOption(argument)
        } else if !optionsEnded && argument.hasPrefix("-") && argument.count == 2, let letter = argument.last,
            letter != "-", !letter.isNumber
        {
            guard let option = command.option(short: letter) else {
                throw fail("unknown option '\(argument)' for '\(commandName)'")
            }
            try record(option, inlineValue: nil, display: argument)
        } else {
            try readPositional(argument)
        }
    }

    mutating func readLongOption(_ argument: String) throws(UsageError) {
        var name = String(argument.dropFirst(2))
        var inlineValue: String?
        if let eq = name.firstIndex(of: "=") {
            inlineValue = String(name[name.index(after: eq)...])
            name = String(name[..<eq])
        }
        guard let option = command.option(named: name) else {
            var message = "unknown option '--\(name)' for '\(commandName)'"
            let known = command.options.map(\.name) + ["help"]
            if let suggestion = closest(name, in: known) { message += " (did you mean '--\(suggestion)'?)" }
            throw fail(message)
        }
        try record(option, inlineValue: inlineValue, display: "--\(name)")
    }

    /// A subcommand name while no positional has been taken yet, else a positional value.
    mutating func readPositional(_ argument: String) throws(UsageError) {
        if !optionsEnded, parsed.positionals.isEmpty,
            let child = command.subcommands.first(where: { $0.name == argument })
        {
            command = child
            parsed.commandPath.append(child.name)
            return
        }
        // A command with subcommands that takes no positional reads a word as a subcommand, so a
        // mistyped one is refused here, before `--help` could show the parent's help for it.
        if !command.subcommands.isEmpty && parsed.positionals.isEmpty
            && (!command.runsWithoutSubcommand || command.positionals.isEmpty)
        {
            var message = "unknown subcommand '\(argument)' for '\(commandName)'"
            if let option = command.option(named: argument) {
                // `cutover apply` for `cutover --apply`: the word is one of the command's options.
                message += " (did you mean the option '--\(option.name)'?)"
            } else if let suggestion = closest(argument, in: command.subcommands.map(\.name)) {
                message += " (did you mean '\(suggestion)'?)"
            } else {
                message += " (its subcommands: \(command.subcommands.map(\.name).joined(separator: ", ")))"
            }
            throw fail(message)
        }
        parsed.positionals.append(argument)
    }

    mutating func record(_ option: OptionSpec, inlineValue: String?, display: String) throws(UsageError) {
        guard let valueName = option.valueName else {
            if inlineValue != nil { throw fail("option '\(display)' takes no value") }
            parsed.flags.insert(option.name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < arguments.count else {
                throw fail("option '\(display)' needs a value (\(valueName))")
            }
            value = arguments[index]
            index += 1
        }
        if !option.repeatable, parsed.values[option.name] != nil {
            throw fail("option '\(display)' was given more than once")
        }
        parsed.values[option.name, default: []].append(value)
    }

    /// The parsed arguments, once every argument is read: a missing subcommand or positional, or
    /// one too many, is an error.
    func finish() throws(UsageError) -> ParsedArguments {
        if parsed.helpRequested || parsed.versionRequested { return parsed }
        if !command.runsWithoutSubcommand {
            throw fail(
                "'\(commandName)' needs a subcommand: \(command.subcommands.map(\.name).joined(separator: ", "))")
        }
        let required = command.positionals.filter { !$0.optional }.count
        if parsed.positionals.count < required {
            let missing = command.positionals[parsed.positionals.count]
            throw fail("'\(commandName)' needs \(missing.name)")
        }
        let variadic = command.positionals.last?.variadic ?? false
        if !variadic && parsed.positionals.count > command.positionals.count {
            throw fail("unexpected argument '\(parsed.positionals[command.positionals.count])' for '\(commandName)'")
        }
        return parsed
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
