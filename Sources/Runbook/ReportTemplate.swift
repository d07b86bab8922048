import RelopsCore

/// A value a report template reads.
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

/// relops' own small template syntax, for `Templates/run-report.md`:
/// - `{{name}}` is a value;
/// - `{{#name}}...{{/name}}` repeats for each item of a list, or shows once when a text is not empty;
/// - `{{^name}}...{{/name}}` shows when a list or text is empty;
/// - `{{! ...}}` is a comment.
/// A name is looked up in the innermost item first, then outwards. A tag alone on its line takes
/// the line with it. An unknown name is an error that names the template line.
public struct ReportTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case value(String, line: Int)
        case section(String, inverted: Bool, children: [Node], line: Int)
    }

    let nodes: [Node]
    let path: String

    /// Parses template text; `path` names it in messages.
    public init(_ text: String, path: String) throws(Failure) {
        self.path = path
        var parser = Parser(text: Array(text), path: path)
        nodes = try parser.parse(until: nil)
    }

    /// Renders with `context` as the outermost scope.
    public func render(_ context: [String: TemplateValue]) throws(Failure) -> String {
        var out = ""
        try render(nodes, [context], into: &out)
        return out
    }

    private func render(_ nodes: [Node], _ scopes: [[String: TemplateValue]], into out: inout String) throws(Failure) {
        for node in nodes {
            switch node {
            case .text(let text): out += text
            case .value(let name, let line):
                switch try lookup(name, scopes, line) {
                case .text(let s): out += s
                case .list:
                    throw Failure(
                        .badInput, "\(path):\(line): `{{\(name)}}` is a list; use {{#\(name)}}...{{/\(name)}}")
                }
            case .section(let name, let inverted, let children, let line):
                let value = try lookup(name, scopes, line)
                if inverted {
                    if value.isEmpty { try render(children, scopes, into: &out) }
                } else if case .list(let items) = value {
                    for item in items { try render(children, scopes + [item], into: &out) }
                } else if !value.isEmpty {
                    try render(children, scopes, into: &out)
                }
            }
        }
    }

    private func lookup(_ name: String, _ scopes: [[String: TemplateValue]], _ line: Int) throws(Failure)
        -> TemplateValue
    {
        for scope in scopes.reversed() {
            if let value = scope[name] { return value }
        }
        throw Failure(.badInput, "\(path):\(line): unknown field `\(name)`")
    }

    struct Parser {
        let text: [Character]
        let path: String
        var index = 0
        var line = 1

        init(text: [Character], path: String) {
            self.text = text
            self.path = path
        }

        mutating func parse(until closing: String?) throws(Failure) -> [Node] {
            var nodes: [Node] = []
            var buffer = ""
            while index < text.count {
                if text[index] == "{", index + 1 < text.count, text[index + 1] == "{" {
                    guard let end = findClose(from: index + 2) else {
                        throw Failure(.badInput, "\(path):\(line): `{{` without `}}`")
                    }
                    let tag = String(text[(index + 2)..<end]).trimmingCharacters(in: .whitespaces)
                    let tagLine = line
                    let sigil = tag.first
                    let standalone = sigil == "#" || sigil == "^" || sigil == "/" || sigil == "!"
                    var after = end + 2
                    if standalone, let lineStart = standaloneStart(buffer), let lineEnd = standaloneEnd(after) {
                        buffer.removeLast(buffer.count - lineStart)
                        after = lineEnd
                    }
                    for i in index..<min(after, text.count) where text[i] == "\n" { line += 1 }
                    index = after
                    let name = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
                    switch sigil {
                    case "!": continue
                    case "/":
                        guard name == closing else {
                            throw Failure(
                                .badInput,
                                "\(path):\(tagLine): `{{/\(name)}}` closes nothing"
                                    + (closing.map { " (open: \($0))" } ?? ""))
                        }
                        if !buffer.isEmpty { nodes.append(.text(buffer)) }
                        return nodes
                    case "#", "^":
                        if !buffer.isEmpty { nodes.append(.text(buffer)) }
                        buffer = ""
                        let children = try parse(until: name)
                        nodes.append(.section(name, inverted: sigil == "^", children: children, line: tagLine))
                    default:
                        if !buffer.isEmpty { nodes.append(.text(buffer)) }
                        buffer = ""
                        nodes.append(.value(tag, line: tagLine))
                    }
                    continue
                }
                if text[index] == "\n" { line += 1 }
                buffer.append(text[index])
                index += 1
            }
            if let closing { throw Failure(.badInput, "\(path): `{{#\(closing)}}` is never closed") }
            if !buffer.isEmpty { nodes.append(.text(buffer)) }
            return nodes
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
}
