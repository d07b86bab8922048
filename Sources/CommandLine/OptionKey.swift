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
        _ name: String, _ valueName: String, short: Character? = nil, choices: [String] = [], help: String
    ) -> Self {
        Option(spec: .value(name, valueName, short: short, choices: choices, help: help)) { $0.last }
    }

    /// The standard `--format` option with the formats a command supports (the first is the default).
    public static func format(_ formats: [String]) -> Self {
        Option(spec: .format(formats)) { $0.last }
    }
}

extension Option where Value == [String] {
    /// An option that may be given more than once; every value in the order given.
    public static func repeatable(
        _ name: String, _ valueName: String, short: Character? = nil, choices: [String] = [], help: String
    ) -> Self {
        Option(spec: .value(name, valueName, short: short, repeatable: true, choices: choices, help: help)) { $0 }
    }
}

extension Option where Value == Bool {
    /// A flag that takes no value.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> Self {
        Option(spec: .flag(name, short: short, help: help)) { !$0.isEmpty }
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

extension CommandSpec {
    /// Whether the command line `words` (after the program name) may change the repository, as the
    /// spec of the command it names declares. Read leniently, as a runbook's lines hold unfilled
    /// `{{placeholders}}`: subcommands and options are found as the parser finds them; `--help` and
    /// `--version` only read; a line that names no command of this tree may write.
    public func writes(_ words: [String]) -> Bool {
        var command = self
        var depth = 0
        var given: Set<String> = []
        var sawPositional = false
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" { break }
            if word == "--help" || word == "-h" || (word == "--version" && depth == 0) { return false }
            if word.hasPrefix("-") && word.count > 1 {
                let option =
                    word.hasPrefix("--")
                    ? command.option(named: String(word.dropFirst(2).prefix { $0 != "=" }))
                    : word.count == 2 ? word.last.flatMap { command.option(short: $0) } : nil
                guard let option else { continue }
                given.insert(option.name)
                if option.valueName != nil && !word.contains("=") { index += 1 }
            } else if !sawPositional, let child = command.subcommands.first(where: { $0.name == word }) {
                command = child
                depth += 1
            } else if depth == 0 {
                return true
            } else {
                sawPositional = true
            }
        }
        // The root itself runs nothing: a line that names no command may write.
        if depth == 0 { return true }
        switch command.writes {
        case .never: return false
        case .always: return true
        case .whenGiven(let option): return given.contains(option)
        case .unlessGiven(let option): return !given.contains(option)
        }
    }
}
