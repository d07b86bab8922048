internal import CYAML

/// A YAML value with the position it came from, so errors can say `file:line:col:`.
public indirect enum YAMLNode: Sendable, Equatable {
    case scalar(String, Mark)
    case sequence([YAMLNode], Mark)
    case mapping([(key: String, value: YAMLNode)], Mark)

    /// A 1-based line and column.
    public struct Mark: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        public var description: String { "\(line):\(column)" }
    }

    public var mark: Mark {
        switch self {
        case .scalar(_, let m), .sequence(_, let m), .mapping(_, let m): return m
        }
    }

    /// The scalar's text, or nil for a collection.
    public var string: String? {
        if case .scalar(let s, _) = self { return s }
        return nil
    }

    /// The sequence's items, or nil.
    public var items: [YAMLNode]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    /// The mapping's pairs in document order, or nil.
    public var pairs: [(key: String, value: YAMLNode)]? {
        if case .mapping(let pairs, _) = self { return pairs }
        return nil
    }

    /// The value of `key` in a mapping (the first one), or nil.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first(where: { $0.key == key })?.value
    }

    public static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a, _), .scalar(b, _)): return a == b
        case let (.sequence(a, _), .sequence(b, _)): return a == b
        case let (.mapping(a, _), .mapping(b, _)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

/// A YAML document that libyaml could not parse, or that is not the shape asked for.
public struct YAMLError: Error, CustomStringConvertible, Sendable {
    /// libyaml's problem text, or ours.
    public let message: String
    /// Where it went wrong.
    public let mark: YAMLNode.Mark

    public init(message: String, mark: YAMLNode.Mark) {
        self.message = message
        self.mark = mark
    }

    public var description: String { "\(mark): \(message)" }
}
