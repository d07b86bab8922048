/// A value of an EDN file (`shadow-cljs.edn`, `deps.edn`), read as data: maps, vectors, lists and
/// sets, keywords, strings, and every other atom (symbols, numbers, `nil`) as written. A tagged
/// value (`#shadow/env "X"`) is `tagged`: its value is known only when the build runs.
indirect enum EDNValue: Equatable {
    case map([(EDNValue, EDNValue)])
    case sequence([EDNValue])
    case keyword(String)
    case string(String)
    case atom(String)
    case tagged(String, EDNValue)

    static func == (lhs: EDNValue, rhs: EDNValue) -> Bool {
        switch (lhs, rhs) {
        case (.keyword(let a), .keyword(let b)), (.string(let a), .string(let b)), (.atom(let a), .atom(let b)):
            return a == b
        default: return false
        }
    }

    /// The value of keyword `key` in a map; nil for another value or a missing key.
    subscript(_ key: String) -> EDNValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.0 == .keyword(key) }?.1
    }

    /// The string itself; nil for any other value.
    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The strings of a vector or list (nil when it holds anything else).
    var strings: [String]? {
        guard case .sequence(let items) = self else { return nil }
        let strings = items.compactMap(\.string)
        return strings.count == items.count ? strings : nil
    }
}

/// Reads one EDN value from bytes, bounded in nesting depth; nil for text that is not EDN.
struct EDNReader {
    private let bytes: [UInt8]
    private var at = 0
    private static let maxDepth = 64

    /// The first top-level value of `text` (comments, `#_` discards and metadata skipped).
    static func read(_ text: String) -> EDNValue? {
        var reader = EDNReader(bytes: Array(text.utf8))
        return reader.value(depth: 0)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while at < bytes.count {
            let b = bytes[at]
            if b == UInt8(ascii: ";") {
                while at < bytes.count && bytes[at] != UInt8(ascii: "\n") { at += 1 }
            } else if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ",") {
                at += 1
            } else {
                return
            }
        }
    }

    private mutating func value(depth: Int) -> EDNValue? {
        guard depth < Self.maxDepth else { return nil }
        skipSpace()
        guard at < bytes.count else { return nil }
        let b = bytes[at]
        switch b {
        case UInt8(ascii: "{"): return collection(close: UInt8(ascii: "}"), depth: depth, map: true)
        case UInt8(ascii: "["): return collection(close: UInt8(ascii: "]"), depth: depth, map: false)
        case UInt8(ascii: "("): return collection(close: UInt8(ascii: ")"), depth: depth, map: false)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "^"):
            at += 1
            guard value(depth: depth + 1) != nil else { return nil }  // metadata: skipped
            return value(depth: depth + 1)
        case UInt8(ascii: "#"):
            at += 1
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: "{") { return collection(close: UInt8(ascii: "}"), depth: depth, map: false) }
            if bytes[at] == UInt8(ascii: "_") {
                at += 1
                guard value(depth: depth + 1) != nil else { return nil }
                return value(depth: depth)
            }
            let tag = token()
            guard let tagged = value(depth: depth + 1) else { return nil }
            return .tagged(tag, tagged)
        case UInt8(ascii: ":"):
            at += 1
            return .keyword(token())
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
            return nil
        default:
            let atom = token()
            return atom.isEmpty ? nil : .atom(atom)
        }
    }

    private mutating func collection(close: UInt8, depth: Int, map: Bool) -> EDNValue? {
        at += 1
        var items: [EDNValue] = []
        while true {
            skipSpace()
            guard at < bytes.count else { return nil }
            if bytes[at] == close {
                at += 1
                break
            }
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
        }
        guard map else { return .sequence(items) }
        guard items.count % 2 == 0 else { return nil }
        return .map(stride(from: 0, to: items.count, by: 2).map { (items[$0], items[$0 + 1]) })
    }

    private mutating func string() -> EDNValue? {
        at += 1
        var out: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            if b == UInt8(ascii: "\"") { return .string(String(decoding: out, as: UTF8.self)) }
            if b == UInt8(ascii: "\\"), at < bytes.count {
                let escaped = bytes[at]
                at += 1
                out.append(escaped == UInt8(ascii: "n") ? 0x0A : escaped == UInt8(ascii: "t") ? 0x09 : escaped)
            } else {
                out.append(b)
            }
        }
        return nil
    }

    private mutating func token() -> String {
        let start = at
        let delimiters: Set<UInt8> = Set("{}[]()\";, \t\r\n".utf8)
        while at < bytes.count && !delimiters.contains(bytes[at]) { at += 1 }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }
}
