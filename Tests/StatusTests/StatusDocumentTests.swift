import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing
import Verify

@testable import Status

/// `StatusDocument` reads back what it writes: the goldens of `status --format json` decode and
/// encode to the same bytes, and a host that could not be checked and a run in progress read back.
@Suite struct StatusDocumentTests {
    /// The golden `name` of EndToEndTests as printed today: the schema version first.
    static func printed(_ name: String) throws -> String {
        let data = try #require(
            FileManager.default.contents(atPath: sourceRoot + "/Tests/Golden/EndToEndTests/\(name).json"))
        return "{\n  \"schema_version\": 1," + String(decoding: data, as: UTF8.self).dropFirst()
    }

    static func read(_ text: String) throws -> StatusDocument {
        try JSONDecoder().decode(StatusDocument.self, from: Data(text.utf8))
    }

    @Test(arguments: ["status-local", "status-after-cutover"])
    func aPrintedDocumentReadsBackToTheSameBytes(_ name: String) throws {
        let text = try Self.printed(name)
        #expect(try Self.read(text).jsonText() + "\n" == text)
    }

    @Test func aHostNotCheckedAndARunInProgressReadBack() throws {
        var document = try Self.read(try Self.printed("status-after-cutover"))
        document.hosts[0].served = nil
        document.hosts[0].notChecked = "could not resolve the host"
        document.runbook = StatusDocument.Run(
            run: "domain-cutover-20261206T014522Z", runbook: "domain-cutover", rollback: true, steps: 9,
            lastCompleted: StatusDocument.Step(number: 2, title: "Scan", status: .passed, note: nil),
            next: StatusDocument.Step(number: 3, title: "Apply", status: .failed, note: "exit 1"))
        let text = try document.jsonText()
        #expect(try Self.read(text) == document)
        #expect(text.contains("\"served\": null,\n      \"not_checked\": \"could not resolve the host\""), "\(text)")
    }
}
