import RelopsCore
import Scan

/// A cutover's summary as `cutover --format json` writes it (and `--stat` alone): the counts,
/// one `by_<key>` list per grouping (`by_class`, `by_product`), what is left alone and why, and
/// where the new host already is. Read back by type.
public struct CutoverSummaryDocument: Codable, Sendable, Equatable {
    public var files: Int
    public var occurrences: Int
    /// The groupings in order, each written as `by_<key>`.
    public var groupings: [Grouping]
    public var leftAlone: [LeftAlone]
    /// The occurrences of the new host already in the repository, or nil.
    public var newHostAlready: Tally?

    /// Occurrences grouped by one key (`class`, `product`).
    public struct Grouping: Sendable, Equatable {
        public var key: String
        public var tallies: [Tally]
    }

    /// One group: its name and counts; for a product its kind, description and file; the classes
    /// when counted (a null `kind` then says the occurrences are in no product).
    public struct Tally: Codable, Sendable, Equatable {
        public var name: String
        public var occurrences: Int
        public var files: Int
        public var product: ProductReference?
        public var classes: ClassCounts?

        /// The product of a tally.
        public struct ProductReference: Sendable, Equatable {
            public var kind: String
            public var description: String
            public var file: String
        }

        enum CodingKeys: String, CodingKey { case name, occurrences, files, kind, description, file, classes }

        /// The tally of `tally`; its classes in class order.
        init(_ tally: CutoverSummary.Tally) {
            name = tally.name
            occurrences = tally.occurrences
            files = tally.files
            product = tally.product.map {
                ProductReference(kind: $0.kind.rawValue, description: $0.description, file: $0.file)
            }
            let counted = OccurrenceClass.allCases.compactMap { c in tally.classes[c].map { (c, $0) } }
            classes = counted.isEmpty ? nil : ClassCounts(counted)
        }

        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(name, forKey: .name)
            try object.encode(occurrences, forKey: .occurrences)
            try object.encode(files, forKey: .files)
            if let product {
                try object.encode(product.kind, forKey: .kind)
                try object.encode(product.description, forKey: .description)
                try object.encode(product.file, forKey: .file)
            }
            if let classes {
                if product == nil { try object.encodeNil(forKey: .kind) }
                try object.encode(classes, forKey: .classes)
            }
        }

        public init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: CodingKeys.self)
            name = try object.decode(String.self, forKey: .name)
            occurrences = try object.decode(Int.self, forKey: .occurrences)
            files = try object.decode(Int.self, forKey: .files)
            product = try object.decodeIfPresent(String.self, forKey: .kind).map { kind in
                ProductReference(
                    kind: kind, description: try object.decode(String.self, forKey: .description),
                    file: try object.decode(String.self, forKey: .file))
            }
            classes = try object.decodeIfPresent(ClassCounts.self, forKey: .classes)
        }
    }

    /// Occurrences left alone of one kind, and why; counts not known are null.
    public struct LeftAlone: Codable, Sendable, Equatable {
        public var kind: CutoverSummary.LeftAloneKind
        public var occurrences: Int?
        public var files: Int?
        public var names: [String]
        public var reason: String

        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(kind, forKey: .kind)
            try object.encode(occurrences, forKey: .occurrences)
            try object.encode(files, forKey: .files)
            try object.encode(names, forKey: .names)
            try object.encode(reason, forKey: .reason)
        }
    }

    /// The document of `summary`.
    public init(_ summary: CutoverSummary) {
        files = summary.files
        occurrences = summary.occurrences
        groupings = summary.groupings.map { Grouping(key: $0.key, tallies: $0.tallies.map(Tally.init)) }
        leftAlone = summary.leftAlone.map {
            LeftAlone(kind: $0.kind, occurrences: $0.occurrences, files: $0.files, names: $0.names, reason: $0.reason)
        }
        newHostAlready = summary.newHostAlready.map(Tally.init)
    }

    /// A key of the summary: the fixed ones and `by_<grouping>`.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }
    }

    /// The groupings relops writes, in the order it writes them; others are read after them by name.
    static let groupingOrder = ["class", "product"]

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: Key.self)
        try object.encode(files, forKey: Key("files"))
        try object.encode(occurrences, forKey: Key("occurrences"))
        for grouping in groupings { try object.encode(grouping.tallies, forKey: Key("by_" + grouping.key)) }
        try object.encode(leftAlone, forKey: Key("left_alone"))
        try object.encode(newHostAlready, forKey: Key("new_host_already"))
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        files = try object.decode(Int.self, forKey: Key("files"))
        occurrences = try object.decode(Int.self, forKey: Key("occurrences"))
        let keys = object.allKeys.map(\.stringValue).filter { $0.hasPrefix("by_") }.map { String($0.dropFirst(3)) }
        let known = Self.groupingOrder.filter(keys.contains), others = keys.filter { !known.contains($0) }.sorted()
        groupings = try (known + others).map { key in
            Grouping(key: key, tallies: try object.decode([Tally].self, forKey: Key("by_" + key)))
        }
        leftAlone = try object.decode([LeftAlone].self, forKey: Key("left_alone"))
        newHostAlready = try object.decodeIfPresent(Tally.self, forKey: Key("new_host_already"))
    }
}

extension CutoverSummary.LeftAloneKind: Codable {}
