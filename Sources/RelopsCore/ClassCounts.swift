/// Occurrences per class, written as one object keyed by class name in class order.
public struct ClassCounts: Codable, Sendable, Equatable {
    /// Each class with its count, in class order.
    public var counts: [(OccurrenceClass, Int)]

    /// `counts` as given.
    public init(_ counts: [(OccurrenceClass, Int)]) { self.counts = counts }

    public static func == (a: ClassCounts, b: ClassCounts) -> Bool {
        a.counts.count == b.counts.count && zip(a.counts, b.counts).allSatisfy { $0 == $1 }
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Key.self)
        for (occurrenceClass, count) in counts {
            try object.encode(count, forKey: Key(stringValue: occurrenceClass.rawValue))
        }
    }

    /// Reads the counts back in class order; a name that is no class throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        var read: [(OccurrenceClass, Int)] = []
        for key in object.allKeys {
            guard let occurrenceClass = OccurrenceClass(rawValue: key.stringValue) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: object, debugDescription: "`\(key.stringValue)` is not an occurrence class")
            }
            read.append((occurrenceClass, try object.decode(Int.self, forKey: key)))
        }
        counts = read.sorted { $0.0 < $1.0 }
    }
}
