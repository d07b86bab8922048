import Foundation
import Markdown
import RelopsCore
import YAML

/// A runbook: a GitHub Markdown document with YAML front matter whose `##` headings are steps.
public struct Runbook: Sendable {
    /// The name it is listed and run by: the file name without `.md`.
    public let name: String
    /// Where it was read from (for messages: `path:line:`).
    public let path: String
    /// The front matter `title`, else the first `#` heading, else the name.
    public let title: String
    /// The variables the front matter declares, in order.
    public let variables: [RunbookVariable]
    /// The steps, in document order.
    public let steps: [RunbookStep]

    /// Reads and parses the runbook at `path`.
    public init(contentsOf path: String) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(.badInput, "\(path): cannot read the runbook")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(.badInput, "\(path): the runbook is not UTF-8 text")
        }
        try self.init(parsing: text, path: path)
    }

    /// Parses runbook text; `path` names it in messages and gives its name.
    public init(parsing text: String, path: String) throws(Failure) {
        self.path = path
        name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        let front = try FrontMatter.read(&lines, path: path)
        variables = front.variables
        let body = lines.joined(separator: "\n")
        let document = MarkdownDocument(parsing: body)
        let parsed = try StepReader(path: path, lines: lines, nodes: document.nodes).read()
        steps = parsed.steps
        title = front.title ?? parsed.documentTitle ?? name
        try checkPlaceholders()
    }

    /// The step a `--confirm` value names: its number (1-based), its id or its exact title.
    public func step(named reference: String) -> RunbookStep? {
        if let number = Int(reference), number >= 1, number <= steps.count { return steps[number - 1] }
        return steps.first { $0.id == reference || $0.title == reference }
    }

    /// Every `{{name}}` the steps use, with the line of its first use.
    public var placeholderUses: [(name: String, line: Int)] {
        var seen = Set<String>()
        var uses: [(String, Int)] = []
        for step in steps {
            for (offset, line) in step.source.components(separatedBy: "\n").enumerated() {
                for name in Placeholders.names(in: line) where seen.insert(name).inserted {
                    uses.append((name, step.line + offset))
                }
            }
        }
        return uses
    }

    /// An `arguments: true` variable must stand alone as an unquoted word of a ```relops``` line.
    private func checkPlaceholders() throws(Failure) {
        let lists = Set(variables.filter(\.isArgumentList).map(\.name))
        for step in steps {
            for action in step.actions {
                guard case .relops(let check) = action else { continue }
                for line in check.commands {
                    for word in line.words where word.barePlaceholder == nil {
                        if let name = Placeholders.names(in: word.text).first(where: lists.contains) {
                            throw Failure(
                                .badInput,
                                "\(path):\(line.line): `{{\(name)}}` is a list of arguments; it must stand alone as a word"
                            )
                        }
                    }
                }
            }
        }
    }
}

/// A variable the front matter declares.
public struct RunbookVariable: Sendable, Equatable {
    public let name: String
    /// The default value, if the front matter gives one.
    public let defaultValue: String?
    /// What the value is, for a person who must supply it.
    public let description: String?
    /// A secret value is used, never written to state or a report.
    public let isSecret: Bool
    /// A list of extra arguments (`--offline --cacert ca.pem`), split with shell-like quoting and
    /// spliced into a ```relops``` line where `{{name}}` stands alone as a word.
    public let isArgumentList: Bool
    /// The front matter line that declares it.
    public let line: Int
}

/// One `##` step: its title, prose and what it does, in document order.
public struct RunbookStep: Sendable {
    /// 1-based position.
    public let number: Int
    /// A stable id from the title (`inventory-the-old-host`), used by `--confirm` and in state.
    public let id: String
    public let title: String
    /// The step's Markdown below its heading, as written (placeholders not yet filled).
    public let prose: String
    /// The step's whole source, heading included.
    public let source: String
    /// The heading's line in the runbook.
    public let line: Int
    /// Checks, shell blocks and confirmations, in document order.
    public let actions: [StepAction]

