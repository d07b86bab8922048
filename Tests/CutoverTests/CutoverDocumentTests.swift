import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Cutover

/// `CutoverDocument` reads back what it writes: the goldens of `cutover --format json` (a plan,
/// `--stat`, an apply) decode and encode to the same bytes, and a document with every list filled
/// decodes to itself.
@Suite struct CutoverDocumentTests {
    /// The golden `name` of EndToEndTests as printed today: the schema version first.
    static func printed(_ name: String) throws -> String {
        let data = try #require(
            FileManager.default.contents(atPath: sourceRoot + "/Tests/Golden/EndToEndTests/\(name).json"))
        return "{\n  \"schema_version\": 1," + String(decoding: data, as: UTF8.self).dropFirst()
    }

    static func read(_ text: String) throws -> CutoverDocument {
        try JSONDecoder().decode(CutoverDocument.self, from: Data(text.utf8))
    }

    @Test(arguments: ["cutover-plan", "cutover-stat", "cutover-applied"])
    func aPrintedDocumentReadsBackToTheSameBytes(_ name: String) throws {
        let text = try Self.printed(name)
        let document = try Self.read(text)
        #expect(try document.jsonText() + "\n" == text)
        #expect((document.details == nil) == (name == "cutover-stat"))
    }

    @Test func aDocumentWithEveryListFilledReadsBackAsItWas() throws {
        var document = try Self.read(try Self.printed("cutover-plan"))
        var details = try #require(document.details)
        details.familyRenames = [.init(old: "api.old.example", new: "api.new.example")]
        details.subdomainWarnings = [.init(path: "a.txt", line: 2, remaining: ["x.old.example"])]
        details.redirectURIs = [
            .init(path: "b.json", line: 3, old: "https://old.example/cb", new: "https://new.example/cb")
        ]
        details.notHost = [.init(found: "old.example.Links", path: "c.cs", line: 4, reason: "identifier")]
        details.newHostAlreadyAt = [.init(path: "d.md", line: 5)]
        details.recovered = ["finished cutover 20261205-225800-beef"]
        details.interrupted = "a cutover was interrupted"
        details.includeEmail = true
        details.exclude = ["Docs/"]
        document.details = details
        document.journal = "20261205-225800-beef"
        document.commit = "0123456789abcdef0123456789abcdef01234567"
        document.summary.newHostAlready = document.summary.groupings.first?.tallies.first
        let text = try document.jsonText()
        #expect(try Self.read(text) == document)
        #expect(text.contains("\"interrupted\": \"a cutover was interrupted\""), "\(text)")
    }

    @Test func aNewerSchemaIsRefused() throws {
        let newer = try Self.printed("cutover-stat")
            .replacingOccurrences(of: "\"schema_version\": 1,", with: "\"schema_version\": 2,")
        #expect(throws: DecodingError.self) { try Self.read(newer) }
    }
}

/// `CutoverUndoDocument` and `CutoverListEntry` read back what they write (the goldens of
/// `cutover undo` and `cutover list --format json`).
@Suite struct CutoverUndoDocumentTests {
    @Test func anUndoReadsBackToTheSameBytes() throws {
        let text = try CutoverDocumentTests.printed("cutover-undo")
        let document = try JSONDecoder().decode(CutoverUndoDocument.self, from: Data(text.utf8))
        #expect(try document.jsonText() + "\n" == text)
        #expect(document.restored.count == 6 && document.revertCommit == nil)
    }

    @Test func aListReadsBackToTheSameBytes() throws {
        let data = try #require(
            FileManager.default.contents(atPath: sourceRoot + "/Tests/Golden/EndToEndTests/cutover-list.json"))
        let entries = try JSONDecoder().decode([CutoverListEntry].self, from: data)
        #expect(entries.map(\.state) == ["applied"])
        #expect(try JSONValueEncoder().text(entries, "the list") + "\n" == String(decoding: data, as: UTF8.self))
    }
}
