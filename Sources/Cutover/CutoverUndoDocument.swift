import RelopsCore

/// `relops cutover undo --format json`, read back by type: a schema version, the cutover undone,
/// the files restored, left as they were or changed since, and what was done in git.
public struct CutoverUndoDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    /// The cutover's id.
    public var id: String
    public var restored: [String]
    public var unchanged: [String]
    public var changedSince: [String]
    /// `--force`: the files changed since were overwritten.
    public var forced: Bool
    public var recovered: [String]
    /// What was done in git, one note each.
    public var git: [String]
    /// The revert commit `--commit` made, in hex.
    public var revertCommit: String?

    /// The document of `outcome`.
    public init(_ outcome: UndoOutcome) {
        id = outcome.journal.id
        restored = outcome.restored
        unchanged = outcome.unchanged
        changedSince = outcome.changedSince
        forced = outcome.forced
        recovered = outcome.recovered
        git = outcome.gitNotes
        revertCommit = outcome.revertCommit?.hex
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case id, restored, unchanged
        case changedSince = "changed_since"
        case forced, recovered, git
        case revertCommit = "revert_commit"
    }

    /// Every key written, `revert_commit` null without one.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(id, forKey: .id)
        try object.encode(restored, forKey: .restored)
        try object.encode(unchanged, forKey: .unchanged)
        try object.encode(changedSince, forKey: .changedSince)
        try object.encode(forced, forKey: .forced)
        try object.encode(recovered, forKey: .recovered)
        try object.encode(git, forKey: .git)
        try object.encode(revertCommit, forKey: .revertCommit)
    }

    /// Reads a document of schema version 1 to `schemaVersion`; a newer one throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        id = try object.decode(String.self, forKey: .id)
        restored = try object.decode([String].self, forKey: .restored)
        unchanged = try object.decode([String].self, forKey: .unchanged)
        changedSince = try object.decode([String].self, forKey: .changedSince)
        forced = try object.decode(Bool.self, forKey: .forced)
        recovered = try object.decode([String].self, forKey: .recovered)
        git = try object.decode([String].self, forKey: .git)
        revertCommit = try object.decodeIfPresent(String.self, forKey: .revertCommit)
    }

    /// The JSON text `relops cutover undo --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the undone cutover") }
}

/// One cutover as `relops cutover list --format json` lists it. The list is a JSON array of
/// these, as it has always been, so it carries no schema version (an array has no place for one).
public struct CutoverListEntry: Codable, Sendable, Equatable {
    public var id: String
    /// When it was made (ISO 8601, UTC, with milliseconds).
    public var created: String
    public var from: String
    public var to: String
    public var state: String
    /// How many files it rewrote.
    public var files: Int
    /// The branch `--commit` made, or nil.
    public var branch: String?

    /// The entry of `journal`.
    public init(_ journal: CutoverJournal) {
        id = journal.id
        created = journal.created
        from = journal.from
        to = journal.to
        state = journal.state.rawValue
        files = journal.files.count
        branch = journal.branch
    }

    /// Every key written, `branch` null without one.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(id, forKey: .id)
        try object.encode(created, forKey: .created)
        try object.encode(from, forKey: .from)
        try object.encode(to, forKey: .to)
        try object.encode(state, forKey: .state)
        try object.encode(files, forKey: .files)
        try object.encode(branch, forKey: .branch)
    }

    /// The JSON text of `journals` as `relops cutover list --format json` prints it.
    public static func jsonText(_ journals: [CutoverJournal]) throws(Failure) -> String {
        try JSONValueEncoder().text(journals.map(CutoverListEntry.init), "the cutover list")
    }
}
