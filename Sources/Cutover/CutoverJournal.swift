import Foundation
import Git
import RelopsCore

/// The record of one cutover in `.git/relops/cutovers/<id>.json`: every file with the blob ids of
/// its original and new content, so `undo` restores byte for byte and an interrupted run can be
/// finished or reverted.
public struct CutoverJournal: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Blobs stored and temporary files being written; no original replaced yet.
        case preparing
        /// Renames under way: each file is wholly old or wholly new.
        case applying
        case applied
        /// Interrupted while preparing; nothing had been replaced, leftovers removed.
        case abandoned
        /// Stopped during the renames (a file changed underneath, or a rename failed); every file
        /// already replaced was put back, so the tree is as before.
        case rolledBack = "rolled-back"
        case undone
        /// An undo under way, saved before its first file changes: an undo cut off here is
        /// finished by the next `cutover undo`.
        case undoing

        /// Cut off halfway: a later apply finishes an apply, `undo` reverts it; an undo cut off
        /// halfway is finished by `undo`.
        public var isInterrupted: Bool { self == .preparing || self == .applying || self == .undoing }
    }

    public struct Entry: Sendable, Equatable {
        public let path: String
        public let original: ObjectID
        public let new: ObjectID
        public let occurrenceClass: String
        public let edits: Int
        /// Permission bits when the cutover ran, for a file that has to be re-created.
        public let mode: UInt32
        /// The blob the index held for the file before the cutover, so `undo` puts the index back
        /// as it was; nil in a journal written before it was recorded.
        public var indexed: ObjectID? = nil
    }

    /// A `*.old` name a `--subdomains` cutover rewrote, and its new name.
    public struct FamilyRename: Sendable, Equatable {
        public let old: String
        public let new: String
    }

    public let id: String
    public let created: String
    public let from: String
    public let to: String
    /// The plan's options (`--include-email`, `--subdomains`): recovery rewrites a file exactly as
    /// the apply did. A journal written before they were recorded means none.
    public let options: CutoverOptions
    /// With `--subdomains`: the `*.old` names the plan rewrote.
    public let familyRenames: [FamilyRename]
    /// `--commit` was asked: recovery makes the branch and commit the interrupted apply would have.
    public let makesCommit: Bool
    public var state: State
    public let files: [Entry]
    public var branch: String?
    public var commit: String?
    /// The branch HEAD was on when the apply started: `undo` of a committed cutover returns there.
    public var startBranch: String? = nil

    /// The folder holding every journal of a repository.
    public static func folder(_ project: Project) -> String { project.repository.gitDirectory + "/relops/cutovers" }

    func path(_ project: Project) -> String { CutoverJournal.folder(project) + "/\(id).json" }

    var json: JSONValue {
        .object([
            ("id", .string(id)), ("created", .string(created)), ("from", .string(from)), ("to", .string(to)),
            ("state", .string(state.rawValue)), ("branch", .string(branch)), ("commit", .string(commit)),
            ("start_branch", .string(startBranch)),
            (
                "options",
                .object([
                    ("include_email", .bool(options.includeEmail)), ("subdomains", .bool(options.subdomains)),
                    (
                        "family_renames",
                        .array(familyRenames.map { .object([("old", .string($0.old)), ("new", .string($0.new))]) })
                    ),
                    ("commit", .bool(makesCommit)),
                    ("exclude", .array(options.exclude.map { .string($0.text) })),
                ])
            ),
            (
                "files",
                .array(
                    files.map { f in
                        .object([
                            ("path", .string(f.path)), ("original", .string(f.original.hex)),
                            ("new", .string(f.new.hex)),
                            ("class", .string(f.occurrenceClass)), ("edits", .int(f.edits)),
                            ("mode", .string(String(f.mode, radix: 8))), ("indexed", .string(f.indexed?.hex)),
                        ])
                    })
            ),
        ])
    }

    /// Writes the journal atomically (temporary file, fsync, rename).
    func save(_ project: Project) throws(Failure) {
        let folder = CutoverJournal.folder(project)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(folder): cannot create: \(error.localizedDescription)")
        }
        try AtomicFile.write(Array((json.rendered() + "\n").utf8), to: path(project))
    }

    /// Reads one journal file; a damaged one is bad input naming the file.
    static func load(_ file: String) throws(Failure) -> CutoverJournal {
        guard let data = FileManager.default.contents(atPath: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw Failure(.badInput, "\(file): not a readable cutover journal (JSON object expected)")
        }
        func text(_ key: String) throws(Failure) -> String {
            guard let value = object[key] as? String else {
                throw Failure(.badInput, "\(file): journal field `\(key)` is missing")
            }
            return value
        }
        guard let state = State(rawValue: try text("state")) else {
            throw Failure(.badInput, "\(file): unknown journal state `\(object["state"] ?? "")`")
        }
        var entries: [Entry] = []
        for item in object["files"] as? [[String: Any]] ?? [] {
            guard let path = item["path"] as? String,
                let original = (item["original"] as? String).flatMap(ObjectID.init(hex:)),
                let new = (item["new"] as? String).flatMap(ObjectID.init(hex:))
            else {
                throw Failure(.badInput, "\(file): a file entry lacks path, original or new blob id")
            }
            entries.append(
                Entry(
                    path: path, original: original, new: new, occurrenceClass: item["class"] as? String ?? "other",
                    edits: item["edits"] as? Int ?? 0,
                    mode: (item["mode"] as? String).flatMap { UInt32($0, radix: 8) } ?? 0o644,
                    indexed: (item["indexed"] as? String).flatMap(ObjectID.init(hex:))))
        }
        let (options, family) = try loadOptions(object["options"], file: file)
        let makesCommit = (object["options"] as? [String: Any])?["commit"] as? Bool ?? false
        return CutoverJournal(
            id: try text("id"), created: try text("created"), from: try text("from"), to: try text("to"),
            options: options, familyRenames: family, makesCommit: makesCommit, state: state, files: entries,
            branch: object["branch"] as? String,
            commit: object["commit"] as? String, startBranch: object["start_branch"] as? String)
    }

    /// The journal's `options` object; absent (a journal written before options were recorded)
    /// means none. A malformed one is bad input naming the file.
    static func loadOptions(_ value: Any?, file: String) throws(Failure) -> (CutoverOptions, [FamilyRename]) {
        guard let value else { return (CutoverOptions(), []) }
        guard let object = value as? [String: Any],
            let includeEmail = object["include_email"] as? Bool, let subdomains = object["subdomains"] as? Bool,
            let renames = object["family_renames"] as? [[String: Any]]
        else {
            throw Failure(
                .badInput, "\(file): journal field `options` needs include_email, subdomains and family_renames")
        }
        var family: [FamilyRename] = []
        for rename in renames {
            guard let old = rename["old"] as? String, let new = rename["new"] as? String else {
                throw Failure(.badInput, "\(file): a family rename in `options` lacks its old or new name")
            }
            family.append(FamilyRename(old: old, new: new))
        }
        // Absent in a journal written before exclusions were recorded: none.
        guard let texts = object["exclude"] as? [String] ?? (object["exclude"] == nil ? [] : nil) else {
            throw Failure(.badInput, "\(file): journal field `options.exclude` must be a list of strings")
        }
        let exclude = try CutoverExclusion.parse(texts, source: "\(file): journal field `options.exclude`")
        return (CutoverOptions(includeEmail: includeEmail, subdomains: subdomains, exclude: exclude), family)
    }

    /// Every journal of the repository, oldest first; an unreadable journal folder is an error
    /// (exit 3) naming it.
    public static func all(_ project: Project) throws(Failure) -> [CutoverJournal] {
        let folder = CutoverJournal.folder(project)
        var info = stat()
        if lstat(folder, &info) != 0 && errno == ENOENT { return [] }  // no cutover yet
        let listed: [String]
        do { listed = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            // Unreadable is not "no interrupted cutover": that would let an apply run over one.
            throw Failure(.couldNotCheck, "\(folder): cannot read the cutover journals: \(error.localizedDescription)")
        }
        let names = listed.filter { $0.hasSuffix(".json") }.sorted()
        var journals: [CutoverJournal] = []
        for name in names { journals.append(try load(folder + "/" + name)) }
        // Ids sort by the second only: the creation time (with milliseconds) orders two cutovers
        // made in the same second.
        return journals.sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    }

    /// A new, sortable id: the UTC time and four random hex digits.
    static func newID(now: Date = Date()) -> (id: String, created: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (
            formatter.string(from: now) + "-" + String(format: "%04x", UInt16.random(in: 0...UInt16.max)),
            iso.string(from: now)
        )
    }
}
