import RelopsCore

/// An edit the JSON(C) editor refuses: the key is missing, is not an array of strings, or the
/// result would not hold what was asked.
public struct JSONCEditError: RelopsFailure, Sendable {
    public let category: FailureCategory
    public let message: String

    public init(_ message: String, category: FailureCategory = .badInput) {
        self.category = category
        self.message = message
    }

    public var description: String { message }
}

/// Edits one string array in a JSON(C) document and keeps every byte outside the array's
/// elements: comments, key order, indentation, line endings, a byte order mark.
///
/// A new element is indented like its siblings; an element alone on its line is removed with its
/// line. Each step is re-parsed, and the result is checked to hold exactly the asked values.
public enum JSONCEditor {
    /// The document's bytes with the array at `keyPath` holding `values`: elements already equal
    /// to a value stay where they are, others are removed (or the first one replaced), missing
    /// values are appended in order.
    public static func setStringArray(_ document: JSONCDocument, at keyPath: [String], to values: [String])
        throws(JSONCEditError) -> [UInt8]
    {
        let keyName = keyPath.joined(separator: ":")
        guard !values.isEmpty else { throw JSONCEditError("\(document.path): refusing to leave \(keyName) empty") }
        guard let node = document.node(at: keyPath) else {
            throw JSONCEditError("\(document.path): no key \(keyName)")
        }
        guard node.elements != nil else {
            let (line, column) = document.location(of: node.range.lowerBound)
            throw JSONCEditError("\(document.path):\(line):\(column): \(keyName) is not an array")
        }
        var desired: [String] = []
        for value in values where !desired.contains(value) { desired.append(value) }

        var current = document
        for _ in 0..<10_000 {
            guard let array = current.node(at: keyPath), let elements = array.elements else { break }
            let strings = elements.map(\.string)
            var kept = Set<String>()
            var keep = [Bool](repeating: false, count: elements.count)
            for (i, s) in strings.enumerated() {
                if let s, desired.contains(s), kept.insert(s).inserted { keep[i] = true }
            }
            let edits: [Edit]
            if !elements.isEmpty && !keep.contains(true) {
                edits = [Edit(range: elements[0].range, text: quoted(desired[0]))]
            } else if let drop = keep.lastIndex(of: false) {
                edits = removal(of: drop, in: array, current.bytes)
            } else if let missing = desired.first(where: { !kept.contains($0) }) {
                edits = appending(missing, to: array, current)
            } else {
                return current.bytes
            }
            current = try reparse(apply(edits, to: current.bytes), like: current)
        }
        throw JSONCEditError(
            "\(document.path): internal error: the edit of \(keyName) did not settle", category: .couldNotCheck)
    }

