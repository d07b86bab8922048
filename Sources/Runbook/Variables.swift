import RelopsCore

/// The values of a runbook's variables for one run: front matter defaults, then `.relops.yml`
/// `vars`, then `RELOPS_<NAME>` environment variables, then `--var K=V`, later ones winning. The
/// environment keeps a secret off the command line, where other users could see it.
public struct RunVariables: Sendable {
    /// Every value by name.
    public let values: [String: String]
    /// Names whose values are secret: never written to state or a report.
    public let secretNames: Set<String>
    /// Names that hold a list of arguments.
    public let argumentListNames: Set<String>
    /// Names in the order to show them (declared first, then the others).
    public let order: [String]

    /// Resolves the values for `runbook`; an unknown or missing variable stops the run before it
    /// starts, naming it.
    public init(
        runbook: Runbook, config: [(name: String, value: String)], environment: [String: String] = [:],
        overrides: [String]
    ) throws(Failure) {
        var values: [String: String] = [:]
        var order: [String] = []
        func set(_ name: String, _ value: String) {
            if !order.contains(name) { order.append(name) }
            values[name] = value
        }
        for variable in runbook.variables {
            if let value = variable.defaultValue {
                set(variable.name, value)
            } else if !order.contains(variable.name) {
                order.append(variable.name)
            }
        }
        for (name, value) in config { set(name, value) }
        let names = runbook.variables.map(\.name) + runbook.placeholderUses.map(\.name)
        for name in names {
            if let value = environment[Self.environmentName(name)] { set(name, value) }
        }
        let declared = runbook.variables.map(\.name)
        let used = runbook.placeholderUses.map(\.name)
        for override in overrides {
            guard let eq = override.firstIndex(of: "=") else {
                throw Failure(.usage, "--var \(override): expected NAME=VALUE")
            }
            let name = String(override[..<eq])
            guard Placeholders.isName(name) else {
                throw Failure(.usage, "--var \(override): `\(name)` is not a variable name (letters, digits and `_`)")
            }
            guard declared.contains(name) || used.contains(name) else {
                let known = Array(Set(declared + used)).sorted()
                let hint = closest(name, in: known).map { " (did you mean `\($0)`?)" } ?? ""
                throw Failure(
                    .usage,
                    "--var \(name): \(runbook.name) has no variable `\(name)`\(hint); it uses: \(known.joined(separator: ", "))"
                )
            }
            set(name, String(override[override.index(after: eq)...]))
        }
        let secrets = Set(runbook.variables.filter(\.isSecret).map(\.name))
        for name in secrets where values[name] == nil {
            throw Failure(
                .usage,
                "\(runbook.name) needs the secret `\(name)`: set \(Self.environmentName(name)) (or pass --var \(name)=VALUE)"
            )
        }
        for use in runbook.placeholderUses where values[use.name] == nil {
            if let variable = runbook.variables.first(where: { $0.name == use.name }) {
                let what = variable.description.map { " (\($0))" } ?? ""
                throw Failure(
                    .usage,
                    "\(runbook.name) needs the variable `\(use.name)`\(what): pass --var \(use.name)=VALUE, set \(Self.environmentName(use.name)) or set vars.\(use.name) in .relops.yml"
                )
            }
            throw Failure(
                .badInput,
                "\(runbook.path):\(use.line): unknown variable `{{\(use.name)}}`: the front matter does not declare it and no value was given"
            )
        }
        self.values = values
        self.order = order.filter { values[$0] != nil }
        secretNames = secrets
        argumentListNames = Set(runbook.variables.filter(\.isArgumentList).map(\.name))
        for name in argumentListNames {
            _ = try splitArguments(values[name] ?? "")
        }
    }

    /// The environment variable a ```sh``` block reads a value from: `RELOPS_` and the name in capitals.
    public static func environmentName(_ name: String) -> String { "RELOPS_" + name.uppercased() }

    /// Every value as `RELOPS_<NAME>` environment variables.
    public var environment: [String: String] {
        Dictionary(uniqueKeysWithValues: values.map { (Self.environmentName($0.key), $0.value) })
    }

    /// The arguments of a ```relops``` line with values filled in, word by word (a value never
    /// splits a word or becomes an operator); an `arguments: true` variable standing alone is spliced.
    public func arguments(of command: RelopsCommandLine) throws(Failure) -> [String] {
        var out: [String] = []
        for word in command.words {
            if let name = word.barePlaceholder, argumentListNames.contains(name) {
                out += try splitArguments(values[name] ?? "")
            } else {
                out.append(Placeholders.replace(in: word.text) { values[$0] ?? "" })
            }
        }
        return out
    }

    /// A ```sh``` script with each `{{name}}` turned into a reference to `${RELOPS_NAME}`: the value
    /// itself never becomes shell text.
    public func script(_ text: String) -> String {
        Placeholders.replace(in: text) { "${\(Self.environmentName($0))}" }
    }

    /// Text for a person (prose, a task item), with values filled in and secrets masked.
    public func display(_ text: String) -> String {
        Placeholders.replace(in: text) { secretNames.contains($0) ? "***" : (values[$0] ?? "") }
    }

    /// `text` with every secret value masked as `***`.
    public func redact(_ text: String) -> String {
        var out = text
        for name in secretNames {
            if let value = values[name], !value.isEmpty { out = out.replacingOccurrences(of: value, with: "***") }
        }
        return out
    }
}
