/// One man page (section 1) per command, generated from the same specs as `--help`: `relops.1`
/// for the root (its commands, exit codes) and `relops-<command>.1` for each command with its
/// subcommands and options. Returns (file name, roff text) pairs.
public func manPages(root: CommandSpec, version: String, date: String) -> [(name: String, text: String)] {
    var pages = [(name: "\(root.name).1", text: manPage([root.name], root, version: version, date: date))]
    for command in root.subcommands {
        let path = [root.name, command.name]
        pages.append(("\(path.joined(separator: "-")).1", manPage(path, root, version: version, date: date)))
    }
    return pages
}

/// Text escaped for roff: backslashes, dashes, and a leading `.` or `'` that would read as a request.
func roff(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
}

func manPage(_ path: [String], _ root: CommandSpec, version: String, date: String) -> String {
    let spec = commandSpec(at: path, root: root)
    let title = path.joined(separator: "-")
    var out = """
        .TH \(title.uppercased()) 1 "\(date)" "\(root.name) \(version)" "User Commands"
        .SH NAME
        \(roff(title)) \\- \(roff(spec.abstract))
        .SH SYNOPSIS

        """
    let below = commandTree(spec).map { (path.dropLast() + $0.path, $0.spec) }
    for (commandPath, command) in below where command.runsWithoutSubcommand || command.subcommands.isEmpty {
        out += ".B \(roff(commandPath.joined(separator: " ")))\n" + roff(synopsis(command)) + "\n.br\n"
    }
    if !spec.discussion.isEmpty { out += ".SH DESCRIPTION\n" + roff(spec.discussion) + "\n" }
    if path.count == 1 {
        out += ".SH COMMANDS\n"
        for command in spec.subcommands {
            out += ".TP\n.BR \(root.name)\\-\(roff(command.name)) (1)\n\(roff(command.abstract))\n"
        }
    } else {
        for (commandPath, command) in below {
            out += section(commandPath, command)
        }
    }
    out += ".SH EXIT STATUS\n0 as expected; 1 a check failed; 2 bad usage or input; 3 could not check.\n"
    if path.count > 1 { out += ".SH SEE ALSO\n.BR \(root.name) (1)\n" }
    return out
}

/// The options and positionals of one command, as the usage line shows them.
func synopsis(_ command: CommandSpec) -> String {
    var parts: [String] = []
    for option in command.options {
        let text = option.valueName.map { "--\(option.name) \($0)" } ?? "--\(option.name)"
        parts.append("[\(text)]" + (option.repeatable ? "..." : ""))
    }
    for positional in command.positionals {
        let text = "<\(positional.name)>" + (positional.variadic ? "..." : "")
        parts.append(positional.optional ? "[\(text)]" : text)
    }
    return parts.joined(separator: " ")
}

/// A section for one command or subcommand: what it does, its arguments and options.
func section(_ path: [String], _ command: CommandSpec) -> String {
    var out = ".SH \(roff(path.dropFirst().joined(separator: " ").uppercased()))\n\(roff(command.abstract))\n"
    if path.count > 2, !command.discussion.isEmpty { out += ".PP\n" + roff(command.discussion) + "\n" }
    for positional in command.positionals {
        out += ".TP\n.I \(roff(positional.name))\n\(roff(positional.help))\n"
    }
    for option in command.options {
        let short = option.short.map { "\\-\($0), " } ?? ""
        let value = option.valueName.map { " \\fI\(roff($0))\\fR" } ?? ""
        out += ".TP\n\\fB\(short)\\-\\-\(roff(option.name))\\fR\(value)\n\(roff(option.help))"
        out += (option.repeatable ? " (repeatable)" : "") + "\n"
    }
    return out
}
