/// One field of a protobuf message as the wire gives it.
enum ProtobufValue {
    case varint(UInt64)
    /// A length-delimited field: where its bytes are.
    case bytes(Range<Int>)
    /// A fixed32 or fixed64 field, skipped.
    case fixed
}

/// The fields of one protobuf message in `bytes[range]`, in wire order. Every length is checked
/// against the message it is in, a varint may not run past 10 bytes, and groups (wire types 3 and 4,
/// which aapt2 never writes) are refused.
struct ProtobufFields {
    let bytes: [UInt8]
    private var cursor: Int
    private let end: Int
    /// The file named in problems.
    private let file: String

    init(_ bytes: [UInt8], _ range: Range<Int>, file: String) {
        self.bytes = bytes
        cursor = range.lowerBound
        end = range.upperBound
        self.file = file
    }

    func problem(_ reason: String, at offset: Int) -> ArtifactProblem {
        ArtifactProblem("\(file): byte \(offset): \(reason)")
    }

    /// The next field: its number, its value, and the byte offset of its key; nil at the end.
    mutating func next() throws(ArtifactProblem) -> (number: UInt64, value: ProtobufValue, offset: Int)? {
        guard cursor < end else { return nil }
        let offset = cursor
        let key = try varint()
        let number = key >> 3
        guard number > 0, number < 1 << 29 else { throw problem("field number \(number) is not valid", at: offset) }
        switch key & 7 {
        case 0:
            return (number, .varint(try varint()), offset)
        case 1, 5:
            let size = key & 7 == 1 ? 8 : 4
            guard size <= end - cursor else {
                throw problem("field \(number)'s fixed \(size)-byte value runs past its message", at: offset)
            }
            cursor += size
            return (number, .fixed, offset)
        case 2:
            let length = try varint()
            guard length <= UInt64(end - cursor) else {
                throw problem(
                    "field \(number)'s length \(length) runs past its message (\(end - cursor) bytes left)", at: offset)
            }
            let start = cursor
            cursor += Int(length)
            return (number, .bytes(start..<cursor), offset)
        default:
            throw problem("field \(number) has wire type \(key & 7), which aapt2 never writes", at: offset)
        }
    }

    private mutating func varint() throws(ArtifactProblem) -> UInt64 {
        let start = cursor
        var value: UInt64 = 0
        for index in 0..<10 {
            guard cursor < end else { throw problem("a varint runs past its message", at: start) }
            let byte = bytes[cursor]
            cursor += 1
            value |= UInt64(byte & 0x7F) << (7 * UInt64(index))
            if byte & 0x80 == 0 { return value }
        }
        throw problem("a varint is longer than 10 bytes", at: start)
    }

    /// The bytes of a length-delimited field, or a problem naming the field.
    func contents(_ value: ProtobufValue, _ field: String, at offset: Int) throws(ArtifactProblem) -> Range<Int> {
        guard case .bytes(let range) = value else {
            throw problem("\(field) is not length-delimited", at: offset)
        }
        return range
    }

    /// A varint field's value, or a problem naming the field.
    func number(_ value: ProtobufValue, _ field: String, at offset: Int) throws(ArtifactProblem) -> UInt64 {
        guard case .varint(let number) = value else { throw problem("\(field) is not a varint", at: offset) }
        return number
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}

/// Reads aapt2's protobuf XML (`XmlNode` of `frameworks/base/tools/aapt2/Resources.proto`) into a
/// `ManifestWalk`, element by element. Field numbers, from Resources.proto:
/// `XmlNode { element = 1; text = 2; source = 3 }`,
/// `XmlElement { namespace_declaration = 1; namespace_uri = 2; name = 3; attribute = 4; child = 5 }`,
/// `XmlAttribute { namespace_uri = 1; name = 2; value = 3; source = 4; resource_id = 5; compiled_item = 6 }`,
/// `Item { ref = 1; str = 2; raw_str = 3; ...; prim = 7 }`, `Reference { type = 1; id = 2 }`,
/// `String { value = 1 }`, `RawString { value = 1 }`,
/// `Primitive { ...; int_decimal_value = 6; int_hexadecimal_value = 7; boolean_value = 8; ... }`.
struct ProtobufXMLReader {
    let bytes: [UInt8]
    var walk: ManifestWalk

    init(_ bytes: [UInt8], walk: ManifestWalk) {
        self.bytes = bytes
        self.walk = walk
    }

    /// Reads the root `XmlNode`, which is the whole file.
    mutating func readDocument() throws(ArtifactProblem) {
        try readNode(0..<bytes.count, depth: 0)
    }

    private func fields(_ range: Range<Int>) -> ProtobufFields { ProtobufFields(bytes, range, file: walk.file) }

    private mutating func readNode(_ range: Range<Int>, depth: Int) throws(ArtifactProblem) {
        var node = fields(range)
        while let field = try node.next() {
            guard field.number == 1 else { continue }
            try readElement(try node.contents(field.value, "XmlNode.element", at: field.offset), depth: depth + 1)
        }
    }

