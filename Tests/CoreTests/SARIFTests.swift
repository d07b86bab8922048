import Foundation
import RelopsCore
import Testing

@Suite struct SARIFTests {
    @Test func aLogHasTheSchemaOneRunRulesAndResultsWithRegions() throws {
        let log = SARIFLog(
            toolVersion: "9.9.9", rules: [SARIFLog.Rule(id: "anchor-lost", description: "ADR anchor lost")],
            results: [
                SARIFLog.Result(
                    ruleID: "anchor-lost", level: .error, message: "a.cs:3 is gone", path: "Docs/adr.md", line: 7,
                    column: 5),
                SARIFLog.Result(
                    ruleID: "anchor-lost", level: .note, message: "m", path: "b.md", line: 1, column: 2, endColumn: 9),
            ])
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(log.json.rendered().utf8)) as? [String: Any])
        #expect(parsed["version"] as? String == "2.1.0")
        #expect(parsed["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((parsed["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "relops")
        #expect(driver["version"] as? String == "9.9.9")
        #expect((driver["rules"] as? [[String: Any]])?.first?["id"] as? String == "anchor-lost")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error", "note"])
        let location = try #require(
            (results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Docs/adr.md")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 7 && region["startColumn"] as? Int == 5 && region["endColumn"] == nil)
        let second = (results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((second?["region"] as? [String: Any])?["endColumn"] as? Int == 9)
    }
}
