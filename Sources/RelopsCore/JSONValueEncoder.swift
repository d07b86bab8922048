/// Encodes an `Encodable` value as a `JSONValue` whose objects keep the order in which the keys
/// were encoded, so a `Codable` type is written exactly as the hand-built `JSONValue` trees are
/// (`JSONValue.rendered`). `nil` encoded with `encode` (not `encodeIfPresent`) is `null`.
public struct JSONValueEncoder {
    public init() {}

    /// The value as JSON; throws `EncodingError.invalidValue` for an integer outside `Int`.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = EncodedNode()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.json
    }
}

/// One value being encoded; containers hold their children as nodes, filled in place.
final class EncodedNode {
    enum Content {
        case unset
        case value(JSONValue)
        case object([(String, EncodedNode)])
        case array([EncodedNode])
    }

    var content = Content.unset

    var json: JSONValue {
        switch content {
        case .unset: return .object([])
        case .value(let value): return value
        case .object(let pairs): return .object(pairs.map { ($0.0, $0.1.json) })
        case .array(let items): return .array(items.map(\.json))
        }
    }

    /// The node of `key`, made an object first; a key encoded twice keeps its first place.
    func child(forKey key: String) -> EncodedNode {
        var pairs: [(String, EncodedNode)] = []
        if case .object(let existing) = content { pairs = existing }
        let node = EncodedNode()
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = node
        } else {
            pairs.append((key, node))
        }
        content = .object(pairs)
        return node
    }

    /// A new last item, the node made an array first.
    func appendChild() -> EncodedNode {
        var items: [EncodedNode] = []
        if case .array(let existing) = content { items = existing }
        let node = EncodedNode()
        items.append(node)
        content = .array(items)
        return node
    }

    var count: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }
}

/// The `Encoder` writing into one node.
struct NodeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, codingPath: codingPath)
    }
}

/// An index in an unkeyed container, as a coding key.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    func encoder(_ key: Key) -> NodeEncoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { encoder(key).node.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try value.encode(to: encoder(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try value.encode(to: encoder(key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(key) }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    /// The encoder of a new last item.
    func encoder() -> NodeEncoder {
        let index = node.count
        return NodeEncoder(node: node.appendChild(), codingPath: codingPath + [IndexKey(intValue: index)])
    }

    mutating func encodeNil() throws { encoder().node.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Bool) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: String) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Double) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Float) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Int) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Int8) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Int16) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Int32) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: Int64) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: UInt) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: UInt8) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: UInt16) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: UInt32) throws { try value.encode(to: encoder()) }
    mutating func encode(_ value: UInt64) throws { try value.encode(to: encoder()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { encoder() }
}

struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    func put(_ value: JSONValue) { node.content = .value(value) }

    func integer<I: BinaryInteger>(_ value: I) throws {
        guard let int = Int(exactly: value) else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) does not fit in Int"))
        }
        put(.int(int))
    }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(.double(value)) }
    mutating func encode(_ value: Float) throws { put(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { put(.int(value)) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
}
