import Foundation
import Git
import RelopsCore

/// The journal as saved: keys in the order the file has always had them (`schema` added first),
/// so a journal is written byte for byte as before apart from that field.
///
/// What an older journal may lack, deliberately: `schema` (a journal written before the field
/// existed has this same format, version 1); `start_branch` (before undo returned to the start
/// branch: none); `branch` and `commit` (null or absent: no commit made); `options` as a whole
/// (before the options were recorded: none), and in it `commit` (before `--commit` was recorded:
/// false) and `exclude` (before exclusions: none); `indexed` of a file (before it was recorded:
/// unknown). Every other field every writer has written, so its absence means a damaged journal.
extension CutoverJournal: Codable {
    /// The journal format this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    enum CodingKeys: String, CodingKey {
        case schema, id, created, from, to, state, branch, commit
        case startBranch = "start_branch"
        case options, files
    }

    enum OptionKeys: String, CodingKey {
        case includeEmail = "include_email"
        case subdomains
        case familyRenames = "family_renames"
        case commit, exclude
    }

    /// Reads a saved journal: a required field missing or of the wrong type, an unknown state or a
    /// schema version other than 1 to `schemaVersion` throws; nothing is filled in but the absences
    /// listed above.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try object.decodeIfPresent(Int.self, forKey: .schema) ?? 1
        guard (1...CutoverJournal.schemaVersion).contains(schema) else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: object,
                debugDescription: "schema version \(schema) is not one this relops reads "
                    + "(1 to \(CutoverJournal.schemaVersion)); a newer relops wrote it, use that one")
        }
        let stateText = try object.decode(String.self, forKey: .state)
        guard let state = State(rawValue: stateText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: object, debugDescription: "unknown journal state `\(stateText)`")
        }
        var options = CutoverOptions(), familyRenames: [FamilyRename] = [], makesCommit = false
        if object.contains(.options) {
            let recorded = try object.nestedContainer(keyedBy: OptionKeys.self, forKey: .options)
            options.includeEmail = try recorded.decode(Bool.self, forKey: .includeEmail)
            options.subdomains = try recorded.decode(Bool.self, forKey: .subdomains)
            familyRenames = try recorded.decode([FamilyRename].self, forKey: .familyRenames)
            makesCommit = try recorded.decodeIfPresent(Bool.self, forKey: .commit) ?? false
            for text in try recorded.decodeIfPresent([String].self, forKey: .exclude) ?? [] {
                do { options.exclude.append(try CutoverExclusion(text)) } catch {
                    throw DecodingError.dataCorruptedError(
                        forKey: .exclude, in: recorded, debugDescription: "\"\(escapedText(text))\": \(error.message)")
                }
            }
        }
        self.init(
            id: try object.decode(String.self, forKey: .id), created: try object.decode(String.self, forKey: .created),
            from: try object.decode(String.self, forKey: .from), to: try object.decode(String.self, forKey: .to),
            options: options, familyRenames: familyRenames, makesCommit: makesCommit, state: state,
            files: try object.decode([Entry].self, forKey: .files),
            branch: try object.decodeIfPresent(String.self, forKey: .branch),
            commit: try object.decodeIfPresent(String.self, forKey: .commit),
            startBranch: try object.decodeIfPresent(String.self, forKey: .startBranch))
    }

    /// Writes the keys in their saved order, `schema` first; a missing branch or commit is null.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(CutoverJournal.schemaVersion, forKey: .schema)
        try object.encode(id, forKey: .id)
        try object.encode(created, forKey: .created)
        try object.encode(from, forKey: .from)
        try object.encode(to, forKey: .to)
        try object.encode(state.rawValue, forKey: .state)
        try object.encode(branch, forKey: .branch)
        try object.encode(commit, forKey: .commit)
        try object.encode(startBranch, forKey: .startBranch)
        var recorded = object.nestedContainer(keyedBy: OptionKeys.self, forKey: .options)
        try recorded.encode(options.includeEmail, forKey: .includeEmail)
        try recorded.encode(options.subdomains, forKey: .subdomains)
        try recorded.encode(familyRenames, forKey: .familyRenames)
        try recorded.encode(makesCommit, forKey: .commit)
        try recorded.encode(options.exclude.map(\.text), forKey: .exclude)
        try object.encode(files, forKey: .files)
    }
}

extension CutoverJournal.Entry: Codable {
    enum CodingKeys: String, CodingKey {
        case path, original, new
        case occurrenceClass = "class"
        case edits, mode, indexed
    }

    /// Reads one file entry: blob ids as 40 hex digits, the mode as octal text; only `indexed` may
    /// be absent.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        func blob(_ key: CodingKeys, _ hex: String) throws -> ObjectID {
            guard let id = ObjectID(hex: hex) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: object, debugDescription: "`\(hex)` is not a blob id (40 hex digits)")
            }
            return id
        }
        let modeText = try object.decode(String.self, forKey: .mode)
        guard let mode = UInt32(modeText, radix: 8) else {
            throw DecodingError.dataCorruptedError(
                forKey: .mode, in: object, debugDescription: "`\(modeText)` is not octal permission bits")
        }
        let indexed = try object.decodeIfPresent(String.self, forKey: .indexed)
        self.init(
            path: try object.decode(String.self, forKey: .path),
            original: try blob(.original, try object.decode(String.self, forKey: .original)),
            new: try blob(.new, try object.decode(String.self, forKey: .new)),
            occurrenceClass: try object.decode(String.self, forKey: .occurrenceClass),
            edits: try object.decode(Int.self, forKey: .edits), mode: mode,
            indexed: try indexed.map { hex in try blob(.indexed, hex) })
    }

    /// Writes the entry's keys in their saved order; `indexed` is null when unknown.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(path, forKey: .path)
        try object.encode(original.hex, forKey: .original)
        try object.encode(new.hex, forKey: .new)
        try object.encode(occurrenceClass, forKey: .occurrenceClass)
        try object.encode(edits, forKey: .edits)
        try object.encode(String(mode, radix: 8), forKey: .mode)
        try object.encode(indexed?.hex, forKey: .indexed)
    }
}
