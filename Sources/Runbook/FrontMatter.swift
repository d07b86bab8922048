import Foundation
import RelopsCore
import YAML

/// Splits the YAML front matter off the top of a runbook.
struct FrontMatter {
    var title: String?
    var variables: [RunbookVariable] = []
    var condition: StepCondition?

    /// More variables than this is refused: no runbook needs them, and every one costs each step.
    static let variableLimit = 1000

    /// Reads the front matter and blanks its lines, so Markdown lines keep their numbers.
    static func read(_ lines: inout [String], path: String) throws(Failure) -> FrontMatter {
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return FrontMatter() }
        guard
            let end = lines.indices.dropFirst().first(where: {
                ["---", "..."].contains(lines[$0].trimmingCharacters(in: .whitespaces))
            })
        else { throw Failure(.badInput, "\(path):1: the front matter starting here has no closing `---`") }
        let yaml = [""] + lines[1..<end]
        for i in 0...end { lines[i] = "" }
        let root: YAMLNode
        do {
            root = try parseYAML(yaml.joined(separator: "\n"))
        } catch {
            throw Failure(
                .badInput, "\(path):\(error.mark.line):\(error.mark.column): malformed front matter: \(error.message)")
        }
        func fail(_ node: YAMLNode, _ message: String) -> Failure {
            Failure(.badInput, "\(path):\(node.mark.line):\(node.mark.column): \(message)")
        }
        var front = FrontMatter()
        guard let pairs = root.pairs else { throw fail(root, "the front matter must be a mapping") }
        let known = ["title", "description", "vars", "when"]
        for (key, value) in pairs {
            switch key {
            case "title":
                guard let s = value.string else { throw fail(value, "`title` must be a single value") }
                front.title = s
            case "description": continue
            case "when":
                guard let s = value.string else { throw fail(value, "`when` must be a single value") }
                front.condition = try StepCondition(parsing: s, location: "\(path):\(value.mark.line)")
            case "vars":
                guard let vars = value.pairs else { throw fail(value, "`vars` must be a mapping of names") }
                guard vars.count <= variableLimit else {
                    throw fail(value, "`vars` declares \(vars.count) variables; at most \(variableLimit) are allowed")
                }
                var seen: [String: RunbookVariable] = [:]
                for (name, spec) in vars {
                    guard Placeholders.isName(name) else {
                        throw fail(
                            spec,
                            "`\(name)` is not a variable name (letters, digits and `_`, not starting with a digit)")
                    }
                    let variable = try variable(name, spec, path: path, fail)
                    // Names are case-insensitive: `NEW_HOST` and `new_host` are one variable.
                    if let earlier = seen.updateValue(variable, forKey: name.lowercased()) {
                        throw Failure(
                            .usage,
                            "\(path):\(spec.mark.line): `vars.\(name)` and `vars.\(earlier.name)` (line \(earlier.line)) differ only in case; variable names are case-insensitive"
                        )
                    }
                    front.variables.append(variable)
                }
            default:
                let hint = closest(key, in: known).map { " (did you mean `\($0)`?)" } ?? ""
                throw fail(
                    value, "unknown front matter key `\(key)`\(hint); known keys: \(known.joined(separator: ", "))")
            }
        }
        return front
    }

    private static func variable(
        _ name: String, _ spec: YAMLNode, path: String, _ fail: (YAMLNode, String) -> Failure
    ) throws(Failure) -> RunbookVariable {
        if let value = spec.string {
            return RunbookVariable(
                name: name, defaultValue: value, description: nil, isSecret: false, isArgumentList: false,
                line: spec.mark.line)
        }
        guard let fields = spec.pairs else { throw fail(spec, "`vars.\(name)` must be a value or a mapping") }
        var defaultValue: String?, description: String?, secret = false, arguments = false
        var check: RelopsCommandLine?
        var kind: VariableKind?
        let known = ["default", "description", "secret", "arguments", "check", "kind"]
        for (key, value) in fields {
            guard let text = value.string else { throw fail(value, "`vars.\(name).\(key)` must be a single value") }
            switch key {
            case "default": defaultValue = text
            case "description": description = text
            case "check": check = try checkCommand(text, name: name, node: value, path: path, fail)
            case "kind":
                guard let known = VariableKind(rawValue: text) else {
                    let kinds = VariableKind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail(value, "`vars.\(name).kind: \(text)` is not a kind relops knows (known: \(kinds))")
                }
                kind = known
            case "secret", "arguments":
                guard let flag = ["true": true, "false": false][text] else {
                    throw fail(value, "`vars.\(name).\(key)` must be true or false")
                }
                if key == "secret" { secret = flag } else { arguments = flag }
            default:
                let hint = closest(key, in: known).map { " (did you mean `\($0)`?)" } ?? ""
                throw fail(
                    value, "unknown key `vars.\(name).\(key)`\(hint); known keys: \(known.joined(separator: ", "))")
            }
        }
        return RunbookVariable(
            name: name, defaultValue: defaultValue, description: description, isSecret: secret,
            isArgumentList: arguments, check: check, kind: kind, line: spec.mark.line)
    }

    /// `vars.NAME.check`: one relops command line (`relops` may be left out) that only reads.
    private static func checkCommand(
        _ text: String, name: String, node: YAMLNode, path: String, _ fail: (YAMLNode, String) -> Failure
    ) throws(Failure) -> RelopsCommandLine {
        let line = text.hasPrefix("relops ") ? text : "relops " + text
        guard let command = try RelopsCommandLine.parse(line, line: node.mark.line, path: path),
            !command.words.isEmpty
        else { throw fail(node, "`vars.\(name).check` is empty; give a relops command that checks the value") }
        guard command.onlyReads else {
            throw fail(node, "`vars.\(name).check`: `\(command.display)` may change something; a check must only read")
        }
        return command
    }
}
