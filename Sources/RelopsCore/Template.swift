import Foundation

/// A value a template reads: a text, or a list of items that a section repeats.
public indirect enum TemplateValue: Sendable {
    case text(String)
    case list([[String: TemplateValue]])

    var isEmpty: Bool {
        switch self {
        case .text(let s): return s.isEmpty
        case .list(let items): return items.isEmpty
        }
    }
}

/// relops' one `{{name}}` template engine: run reports, the association documents, the ADR
/// revision note and runbook placeholders all read `{{name}}` through it.
/// - `{{name}}` is a value;
/// - `{{#name}}...{{/name}}` repeats for each item of a list, or shows once when a text is not empty;
/// - `{{^name}}...{{/name}}` shows when a list or text is empty;
/// - `{{! ...}}` is a comment.
///
/// A name is looked up in the innermost item first, then outwards. A tag alone on its line takes
/// the line with it. An unknown name is an error that names the template and the line.
public struct Template: Sendable {
    /// How a value that holds several lines continues on its next lines.
    public enum Indent: Sendable {
        /// As it is.
        case none
        /// Indented like the line the `{{name}}` sits on (a JSON value inside a JSON document).
        case likeTheLine
    }

    indirect enum Node: Sendable {
        case text(String)
        case value(String, line: Int)
        case section(String, inverted: Bool, children: [Node], line: Int)
    }

    let nodes: [Node]
    /// What names the template in messages (a path, or `assetlinks.json template`).
    public let path: String

    /// Parses template text; `path` names it in messages. A section that is never closed, or a
    /// closing tag that closes nothing, is an error naming the line.
    public init(_ text: String, path: String) throws(Failure) {
        self.path = path
        var parser = TemplateParser(text: Array(text), path: path)
        nodes = try parser.parse(until: nil)
    }

    /// Renders with `context` as the outermost scope; a name no scope holds is an error.
    public func render(_ context: [String: TemplateValue], indent: Indent = .none) throws(Failure) -> String {
        var out = ""
        try render(nodes, [context], indent, into: &out)
        return out
    }

    /// Renders a template whose values are all texts.
    public func render(texts values: [String: String], indent: Indent = .none) throws(Failure) -> String {
        try render(values.mapValues { TemplateValue.text($0) }, indent: indent)
    }

    private func render(_ nodes: [Node], _ scopes: [[String: TemplateValue]], _ indent: Indent, into out: inout String)
        throws(Failure)
    {
        for node in nodes {
            switch node {
            case .text(let text): out += text
            case .value(let name, let line):
                switch try lookup(name, scopes, line) {
                case .text(let s): out += indent == .likeTheLine ? indented(s, after: out) : s
                case .list:
                    throw Failure(
                        .badInput, "\(path):\(line): `{{\(name)}}` is a list; use {{#\(name)}}...{{/\(name)}}")
                }
            case .section(let name, let inverted, let children, let line):
                let value = try lookup(name, scopes, line)
                if inverted {
                    if value.isEmpty { try render(children, scopes, indent, into: &out) }
                } else if case .list(let items) = value {
                    for item in items { try render(children, scopes + [item], indent, into: &out) }
                } else if !value.isEmpty {
                    try render(children, scopes, indent, into: &out)
                }
            }
        }
    }

    /// `value` with each of its lines after the first indented like the last line of `out`.
    private func indented(_ value: String, after out: String) -> String {
        let lineStart = out.lastIndex(of: "\n").map { out.index(after: $0) } ?? out.startIndex
        let margin = String(out[lineStart...].prefix { $0 == " " || $0 == "\t" })
        return margin.isEmpty ? value : value.replacingOccurrences(of: "\n", with: "\n" + margin)
    }

    private func lookup(_ name: String, _ scopes: [[String: TemplateValue]], _ line: Int) throws(Failure)
        -> TemplateValue
    {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        let known = Set(scopes.flatMap(\.keys)).sorted()
        let hint = closest(name, in: known).map { " (did you mean {{\($0)}}?)" } ?? ""
        throw Failure(
            .badInput,
            "\(path):\(line): unknown value {{\(name)}}\(hint)"
                + (known.isEmpty ? "" : "; known: " + known.joined(separator: ", ")))
    }
}

// MARK: Placeholders in running text

extension Template {
    /// Whether `text` is a placeholder name: a letter or `_`, then letters, digits and `_`.
    public static func isName(_ text: String) -> Bool {
        text.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil
    }

