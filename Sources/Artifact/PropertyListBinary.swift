/// Reads a binary property list (`bplist00`): the 32-byte trailer, the offset table, then the
/// objects from the top one down. Every offset and length is checked against the bytes, an object
/// that contains itself is refused, and shared references count against `PropertyList.objectCap`
/// each time they are used, so the work is bounded by the cap, not by the shape of the file.
struct BinaryPropertyListReader {
    let bytes: [UInt8]
    let name: String
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTable: Int
    /// Objects on the path from the top object to the one being read: a cycle if one comes again.
    var open: Set<Int> = []
    /// Objects read so far, shared ones counted each time.
    var objectsRead = 0

    init(_ bytes: [UInt8], name: String) throws(ArtifactProblem) {
        self.bytes = bytes
        self.name = name
        guard bytes.count >= 8 + 32 else { throw ArtifactProblem("\(name): a binary plist too short for its trailer") }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = BinaryPropertyListReader.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = BinaryPropertyListReader.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = BinaryPropertyListReader.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw ArtifactProblem(
                "\(name): binary plist trailer gives \(offsetSize)-byte offsets and \(referenceSize)-byte references")
        }
        guard count > 0, count <= UInt64(trailer), table >= 8, table <= UInt64(trailer),
            count <= (UInt64(trailer) - table) / UInt64(offsetSize)
        else {
            throw ArtifactProblem(
                "\(name): binary plist trailer declares \(count) objects with an offset table at \(table), "
                    + "which do not fit in \(bytes.count) bytes")
        }
        guard top < count else {
            throw ArtifactProblem("\(name): binary plist top object \(top) is not one of its \(count) objects")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTable = Int(table)
    }

    /// The top object, read with everything it refers to.
    mutating func top() throws(ArtifactProblem) -> PropertyList {
        try object(topObject, depth: 0)
    }

