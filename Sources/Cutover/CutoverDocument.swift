import RelopsCore
import Scan

/// `relops cutover --format json`, read back by type: a schema version, the hosts and what the
/// command did (applied, journal, branch, commit, hooks not run), then the plan (every edit, the
/// counts, what is not rewritten and why, the options, the follow-ups) around its summary. With
/// `--stat` the plan's details are left out (`details` nil) and the summary ends the document.
public struct CutoverDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    public var from: String
    public var to: String
    /// The new host in Unicode, for an internationalised name.
    public var toUnicode: String?
    public var applied: Bool
    /// The id of the journal an apply wrote.
    public var journal: String?
    public var branch: String?
    /// The commit `--commit` made, in hex.
    public var commit: String?
    public var hooksNotRun: [String]
    /// The plan's details; nil for `--stat`.
    public var details: CutoverPlanDetails?
    public var summary: CutoverSummaryDocument

    /// The document of `plan` and what the command did; `stat` leaves the plan's details out.
    public init(
        _ plan: CutoverPlan, outcome: ApplyOutcome?, stat: Bool = false, recovered: [String] = [],
        interrupted: String? = nil
    ) {
        from = plan.from
        to = plan.to
        toUnicode = plan.toUnicode
        applied = outcome != nil
        journal = outcome?.journal.id
        branch = outcome?.branch
        commit = outcome?.commit?.hex
        hooksNotRun = outcome?.hooksNotRun ?? []
        details = stat ? nil : CutoverPlanDetails(plan, recovered: recovered, interrupted: interrupted)
        summary = CutoverSummaryDocument(plan.summary)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case from, to
        case toUnicode = "to_unicode"
        case applied, journal, branch, commit
        case hooksNotRun = "hooks_not_run"
        case edits, summary
    }

    /// The head, then the edits and counts, the summary, and the rest of the plan; every head key
    /// written, null when empty.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(from, forKey: .from)
        try object.encode(to, forKey: .to)
        try object.encode(toUnicode, forKey: .toUnicode)
        try object.encode(applied, forKey: .applied)
        try object.encode(journal, forKey: .journal)
        try object.encode(branch, forKey: .branch)
        try object.encode(commit, forKey: .commit)
        try object.encode(hooksNotRun, forKey: .hooksNotRun)
        try details?.encodeLead(to: encoder)
        try object.encode(summary, forKey: .summary)
        try details?.encodeRest(to: encoder)
    }

    /// Reads a document of schema version 1 to `schemaVersion`; the details when it has `edits`.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        from = try object.decode(String.self, forKey: .from)
        to = try object.decode(String.self, forKey: .to)
        toUnicode = try object.decodeIfPresent(String.self, forKey: .toUnicode)
        applied = try object.decode(Bool.self, forKey: .applied)
        journal = try object.decodeIfPresent(String.self, forKey: .journal)
        branch = try object.decodeIfPresent(String.self, forKey: .branch)
        commit = try object.decodeIfPresent(String.self, forKey: .commit)
        hooksNotRun = try object.decode([String].self, forKey: .hooksNotRun)
        details = object.contains(.edits) ? try CutoverPlanDetails(from: decoder) : nil
        summary = try object.decode(CutoverSummaryDocument.self, forKey: .summary)
    }

    /// The JSON text `relops cutover --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the cutover plan") }
}
