import CommandLine
import RelopsCore

/// One line of a ```relops``` block, split into words with shell-like quoting but never given to
/// a shell: `'...'` is literal, `"..."` allows `\"` `\\` `\$` and `` \` ``, `\` escapes one
/// character outside quotes, a `#` that starts a word starts a comment, a trailing `\` continues
/// the line. Shell operators (`|`, `;`, `&`, `<`, `>`, `` ` ``, `$`, `(`, `)`) outside quotes are
/// refused, so nobody mistakes the block for a script.
public struct RelopsCommandLine: Sendable, Equatable {
    /// A word and whether it was exactly one unquoted `{{name}}`.
    public struct Word: Sendable, Equatable {
        public let text: String
        /// The variable's name when the word was written as a bare `{{name}}`.
        public let barePlaceholder: String?
    }

    /// The words after `relops`.
    public let words: [Word]
    /// The line in the runbook.
    public let line: Int

    /// The line as a person reads it (placeholders not filled).
    public var display: String {
        (["relops"] + words.map { quoteForDisplay($0.text) }).joined(separator: " ")
    }

    /// True when the command only reads, as its spec in the registered relops command tree says
    /// (`CommandSpec.writes`: scan, verify, a preview without --apply, ...; `--help` and
    /// `--version` only read).
    public var onlyReads: Bool { onlyReads(in: RelopsCommands.root) }

    /// True when the command only reads, as its spec in the command tree `root` says.
    public func onlyReads(in root: CommandSpec) -> Bool {
        !root.writes(words.map(\.text))
    }

    /// Parses a whole block: one command per line, `#` comment lines and blank lines skipped.
    static func parseBlock(_ text: String, firstLine: Int, path: String) throws(Failure) -> [RelopsCommandLine] {
        var commands: [RelopsCommandLine] = []
        var pending = ""
        var pendingLine = firstLine
        let lines = text.components(separatedBy: "\n")
        for (offset, raw) in lines.enumerated() {
            if pending.isEmpty { pendingLine = firstLine + offset }
            if raw.hasSuffix("\\") && !raw.hasSuffix("\\\\") {
                pending += raw.dropLast() + " "
                continue
            }
            let full = pending + raw
            pending = ""
            if let command = try parse(full, line: pendingLine, path: path) { commands.append(command) }
        }
        if !pending.isEmpty, let command = try parse(pending, line: pendingLine, path: path) {
            commands.append(command)
        }
        return commands
    }

    /// Parses one command line; nil for a blank or comment line.
    static func parse(_ text: String, line: Int, path: String) throws(Failure) -> RelopsCommandLine? {
        func fail(_ message: String) -> Failure { Failure(.badInput, "\(path):\(line): \(message)") }
        var words: [Word] = []
        var current = ""
        var inWord = false
        var quoted = false
        var chars = Array(text)
        var i = 0
        func endWord() {
            if inWord {
                let bare = !quoted ? Placeholders.bareName(current) : nil
                words.append(Word(text: current, barePlaceholder: bare))
            }
            current = ""
            inWord = false
            quoted = false
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case " ", "\t":
                endWord()
            case "#" where !inWord:
                chars = Array(chars[..<i])
                continue
            case "'":
                inWord = true
                quoted = true
                guard let close = chars[(i + 1)...].firstIndex(of: "'") else { throw fail("unclosed `'`") }
                current += String(chars[(i + 1)..<close])
                i = close
            case "\"":
                inWord = true
                quoted = true
                var j = i + 1
                var closed = false
                while j < chars.count {
                    if chars[j] == "\\", j + 1 < chars.count, "\"\\$`".contains(chars[j + 1]) {
                        current.append(chars[j + 1])
                        j += 2
                        continue
                    }
                    if chars[j] == "\"" {
                        closed = true
                        break
                    }
                    current.append(chars[j])
                    j += 1
                }
                guard closed else { throw fail("unclosed `\"`") }
                i = j
            case "\\":
                inWord = true
                quoted = true
                guard i + 1 < chars.count else { throw fail("a `\\` at the end of the line escapes nothing") }
                current.append(chars[i + 1])
                i += 1
            case "|", ";", "&", "<", ">", "`", "$", "(", ")":
                throw fail(
                    "`\(c)` is shell syntax; a ```relops``` block runs one relops command per line without a shell (quote the character if it is part of a value)"
                )
            default:
                inWord = true
                current.append(c)
            }
            i += 1
        }
        endWord()
        guard let first = words.first else { return nil }
        guard first.text == "relops" else {
            throw fail(
                "a ```relops``` line must start with `relops`, not `\(first.text)` (use a ```sh``` block for other commands)"
            )
        }
        return RelopsCommandLine(words: Array(words.dropFirst()), line: line)
    }
}

/// Splits a value into words with the same quoting as a ```relops``` line (for `arguments: true`
/// variables); operators are ordinary characters here, since nothing is ever run by a shell.
public func splitArguments(_ text: String) throws(Failure) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for c in text {
        if escaped {
            current.append(c)
            escaped = false
        } else if let q = quote {
            if c == q { quote = nil } else if c == "\\" && q == "\"" { escaped = true } else { current.append(c) }
        } else if c == "'" || c == "\"" {
            quote = c
            inWord = true
        } else if c == "\\" {
            escaped = true
            inWord = true
        } else if c == " " || c == "\t" || c == "\n" {
            if inWord { words.append(current) }
            current = ""
            inWord = false
        } else {
            current.append(c)
            inWord = true
        }
    }
    if quote != nil { throw Failure(.usage, "unclosed quote in `\(text)`") }
    if inWord { words.append(current) }
    return words
}

/// A word quoted so a person could paste it into a shell.
func quoteForDisplay(_ word: String) -> String {
    if word.isEmpty { return "''" }
    let plain = word.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || "-_./:=,@%+{}".unicodeScalars.contains($0)
    }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// `{{name}}` placeholders (spaces inside the braces allowed), read by relops' one template engine.
enum Placeholders {
    static func isName(_ text: String) -> Bool { Template.isName(text) }

    /// The names used in `text`, in order of appearance.
    static func names(in text: String) -> [String] { Template.placeholderNames(in: text) }

    /// The name when `text` is exactly one placeholder.
    static func bareName(_ text: String) -> String? { Template.bareName(text) }

    /// `text` with each placeholder replaced by `value(name)`.
    static func replace(in text: String, _ value: (String) -> String) -> String {
        Template.substitute(in: text, value)
    }
}