    /// Object number `index`, with what it contains.
    mutating func object(_ index: Int, depth: Int) throws(ArtifactProblem) -> PropertyList {
        guard index < objectCount else {
            throw ArtifactProblem("\(name): binary plist refers to object \(index) of \(objectCount)")
        }
        guard depth < PropertyList.depthCap else {
            throw ArtifactProblem("\(name): binary plist nests deeper than \(PropertyList.depthCap) levels")
        }
        objectsRead += 1
        guard objectsRead <= PropertyList.objectCap else {
            throw ArtifactProblem("\(name): binary plist expands to more than \(PropertyList.objectCap) objects")
        }
        let offset = Int(
            BinaryPropertyListReader.bigEndian(bytes, at: offsetTable + index * offsetSize, size: offsetSize))
        guard offset >= 8, offset < offsetTable else {
            throw ArtifactProblem("\(name): binary plist object \(index) is at \(offset), outside the object area")
        }
        let marker = bytes[offset]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: throw unknown(marker, offset)
            }
        case 0x1: return try integer(at: offset)
        case 0x2:
            guard info == 2 || info == 3 else { throw unknown(marker, offset) }
            return .real(try real(at: offset + 1, size: 1 << info))
        case 0x3:
            guard info == 3 else { throw unknown(marker, offset) }
            return .date(try real(at: offset + 1, size: 8))
        case 0x4:
            let (start, length) = try extent(offset, unit: 1)
            return .data(Array(bytes[start..<(start + length)]))
        case 0x5:
            let (start, length) = try extent(offset, unit: 1)
            guard bytes[start..<(start + length)].allSatisfy({ $0 < 0x80 }) else {
                throw ArtifactProblem("\(name): binary plist ASCII string at \(offset) has a byte past 0x7F")
            }
            return .string(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
        case 0x6: return .string(try utf16String(offset))
        case 0x8:
            guard offset + 1 + info + 1 <= offsetTable else { throw truncated(offset) }
            return .uid(BinaryPropertyListReader.bigEndian(bytes, at: offset + 1, size: info + 1))
        case 0xA: return .array(try container(index, at: offset, depth: depth).values)
        case 0xD:
            let (keys, values) = try container(index, at: offset, depth: depth, keyed: true)
            var entries: [String: PropertyList] = [:]
            for (key, value) in zip(keys, values) {
                guard case .string(let text) = key else {
                    throw ArtifactProblem(
                        "\(name): binary plist dictionary at \(offset) has a key that is not a string")
                }
                guard entries.updateValue(value, forKey: text) == nil else {
                    throw ArtifactProblem("\(name): binary plist dictionary at \(offset) has the key \"\(text)\" twice")
                }
            }
            return .dictionary(entries)
        default: throw unknown(marker, offset)
        }
    }

    /// An array's elements, or a dictionary's keys and values, read through their references.
    mutating func container(_ index: Int, at offset: Int, depth: Int, keyed: Bool = false) throws(ArtifactProblem) -> (
        keys: [PropertyList], values: [PropertyList]
    ) {
        guard open.insert(index).inserted else {
            throw ArtifactProblem("\(name): binary plist object \(index) at \(offset) contains itself")
        }
        defer { open.remove(index) }
        let (start, count) = try extent(offset, unit: keyed ? 2 * referenceSize : referenceSize)
        var keys: [PropertyList] = []
        var values: [PropertyList] = []
        for position in 0..<count {
            let valueReference = start + (keyed ? count + position : position) * referenceSize
            if keyed {
                let keyReference = start + position * referenceSize
                keys.append(try object(reference(at: keyReference), depth: depth + 1))
            }
            values.append(try object(reference(at: valueReference), depth: depth + 1))
        }
        return (keys, values)
    }

    func reference(at offset: Int) -> Int {
        Int(BinaryPropertyListReader.bigEndian(bytes, at: offset, size: referenceSize))
    }

    /// Where a sized object's contents start and its count: the marker's low nibble, or when that
    /// is 0xF an integer object after the marker. The count times `unit` bytes must fit before the
    /// offset table.
    func extent(_ offset: Int, unit: Int) throws(ArtifactProblem) -> (start: Int, count: Int) {
        var count = Int(bytes[offset] & 0x0F)
        var start = offset + 1
        if count == 0x0F {
            guard start < offsetTable, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else {
                throw ArtifactProblem("\(name): binary plist object at \(offset) has no valid length")
            }
            let size = 1 << Int(bytes[start] & 0x0F)
            guard start + 1 + size <= offsetTable else { throw truncated(offset) }
            let length = BinaryPropertyListReader.bigEndian(bytes, at: start + 1, size: size)
            guard length <= UInt64(offsetTable) else { throw truncated(offset) }
            count = Int(length)
            start += 1 + size
        }
        guard count <= (offsetTable - start) / unit else { throw truncated(offset) }
        return (start, count)
    }

    func integer(at offset: Int) throws(ArtifactProblem) -> PropertyList {
        let info = Int(bytes[offset] & 0x0F)
        guard info <= 4 else { throw unknown(bytes[offset], offset) }
        let size = 1 << info
        guard offset + 1 + size <= offsetTable else { throw truncated(offset) }
        if size == 16 {
            // 16 bytes: what writers use for values past Int64.max; the high half must be zero.
            guard bytes[(offset + 1)..<(offset + 9)].allSatisfy({ $0 == 0 }) else {
                throw ArtifactProblem("\(name): binary plist integer at \(offset) does not fit in 64 bits")
            }
            let value = BinaryPropertyListReader.bigEndian(bytes, at: offset + 9, size: 8)
            return value > UInt64(Int64.max) ? .unsignedInteger(value) : .integer(Int64(value))
        }
        let value = BinaryPropertyListReader.bigEndian(bytes, at: offset + 1, size: size)
        // 1, 2 and 4 bytes are unsigned; 8 bytes are signed.
        return .integer(size == 8 ? Int64(bitPattern: value) : Int64(value))
    }

    func real(at offset: Int, size: Int) throws(ArtifactProblem) -> Double {
        guard offset + size <= offsetTable else { throw truncated(offset - 1) }
        let raw = BinaryPropertyListReader.bigEndian(bytes, at: offset, size: size)
        return size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
    }

    func utf16String(_ offset: Int) throws(ArtifactProblem) -> String {
        let (start, length) = try extent(offset, unit: 2)
        let units = (0..<length).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
        guard let text = String(validating: units, as: UTF16.self) else {
            throw ArtifactProblem("\(name): binary plist UTF-16 string at \(offset) is not valid UTF-16")
        }
        return text
    }

    func unknown(_ marker: UInt8, _ offset: Int) -> ArtifactProblem {
        ArtifactProblem(
            "\(name): binary plist object at \(offset) has an unknown marker 0x\(String(marker, radix: 16))")
    }

    func truncated(_ offset: Int) -> ArtifactProblem {
        ArtifactProblem("\(name): binary plist object at \(offset) runs past the object area")
    }

    /// `size` bytes at `offset`, big-endian. Callers check the range first.
    static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value
    }
}
