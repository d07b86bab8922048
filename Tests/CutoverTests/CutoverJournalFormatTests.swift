import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

@testable import Cutover

/// The bytes a saved journal holds, against goldens recorded from the writer before the journal
/// became a `Codable` type.
@Suite struct CutoverJournalFormatTests {
    static let blobA = ObjectID(hex: "0123456789abcdef0123456789abcdef01234567")
    static let blobB = ObjectID(hex: "89abcdef0123456789abcdef0123456789abcdef")

    /// Every field set: options, family renames, exclusions, a commit, an indexed blob, and paths
    /// that need escaping or are not UTF-8.
    static func everyField() throws -> CutoverJournal {
        let a = try #require(blobA), b = try #require(blobB)
        let latin1 = decodePath(Array("caf".utf8) + [0xE9] + Array(".txt".utf8))
        return CutoverJournal(
            id: "20261205-225800-beef", created: "2026-12-05T22:58:00.123Z", from: "app.example.com",
            to: "links.example.net",
            options: CutoverOptions(
                includeEmail: true, subdomains: true,
                exclude: try CutoverExclusion.parse(["Docs/", "a.txt:3", "*.md"], source: "test")),
            familyRenames: [.init(old: "api.app.example.com", new: "api.links.example.net")], makesCommit: true,
            state: .applied,
            files: [
                .init(
                    path: "App/config \"quoted\"\\.json", original: a, new: b, occurrenceClass: "config",
                    edits: 2, mode: 0o755, indexed: a),
                .init(path: "a\nb\tc.txt", original: b, new: a, occurrenceClass: "docs", edits: 1, mode: 0o644),
                .init(path: latin1, original: a, new: b, occurrenceClass: "other", edits: 12, mode: 0o600),
                .init(path: "Ünïcode/é.md", original: b, new: a, occurrenceClass: "docs", edits: 1, mode: 0o644),
            ],
            branch: "relops/cutover-links.example.net", commit: "fedcba9876543210fedcba9876543210fedcba98",
            startBranch: "main")
    }

    /// The fewest fields: no options, no commit, no files.
    static func fewestFields() -> CutoverJournal {
        CutoverJournal(
            id: "20261205-225801-0000", created: "2026-12-05T22:58:01.000Z", from: "app.example.com",
            to: "links.example.net", options: CutoverOptions(), familyRenames: [], makesCommit: false,
            state: .preparing, files: [])
    }

    /// What `save` writes for `journal` in a fresh repository.
    func saved(_ journal: CutoverJournal) throws -> String {
        let repo = GitFixture()
        repo.write("a.txt", "a\n")
        repo.commit("a")
        let project = try Project(path: repo.root)
        try journal.save(project)
        return repo.readText(".git/relops/cutovers/\(journal.id).json")
    }

    /// `saved` is the golden at `golden` (today's bytes) with `"schema": 1` added as the first key.
    func expectGoldenWithSchema(_ saved: String, at golden: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            saved.hasPrefix("{\n  \"schema\": 1,\n  \"id\": "), "no schema version first",
            sourceLocation: sourceLocation)
        expectGolden(
            saved.replacingOccurrences(of: "\n  \"schema\": 1,", with: ""), at: golden, sourceLocation: sourceLocation)
    }

    @Test func everyFieldIsWrittenAsBeforeWithTheSchemaFirst() throws {
        expectGoldenWithSchema(
            try saved(try Self.everyField()), at: "Tests/Golden/CutoverTests/journal-every-field.json")
    }

    @Test func theFewestFieldsAreWrittenAsBeforeWithTheSchemaFirst() throws {
        expectGoldenWithSchema(
            try saved(Self.fewestFields()), at: "Tests/Golden/CutoverTests/journal-fewest-fields.json")
    }

    @Test func journalsWrittenBeforeTheSchemaFieldStillRead() throws {
        let folder = sourceRoot + "/Tests/Golden/CutoverTests/"
        #expect(try CutoverJournal.load(folder + "journal-every-field.json") == (try Self.everyField()))
        #expect(try CutoverJournal.load(folder + "journal-fewest-fields.json") == Self.fewestFields())
    }

    @Test func aSavedJournalReadsBackAsItWas() throws {
        let repo = GitFixture()
        let project = try Project(path: repo.root)
        let journal = try Self.everyField()
        try journal.save(project)
        #expect(try CutoverJournal.all(project) == [journal])
    }

    /// The fields the first writer wrote, and no others: what later writers added reads as absent.
    @Test func aJournalOfTheFirstFormatReadsWithTheDocumentedDefaults() throws {
        let repo = GitFixture()
        let file = repo.root + "/first.json"
        try """
        {"id": "20261129-120000-abcd", "created": "2026-11-29T12:00:00.000Z", "from": "app.example.com",
         "to": "links.example.net", "state": "applied", "branch": null, "commit": null,
         "files": [{"path": "a.txt", "original": "0123456789abcdef0123456789abcdef01234567",
                    "new": "89abcdef0123456789abcdef0123456789abcdef", "class": "docs", "edits": 1, "mode": "644"}]}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let journal = try CutoverJournal.load(file)
        #expect(journal.options == CutoverOptions() && journal.familyRenames.isEmpty && !journal.makesCommit)
        #expect(journal.startBranch == nil && journal.branch == nil && journal.commit == nil)
        #expect(journal.files.map(\.indexed) == [nil] && journal.files.map(\.mode) == [0o644])
    }
}