    struct Edit {
        let range: Range<Int>
        let text: [UInt8]
    }

    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(edit.range, with: edit.text)
        }
        return out
    }

    static func reparse(_ bytes: [UInt8], like document: JSONCDocument) throws(JSONCEditError) -> JSONCDocument {
        do {
            return try JSONCDocument(bytes: bytes, path: document.path)
        } catch {
            throw JSONCEditError("internal error: the edited text does not parse: \(error)", category: .couldNotCheck)
        }
    }

    static func quoted(_ value: String) -> [UInt8] { Array(JSONValue.string(value).rendered().utf8) }

    /// Removes element `i`: with its whole line when it stands alone on one, else with the
    /// separator between it and a neighbour.
    static func removal(of i: Int, in array: JSONCNode, _ bytes: [UInt8]) -> [Edit] {
        let elements = array.elements ?? []
        let element = elements[i]
        if beginsLine(element.range.lowerBound, bytes), let end = endOfLine(after: element.range.upperBound, bytes) {
            var edits = [Edit(range: lineStart(element.range.lowerBound, bytes)..<end, text: [])]
            if i == elements.count - 1, array.commas[i] == nil, i > 0, let comma = array.commas[i - 1] {
                edits.append(Edit(range: comma..<(comma + 1), text: []))
            }
            return edits
        }
        if elements.count == 1 { return [Edit(range: element.range, text: [])] }
        if i == elements.count - 1 {
            return [Edit(range: elements[i - 1].range.upperBound..<element.range.upperBound, text: [])]
        }
        return [Edit(range: element.range.lowerBound..<elements[i + 1].range.lowerBound, text: [])]
    }

    /// Appends `value` after the last element, on a line of its own when the last element has one.
    static func appending(_ value: String, to array: JSONCNode, _ document: JSONCDocument) -> [Edit] {
        let bytes = document.bytes
        let elements = array.elements ?? []
        let text = quoted(value)
        let newline = document.lineEnding
        guard let last = elements.last else {
            let open = array.range.lowerBound
            let close = array.range.upperBound - 1
            guard bytes[(open + 1)..<close].contains(0x0A) else {
                return [Edit(range: (open + 1)..<(open + 1), text: text)]
            }
            let indent = indentation(close, bytes) + indentUnit(bytes)
            return [Edit(range: (open + 1)..<(open + 1), text: newline + indent + text)]
        }
        var separator: [UInt8] = [0x20]
        if beginsLine(last.range.lowerBound, bytes) {
            separator = newline + indentation(last.range.lowerBound, bytes)
        } else if elements.count >= 2, let comma = array.commas[elements.count - 2] {
            let gap = bytes[(comma + 1)..<last.range.lowerBound]
            if gap.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { separator = Array(gap) }
        }
        if let comma = array.commas[elements.count - 1] {
            let at = afterSameLineComment(comma + 1, bytes)
            if at != comma + 1 && !separator.contains(0x0A) {
                separator = newline + indentation(last.range.lowerBound, bytes)
            }
            return [Edit(range: at..<at, text: separator + text + [UInt8(ascii: ",")])]
        }
        let commaAt = last.range.upperBound
        let valueAt = afterSameLineComment(commaAt, bytes)
        if valueAt == commaAt { return [Edit(range: commaAt..<commaAt, text: [UInt8(ascii: ",")] + separator + text)] }
        if !separator.contains(0x0A) { separator = newline + indentation(last.range.lowerBound, bytes) }
        return [
            Edit(range: commaAt..<commaAt, text: [UInt8(ascii: ",")]),
            Edit(range: valueAt..<valueAt, text: separator + text),
        ]
    }

    static func lineStart(_ offset: Int, _ bytes: [UInt8]) -> Int {
        var i = offset
        while i > 0 && bytes[i - 1] != 0x0A { i -= 1 }
        return i
    }

    static func beginsLine(_ offset: Int, _ bytes: [UInt8]) -> Bool {
        bytes[lineStart(offset, bytes)..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    static func indentation(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
        Array(bytes[lineStart(offset, bytes)...].prefix { $0 == 0x20 || $0 == 0x09 })
    }

    /// The smallest indentation in the document, as its unit (two spaces when nothing is indented).
    static func indentUnit(_ bytes: [UInt8]) -> [UInt8] {
        var best: [UInt8]?
        var i = 0
        while i < bytes.count {
            let indent = bytes[i...].prefix { $0 == 0x20 || $0 == 0x09 }
            if !indent.isEmpty, best == nil || indent.count < best!.count { best = Array(indent) }
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            i += 1
        }
        return best ?? [0x20, 0x20]
    }

    /// After `offset` (skipping blanks and a `//` comment): the position of the line's end, when
    /// the rest of the line holds nothing else.
    static func afterSameLineComment(_ offset: Int, _ bytes: [UInt8]) -> Int {
        var i = offset
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") else {
            return offset
        }
        while i < bytes.count && bytes[i] != 0x0A { i += 1 }
        if i > 0 && bytes[i - 1] == 0x0D { i -= 1 }
        return i
    }

    /// The offset just past the newline that ends the line of an element ending at `offset`, when
    /// only its comma, blanks and a `//` comment follow it on that line.
    static func endOfLine(after offset: Int, _ bytes: [UInt8]) -> Int? {
        var i = offset
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        if i < bytes.count && bytes[i] == UInt8(ascii: ",") { i += 1 }
        i = afterSameLineComment(i, bytes)
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        if i < bytes.count && bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count && bytes[i] == 0x0A else { return nil }
        return i + 1
    }
}
