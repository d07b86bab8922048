/// A bounds-checked walk over Android binary XML chunks.
struct BinaryXML {
    struct Element {
        let depth: Int
        let namespace: String?
        let name: String
        /// Where the attributes start, their size and count.
        let attributes: Int
        let attributeSize: Int
        let attributeCount: Int
    }

    enum Value: Equatable {
        case int(Int)
        case string(String)
        case other(UInt8)
    }

    let bytes: [UInt8]
    let end: Int
    var offset: Int
    var depth = 0
    var pool: (start: Int, count: Int, stringsStart: Int, utf8: Bool, end: Int)?
    var resourceIDs: [UInt32] = []

    /// The first top-level RES_XML_TYPE chunk (apksigner skips other chunks before it).
    init(_ bytes: [UInt8]) throws(AndroidManifest.Problem) {
        self.bytes = bytes
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
    mutating func nextStartElement() throws(AndroidManifest.Problem) -> Element? {
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
                    throw AndroidManifest.Problem(reason: "the attributes of <\(name)> do not fit their chunk")
                }
                return Element(
                    depth: depth, namespace: namespace == 0xFFFF_FFFF ? nil : try string(Int(namespace)), name: name,
                    attributes: attributes, attributeSize: attributeSize, attributeCount: attributeCount)
            case 0x0103:
                depth -= 1
            default:
                break
            }
        }
        return nil
    }

    /// The value of `element`'s attribute with resource id `id`; an attribute without a resource id
    /// is matched by `name` in the android namespace.
    func attribute(_ element: Element, _ id: UInt32, _ name: String) throws(AndroidManifest.Problem) -> Value? {
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
            let type = bytes[at + 15]
            let data = try u32(at + 16, "an attribute")
            switch type {
            case 0x10...0x1f: return .int(Int(Int32(bitPattern: data)))
            case 0x03: return .string(try string(Int(data)))
            default: return .other(type)
            }
        }
        return nil
    }

    /// String `index` of the string pool (UTF-8 or UTF-16).
    func string(_ index: Int) throws(AndroidManifest.Problem) -> String {
        guard let pool, index >= 0, index < pool.count else {
            throw AndroidManifest.Problem(reason: "string \(index) is not in the string pool")
        }
        let at = pool.stringsStart + Int(try u32(pool.start + 4 * index, "the string pool"))
        func bad() -> AndroidManifest.Problem {
            AndroidManifest.Problem(reason: "string \(index) runs past the end of the string pool")
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
        let units = (0..<length).map { UInt16(bytes[cursor + 2 * $0]) | UInt16(bytes[cursor + 2 * $0 + 1]) << 8 }
        return String(decoding: units, as: UTF16.self)
    }
}
