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
        #expect(try CheckOutcome.read(path) == outcome)

        try #"{"checked": 0, "skipped": ["no network"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try CheckOutcome.read(path) == CheckOutcome(checked: 0, skipped: ["no network"]))
        #expect(try CheckOutcome.read(folder + "/none.json") == nil)
    }

    /// A file that is there but is no outcome is an error naming it and what is wrong, never read
    /// as if the command had written nothing.
    @Test func anOutcomeFileThatIsNoOutcomeIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outcome-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/outcome.json"
        for (text, problem) in [
            (#"{"checked": "two", "skipped": []}"#, "check outcome field `checked` has the wrong type"),
            (#"{"checked": 1"#, "not a readable check outcome: not valid JSON"),
            ("", "not a readable check outcome: the file is empty"),
            (#"{"skipped": []}"#, "check outcome field `checked` is missing"),
        ] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let error = #expect(throws: Failure.self) { try CheckOutcome.read(path) }
            #expect(error?.description.hasPrefix("\(path): \(problem)") == true, "\(text)")
        }
    }
}
