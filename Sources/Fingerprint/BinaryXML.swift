/// A bounds-checked walk over Android binary XML chunks (the `RES_XML_TYPE` chunk aapt writes).
/// Every offset is checked against the bytes; decoding the string pool is bounded by the size of
/// the input, so hostile pools whose strings overlap cannot make the walk quadratic.
package struct BinaryXML {
    /// A start element: where it is, its name, and where its attributes are.
    package struct Element {
        /// 1 for the root element.
        package let depth: Int
        package let namespace: String?
        package let name: String
        /// The byte offset of the start-element chunk.
        package let offset: Int
        /// Where the attributes start, their size and count.
        let attributes: Int
        let attributeSize: Int
        let attributeCount: Int
    }

    /// One step of the walk: an element starts, or the innermost open element ends.
    package enum Event {
        case start(Element)
        /// The end element at byte `offset`.
        case end(offset: Int)
    }

    /// An attribute's typed value.
    package enum Value: Equatable {
        /// Any integer type (0x10...0x1f), as apksigner reads them: a boolean (0x12) is one too,
        /// non-zero for true.
        case int(Int)
        /// A string (type 0x03).
        case string(String)
        /// A resource reference (type 0x01), not resolved: `@0x7f0e0012`.
        case reference(UInt32)
        /// The raw string of an attribute without a typed value (type 0x00).
        case raw(String)
        /// Any other type, by its type byte.
        case other(UInt8)

        /// The `Res_value` type byte of the value (0x10 for any integer).
        package var type: UInt8 {
            switch self {
            case .int: 0x10
            case .string: 0x03
            case .reference: 0x01
            case .raw: 0x00
            case .other(let type): type
            }
        }
    }

    let bytes: [UInt8]
    let end: Int
    var offset: Int
    var depth = 0
    var pool: (start: Int, count: Int, stringsStart: Int, utf8: Bool, end: Int)?
    var resourceIDs: [UInt32] = []
    /// Strings decoded so far, by index: each is decoded once.
    var decoded: [Int: String] = [:]
    /// How many more string units (bytes for UTF-8, code units for UTF-16) may be decoded; a real
    /// pool decodes at most its own size, since each string is decoded once.
    var decodingBudget: Int

    /// The first top-level RES_XML_TYPE chunk (apksigner skips other chunks before it).
    package init(_ bytes: [UInt8]) throws(AndroidManifest.Problem) {
        self.bytes = bytes
        decodingBudget = bytes.count + 4096
        var start = 0
        while let type = BinaryXML.u16(bytes, start), let header = BinaryXML.u16(bytes, start + 2),
            let size = BinaryXML.u32(bytes, start + 4), header >= 8, Int(size) >= Int(header),
            Int(size) <= bytes.count - start
        {
            if type == 0x0003 {
                end = start + Int(size)
                offset = start + Int(header)
                return
            }
            start += Int(size)
        }
        throw AndroidManifest.Problem(
            reason: "not Android binary XML (no RES_XML_TYPE chunk\(start > 0 ? " after byte \(start)" : ""))")
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return ByteReader.le32(bytes, at)
    }

    func u16(_ at: Int, _ what: String) throws(AndroidManifest.Problem) -> Int {
        guard let value = BinaryXML.u16(bytes, at), at + 2 <= end else { throw truncated(what, at) }
        return Int(value)
    }

    func u32(_ at: Int, _ what: String) throws(AndroidManifest.Problem) -> UInt32 {
        guard let value = BinaryXML.u32(bytes, at), at + 4 <= end else { throw truncated(what, at) }
        return value
    }

    func truncated(_ what: String, _ at: Int) -> AndroidManifest.Problem {
        AndroidManifest.Problem(reason: "\(what) runs past the end of its chunk (byte \(at))")
    }

    /// The next start element, reading the string pool and resource map on the way; nil at the end.
    package mutating func nextStartElement() throws(AndroidManifest.Problem) -> Element? {
        while let event = try nextEvent() {
            if case .start(let element) = event { return element }
        }
        return nil
    }

    /// The next start or end of an element, reading the string pool and resource map on the way;
    /// nil at the end of the chunk.
    package mutating func nextEvent() throws(AndroidManifest.Problem) -> Event? {
        while offset + 8 <= end {
            let start = offset
            let type = try u16(start, "a chunk header")
            let headerSize = try u16(start + 2, "a chunk header")
            let size = Int(try u32(start + 4, "a chunk header"))
            guard headerSize >= 8, size >= headerSize, size <= end - start else {
                throw AndroidManifest.Problem(
                    reason: "malformed chunk at byte \(start) (type 0x\(String(type, radix: 16)))")
            }
            offset = start + size
            switch type {
            case 0x0001 where pool == nil:
                let count = Int(try u32(start + 8, "the string pool header"))
                let flags = try u32(start + 16, "the string pool header")
                let stringsStart = Int(try u32(start + 20, "the string pool header"))
                guard count <= (size - headerSize) / 4, stringsStart <= size else {
                    throw AndroidManifest.Problem(reason: "the string pool at byte \(start) does not fit its chunk")
                }
                pool = (start + headerSize, count, start + stringsStart, flags & 0x100 != 0, start + size)
            case 0x0180:
                resourceIDs = try (0..<((size - headerSize) / 4)).map { i throws(AndroidManifest.Problem) in
                    try u32(start + headerSize + 4 * i, "the resource map")
                }
            case 0x0102:
                return .start(try startElement(at: start, headerSize: headerSize, size: size))
            case 0x0103:
                depth -= 1
                return .end(offset: start)
            default:
                break
            }
        }
        return nil
    }

    private mutating func startElement(at start: Int, headerSize: Int, size: Int) throws(AndroidManifest.Problem)
        -> Element
    {
        depth += 1
        let body = start + headerSize
        guard body + 20 <= start + size else { throw truncated("a start element", body) }
        let namespace = try u32(body, "a start element")
        let name = try string(Int(try u32(body + 4, "a start element")))
        let attributeStart = try u16(body + 8, "a start element")
        let attributeSize = try u16(body + 10, "a start element")
        let attributeCount = try u16(body + 12, "a start element")
        let attributes = body + attributeStart
        guard attributeSize >= 20, attributes + attributeSize * attributeCount <= start + size else {
            throw AndroidManifest.Problem(reason: "the attributes of <\(name)> at byte \(start) do not fit their chunk")
        }
        return Element(
            depth: depth, namespace: namespace == 0xFFFF_FFFF ? nil : try string(Int(namespace)), name: name,
            offset: start, attributes: attributes, attributeSize: attributeSize, attributeCount: attributeCount)
    }

    /// The value of `element`'s attribute with resource id `id`; an attribute without a resource id
    /// is matched by `name` in the android namespace.
    package mutating func attribute(_ element: Element, _ id: UInt32, _ name: String) throws(AndroidManifest.Problem)
        -> Value?
    {
        for i in 0..<element.attributeCount {
            let at = element.attributes + i * element.attributeSize
            let nameIndex = Int(try u32(at + 4, "an attribute"))
            if nameIndex < resourceIDs.count {
                guard resourceIDs[nameIndex] == id else { continue }
            } else {
                let namespace = try u32(at, "an attribute")
                guard namespace != 0xFFFF_FFFF, try string(Int(namespace)) == AndroidManifest.androidNamespace,
                    try string(nameIndex) == name
                else { continue }
            }
            return try value(at)
        }
        return nil
    }

    /// The value of `element`'s attribute `name` that has no namespace (`<manifest package>`).
    package mutating func plainAttribute(_ element: Element, _ name: String) throws(AndroidManifest.Problem) -> Value? {
        for i in 0..<element.attributeCount {
            let at = element.attributes + i * element.attributeSize
            guard try u32(at, "an attribute") == 0xFFFF_FFFF, try string(Int(try u32(at + 4, "an attribute"))) == name
            else { continue }
            return try value(at)
        }
        return nil
    }

    /// The typed value of the attribute at `at` (its bounds were checked with its element).
    private mutating func value(_ at: Int) throws(AndroidManifest.Problem) -> Value {
        let raw = try u32(at + 8, "an attribute")
        let type = bytes[at + 15]
        let data = try u32(at + 16, "an attribute")
        switch type {
        case 0x10...0x1f: return .int(Int(Int32(bitPattern: data)))
        case 0x03: return .string(try string(Int(data)))
        case 0x01: return .reference(data)
        case 0x00 where raw != 0xFFFF_FFFF: return .raw(try string(Int(raw)))
        default: return .other(type)
        }
    }

    /// String `index` of the string pool (UTF-8 or UTF-16), decoded once.
    mutating func string(_ index: Int) throws(AndroidManifest.Problem) -> String {
        if let known = decoded[index] { return known }
        let text = try decodeString(index)
        decoded[index] = text
        return text
    }

    private mutating func decodeString(_ index: Int) throws(AndroidManifest.Problem) -> String {
        guard let pool, index >= 0, index < pool.count else {
            throw AndroidManifest.Problem(reason: "string \(index) is not in the string pool")
        }
        let at = pool.stringsStart + Int(try u32(pool.start + 4 * index, "the string pool"))
        func bad() -> AndroidManifest.Problem {
            AndroidManifest.Problem(reason: "string \(index) runs past the end of the string pool (byte \(at))")
        }
        guard at >= pool.stringsStart, at < pool.end else { throw bad() }
        if pool.utf8 {
            // The length in UTF-16 units, then in bytes: each 1 byte, or 2 with the high bit set.
            var cursor = at
            func length() throws(AndroidManifest.Problem) -> Int {
                guard cursor < pool.end else { throw bad() }
                var value = Int(bytes[cursor])
                cursor += 1
                if value & 0x80 != 0 {
                    guard cursor < pool.end else { throw bad() }
                    value = (value & 0x7F) << 8 | Int(bytes[cursor])
                    cursor += 1
                }
                return value
            }
            _ = try length()
            let count = try length()
            guard count <= pool.end - cursor else { throw bad() }
            try spend(count, index, at)
            return String(decoding: bytes[cursor..<(cursor + count)], as: UTF8.self)
        }
        guard let first = BinaryXML.u16(bytes, at), at + 2 <= pool.end else { throw bad() }
        var cursor = at + 2
        var length = Int(first)
        if first & 0x8000 != 0 {
            guard let second = BinaryXML.u16(bytes, cursor), cursor + 2 <= pool.end else { throw bad() }
            length = Int(first & 0x7FFF) << 16 | Int(second)
            cursor += 2
        }
        guard length <= (pool.end - cursor) / 2 else { throw bad() }
        try spend(length, index, at)
        let units = (0..<length).map { UInt16(bytes[cursor + 2 * $0]) | UInt16(bytes[cursor + 2 * $0 + 1]) << 8 }
        return String(decoding: units, as: UTF16.self)
    }

    /// Takes `units` from the decoding budget: strings that overlap over and over are not a real pool.
    private mutating func spend(_ units: Int, _ index: Int, _ at: Int) throws(AndroidManifest.Problem) {
        guard units <= decodingBudget else {
            throw AndroidManifest.Problem(
                reason: "string \(index) (byte \(at)) overlaps strings already read: the string pool decodes "
                    + "to more than the file's size")
        }
        decodingBudget -= units
    }
}
