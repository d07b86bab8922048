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
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? String(d) : "null"
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.writeString(pair.0, into: &out)
                out += indent == nil ? ":" : ": "
                pair.1.write(into: &out, indent: indent.map { $0 + 1 })
            }
            if let indent { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
