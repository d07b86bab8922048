import RelopsCore

/// `relops association render --format json`, read back by type: a schema version, both
/// documents' text (`null` for one relops does not render), where they were rendered from, then
/// the notes and problems. Rendered from the sources the repository serves it lists each
/// document (`documents`); from a settings file or the app's identity it names the `source`.
public struct AssociationRenderDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    /// The text of assetlinks.json.
    public var assetlinks: String?
    /// The text of apple-app-site-association.
    public var appleAppSiteAssociation: String?
    /// Where both were rendered from; nil when rendered from the served sources.
    public var source: Origin?
    /// Each document as the repository serves it; nil unless rendered from the served sources.
    public var documents: [Entry]?
    /// Warnings: disagreements between settings and `.relops.yml`, sources not rendered.
    public var notes: [String]
    /// What validating the documents found.
    public var problems: [String]

    /// What a render read from, when it is one place for both documents.
    public enum Origin: Codable, Sendable, Equatable {
        /// A settings file's section (`--config`).
        case settings(AssociationSource)
        /// `.relops.yml` alone.
        case relopsYml
        /// The app's identity (flags, `.relops.yml`, build files), each part named with its origin.
        case identity(origins: [String])

        enum CodingKeys: String, CodingKey { case kind, origins }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .settings(let source): try source.encode(to: encoder)
            case .relopsYml:
                var object = encoder.container(keyedBy: CodingKeys.self)
                try object.encode("relops.yml", forKey: .kind)
            case .identity(let origins):
                var object = encoder.container(keyedBy: CodingKeys.self)
                try object.encode("identity", forKey: .kind)
                try object.encode(origins, forKey: .origins)
            }
        }

        public init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: CodingKeys.self)
            switch try object.decode(String.self, forKey: .kind) {
            case "relops.yml": self = .relopsYml
            case "identity": self = .identity(origins: try object.decode([String].self, forKey: .origins))
            default: self = .settings(try AssociationSource(from: decoder))
            }
        }
    }

    /// One document as the repository serves it: its source, text (null when another repository
    /// serves it), problems and notes.
    public struct Entry: Codable, Sendable, Equatable {
        public var document: WellKnownDocument
        public var source: AssociationSource
        public var text: String?
        public var problems: [String]
        public var notes: [String]

        enum CodingKeys: String, CodingKey { case document, source, text, problems, notes }

        /// The entry of `served`.
        public init(_ served: SourcedDocument) {
            document = served.document
            source = served.source
            text = served.text
            problems = served.problems.map(\.description)
            notes = served.notes
        }

        /// Every key written, `text` null when there is none.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(document, forKey: .document)
            try object.encode(source, forKey: .source)
            try object.encode(text, forKey: .text)
            try object.encode(problems, forKey: .problems)
            try object.encode(notes, forKey: .notes)
        }
    }

    /// A render from one place (`source`): a settings file, `.relops.yml` or the app's identity.
    public init(
        assetlinks: String?, appleAppSiteAssociation: String?, source: Origin, notes: [String], problems: [String]
    ) {
        self.assetlinks = assetlinks
        self.appleAppSiteAssociation = appleAppSiteAssociation
        self.source = source
        documents = nil
        self.notes = notes
        self.problems = problems
    }

    /// A render of each document from the source the repository serves it from.
    public init(served: [SourcedDocument]) {
        assetlinks = served.first { $0.document == .assetLinks }?.text
        appleAppSiteAssociation = served.first { $0.document == .appleAppSiteAssociation }?.text
        source = nil
        documents = served.map(Entry.init)
        notes = served.flatMap(\.notes)
        problems = served.flatMap(\.problems).map(\.description)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case assetlinks
        case appleAppSiteAssociation = "apple_app_site_association"
        case source, documents, notes, problems
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(assetlinks, forKey: .assetlinks)
        try object.encode(appleAppSiteAssociation, forKey: .appleAppSiteAssociation)
        try object.encodeIfPresent(source, forKey: .source)
        try object.encodeIfPresent(documents, forKey: .documents)
        try object.encode(notes, forKey: .notes)
        try object.encode(problems, forKey: .problems)
    }

    /// Reads a document this relops or an older one wrote; a newer schema version throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        assetlinks = try object.decodeIfPresent(String.self, forKey: .assetlinks)
        appleAppSiteAssociation = try object.decodeIfPresent(String.self, forKey: .appleAppSiteAssociation)
        source = try object.decodeIfPresent(Origin.self, forKey: .source)
        documents = try object.decodeIfPresent([Entry].self, forKey: .documents)
        notes = try object.decode([String].self, forKey: .notes)
        problems = try object.decode([String].self, forKey: .problems)
    }

    /// The JSON text `association render --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the rendered documents") }
}
