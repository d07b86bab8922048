/// A typed key for one option of a command, declared once (in the command's `Options`) and used
/// both by its `CommandSpec` (help, man page, completion) and by its `run`
/// (`arguments[Options.rev]`). A misspelt key does not compile; reading a key the parsed command
/// does not declare is a programmer error that stops the program (see `ParsedArguments`).
public struct Option<Value: Sendable>: Sendable {
    /// The option as help, the man page and completion show it.
    public let spec: OptionSpec
    /// The value from what was given: every value of the option in order (one empty string for a
    /// flag that was given).
    let read: @Sendable (_ given: [String]) -> Value
}

/// A flag's key: true when the flag was given.
public typealias Flag = Option<Bool>

extension Option where Value == String? {
    /// An option that takes one value (given at most once); nil when it was not given.
    /// `choices` lists the accepted values when they are fixed.
    public static func value(
        _ name: String, _ valueName: String, short: Character? = nil, choices: [String] = [],
        authority: OperatorAuthority? = nil, help: String
    ) -> Self {
        Option(spec: .value(name, valueName, short: short, choices: choices, authority: authority, help: help)) {
            $0.last
        }
    }

    /// The standard `--format` option with the formats a command supports (the first is the default).
    public static func format(_ formats: [String]) -> Self {
        Option(spec: .format(formats)) { $0.last }
    }
}

extension Option where Value == [String] {
    /// An option that may be given more than once; every value in the order given.
    public static func repeatable(
        _ name: String, _ valueName: String, short: Character? = nil, choices: [String] = [],
        authority: OperatorAuthority? = nil, help: String
    ) -> Self {
        Option(
            spec: .value(
                name, valueName, short: short, repeatable: true, choices: choices, authority: authority, help: help)
        ) { $0 }
    }
}

extension Option where Value == Bool {
    /// A flag that takes no value.
    public static func flag(
        _ name: String, short: Character? = nil, authority: OperatorAuthority? = nil, help: String
    ) -> Self {
        Option(spec: .flag(name, short: short, authority: authority, help: help)) { !$0.isEmpty }
    }
}

/// Whether a command changes the repository it works on, as its spec declares it. The runbook
/// reads it to tell a step that only checks from one that writes.
public enum RepositoryWrites: Sendable, Equatable {
    /// It only reads.
    case never
    /// It may write whenever it runs.
    case always
    /// It writes only when this option is given (`cutover --apply`, `help --man DIR`); it only
    /// reads (a preview) otherwise.
    case whenGiven(option: String)
    /// It writes unless this option is given (`init --print` only prints).
    case unlessGiven(option: String)

    /// Writes only when `option` is given.
    public static func when(_ option: some DeclaredOption) -> Self { .whenGiven(option: option.spec.name) }

    /// Writes unless `option` is given.
    public static func unless(_ option: some DeclaredOption) -> Self { .unlessGiven(option: option.spec.name) }
}

/// One option given on a command line, where it stands: the option's spec, the index of its word
/// and, for an option that takes a value, the index of the word that holds the value (the same
/// word for `--name=value`; nil when the line ends before it).
public struct GivenOption: Sendable, Equatable {
    public let spec: OptionSpec
    public let wordIndex: Int
    public let valueIndex: Int?

    /// The value as given, from `words` (the line it was read from).
    public func value(in words: [String]) -> String? {
        guard let valueIndex else { return nil }
        let word = words[valueIndex]
        guard valueIndex == wordIndex, let eq = word.firstIndex(of: "=") else { return word }
        return String(word[word.index(after: eq)...])
    }
}

/// A command line read against a command tree, leniently (a runbook's lines hold unfilled
/// `{{placeholders}}`): the command it names, the options given to it, and whether it only asks
/// for help.
public struct ReadCommandLine: Sendable {
    /// The command named (the root when the line names none of its subcommands).
    public let command: CommandSpec
    /// How many subcommands deep `command` is.
    public let depth: Int
    /// Every option of `command` given, in order.
    public let options: [GivenOption]
    /// `--help`, `-h` or a top-level `--version`: the line only prints help.
    public let onlyHelp: Bool
    /// A word at the top level that names no command.
    public let namesNoCommand: Bool
}

extension CommandSpec {
    /// Reads `words` (after the program name) as the parser finds subcommands and options; an
    /// unknown option is passed over, `--` ends the options.
    public func read(_ words: [String]) -> ReadCommandLine {
        var command = self
        var depth = 0
        var given: [GivenOption] = []
        var sawPositional = false
        var index = 0
        func result(help: Bool = false, noCommand: Bool = false) -> ReadCommandLine {
            ReadCommandLine(
                command: command, depth: depth, options: given, onlyHelp: help, namesNoCommand: noCommand)
        }
        while index < words.count {
            let word = words[index]
            let wordIndex = index
            index += 1
            if word == "--" { break }
            if word == "--help" || word == "-h" || (word == "--version" && depth == 0) { return result(help: true) }
            if word.hasPrefix("-") && word.count > 1 {
                let option =
                    word.hasPrefix("--")
                    ? command.option(named: String(word.dropFirst(2).prefix { $0 != "=" }))
                    : word.count == 2 ? word.last.flatMap { command.option(short: $0) } : nil
                guard let option else { continue }
                var valueIndex: Int?
                if option.valueName != nil {
                    if word.contains("=") {
                        valueIndex = wordIndex
                    } else {
                        valueIndex = index < words.count ? index : nil
                        index += 1
                    }
                }
                given.append(GivenOption(spec: option, wordIndex: wordIndex, valueIndex: valueIndex))
            } else if !sawPositional, let child = command.subcommands.first(where: { $0.name == word }) {
                command = child
                depth += 1
            } else if depth == 0 {
                return result(noCommand: true)
            } else {
                sawPositional = true
            }
        }
        return result()
    }

    /// Whether the command line `words` (after the program name) may change the repository, as the
    /// spec of the command it names declares. Read leniently, as a runbook's lines hold unfilled
    /// `{{placeholders}}`: subcommands and options are found as the parser finds them; `--help` and
    /// `--version` only read; a line that names no command of this tree may write.
    public func writes(_ words: [String]) -> Bool {
        let line = read(words)
        if line.onlyHelp { return false }
        // The root itself runs nothing: a line that names no command may write.
        if line.namesNoCommand || line.depth == 0 { return true }
        let given = Set(line.options.map(\.spec.name))
        switch line.command.writes {
        case .never: return false
        case .always: return true
        case .whenGiven(let option): return given.contains(option)
        case .unlessGiven(let option): return !given.contains(option)
        }
    }
}
