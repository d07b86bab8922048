import RelopsCore

/// `relops association sources --format json`, read back by type: a schema version, each document
/// with the one source relops uses (`null` when it cannot pick one) and every source found, then
/// the files that look like association documents but are not served, with why.
public struct AssociationSourcesDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    /// One entry per document, assetlinks.json first.
    public var documents: [Entry]
    /// What was seen but not counted as served.
    public var skipped: [SkippedCandidate]

    /// One document: its sources, and the one relops uses.
    public struct Entry: Codable, Sendable, Equatable {
        public var document: WellKnownDocument
        /// The only source, or nil when there are several.
        public var source: AssociationSource?
        public var sources: [AssociationSource]

        enum CodingKeys: String, CodingKey { case document, source, sources }

        /// The entry of `found`: its sources, and the one when there is one.
        public init(_ found: DocumentSource) {
            document = found.document
            source = found.sources.count == 1 ? found.sources[0] : nil
            sources = found.sources
        }

        /// Every key written, `source` null when there is not one.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(document, forKey: .document)
            try object.encode(source, forKey: .source)
            try object.encode(sources, forKey: .sources)
        }
    }

    /// The document of what `AssociationSources.find` found.
    public init(_ found: AssociationSources) {
        documents = found.documents.map(Entry.init)
        skipped = found.skipped
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case documents, skipped
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(documents, forKey: .documents)
        try object.encode(skipped, forKey: .skipped)
    }

    /// Reads a document this relops or an older one wrote; a newer schema version throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        documents = try object.decode([Entry].self, forKey: .documents)
        skipped = try object.decode([SkippedCandidate].self, forKey: .skipped)
    }
}
