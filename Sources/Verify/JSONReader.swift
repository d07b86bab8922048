import RelopsCore

/// Why a body is not JSON: what was wrong and where (1-based line and column).
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String { "\(line):\(column): \(message)" }
}

/// A strict RFC 8259 JSON reader that keeps object key order (and duplicate keys, so a check can
/// report them). Nesting is bounded, so hostile input ends in an error, never a crash.
enum JSONReader {
    static let maxDepth = 64

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = Cursor(bytes: bytes)
        // A UTF-8 byte order mark is tolerated, as most servers' JSON libraries do.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.fail("unexpected text after the JSON value") }
        return value
    }

    struct Cursor {
        let bytes: [UInt8]
        var index = 0

        func fail(_ message: String) -> JSONSyntaxError {
            var line = 1, column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return JSONSyntaxError(line: line, column: column, message: message)
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let c = current, c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { index += 1 }
        }

        mutating func expect(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
                throw fail("unexpected character")
            }
            index += w.count
            return value
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            guard depth < JSONReader.maxDepth else { throw fail("nested deeper than \(JSONReader.maxDepth) levels") }
            guard let c = current else { throw fail("unexpected end of input") }
            switch c {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw fail(c == UInt8(ascii: "<") ? "unexpected '<' (an HTML page?)" : "unexpected character")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            index += 1
            var pairs: [(String, JSONValue)] = []
            skipSpace()
            if current == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string()
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                index += 1
                skipSpace()
                pairs.append((key, try value(depth: depth + 1)))
                skipSpace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                if current == UInt8(ascii: "}") { index += 1; return .object(pairs) }
                throw fail("expected ',' or '}' in an object")
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if current == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                if current == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw fail("expected ',' or ']' in an array")
            }
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw fail("bad hex digit in \\u escape")
                }
                v = v * 16 + d
                index += 1
            }
            return v
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            var out: [UInt8] = []
            while true {
                guard let c = current else { throw fail("unterminated string") }
                index += 1
                if c == UInt8(ascii: "\"") { break }
                if c < 0x20 { index -= 1; throw fail("control character in a string") }
                guard c == UInt8(ascii: "\\") else { out.append(c); continue }
                guard let e = current else { throw fail("unterminated escape") }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("lone surrogate in \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("lone surrogate in \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("unknown escape")
                }
            }
            guard let text = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8") }
            return text
        }

        mutating func number() throws(JSONSyntaxError) -> JSONValue {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            func digits(_ c: inout Cursor) -> Int {
                var n = 0
                while let d = c.current, d >= UInt8(ascii: "0") && d <= UInt8(ascii: "9") { c.index += 1; n += 1 }
                return n
            }
            if current == UInt8(ascii: "0") { index += 1 } else if digits(&self) == 0 { throw fail("bad number") }
            var integral = true
            if current == UInt8(ascii: ".") {
                index += 1
                integral = false
                guard digits(&self) > 0 else { throw fail("bad number") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                integral = false
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw fail("bad number") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if integral, let i = Int(text) { return .int(i) }
            guard let d = Double(text) else { throw fail("bad number") }
            return .double(d)
        }
    }
}

extension JSONValue {
    /// The value of `key` in an object (the first, when a key repeats).
    subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    var objectPairs: [(String, JSONValue)]? { if case .object(let p) = self { return p } else { return nil } }

    /// Compact JSON with object keys sorted and whole-number doubles written as integers: equal
    /// texts mean equal JSON values.
    var canonicalText: String {
        switch self {
        case .object(let pairs):
            return "{"
                + pairs.sorted { $0.0 < $1.0 }.map {
                    JSONValue.string($0.0).rendered(pretty: false) + ":" + $0.1.canonicalText
                }
                .joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return String(Int(d))
        default: return rendered(pretty: false)
        }
    }

    /// Equality as JSON means it: object key order does not matter, 1 equals 1.0.
    func sameJSON(as other: JSONValue) -> Bool { differences(from: other, path: "$", limit: 1).isEmpty }

    /// Where `self` and `other` differ, as `path: a vs b` lines (at most `limit`).
    func differences(from other: JSONValue, path: String, limit: Int) -> [String] {
        var out: [String] = []
        collectDifferences(other, path, limit, &out)
        return out
    }

    private func collectDifferences(_ other: JSONValue, _ path: String, _ limit: Int, _ out: inout [String]) {
        guard out.count < limit else { return }
        switch (self, other) {
        case let (.object(a), .object(b)):
            let aKeys = a.map(\.0)
            for (k, v) in a {
                if let w = b.first(where: { $0.0 == k })?.1 {
                    v.collectDifferences(w, path + "." + k, limit, &out)
                } else if out.count < limit {
                    out.append("\(path).\(k): only in the first (\(v.rendered(pretty: false).prefixed(80)))")
                }
            }
            for (k, w) in b where !aKeys.contains(k) && out.count < limit {
                out.append("\(path).\(k): only in the second (\(w.rendered(pretty: false).prefixed(80)))")
            }
        case let (.array(a), .array(b)):
            if a.count != b.count { out.append("\(path): \(a.count) items vs \(b.count)"); return }
            for (i, (v, w)) in zip(a, b).enumerated() { v.collectDifferences(w, "\(path)[\(i)]", limit, &out) }
        case let (.int(a), .double(b)) where Double(a) == b: return
        case let (.double(a), .int(b)) where a == Double(b): return
        default:
            if self != other {
                out.append(
                    "\(path): \(rendered(pretty: false).prefixed(80)) vs \(other.rendered(pretty: false).prefixed(80))")
            }
        }
    }
}

extension String {
    /// At most `n` characters, with an ellipsis when cut.
    func prefixed(_ n: Int) -> String { count <= n ? self : String(prefix(n)) + "…" }
}