    /// True when a command may change something: a relops command that does not only read, or a
    /// shell block.
    public var writes: Bool {
        actions.contains { action in
            switch action {
            case .relops(let check): return !check.commands.allSatisfy(\.onlyReads)
            case .shell: return true
            case .confirmation: return false
            }
        }
    }

    /// True when every check only reads (scan, verify, anchors audit, fingerprint show, ...) and
    /// the step has no shell block: such a step's evidence is checked again on resume, unless a
    /// later step that writes has been done since (that write was meant to change it).
    public var onlyReads: Bool {
        var hasCheck = false
        for action in actions {
            switch action {
            case .relops(let check):
                hasCheck = true
                if !check.commands.allSatisfy(\.onlyReads) { return false }
            case .shell: return false
            case .confirmation: continue
            }
        }
        return hasCheck
    }
}

/// Something a step does.
public enum StepAction: Sendable {
    /// A ```relops``` block: one or more relops command lines; each line's exit code is a check.
    case relops(RelopsCheck)
    /// A ```sh``` block.
    case shell(ShellBlock)
    /// A `- [ ]` task item the operator confirms.
    case confirmation(TaskItem)
}

/// A ```relops``` block.
public struct RelopsCheck: Sendable {
    public let commands: [RelopsCommandLine]
    /// Exit codes that pass (`exit=0,1` in the fence info); `[0]` by default.
    public let acceptedExitCodes: [Int32]
    public let line: Int
}

/// A ```sh``` block.
public struct ShellBlock: Sendable {
    /// The script as written; `{{name}}` becomes `${RELOPS_NAME}` when it runs.
    public let script: String
    public let line: Int
}

/// A task list item.
public struct TaskItem: Sendable {
    public let text: String
    /// `- [x]` in the runbook itself: already done, nothing to confirm.
    public let checkedInRunbook: Bool
    public let line: Int
}

/// Splits the YAML front matter off the top of a runbook.
struct FrontMatter {
    var title: String?
    var variables: [RunbookVariable] = []

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
        let known = ["title", "description", "vars"]
        for (key, value) in pairs {
            switch key {
            case "title":
                guard let s = value.string else { throw fail(value, "`title` must be a single value") }
                front.title = s
            case "description": continue
            case "vars":
                guard let vars = value.pairs else { throw fail(value, "`vars` must be a mapping of names") }
                for (name, spec) in vars {
                    guard Placeholders.isName(name) else {
                        throw fail(
                            spec,
                            "`\(name)` is not a variable name (letters, digits and `_`, not starting with a digit)")
                    }
                    front.variables.append(try variable(name, spec, fail))
                }
            default:
                let hint = closest(key, in: known).map { " (did you mean `\($0)`?)" } ?? ""
                throw fail(
                    value, "unknown front matter key `\(key)`\(hint); known keys: \(known.joined(separator: ", "))")
            }
        }
        return front
    }

    private static func variable(_ name: String, _ spec: YAMLNode, _ fail: (YAMLNode, String) -> Failure)
        throws(Failure) -> RunbookVariable
    {
        if let value = spec.string {
            return RunbookVariable(
                name: name, defaultValue: value, description: nil, isSecret: false, isArgumentList: false,
                line: spec.mark.line)
        }
        guard let fields = spec.pairs else { throw fail(spec, "`vars.\(name)` must be a value or a mapping") }
        var defaultValue: String?, description: String?, secret = false, arguments = false
        let known = ["default", "description", "secret", "arguments"]
        for (key, value) in fields {
            guard let text = value.string else { throw fail(value, "`vars.\(name).\(key)` must be a single value") }
            switch key {
            case "default": defaultValue = text
            case "description": description = text
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
            isArgumentList: arguments, line: spec.mark.line)
    }
}
