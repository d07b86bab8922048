import Foundation
import RelopsCore

/// One nginx directive: `name args...;` or `name args... { children }`, with its line.
struct NginxDirective: Sendable {
    let name: String
    let arguments: [String]
    let line: Int
    var children: [NginxDirective]?
    /// The repository file the directive is written in.
    var file = ""

    init(name: String, arguments: [String], line: Int, children: [NginxDirective]?) {
        self.name = name
        self.arguments = arguments
        self.line = line
        self.children = children
    }

    func child(_ name: String) -> NginxDirective? { children?.last { $0.name == name } }

    /// The directive and its children marked as written in `file`.
    func written(in file: String) -> NginxDirective {
        var out = self
        out.file = file
        out.children = children?.map { $0.written(in: file) }
        return out
    }
}

/// A minimal reader of nginx configuration files: words, quoted strings (with `\` escapes),
/// `#` comments, `;` and `{ }` blocks. Enough to find `location` blocks and their `root`,
/// `alias`, `return` and `try_files`; it does not evaluate `if`, `map` or `include`.
enum NginxConfig {
    struct ParseError: Error {
        let line: Int
        let message: String
    }

    /// Blocks nested deeper than this are refused (real configurations nest three or four deep),
    /// so a hostile file cannot exhaust the stack.
    static let maximumDepth = 64

    /// The top-level directives of `text`; unbalanced braces or quotes are an error with the line.
    static func parse(_ text: String) throws(ParseError) -> [NginxDirective] {
        var tokens = try tokenize(text)[...]
        let directives = try block(&tokens, closedBy: nil, depth: 0)
        return directives
    }

    enum Token {
        case word(String, line: Int)
        case open(line: Int), close(line: Int), end(line: Int)
    }

    static func tokenize(_ text: String) throws(ParseError) -> [Token] {
        var out: [Token] = []
        var chars = Array(text.unicodeScalars)[...]
        var line = 1
        var word = ""
        var wordLine = 1
        func flush() {
            if !word.isEmpty { out.append(.word(word, line: wordLine)) }
            word = ""
        }
        while let c = chars.popFirst() {
            switch c {
            case "\n":
                flush()
                line += 1
            case " ", "\t", "\r": flush()
            case "#" where word.isEmpty:
                while let next = chars.first, next != "\n" { chars.removeFirst() }
            case ";":
                flush()
                out.append(.end(line: line))
            case "{":
                flush()
                out.append(.open(line: line))
            case "}":
                flush()
                out.append(.close(line: line))
            case "\"", "'":
                if word.isEmpty { wordLine = line }
                let start = line
                var closed = false
                while let next = chars.popFirst() {
                    if next == c {
                        closed = true
                        break
                    }
                    if next == "\n" { line += 1 }
                    if next == "\\", let escaped = chars.popFirst() {
                        if escaped == "\n" { line += 1 }
                        word.unicodeScalars.append(escaped == "n" ? "\n" : escaped)
                        continue
                    }
                    word.unicodeScalars.append(next)
                }
                guard closed else { throw ParseError(line: start, message: "a quoted string is never closed") }
                // An empty quoted string is still an argument.
                if word.isEmpty { out.append(.word("", line: start)) }
            default:
                if word.isEmpty { wordLine = line }
                word.unicodeScalars.append(c)
            }
        }
        flush()
        return out
    }

    static func block(_ tokens: inout ArraySlice<Token>, closedBy open: Int?, depth: Int) throws(ParseError)
        -> [NginxDirective]
    {
        if depth > maximumDepth {
            throw ParseError(line: open ?? 1, message: "blocks nested more than \(maximumDepth) deep")
        }
        var directives: [NginxDirective] = []
        var words: [(String, Int)] = []
        while let token = tokens.popFirst() {
            switch token {
            case .word(let w, let line): words.append((w, line))
            case .end(let line):
                guard let first = words.first else { throw ParseError(line: line, message: "unexpected \";\"") }
                directives.append(
                    NginxDirective(name: first.0, arguments: words.dropFirst().map(\.0), line: first.1, children: nil))
                words = []
            case .open(let line):
                guard let first = words.first else { throw ParseError(line: line, message: "unexpected \"{\"") }
                let children = try block(&tokens, closedBy: line, depth: depth + 1)
                directives.append(
                    NginxDirective(
                        name: first.0, arguments: words.dropFirst().map(\.0), line: first.1, children: children))
                words = []
            case .close(let line):
                guard open != nil else { throw ParseError(line: line, message: "unexpected \"}\"") }
                if let first = words.first {
                    throw ParseError(line: first.1, message: "\"\(first.0)\" is not terminated by \";\"")
                }
                return directives
            }
        }
        if let open { throw ParseError(line: open, message: "the block opened here is never closed") }
        if let first = words.first {
            throw ParseError(line: first.1, message: "\"\(first.0)\" is not terminated by \";\"")
        }
        return directives
    }
}

