// Interim, removed once Scan, Association and Verify read their options through keys.
extension CommandSpec {
    public init(
        _ name: String, abstract: String, discussion: String = "", options: [OptionSpec],
        positionals: [PositionalSpec] = [], subcommands: [CommandSpec] = [], runsWithoutSubcommand: Bool? = nil,
        writes: RepositoryWrites = .never
    ) {
        self.init(
            name, abstract: abstract, discussion: discussion,
            options: options.map { Option<Bool>(spec: $0) { _ in false } },
            positionals: positionals, subcommands: subcommands, runsWithoutSubcommand: runsWithoutSubcommand,
            writes: writes)
    }
}

extension ParsedArguments {
    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}
