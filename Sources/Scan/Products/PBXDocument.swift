/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
indirect enum PBXValue: Sendable, Equatable {
    case string(String)
    case list([PBXValue])
    case dictionary(PBXDictionary)

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// A dictionary of an old-style property list, its entries in file order.
struct PBXDictionary: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        let key: String
        let value: PBXValue
    }

    var entries: [Entry] = []

    /// The first value of `key`.
    subscript(key: String) -> PBXValue? { entries.first { $0.key == key }?.value }

    /// The first value of `key` when it is a string (`name = Shop;`, `name = "Shop Dev";`).
    func string(_ key: String) -> String? { self[key]?.string }

    /// The strings of the list `key = ( ... );` (object ids, comments dropped).
    func strings(_ key: String) -> [String] {
        guard case .list(let items) = self[key] else { return [] }
        return items.compactMap(\.string)
    }

    /// The dictionary value of `key` (`buildSettings = { ... };`).
    func dictionary(_ key: String) -> PBXDictionary? {
        if case .dictionary(let d) = self[key] { return d }
        return nil
    }
}

/// One object of a project: its id, its `isa` and its fields.
struct PBXObject: Sendable, Equatable {
    let isa: String
    let fields: PBXDictionary
}

/// The objects of a `project.pbxproj`, read in one pass over its bytes by a recursive-descent
/// reader of the old-style property list format: quoted strings (with their escapes), unquoted
/// strings, `( ... )` lists, `{ ... }` dictionaries, `<...>` data, and `/* */` and `//` comments.
/// A brace inside a quoted string (a run script) is text, not structure. Time linear in the size
/// of the file; nesting past 64 levels, or a syntax error, ends the read with what was read so far,
/// so a damaged project still names the targets before the damage.
struct PBXDocument: Sendable {
    /// Object id -> object, for every dictionary under the root's `objects` that has an `isa`.
    private(set) var objects: [String: PBXObject] = [:]
    /// The ids of `objects` in file order.
    private(set) var ids: [String] = []

    init(_ bytes: [UInt8]) {
        var reader = PBXReader(bytes)
        let root = reader.root()
        // A fragment (objects with no `objects = { ... }` around them) is read as it stands.
        for entry in (root.dictionary("objects") ?? PBXDictionary()).entries + root.entries {
            guard case .dictionary(let fields) = entry.value, let isa = fields.string("isa") else { continue }
            if objects.updateValue(PBXObject(isa: isa, fields: fields), forKey: entry.key) == nil {
                ids.append(entry.key)
            }
        }
    }

    init(_ text: String) { self.init(Array(text.utf8)) }

    subscript(id: String) -> PBXObject? { objects[id] }
}

/// The reader behind `PBXDocument`. On a syntax error it stops (`failed`), and every container
/// being read keeps the entries read before the error.
private struct PBXReader {
    private let bytes: [UInt8]
    private var at = 0
    private var failed = false
    private static let maximumDepth = 64

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The root dictionary; a text that does not open with `{` is read as the entries of one.
    mutating func root() -> PBXDictionary {
        skipSpaceAndComments()
        if at < bytes.count && bytes[at] == UInt8(ascii: "{") {
            at += 1
            return entries(depth: 0, upTo: UInt8(ascii: "}"))
        }
        return entries(depth: 0, upTo: nil)
    }