/// What a server's location gives for one URI: the location nginx picks, and the `root`,
/// `alias`, `return` and `try_files` in force there.
struct NginxRoute {
    let location: NginxDirective
    /// The location's pattern as written (`= /.well-known/assetlinks.json`, `^~ /.well-known/`).
    let pattern: String
    /// Regex captures ($1...) when the location is a regex.
    let captures: [String]
    /// `root` in force (the location's, else the server's, else http's).
    let root: String?
    /// True when the location is a regex relops cannot compile: nginx may choose it for the URI,
    /// so what is served there is not known.
    var unreadableRegex = false

    /// The location nginx chooses for `uri` among `locations` (nested ones included): an exact
    /// `=` match, else the longest prefix when it is `^~`, else the first regex that matches,
    /// else the longest prefix.
    static func choose(_ uri: String, in scope: [NginxDirective], inheritedRoot: String?, regexes engine: NginxRegexes)
        -> NginxRoute?
    {
        let root = scope.last { $0.name == "root" }?.arguments.first ?? inheritedRoot
        var bestPrefix: (NginxDirective, String, Bool)?
        var regexes: [(NginxDirective, String, Bool)] = []
        for location in scope where location.name == "location" && location.children != nil {
            let args = location.arguments
            guard let last = args.last else { continue }
            let modifier = args.count > 1 ? args[0] : ""
            switch modifier {
            case "=":
                if last == uri { return route(location, "= \(last)", [], root, uri, engine) }
            case "~", "~*":
                // Evaluated in order below, as nginx tries them; one that cannot be read keeps its place.
                regexes.append((location, last, modifier == "~*"))
            case "", "^~":
                if uri.hasPrefix(last), last.count > (bestPrefix?.1.count ?? -1) {
                    bestPrefix = (location, last, modifier == "^~")
                }
            default: continue
            }
        }
        if let (location, prefix, stop) = bestPrefix, stop {
            return route(location, "^~ \(prefix)", [], root, uri, engine)
        }
        for (location, pattern, caseInsensitive) in regexes {
            switch engine.evaluate(pattern, caseInsensitive: caseInsensitive, on: uri) {
            case .noMatch: continue
            case .unreadable:
                var unknown = route(location, location.arguments.joined(separator: " "), [], root, uri, engine)
                unknown.unreadableRegex = true
                return unknown
            case .match(let captures):
                return route(location, location.arguments.joined(separator: " "), captures, root, uri, engine)
            }
        }
        if let (location, prefix, _) = bestPrefix { return route(location, prefix, [], root, uri, engine) }
        return nil
    }

    /// The route through `location`, or through a nested location that matches more closely.
    static func route(
        _ location: NginxDirective, _ pattern: String, _ captures: [String], _ root: String?, _ uri: String,
        _ engine: NginxRegexes
    ) -> NginxRoute {
        let here = location.child("root")?.arguments.first ?? root
        if let nested = location.children, nested.contains(where: { $0.name == "location" }),
            let inner = choose(uri, in: nested, inheritedRoot: here, regexes: engine)
        {
            return inner
        }
        return NginxRoute(location: location, pattern: pattern, captures: captures, root: here)
    }

    /// Replaces `$1`...`$9` with the captures; nil when another variable is left.
    func substitute(_ text: String, uri: String) -> String? {
        var out = text.replacingOccurrences(of: "$uri", with: uri).replacingOccurrences(
            of: "$request_uri", with: uri)
        for (i, capture) in captures.enumerated().reversed() {
            out = out.replacingOccurrences(of: "$\(i + 1)", with: capture)
        }
        return out.contains("$") ? nil : out
    }
}
