import RelopsCore

/// The values of a runbook's variables for one run: front matter defaults, then `.relops.yml`
/// `vars`, then the values recorded in the run being resumed, then `RELOPS_<NAME>` environment
/// variables, then `--var K=V`, later ones winning; the values still missing are asked for together, once. Names
/// are case-insensitive (`NEW_HOST` and `new_host` are one variable, spelled as declared). The
/// environment keeps a secret off the command line, where other users could see it.
public struct RunVariables: Sendable {
    /// Every value by name.
    public private(set) var values: [String: String]
    /// Names whose values are secret: never written to state or a report.
    public let secretNames: Set<String>
    /// Names that hold a list of arguments.
    public let argumentListNames: Set<String>
    /// Names in the order to show them (declared first, then the others).
    public private(set) var order: [String]
    /// Where a value came from when nobody passed it for this run: `asked`, `recorded in the run`,
    /// `found by step 1, accepted by ...`.
    public private(set) var sources: [String: String] = [:]
    /// Where each value a repository gave came from (`.relops.yml vars.verify_flags`, a
    /// repository runbook's default): such a value is data, and may not give an option only the
    /// operator gives (`RunAuthority`). A value the operator passed, or relops found, has none.
    public private(set) var repositoryOrigins: [String: String] = [:]
    /// Whether the runbook's own words are the repository's, and where they are read from.
    private let runbookOrigin: RunbookOrigin
    private let runbookPath: String
    /// Each name by its lowercase spelling.
    private var spellings: [String: String] = [:]

