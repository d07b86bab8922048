/// One option of a command: `--name VALUE` or a flag `--name`. A command declares it through a
/// typed key (`Option`), which is how `run` reads it.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes (`host` for `--host`).
    public let name: String
    /// A one-letter short name without the dash, if any.
    public let short: Character?
    /// The value's placeholder in help (`H`, `PATH`); nil for a flag.
    public let valueName: String?
    /// True when the option may be given more than once.
    public let repeatable: Bool
    /// One line of help.
    public let help: String
    /// The values the option accepts when they are a fixed list (completion offers them); empty
    /// when any value goes.
    public let choices: [String]
    /// What the option decides that only the operator may decide (how relops checks, where it
    /// acts); nil for an option a repository's runbook or `.relops.yml` may give.
    public var authority: OperatorAuthority? = nil

    /// An option that takes a value; `choices` lists the accepted values when they are fixed.
    public static func value(
        _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
        choices: [String] = [], authority: OperatorAuthority? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: valueName, repeatable: repeatable, help: help, choices: choices,
            authority: authority)
    }

    /// A flag that takes no value.
    public static func flag(
        _ name: String, short: Character? = nil, authority: OperatorAuthority? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: nil, repeatable: false, help: help, choices: [], authority: authority)
    }

    /// The standard `--format` option with the formats a command supports.
    public static func format(_ formats: [String]) -> OptionSpec {
        .value(
            "format", formats.joined(separator: "|"), choices: formats,
            help: "Output format (default: \(formats[0])).")
    }
}

/// What an option decides that is the operator's alone: a value a repository holds (its
/// `.relops.yml`, its own runbooks, run state) may not give such an option, since the repository
/// may be a contributor's fork that wants to be checked leniently or to act elsewhere.
public enum OperatorAuthority: Sendable, Equatable {
    /// How relops checks: where requests go (`--resolve`, `--connect-to`, endpoints), which CAs
    /// are trusted (`--cacert`), and which checks are made or accepted unmade (`--offline`,
    /// `--allow-unchecked`, `--local`).
    case howItChecks
    /// Where relops acts: the repository it works on (`--repo`) and the files it writes or reads
    /// besides it (`--out`, `--junit`, `--templates`).
    case whereItActs
}

/// A positional argument.
public struct PositionalSpec: Sendable {
    public let name: String
    public let help: String
    public let optional: Bool
    /// True when it takes every remaining argument.
    public let variadic: Bool
    /// The values it accepts when they are a fixed list (completion offers them).
    public let choices: [String]
    /// relops arguments that print this positional's possible values, one a line, in the current
    /// folder (`["completion", "--runbook-names"]`); completion scripts run them.
    public let valuesCommand: [String]?

    public init(
        _ name: String, help: String, optional: Bool = false, variadic: Bool = false, choices: [String] = [],
        valuesCommand: [String]? = nil
    ) {
        self.name = name
        self.help = help
        self.optional = optional
        self.variadic = variadic
        self.choices = choices
        self.valuesCommand = valuesCommand
    }
}

/// What a command's options are declared as: a typed key (`Option<String?>`, `Option<[String]>`,
/// `Flag`) that both the spec and the command's `run` use.
public protocol DeclaredOption: Sendable {
    /// The option as help, the man page and completion show it.
    var spec: OptionSpec { get }
}

extension Option: DeclaredOption {}

/// A command or subcommand: its name, help, options, positionals and children.
public struct CommandSpec: Sendable {
    /// The word that names it (`cutover`, `undo`).
    public let name: String
    /// One line saying what it does.
    public let abstract: String
    /// Longer help shown after the usage line (examples, notes); may be empty.
    public let discussion: String
    /// Its options, in the order help lists them.
    public let options: [OptionSpec]
    /// Its positional arguments, in order.
    public let positionals: [PositionalSpec]
    /// Its subcommands, in the order help lists them.
    public let subcommands: [CommandSpec]
    /// True when the command does something without a subcommand (`cutover --from A --to B`).
    public let runsWithoutSubcommand: Bool
    /// Whether running it (without a subcommand) changes the repository; the runbook reads this.
    public let writes: RepositoryWrites

    /// A command whose `options` are the typed keys its `run` reads.
    public init(
        _ name: String, abstract: String, discussion: String = "", options: [any DeclaredOption] = [],
        positionals: [PositionalSpec] = [], subcommands: [CommandSpec] = [], runsWithoutSubcommand: Bool? = nil,
        writes: RepositoryWrites = .never
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map(\.spec)
        self.positionals = positionals
        self.subcommands = subcommands
        self.runsWithoutSubcommand = runsWithoutSubcommand ?? subcommands.isEmpty
        self.writes = writes
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
    func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }
}
