import RelopsCore

/// `relops anchors audit --format json`, read back by type (documented in `docs/anchors.md`): a
/// schema version, the target revision, every anchor with where it stands, the counts per status
/// and the repositories nobody mapped. Optional fields are written as `null`, never left out.
public struct AnchorAuditDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    /// The revision the anchors were checked at, as the text report names it.
    public var target: String
    /// Every anchor of every document audited, in document order.
    public var anchors: [Anchor]
    /// How many anchors have each status.
    public var counts: Counts
    /// Unresolved anchors into repositories nobody mapped, per repository, by name.
    public var unmapped: [UnmappedRepository]

    /// One anchor: where the document cites it, what it was checked against, and where it stands.
    public struct Anchor: Codable, Sendable, Equatable {
        public var doc: String
        public var docLine: Int
        public var docColumn: Int
        /// The anchor as the document writes it (`Src/A.cs:5`).
        public var text: String
        /// The mapped repository's prefix, "" for the documents' own repository.
        public var repo: String
        /// The cited path within `repo`; null for a bare `:N` that follows no path.
        public var path: String?
        public var start: Int
        public var end: Int
        /// The revision the anchor was last known right at, and why that one.
        public var base: String?
        public var baseReason: String?
        public var unmappedRepository: String?
        public var status: AnchorStatus
        public var newPath: String?
        public var newStart: Int?
        public var newEnd: Int?
        /// For `changed`: how sure the match by content is, 0 to 1.
        public var confidence: Double?
        public var editedInPlace: Bool
        /// The first-parent commits that moved or changed the block.
        public var commits: [Commit]
        public var note: String?
        /// The unit of evidence that decided the status.
        public var decidedBy: String?
        /// For `unresolved`: the paths the anchor could mean.
        public var candidates: [String]

        enum CodingKeys: String, CodingKey {
            case doc
            case docLine = "doc_line"
            case docColumn = "doc_column"
            case text, repo, path, start, end, base
            case baseReason = "base_reason"
            case unmappedRepository = "unmapped_repository"
            case status
            case newPath = "new_path"
            case newStart = "new_start"
            case newEnd = "new_end"
            case confidence
            case editedInPlace = "edited_in_place"
            case commits, note
            case decidedBy = "decided_by"
            case candidates
        }

        /// The anchor of `drift`.
        public init(_ drift: AnchorDrift) {
            doc = drift.doc
            docLine = drift.anchor.line
            docColumn = drift.anchor.column
            text = drift.anchor.text
            repo = drift.repo
            path = drift.path ?? drift.anchor.path
            start = drift.anchor.start
            end = drift.anchor.end
            base = drift.base
            baseReason = drift.baseReason
            unmappedRepository = drift.unmappedRepository
            status = drift.status
            newPath = drift.newPath
            newStart = drift.newStart
            newEnd = drift.newEnd
            confidence = drift.confidence
            editedInPlace = drift.editedInPlace
            commits = drift.commits.map(Commit.init)
            note = drift.note
            decidedBy = drift.decidedBy
            candidates = drift.candidates
        }

        /// Every key written, in the documented order; a missing value is `null`.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(doc, forKey: .doc)
            try object.encode(docLine, forKey: .docLine)
            try object.encode(docColumn, forKey: .docColumn)
            try object.encode(text, forKey: .text)
            try object.encode(repo, forKey: .repo)
            try object.encode(path, forKey: .path)
            try object.encode(start, forKey: .start)
            try object.encode(end, forKey: .end)
            try object.encode(base, forKey: .base)
            try object.encode(baseReason, forKey: .baseReason)
            try object.encode(unmappedRepository, forKey: .unmappedRepository)
            try object.encode(status, forKey: .status)
            try object.encode(newPath, forKey: .newPath)
            try object.encode(newStart, forKey: .newStart)
            try object.encode(newEnd, forKey: .newEnd)
            try object.encode(confidence, forKey: .confidence)
            try object.encode(editedInPlace, forKey: .editedInPlace)
            try object.encode(commits, forKey: .commits)
            try object.encode(note, forKey: .note)
            try object.encode(decidedBy, forKey: .decidedBy)
            try object.encode(candidates, forKey: .candidates)
        }
    }

    /// A commit that moved or changed an anchored block, as the document lists it.
    public struct Commit: Codable, Sendable, Equatable {
        public var id: String
        /// The first seven characters of `id`.
        public var short: String
        public var subject: String
        /// The pull request its subject names (`(#12)`).
        public var pr: Int?
        /// How many lines it moved the block by; nil when it edited the block.
        public var shift: Int?
        public var renamedTo: String?
        public var movedTo: String?

        enum CodingKeys: String, CodingKey {
            case id, short, subject, pr, shift
            case renamedTo = "renamed_to"
            case movedTo = "moved_to"
        }

        /// The entry of `commit`.
        public init(_ commit: AnchorCommit) {
            id = commit.id
            short = commit.short
            subject = commit.subject
            pr = commit.pr
            shift = commit.shift
            renamedTo = commit.renamedTo
            movedTo = commit.movedTo
        }

        /// Every key written; a missing value is `null`.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(id, forKey: .id)
            try object.encode(short, forKey: .short)
            try object.encode(subject, forKey: .subject)
            try object.encode(pr, forKey: .pr)
            try object.encode(shift, forKey: .shift)
            try object.encode(renamedTo, forKey: .renamedTo)
            try object.encode(movedTo, forKey: .movedTo)
        }
    }

    /// The anchors per status, every status listed in `AnchorStatus.allCases` order, then `total`.
    public struct Counts: Codable, Sendable, Equatable {
        public var byStatus: [AnchorStatus: Int]
        public var total: Int

        /// The counts of `anchors`.
        public init(_ anchors: [Anchor]) {
            byStatus = Dictionary(
                uniqueKeysWithValues: AnchorStatus.allCases.map { status in
                    (status, anchors.filter { $0.status == status }.count)
                })
            total = anchors.count
        }

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Key.self)
            for status in AnchorStatus.allCases {
                try object.encode(byStatus[status] ?? 0, forKey: Key(stringValue: status.rawValue))
            }
            try object.encode(total, forKey: Key(stringValue: "total"))
        }

        /// Every status must be present, as relops writes them all.
        public init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            var counts: [AnchorStatus: Int] = [:]
            for status in AnchorStatus.allCases {
                counts[status] = try object.decode(Int.self, forKey: Key(stringValue: status.rawValue))
            }
            byStatus = counts
            total = try object.decode(Int.self, forKey: Key(stringValue: "total"))
        }
    }

    /// A repository nobody mapped, and how many anchors cite it.
    public struct UnmappedRepository: Codable, Sendable, Equatable {
        public var repository: String
        public var anchors: Int
    }

    /// The document of `result`.
    public init(_ result: AnchorAuditResult) {
        target = result.target
        anchors = result.drifts.map(Anchor.init)
        counts = Counts(anchors)
        unmapped = result.unmappedRepositories.map { UnmappedRepository(repository: $0.name, anchors: $0.count) }
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case target, anchors, counts, unmapped
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(target, forKey: .target)
        try object.encode(anchors, forKey: .anchors)
        try object.encode(counts, forKey: .counts)
        try object.encode(unmapped, forKey: .unmapped)
    }

    /// Reads a document this relops or an older one wrote; a newer schema version throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        target = try object.decode(String.self, forKey: .target)
        anchors = try object.decode([Anchor].self, forKey: .anchors)
        counts = try object.decode(Counts.self, forKey: .counts)
        unmapped = try object.decode([UnmappedRepository].self, forKey: .unmapped)
    }

    /// The JSON text `relops anchors audit --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the anchor audit") }
}

extension AnchorStatus: Codable {}
