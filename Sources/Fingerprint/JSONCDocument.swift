import RelopsCore

/// A JSON value in a `JSONCDocument`, with the byte range of its text.
public struct JSONCNode: Sendable {
    /// What the value is; containers hold their children.
    public enum Kind: Sendable {
        case object([JSONCMember])
        case array([JSONCNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    public let kind: Kind
    /// The value's bytes in the document, from its first to its last byte (quotes and brackets included).
    public let range: Range<Int>
    /// For an array: the offset of the comma after each element, or nil where there is none.
    public let commas: [Int?]

    /// The string, for a string value.
    public var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    /// The elements, for an array.
    public var elements: [JSONCNode]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    /// The members, for an object.
    public var members: [JSONCMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The member named `key`, compared without case as .NET configuration does; the last wins.
    public func member(_ key: String) -> JSONCMember? {
        members?.last { $0.key.lowercased() == key.lowercased() }
    }

    /// A plain `JSONValue` of this node (objects keep their order).
    public var value: JSONValue {
        switch kind {
        case .object(let members): return .object(members.map { ($0.key, $0.value.value) })
        case .array(let items): return .array(items.map(\.value))
        case .string(let s): return .string(s)
        case .number(let n): return Int(n).map { .int($0) } ?? .double(Double(n) ?? 0)
        case .bool(let b): return .bool(b)
        case .null: return .null
        }
    }
}

/// One `"key": value` member of an object.
public struct JSONCMember: Sendable {
    public let key: String
    /// The key's bytes, quotes included.
    public let keyRange: Range<Int>
    public let value: JSONCNode
}

/// A JSON(C) text that could not be parsed, located like a compiler error.
public struct JSONCError: RelopsFailure, Sendable {
    public let category = FailureCategory.badInput
    /// The file (or label) the text came from.
    public let path: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(path):\(line):\(column): \(message)" }
}

/// A parsed JSON text that keeps its bytes, so edits can keep everything they do not touch.
///
/// The lenient mode reads .NET's `appsettings.json` dialect: `//` and `/* */` comments, trailing
/// commas and a UTF-8 byte order mark; a key given twice (ignoring case) is refused, as .NET does.
/// The strict mode reads RFC 8259 JSON, as served association documents must be.
public struct JSONCDocument: Sendable {
    /// The document's bytes exactly as read.
    public let bytes: [UInt8]
    /// Where the text came from, for messages.
    public let path: String
    /// The top-level value.
    public let root: JSONCNode

    /// Parses `bytes`; `strict` refuses comments, trailing commas and a byte order mark.
    /// The lenient mode (a configuration file) first refuses text that is not UTF-8 or holds a lone
    /// surrogate escape (`ConfigText`), so nothing is rendered or written from a mangled value.
    public init(bytes: [UInt8], path: String, strict: Bool = false) throws(JSONCError) {
        if !strict, let problem = ConfigText.firstProblem(in: bytes) {
            throw JSONCError(path: path, line: problem.line, column: problem.column, message: problem.reason)
        }
        self.bytes = bytes
        self.path = path
        var parser = JSONCParser(bytes: bytes, path: path, strict: strict)
        root = try parser.parseDocument()
    }

    /// Parses UTF-8 text.
    public init(text: String, path: String, strict: Bool = false) throws(JSONCError) {
        try self.init(bytes: Array(text.utf8), path: path, strict: strict)
    }

    /// The value at a key path (`["AppAssociation", "AndroidCertFingerprints"]`), keys compared without
    /// case. A decimal key indexes an array, as .NET configuration's `Section:0` does
    /// (`["0", "target", "sha256_cert_fingerprints"]` in an assetlinks.json).
    public func node(at keyPath: [String]) -> JSONCNode? {
        var node = root
        for key in keyPath {
            if let elements = node.elements {
                guard let i = Int(key), key.allSatisfy(\.isASCII), i >= 0, i < elements.count else { return nil }
                node = elements[i]
                continue
            }
            guard let member = node.member(key) else { return nil }
            node = member.value
        }
        return node
    }

    /// The 1-based line and column (in bytes) of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        lineColumn(bytes, offset)
    }

    /// The line ending the document uses: CRLF when its first line ends so, else LF.
    public var lineEnding: [UInt8] {
        guard let lf = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
        return lf > 0 && bytes[lf - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }
}

func lineColumn(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
    }
    return (line, offset - lineStart + 1)
}

private struct JSONCParser {
    let bytes: [UInt8]
    let path: String
    let strict: Bool
    var index = 0
    var depth = 0
    static let maximumDepth = 200

    init(bytes: [UInt8], path: String, strict: Bool) {
        self.bytes = bytes
        self.path = path
        self.strict = strict
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONCError {
        let (line, column) = lineColumn(bytes, offset ?? index)
        return JSONCError(path: path, line: line, column: column, message: message)
    }

    mutating func parseDocument() throws(JSONCError) -> JSONCNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            if strict { throw fail("a byte order mark is not allowed here") }
            index = 3
        }
        try skipTrivia()
        guard index < bytes.count else { throw fail("no JSON value") }
        let root = try parseValue()
        try skipTrivia()
        if index < bytes.count { throw fail("unexpected \(describe(bytes[index])) after the JSON value") }
        return root
    }

    mutating func skipTrivia() throws(JSONCError) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && !strict:
                let start = index
                if bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                } else if bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count
                        && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    guard index + 1 < bytes.count else { throw fail("unterminated /* comment", at: start) }
                    index += 2
                } else {
                    return
                }
            default:
                return
            }
        }
    }

    mutating func parseValue() throws(JSONCError) -> JSONCNode {
        guard index < bytes.count else { throw fail("unexpected end of text, expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseContainer(object: true)
        case UInt8(ascii: "["): return try parseContainer(object: false)
        case UInt8(ascii: "\""): return JSONCNode(kind: .string(try parseString()), range: start..<index, commas: [])
        case UInt8(ascii: "t"):
            try literal("true"); return JSONCNode(kind: .bool(true), range: start..<index, commas: [])
        case UInt8(ascii: "f"):
            try literal("false"); return JSONCNode(kind: .bool(false), range: start..<index, commas: [])
        case UInt8(ascii: "n"): try literal("null"); return JSONCNode(kind: .null, range: start..<index, commas: [])
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
            return JSONCNode(
                kind: .number(String(decoding: bytes[start..<index], as: UTF8.self)), range: start..<index,
                commas: [])
        default:
            throw fail("unexpected \(describe(bytes[index])), expected a value")
        }
    }

    mutating func parseContainer(object: Bool) throws(JSONCError) -> JSONCNode {
        let start = index
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONCParser.maximumDepth else {
            throw fail("nested deeper than \(JSONCParser.maximumDepth) levels")
        }
        let close = UInt8(ascii: object ? "}" : "]")
        index += 1
        var members: [JSONCMember] = []
        var items: [JSONCNode] = []
        var commas: [Int?] = []
        var seen: Set<String> = []
        try skipTrivia()
        while true {
            guard index < bytes.count else { throw fail("unterminated \(object ? "object" : "array")", at: start) }
            if bytes[index] == close { break }
            if object {
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("unexpected \(describe(bytes[index])), expected a \"key\"")
                }
                let keyStart = index
                let key = try parseString()
                let keyRange = keyStart..<index
                if !strict && !seen.insert(key.lowercased()).inserted {
                    throw fail("duplicate key \"\(key)\" (.NET configuration refuses a key given twice)", at: keyStart)
                }
                try skipTrivia()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after the key \"\(key)\"")
                }
                index += 1
                try skipTrivia()
                members.append(JSONCMember(key: key, keyRange: keyRange, value: try parseValue()))
            } else {
                items.append(try parseValue())
            }
            try skipTrivia()
            guard index < bytes.count else { throw fail("unterminated \(object ? "object" : "array")", at: start) }
            if bytes[index] == UInt8(ascii: ",") {
                let comma = index
                commas.append(comma)
                index += 1
                try skipTrivia()
                if strict && index < bytes.count && bytes[index] == close { throw fail("trailing comma", at: comma) }
                continue
            }
            commas.append(nil)
            guard bytes[index] == close else {
                throw fail(
                    "unexpected \(describe(bytes[index])), expected ',' or '\(Character(Unicode.Scalar(close)))'")
            }
        }
        index += 1
        return JSONCNode(kind: object ? .object(members) : .array(items), range: start..<index, commas: commas)
    }

    mutating func literal(_ word: String) throws(JSONCError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected)
        else {
            throw fail("unexpected \(describe(bytes[index])), expected a value")
        }
        index += expected.count
    }

    mutating func parseNumber() throws(JSONCError) {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw fail("malformed number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw fail("malformed number", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw fail("malformed number", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            if digits() == 0 { throw fail("malformed number", at: start) }
        }
    }

    mutating func parseString() throws(JSONCError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: start) }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            if c < 0x20 { throw fail("control character \(describe(c)) in a string (escape it)") }
            if c != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(index)
            guard index + 1 < bytes.count else { throw fail("unterminated string", at: start) }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        scalars.append("\u{FFFD}")
                        code = low
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                throw fail("invalid escape \\\(describe(escape)) in a string", at: index - 2)
            }
            run = index
        }
    }

    mutating func hex4() throws(JSONCError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexValue(bytes[index]) else { throw fail("\\u needs four hex digits") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + hexByte(byte, upper: true)
    }
}
