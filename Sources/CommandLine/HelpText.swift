import Foundation

/// The help text of the command at `path`: usage, abstract, discussion, subcommands, options.
public func helpText(for path: [String], root: CommandSpec) -> String {
    let command = commandSpec(at: path, root: root)
    let name = path.joined(separator: " ")
    var usage = "USAGE: \(name)"
    if !command.subcommands.isEmpty {
        usage += command.runsWithoutSubcommand ? " [<subcommand>]" : " <subcommand>"
    }
    for option in command.options {
        let text = option.valueName.map { "--\(option.name) \($0)" } ?? "--\(option.name)"
        usage += " [\(text)]" + (option.repeatable ? "..." : "")
    }
    for positional in command.positionals {
        var text = "<\(positional.name)>" + (positional.variadic ? "..." : "")
        if positional.optional { text = "[\(text)]" }
        usage += " " + text
    }
    var out = "OVERVIEW: \(command.abstract)\n\n\(usage)\n"
    if !command.discussion.isEmpty { out += "\n\(command.discussion)\n" }
    if !command.subcommands.isEmpty {
        out += "\nSUBCOMMANDS:\n"
        let width = command.subcommands.map(\.name.count).max() ?? 0
        for sub in command.subcommands {
            out += "  " + sub.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + sub.abstract + "\n"
        }
        out += "\n  See '\(name) <subcommand> --help' for a subcommand's options.\n"
    }
    if !command.positionals.isEmpty {
        out += "\nARGUMENTS:\n"
        let width = command.positionals.map { $0.name.count + 2 }.max() ?? 0
        for positional in command.positionals {
            out +=
                "  " + "<\(positional.name)>".padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + positional.help + "\n"
        }
    }
    var rows: [(String, String)] = command.options.map { option in
        var left = option.short.map { "-\($0), " } ?? ""
        left += "--\(option.name)"
        if let value = option.valueName { left += " \(value)" }
        return (left, option.help + (option.repeatable ? " (repeatable)" : ""))
    }
    rows.append(("-h, --help", "Show help information."))
    if path.count == 1 { rows.append(("--version", "Show the version.")) }
    out += "\nOPTIONS:\n"
    let width = min(rows.map(\.0.count).max() ?? 0, 30)
    for (left, right) in rows {
        if left.count > width {
            out += "  \(left)\n  " + String(repeating: " ", count: width + 2) + right + "\n"
        } else {
            out += "  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right + "\n"
        }
    }
    return out
}