    /// Resolves the values for `runbook`; an unknown variable stops the run before it starts, naming
    /// it, and the missing ones are named all at once. `ask` gets every declared variable nobody
    /// gave a value, together.
    public init(
        runbook: Runbook, config: [(name: String, value: String)], environment: [String: String] = [:],
        overrides: [String], recorded: [RunState.Variable] = [],
        identity: [(name: String, value: String, source: String)] = [],
        ask: (([RunbookVariable]) -> [String: String])? = nil
    ) throws(Failure) {
        values = [:]
        order = []
        runbookOrigin = runbook.origin
        runbookPath = runbook.shownPath
        secretNames = Set(runbook.variables.filter(\.isSecret).map(\.name))
        argumentListNames = Set(runbook.variables.filter(\.isArgumentList).map(\.name))
        for variable in runbook.variables {
            spellings[variable.name.lowercased()] = variable.name
            order.append(variable.name)
            if let value = variable.defaultValue {
                values[variable.name] = value
                if runbook.origin.isRepository {
                    repositoryOrigins[variable.name] =
                        "\(runbook.shownPath):\(variable.line): the default of `\(variable.name)`"
                }
            }
        }
        try checkCollisions(config.map(\.name), source: ".relops.yml vars")
        for (name, value) in config {
            set(name, value)
            repositoryOrigins[spelling(of: name)] = ".relops.yml vars.\(name)"
        }
        for variable in recorded where !secretNames.contains(spelling(of: variable.name)) {
            set(variable.name, variable.value)
            sources[spelling(of: variable.name)] = variable.source ?? "recorded in the run"
            repositoryOrigins[spelling(of: variable.name)] = variable.origin
        }
        for name in order + runbook.placeholderUses.map(\.name) {
            if let value = environment[Self.environmentName(name)] { set(name, value) }
        }
        try applyOverrides(overrides, runbook: runbook)
        // A declared variable still without a value that the app's identity knows (`old_host` is
        // `app.web_host`) is not asked for: taken, saying from where.
        for (name, known, source) in identity where !known.isEmpty && value(of: name) == nil {
            guard let declared = runbook.variables.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                continue
            }
            set(declared.name, known)
            sources[declared.name] = source
            repositoryOrigins[declared.name] = source
        }
        try fillMissing(runbook, ask: ask)
        order = order.filter { values[$0] != nil }
        for name in argumentListNames {
            _ = try splitArguments(values[name] ?? "")
        }
    }

    /// The name as declared (or first given) for any spelling of it.
    func spelling(of name: String) -> String { spellings[name.lowercased()] ?? name }

    /// A variable's value, whatever the case of `name`.
    public func value(of name: String) -> String? { values[spelling(of: name)] }

    private mutating func set(_ name: String, _ value: String) {
        let key = name.lowercased()
        if spellings[key] == nil {
            spellings[key] = name
            order.append(name)
        }
        let canonical = spelling(of: name)
        values[canonical] = value
        sources[canonical] = nil
        repositoryOrigins[canonical] = nil
    }

    /// Records a value found during the run (a scan's counts for an `auto` expectation).
    mutating func record(_ name: String, _ value: String, source: String) {
        set(name, value)
        sources[spelling(of: name)] = source
    }

    /// Two names from one source that differ only in case are a usage error naming both.
    private func checkCollisions(_ names: [String], source: String) throws(Failure) {
        var seen: [String: String] = [:]
        for name in names {
            if let earlier = seen.updateValue(name, forKey: name.lowercased()), earlier != name {
                throw Failure(
                    .usage,
                    "\(source): `\(earlier)` and `\(name)` differ only in case; variable names are case-insensitive, give one"
                )
            }
        }
    }

    private mutating func applyOverrides(_ overrides: [String], runbook: Runbook) throws(Failure) {
        var known = Set(runbook.variables.map { $0.name.lowercased() })
        for use in runbook.placeholderUses { known.insert(use.name.lowercased()) }
        var names: [String] = []
        for override in overrides {
            guard let eq = override.firstIndex(of: "=") else {
                throw Failure(.usage, "--var \(override): expected NAME=VALUE")
            }
            let name = String(override[..<eq])
            guard Placeholders.isName(name) else {
                throw Failure(.usage, "--var \(override): `\(name)` is not a variable name (letters, digits and `_`)")
            }
            guard known.contains(name.lowercased()) else {
                let all = Array(Set(runbook.variables.map(\.name) + runbook.placeholderUses.map(\.name))).sorted()
                let hint = closest(name, in: all).map { " (did you mean `\($0)`?)" } ?? ""
                throw Failure(
                    .usage,
                    "--var \(name): \(runbook.name) has no variable `\(name)`\(hint); it uses: \(all.joined(separator: ", "))"
                )
            }
            names.append(name)
        }
        try checkCollisions(names, source: "--var")
        for override in overrides {
            let eq = override.firstIndex(of: "=") ?? override.endIndex
            set(String(override[..<eq]), String(override[override.index(after: eq)...]))
        }
    }

    /// Every variable still without a value is named at once: asked for together when a person
    /// is there (`ask` gets them all and returns the answers by name), else one usage error lists
    /// each with its description and the `--var` line to copy. A secret is never asked for or
    /// put on a command line: its line names the environment variable.
    private mutating func fillMissing(
        _ runbook: Runbook, ask: (([RunbookVariable]) -> [String: String])?
    ) throws(Failure) {
        let found = runbook.foundVariables
        var missing: [RunbookVariable] = runbook.variables.filter {
            secretNames.contains($0.name) && values[$0.name] == nil
        }
        for use in runbook.placeholderUses where value(of: use.name) == nil && !found.contains(use.name.lowercased()) {
            guard let variable = runbook.variables.first(where: { $0.name.lowercased() == use.name.lowercased() })
            else {
                throw Failure(
                    .badInput,
                    "\(runbook.path):\(use.line): unknown variable `{{\(use.name)}}`: the front matter does not declare it and no value was given"
                )
            }
            if !missing.contains(where: { $0.name == variable.name }) { missing.append(variable) }
        }
        let declared = runbook.variables.map(\.name)
        missing.sort { (declared.firstIndex(of: $0.name) ?? 0) < (declared.firstIndex(of: $1.name) ?? 0) }
        let askable = missing.filter { !$0.isSecret }
        if let ask, !askable.isEmpty {
            let answers = ask(askable)
            for variable in askable {
                guard let answer = answers[variable.name], !answer.isEmpty else { continue }
                set(variable.name, answer)
                sources[variable.name] = "asked"
            }
            missing.removeAll { values[$0.name] != nil }
        }
        guard !missing.isEmpty else { return }
        throw Failure(.usage, Self.missingMessage(runbook, missing))
    }

    /// The error for variables nobody gave a value: each with its description, then the lines to copy.
    static func missingMessage(_ runbook: Runbook, _ missing: [RunbookVariable]) -> String {
        let noun = missing.count == 1 ? "a variable that has" : "\(missing.count) variables that have"
        let width = missing.map(\.name.count).max() ?? 0
        var lines = ["\(runbook.name) needs \(noun) no value:"]
        for variable in missing {
            let what = variable.description ?? "(no description)"
            let secret = variable.isSecret ? " [secret: set \(environmentName(variable.name))]" : ""
            lines.append("  " + variable.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + what + secret)
        }
        let plain = missing.filter { !$0.isSecret }
        if !plain.isEmpty {
            lines.append("Pass them (or set RELOPS_<NAME>, or vars.<name> in .relops.yml):")
            lines += plain.map { "  --var \($0.name)=VALUE" }
        }
        let secrets = missing.filter(\.isSecret)
        if !secrets.isEmpty {
            lines.append("Set the secrets in the environment, never on the command line:")
            lines += secrets.map { "  export \(environmentName($0.name))=VALUE" }
        }
        return lines.joined(separator: "\n")
    }

    /// The environment variable a ```sh``` block reads a value from: `RELOPS_` and the name in capitals.
    public static func environmentName(_ name: String) -> String { "RELOPS_" + name.uppercased() }

    /// Every value as `RELOPS_<NAME>` environment variables, but for the names relops itself reads
    /// from its environment (`RELOPS_SHARE`, where the shipped runbooks and templates are): a
    /// variable never changes how the relops commands of its steps run.
    public var environment: [String: String] {
        Dictionary(
            values.map { (Self.environmentName($0.key), $0.value) }.filter { !Self.isRelopsOwn($0.0) },
            uniquingKeysWith: { first, _ in first })
    }

    /// True for an environment variable a release build of relops itself reads.
    static func isRelopsOwn(_ name: String) -> Bool {
        name == "RELOPS_SHARE" || name == CheckOutcome.environmentName
    }

    /// The arguments of a ```relops``` line with values filled in, word by word (a value never
    /// splits a word or becomes an operator); an `arguments: true` variable standing alone is spliced.
    public func arguments(of command: RelopsCommandLine) throws(Failure) -> [String] {
        try words(of: command).map(\.text)
    }

    /// The arguments of a ```relops``` line as `arguments(of:)` fills them in, each with where a
    /// repository gave it (a word of a repository runbook, or one holding a value from `.relops.yml`
    /// or such a runbook's defaults); nil for a word of relops's or the operator's.
    public func words(of command: RelopsCommandLine) throws(Failure) -> [ArgumentWord] {
        let literalOrigin = runbookOrigin.isRepository ? "\(runbookPath):\(command.line)" : nil
        var out: [ArgumentWord] = []
        for word in command.words {
            // A placeholder's value is as much the repository's as its source says; the runbook's
            // own text around it is the runbook's.
            let valueOrigin = Placeholders.names(in: word.text).lazy.compactMap {
                self.repositoryOrigins[self.spelling(of: $0)]
            }.first
            if let name = word.barePlaceholder, argumentListNames.contains(spelling(of: name)) {
                out += try splitArguments(value(of: name) ?? "").map { ArgumentWord(text: $0, origin: valueOrigin) }
            } else {
                let ownText = Placeholders.replace(in: word.text) { _ in "" }
                let origin = valueOrigin ?? (ownText.isEmpty ? nil : literalOrigin)
                out.append(
                    ArgumentWord(text: Placeholders.replace(in: word.text) { value(of: $0) ?? "" }, origin: origin))
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
        Placeholders.replace(in: text) { secretNames.contains(spelling(of: $0)) ? "***" : (value(of: $0) ?? "") }
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

/// One argument of a runbook's relops command, and where a repository gave it (nil: relops's own
/// text or the operator's value).
public struct ArgumentWord: Sendable, Equatable {
    public let text: String
    /// `.relops.yml vars.verify_flags`, `.relops/runbooks/x.md:12`, ...
    public let origin: String?
}
