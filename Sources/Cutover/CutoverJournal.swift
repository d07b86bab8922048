import Foundation
import Git
import RelopsCore

/// The record of one cutover in `.git/relops/cutovers/<id>.json`: every file with the blob ids of
/// its original and new content, so `undo` restores byte for byte and an interrupted run can be
/// finished or reverted. Saved and read as its `Codable` form (`CutoverJournalCoding.swift`),
/// with a schema version.
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
    public struct FamilyRename: Sendable, Equatable, Codable {
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

    /// Writes the journal atomically (temporary file, fsync, rename); a failure names the journal.
    func save(_ project: Project) throws(Failure) {
        let folder = CutoverJournal.folder(project), file = path(project)
        do throws(Failure) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw Failure(.couldNotCheck, "\(folder): cannot create: \(error.localizedDescription)")
            }
            let json: JSONValue
            do { json = try JSONValueEncoder().encode(self) } catch {
                throw Failure(.couldNotCheck, "cannot encode it: \(error)")
            }
            try AtomicFile.write(Array((json.rendered() + "\n").utf8), to: file)
        } catch {
            throw Failure(.couldNotCheck, "\(file): cannot save cutover journal \(id): \(error.message)")
        }
    }

    /// Reads one journal file; a damaged one (not JSON, a field missing or of the wrong type, a
    /// schema version this relops does not read) is bad input naming the file and the field.
    static func load(_ file: String) throws(Failure) -> CutoverJournal {
        try SavedFile.read(CutoverJournal.self, at: file, what: "cutover journal", field: "journal field")
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