    /// The `{{name}}` placeholders (spaces inside the braces allowed) in `text`, in order.
    public static func placeholderNames(in text: String) -> [String] {
        text.matches(of: placeholder).map { String($0.output.1) }
    }

    /// The name when `text` is exactly one placeholder.
    public static func bareName(_ text: String) -> String? {
        guard let match = text.wholeMatch(of: placeholder) else { return nil }
        return String(match.output.1)
    }

    /// `text` with each placeholder replaced by `value(name)`; the caller decides what an unknown
    /// name becomes (a runbook checks every name before it runs).
    public static func substitute(in text: String, _ value: (String) -> String) -> String {
        text.replacing(placeholder) { value(String($0.output.1)) }
    }

    nonisolated(unsafe) static let placeholder = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/
}

/// Reads template text into nodes, counting lines for messages.
struct TemplateParser {
    let text: [Character]
    let path: String
    var index = 0
    var line = 1

    init(text: [Character], path: String) {
        self.text = text
        self.path = path
    }

    mutating func parse(until closing: String?) throws(Failure) -> [Template.Node] {
        var nodes: [Template.Node] = []
        var buffer = ""
        func flush() {
            if !buffer.isEmpty { nodes.append(.text(buffer)) }
            buffer = ""
        }
        while index < text.count {
            guard text[index] == "{", index + 1 < text.count, text[index + 1] == "{" else {
                if text[index] == "\n" { line += 1 }
                buffer.append(text[index])
                index += 1
                continue
            }
            let (tag, tagLine) = try readTag(&buffer)
            let sigil = tag.first
            let name = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
            switch sigil {
            case "!": continue
            case "/":
                guard name == closing else {
                    throw Failure(
                        .badInput,
                        "\(path):\(tagLine): `{{/\(name)}}` closes nothing" + (closing.map { " (open: \($0))" } ?? ""))
                }
                flush()
                return nodes
            case "#", "^":
                flush()
                let children = try parse(until: name)
                nodes.append(.section(name, inverted: sigil == "^", children: children, line: tagLine))
            default:
                flush()
                nodes.append(.value(tag, line: tagLine))
            }
        }
        if let closing { throw Failure(.badInput, "\(path): `{{#\(closing)}}` is never closed") }
        flush()
        return nodes
    }

    /// Reads the tag at `index` (which holds `{{`) and moves past it; a section, closing or comment
    /// tag alone on its line takes the line with it (from `buffer` and from the text after it).
    private mutating func readTag(_ buffer: inout String) throws(Failure) -> (tag: String, line: Int) {
        guard let end = findClose(from: index + 2) else {
            throw Failure(.badInput, "\(path):\(line): `{{` without `}}`")
        }
        let tag = String(text[(index + 2)..<end]).trimmingCharacters(in: .whitespaces)
        let tagLine = line
        let standalone = tag.first.map { "#^/!".contains($0) } ?? false
        var after = end + 2
        if standalone, let lineStart = standaloneStart(buffer), let lineEnd = standaloneEnd(after) {
            buffer.removeLast(buffer.count - lineStart)
            after = lineEnd
        }
        for i in index..<min(after, text.count) where text[i] == "\n" { line += 1 }
        index = after
        return (tag, tagLine)
    }

    func findClose(from start: Int) -> Int? {
        var i = start
        while i + 1 < text.count {
            if text[i] == "}" && text[i + 1] == "}" { return i }
            if text[i] == "\n" { return nil }
            i += 1
        }
        return nil
    }

    /// Where the current line starts in `buffer` when only spaces precede the tag on it.
    func standaloneStart(_ buffer: String) -> Int? {
        var count = 0
        for c in buffer.reversed() {
            if c == "\n" { return buffer.count - count }
            guard c == " " || c == "\t" else { return nil }
            count += 1
        }
        // At the very start of the text (or of a section that began on this line).
        return index == count || (index - count > 0 && text[index - count - 1] == "\n") ? buffer.count - count : nil
    }

    /// The index after the line's newline when only spaces follow the tag.
    func standaloneEnd(_ from: Int) -> Int? {
        var i = from
        while i < text.count {
            if text[i] == "\n" { return i + 1 }
            guard text[i] == " " || text[i] == "\t" else { return nil }
            i += 1
        }
        return i
    }
}