    mutating func value(depth: Int) -> PBXValue? {
        skipSpaceAndComments()
        guard !failed, at < bytes.count, depth < Self.maximumDepth else {
            failed = true
            return nil
        }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            return .dictionary(entries(depth: depth, upTo: UInt8(ascii: "}")))
        case UInt8(ascii: "("): return .list(list(depth: depth))
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return quoted().map(PBXValue.string)
        case UInt8(ascii: "<"): return data().map(PBXValue.string)
        default: return unquoted().map(PBXValue.string)
        }
    }

    /// Entries `key = value;` up to the byte `end` (taken), or up to the end of the text.
    private mutating func entries(depth: Int, upTo end: UInt8?) -> PBXDictionary {
        var out = PBXDictionary()
        while !failed {
            skipSpaceAndComments()
            if end == nil && at >= bytes.count { return out }
            if let end, at < bytes.count && bytes[at] == end {
                at += 1
                return out
            }
            guard case .string(let key)? = value(depth: depth + 1), expect("="), let value = value(depth: depth + 1)
            else { break }
            out.entries.append(PBXDictionary.Entry(key: key, value: value))
            guard expect(";") else { break }
        }
        failed = true
        return out
    }

    private mutating func list(depth: Int) -> [PBXValue] {
        at += 1
        var out: [PBXValue] = []
        while !failed {
            skipSpaceAndComments()
            if at < bytes.count && bytes[at] == UInt8(ascii: ")") {
                at += 1
                return out
            }
            guard let item = value(depth: depth + 1) else { break }
            out.append(item)
            guard !failed else { break }
            skipSpaceAndComments()
            if at < bytes.count && bytes[at] == UInt8(ascii: ",") {
                at += 1
            } else if at >= bytes.count || bytes[at] != UInt8(ascii: ")") {
                break
            }
        }
        failed = true
        return out
    }

    private mutating func expect(_ byte: Unicode.Scalar) -> Bool {
        skipSpaceAndComments()
        guard !failed, at < bytes.count, bytes[at] == UInt8(ascii: byte) else {
            failed = true
            return false
        }
        at += 1
        return true
    }

    /// A quoted string with its escapes: `\\`, `\"`, `\n`, `\t`, `\r`, `\Uxxxx` and octal `\ooo`.
    private mutating func quoted() -> String? {
        let quote = bytes[at]
        at += 1
        var out: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            if b == quote { return String(decoding: out, as: UTF8.self) }
            guard b == UInt8(ascii: "\\"), at < bytes.count else {
                out.append(b)
                continue
            }
            out += escaped()
        }
        failed = true
        return nil
    }

    private mutating func escaped() -> [UInt8] {
        let e = bytes[at]
        at += 1
        switch e {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "U"):
            var code: UInt32 = 0
            var digits = 0
            while digits < 4, at < bytes.count, let d = hexValue(bytes[at]) {
                code = code * 16 + d
                at += 1
                digits += 1
            }
            return Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var code = UInt32(e - 0x30)
            var digits = 1
            while digits < 3, at < bytes.count, (0x30...0x37).contains(bytes[at]) {
                code = code * 8 + UInt32(bytes[at] - 0x30)
                at += 1
                digits += 1
            }
            return Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
        default: return [e]
        }
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: UInt32(b - 0x30)
        case 0x41...0x46: UInt32(b - 0x41 + 10)
        case 0x61...0x66: UInt32(b - 0x61 + 10)
        default: nil
        }
    }

    /// `<hex bytes>`, kept as its text.
    private mutating func data() -> String? {
        let start = at
        while at < bytes.count && bytes[at] != UInt8(ascii: ">") { at += 1 }
        guard at < bytes.count else {
            failed = true
            return nil
        }
        at += 1
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// An unquoted string: up to white space or a delimiter. A `(` inside it (`$(SRCROOT)/App`,
    /// as a hand-written project may have) takes its `)` along.
    private mutating func unquoted() -> String? {
        let start = at
        var open = 0
        scan: while at < bytes.count {
            switch bytes[at] {
            case 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "="),
                UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""):
                break scan
            case UInt8(ascii: "/") where at + 1 < bytes.count && (bytes[at + 1] == 0x2A || bytes[at + 1] == 0x2F):
                break scan
            case UInt8(ascii: "("):
                guard at > start else { break scan }
                open += 1
            case UInt8(ascii: ")"):
                guard open > 0 else { break scan }
                open -= 1
            default: break
            }
            at += 1
        }
        guard at > start else {
            failed = true
            return nil
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    private mutating func skipSpaceAndComments() {
        while at < bytes.count {
            let b = bytes[at]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                at += 1
            } else if b == UInt8(ascii: "/"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "*") {
                at += 2
                while at + 1 < bytes.count && !(bytes[at] == UInt8(ascii: "*") && bytes[at + 1] == UInt8(ascii: "/")) {
                    at += 1
                }
                at = min(at + 2, bytes.count)
            } else if b == UInt8(ascii: "/"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "/") {
                while at < bytes.count && bytes[at] != 0x0A { at += 1 }
            } else {
                return
            }
        }
    }
}