    private mutating func readElement(_ range: Range<Int>, depth: Int) throws(ArtifactProblem) {
        guard depth <= ManifestWalk.maximumDepth else {
            throw walk.problem(
                "an element is nested deeper than \(ManifestWalk.maximumDepth) elements", at: range.lowerBound)
        }
        var namespace = ""
        var name = ""
        var attributes: [(namespace: String, name: String, id: UInt64, value: ManifestValue)] = []
        var children: [Range<Int>] = []
        var element = fields(range)
        while let field = try element.next() {
            switch field.number {
            case 2:
                namespace = element.text(
                    try element.contents(field.value, "XmlElement.namespace_uri", at: field.offset))
            case 3: name = element.text(try element.contents(field.value, "XmlElement.name", at: field.offset))
            case 4:
                attributes.append(
                    try readAttribute(try element.contents(field.value, "XmlElement.attribute", at: field.offset)))
            case 5: children.append(try element.contents(field.value, "XmlElement.child", at: field.offset))
            default: break
            }
        }
        var read = ManifestElement(name: namespace.isEmpty ? name : namespace + ":" + name, offset: range.lowerBound)
        for attribute in attributes {
            if attribute.id != 0 {
                guard let known = UInt32(exactly: attribute.id).flatMap(ManifestAttribute.with(resourceID:)) else {
                    continue
                }
                read.attributes[known] = attribute.value
            } else if attribute.namespace == ManifestAttribute.androidNamespace {
                guard let known = ManifestAttribute.with(xmlName: attribute.name) else { continue }
                read.attributes[known] = attribute.value
            } else if attribute.namespace.isEmpty, attribute.name == "package", depth == 1 {
                read.package = attribute.value
            }
        }
        try walk.enter(read)
        for child in children { try readNode(child, depth: depth) }
        try walk.exit(at: range.upperBound)
    }

    /// One `XmlAttribute`: its namespace, name, resource id and value. A compiled reference or
    /// primitive wins over the string value; a string compiled item stands in for a missing value.
    private func readAttribute(_ range: Range<Int>) throws(ArtifactProblem)
        -> (namespace: String, name: String, id: UInt64, value: ManifestValue)
    {
        var namespace = ""
        var name = ""
        var id: UInt64 = 0
        var text: String?
        var compiled: ManifestValue?
        var attribute = fields(range)
        while let field = try attribute.next() {
            switch field.number {
            case 1:
                namespace = attribute.text(
                    try attribute.contents(field.value, "XmlAttribute.namespace_uri", at: field.offset))
            case 2: name = attribute.text(try attribute.contents(field.value, "XmlAttribute.name", at: field.offset))
            case 3: text = attribute.text(try attribute.contents(field.value, "XmlAttribute.value", at: field.offset))
            case 5: id = try attribute.number(field.value, "XmlAttribute.resource_id", at: field.offset)
            case 6:
                compiled = try readItem(
                    try attribute.contents(field.value, "XmlAttribute.compiled_item", at: field.offset))
            default: break
            }
        }
        let value: ManifestValue
        switch (compiled, text) {
        case (.string(let item)?, _): value = .string(text ?? item)
        case (.other?, let text?): value = .string(text)
        case (let typed?, _): value = typed
        case (nil, _): value = .string(text ?? "")
        }
        return (namespace, name, id, value)
    }

    /// An `Item`: a reference, a primitive, or a string; nil for kinds the walk does not read.
    private func readItem(_ range: Range<Int>) throws(ArtifactProblem) -> ManifestValue? {
        var item = fields(range)
        var value: ManifestValue?
        while let field = try item.next() {
            switch field.number {
            case 1:
                var id: UInt64 = 0
                var reference = fields(try item.contents(field.value, "Item.ref", at: field.offset))
                while let part = try reference.next() {
                    guard part.number == 2 else { continue }
                    id = try reference.number(part.value, "Reference.id", at: part.offset)
                }
                value = .reference(UInt32(truncatingIfNeeded: id))
            case 2, 3:
                var string = fields(try item.contents(field.value, "Item.str", at: field.offset))
                var text = ""
                while let part = try string.next() {
                    guard part.number == 1 else { continue }
                    text = string.text(try string.contents(part.value, "String.value", at: part.offset))
                }
                value = .string(text)
            case 7:
                value = try readPrimitive(try item.contents(field.value, "Item.prim", at: field.offset))
            default:
                break
            }
        }
        return value
    }

    private func readPrimitive(_ range: Range<Int>) throws(ArtifactProblem) -> ManifestValue? {
        var primitive = fields(range)
        var value: ManifestValue?
        while let field = try primitive.next() {
            switch field.number {
            case 6, 7:
                let number = try primitive.number(field.value, "Primitive.int_value", at: field.offset)
                value = .int(Int(Int32(truncatingIfNeeded: number)))
            case 8:
                value = .boolean(try primitive.number(field.value, "Primitive.boolean_value", at: field.offset) != 0)
            default:
                value = .other("primitive field \(field.number)")
            }
        }
        return value
    }
}
