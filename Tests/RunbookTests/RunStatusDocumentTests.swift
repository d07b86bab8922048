import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// `RunStatusDocument` and `RunbookListDocument` read back what they write: the goldens of
/// `runbook status` and `runbook list --format json` decode and encode to the same bytes.
@Suite struct RunStatusDocumentTests {
    /// The golden `name` of EndToEndTests as printed today: the schema version first.
    static func printed(_ name: String) throws -> String {
        let data = try #require(
            FileManager.default.contents(atPath: sourceRoot + "/Tests/Golden/EndToEndTests/\(name).json"))
        return "{\n  \"schema_version\": 1," + String(decoding: data, as: UTF8.self).dropFirst()
    }

    @Test func aRunStatusReadsBackToTheSameBytes() throws {
        let text = try Self.printed("runbook-status")
        let document = try JSONDecoder().decode(RunStatusDocument.self, from: Data(text.utf8))
        #expect(try document.jsonText() + "\n" == text)
        #expect(document.steps.allSatisfy { $0.status.isDone })
    }

    @Test func aRunbookListReadsBackToTheSameBytes() throws {
        let data = try #require(
            FileManager.default.contents(atPath: sourceRoot + "/Tests/Golden/EndToEndTests/runbook-list.json"))
        let text = String(decoding: data, as: UTF8.self)
        let document = try JSONDecoder().decode(RunbookListDocument.self, from: Data(text.utf8))
        #expect(try document.jsonText() + "\n" == text)
        #expect(document.runbooks.map(\.name) == ["adr-anchor-audit", "domain-cutover", "fingerprint-rotation"])
    }

    @Test func aNewerSchemaIsRefused() throws {
        let newer = try Self.printed("runbook-status")
            .replacingOccurrences(of: "\"schema_version\": 1,", with: "\"schema_version\": 2,")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RunStatusDocument.self, from: Data(newer.utf8))
        }
    }
}
