import Foundation
import RelopsCore
import Testing

/// The file `RELOPS_CHECK_OUTCOME` names: written from the `Codable` type with the bytes the
/// hand-built tree had, read back by type, a file without the check names still read.
@Suite struct CheckOutcomeFileTests {
    @Test func theOutcomeFileIsWrittenAndReadBackByType() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outcome-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/outcome.json"
        let outcome = CheckOutcome([
            (name: "apple-cdn", skipped: true, reason: "offline"),
            (name: "assetlinks.grant", skipped: false, reason: ""),
        ])
        try outcome.write(environment: [CheckOutcome.environmentName: path])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                {
                  "checked": 1,
                  "skipped": [
                    "offline"
                  ],
                  "checked_checks": [
                    "assetlinks.grant"
                  ],
                  "skipped_checks": [
                    "apple-cdn"
                  ]
                }
                """)
        #expect(CheckOutcome.read(path) == outcome)

        try #"{"checked": 0, "skipped": ["no network"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(CheckOutcome.read(path) == CheckOutcome(checked: 0, skipped: ["no network"]))
        try #"{"checked": "two", "skipped": []}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(CheckOutcome.read(path) == nil)
        #expect(CheckOutcome.read(folder + "/none.json") == nil)
    }
}
