/// A JSON value whose objects keep their key order, so output is stable and diffable.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// An optional string as a string or null.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    /// An optional int as an int or null.
    public static func int(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }

    /// The JSON text; `pretty` indents by two spaces. Always ends without a newline.
    public func rendered(pretty: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(into: &out, indent: pretty ? 0 : nil)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .int(let i): out += String(i).utf8
        case .double(let d): out += (d.isFinite ? String(d) : "null").utf8
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]".utf8
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if let indent { JSONValue.newline(&out, indent + 1) }
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { JSONValue.newline(&out, indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty {
                out += "{}".utf8
                return
            }
            out.append(UInt8(ascii: "{"))
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if let indent { JSONValue.newline(&out, indent + 1) }
                JSONValue.writeString(pair.0, into: &out)
                out += (indent == nil ? ":" : ": ").utf8
                pair.1.write(into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { JSONValue.newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// True when some byte of `word` is `"`, `\\` or below 0x20 (exact when false: such a word can
    /// be copied as it is). The zero-byte and below-n tests of "Bit Twiddling Hacks".
    @inline(__always) static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ y: UInt64) -> UInt64 { (y &- ones) & ~y & highs }
        let quote = hasZero(word ^ (ones &* 0x22)), backslash = hasZero(word ^ (ones &* 0x5C))
        let control = (word &- ones &* 0x20) & ~word & highs
        return quote | backslash | control != 0
    }

    /// A JSON string literal: UTF-8 bytes copied as they are, except `"`, `\\` and control characters.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // A native string's bytes in place (no copy of the string, so no reference count to
        // touch); any other string (bridged, never in relops) through a copy.
        if s.utf8.withContiguousStorageIfAvailable({ escape($0, into: &out) }) == nil {
            var copy = s
            copy.withUTF8 { escape($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The escaped bytes of a string literal's body.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        var i = 0
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while i < bytes.count {
            // Eight bytes at a time past the ones that need no escape (most of any text).
            if let raw, i &+ 8 <= bytes.count, !mayNeedEscape(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i &+= 8
                continue
            }
            let byte = bytes[i]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else {
                i += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            switch byte {
            case 0x22: out += "\\\"".utf8
            case 0x5C: out += "\\\\".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            default:
                let hex = Array("0123456789abcdef".utf8)
                out += "\\u00".utf8
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
            runStart = i + 1
            i += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}

extension JSONValue {
    /// The value of `key` in an object (the first, when a key repeats; keys compared exactly).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The string, for a string value.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The items, for an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The key-value pairs in order, repeated keys included, for an object.
    public var objectPairs: [(String, JSONValue)]? { if case .object(let p) = self { return p } else { return nil } }

    /// Compact JSON with object keys sorted and whole-number doubles written as integers: equal
    /// texts mean equal JSON values.
    public var canonicalText: String {
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
    public func sameJSON(as other: JSONValue) -> Bool { differences(from: other, path: "$", limit: 1).isEmpty }

    /// Where `self` and `other` differ, as `path: a vs b` lines (at most `limit`); `names` say
    /// which side a value is only in.
    public func differences(
        from other: JSONValue, path: String, limit: Int, names: (String, String) = ("the first", "the second")
    ) -> [String] {
        var out: [String] = []
        collectDifferences(other, path, limit, names, &out)
        return out
    }

    private func collectDifferences(
        _ other: JSONValue, _ path: String, _ limit: Int, _ names: (String, String), _ out: inout [String]
    ) {
        guard out.count < limit else { return }
        switch (self, other) {
        case let (.object(a), .object(b)):
            let aKeys = a.map(\.0)
            for (k, v) in a {
                if let w = b.first(where: { $0.0 == k })?.1 {
                    v.collectDifferences(w, path + "." + k, limit, names, &out)
                } else if out.count < limit {
                    out.append("\(path).\(k): only in \(names.0) (\(v.rendered(pretty: false).prefixed(160)))")
                }
            }
            for (k, w) in b where !aKeys.contains(k) && out.count < limit {
                out.append("\(path).\(k): only in \(names.1) (\(w.rendered(pretty: false).prefixed(160)))")
            }
        case let (.array(a), .array(b)):
            if a.count != b.count { out.append("\(path): \(a.count) items vs \(b.count)"); return }
            for (i, (v, w)) in zip(a, b).enumerated() { v.collectDifferences(w, "\(path)[\(i)]", limit, names, &out) }
        case let (.int(a), .double(b)) where Double(a) == b: return
        case let (.double(a), .int(b)) where a == Double(b): return
        default:
            if self != other {
                out.append(
                    "\(path): \(rendered(pretty: false).prefixed(160)) vs \(other.rendered(pretty: false).prefixed(160))"
                )
            }
        }
    }
}

extension String {
    /// At most `n` characters, with an ellipsis when cut.
    public func prefixed(_ n: Int) -> String { count <= n ? self : String(prefix(n)) + "…" }
}
