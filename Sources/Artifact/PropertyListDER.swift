/// Reads the DER form of entitlements that code signatures carry beside the XML one (blob magic
/// `0xfade7172`, slot 7): `[APPLICATION 16] { INTEGER 1, [CONTEXT 16] dictionary }`, where a
/// dictionary is `[CONTEXT 16]` of `SEQUENCE { UTF8String key, value }`, an array a `SEQUENCE` of
/// values, and a value a `UTF8String`, `BOOLEAN`, `INTEGER` or one of those. Definite lengths
/// only, every length checked against its parent, nesting bounded by `PropertyList.depthCap`.
struct DERPropertyListReader {
    let bytes: ArraySlice<UInt8>
    let name: String
    var objectsRead = 0

    init(_ bytes: ArraySlice<UInt8>, name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// The entitlements dictionary.
    mutating func entitlements() throws(ArtifactProblem) -> PropertyList {
        let outer = try element(in: bytes.startIndex..<bytes.endIndex, at: bytes.startIndex)
        guard outer.tag == 0x70, outer.end == bytes.endIndex else {
            throw problem(bytes.startIndex, "not [APPLICATION 16]")
        }
        let version = try element(in: outer.contents, at: outer.contents.lowerBound)
        guard version.tag == 0x02, bytes[version.contents] == [1] else {
            throw problem(version.start, "not version 1")
        }
        let dictionary = try element(in: outer.contents, at: version.end)
        guard dictionary.tag == 0xB0, dictionary.end == outer.contents.upperBound else {
            throw problem(version.end, "no [CONTEXT 16] dictionary after the version")
        }
        return try value(dictionary, depth: 0)
    }

    /// One element: its tag, where it starts and ends, and its contents' range.
    struct Element {
        let tag: UInt8
        let start: Int
        let contents: Range<Int>
        var end: Int { contents.upperBound }
    }

    func element(in range: Range<Int>, at offset: Int) throws(ArtifactProblem) -> Element {
        guard offset + 2 <= range.upperBound else { throw problem(offset, "an element runs past its parent") }
        let tag = bytes[offset]
        let first = Int(bytes[offset + 1])
        var cursor = offset + 2
        var length = first
        if first & 0x80 != 0 {
            let count = first & 0x7F
            guard (1...4).contains(count), cursor + count <= range.upperBound else {
                throw problem(offset, "a length of \(count) bytes")
            }
            length = bytes[cursor..<(cursor + count)].reduce(0) { $0 << 8 | Int($1) }
            cursor += count
        }
        guard length <= range.upperBound - cursor else { throw problem(offset, "an element runs past its parent") }
        return Element(tag: tag, start: offset, contents: cursor..<(cursor + length))
    }

    mutating func value(_ element: Element, depth: Int) throws(ArtifactProblem) -> PropertyList {
        guard depth < PropertyList.depthCap else { throw problem(element.start, "nests too deep") }
        objectsRead += 1
        guard objectsRead <= PropertyList.objectCap else { throw problem(element.start, "holds too many values") }
        let contents = bytes[element.contents]
        switch element.tag {
        case 0x01:
            guard contents.count == 1 else { throw problem(element.start, "a BOOLEAN of \(contents.count) bytes") }
            return .boolean(contents.first != 0)
        case 0x02:
            guard (1...8).contains(contents.count), let first = contents.first else {
                throw problem(element.start, "an INTEGER of \(contents.count) bytes")
            }
            let sign: Int64 = first & 0x80 != 0 ? -1 : 0
            return .integer(contents.reduce(sign) { $0 << 8 | Int64($1) })
        case 0x0C:
            guard let text = String(validating: contents, as: UTF8.self) else {
                throw problem(element.start, "a UTF8String that is not UTF-8")
            }
            return .string(text)
        case 0x30: return .array(try children(element, depth: depth))
        case 0xB0:
            var entries: [String: PropertyList] = [:]
            for pair in try children(element, depth: depth) {
                guard case .array(let parts) = pair, parts.count == 2, case .string(let key) = parts[0] else {
                    throw problem(element.start, "a dictionary entry that is not a key and a value")
                }
                guard entries.updateValue(parts[1], forKey: key) == nil else {
                    throw problem(element.start, "the key \"\(key)\" twice")
                }
            }
            return .dictionary(entries)
        default: throw problem(element.start, "an unknown tag 0x\(String(element.tag, radix: 16))")
        }
    }

    mutating func children(_ parent: Element, depth: Int) throws(ArtifactProblem) -> [PropertyList] {
        var out: [PropertyList] = []
        var offset = parent.contents.lowerBound
        while offset < parent.end {
            let child = try element(in: parent.contents, at: offset)
            out.append(try value(child, depth: depth + 1))
            offset = child.end
        }
        return out
    }

    func problem(_ offset: Int, _ what: String) -> ArtifactProblem {
        ArtifactProblem("\(name): DER entitlements at byte \(offset - bytes.startIndex): \(what)")
    }
}
