import Foundation
import TestSupport
import Testing

/// `relops scan --explain PATH[:LINE]` run as a user runs it: text, JSON, and the exit codes of
/// bad input.
@Suite struct ScanExplainCommandTests {
    let appSource = "android/app/src/main/java/com/example/Links.kt"

    struct ScanDocument: Decodable {
        struct Occurrence: Decodable {
            let path: String
            let ruleID: String
            enum CodingKeys: String, CodingKey {
                case path
                case ruleID = "rule_id"
            }
        }
        let occurrences: [Occurrence]
    }

    struct ExplainDocument: Decodable {
        struct Trial: Decodable {
            let ruleID: String
            let phase: String
            let verdict: String
            let reason: String?
            let `class`: String?
            let evidence: [String]?
            enum CodingKeys: String, CodingKey {
                case ruleID = "rule_id"
                case phase, verdict, reason, `class`, evidence
            }
        }
        struct Occurrence: Decodable {
            let line: Int
            let `class`: String
            let ruleID: String
            let products: [String]
            let rules: [Trial]
            enum CodingKeys: String, CodingKey {
                case line, `class`, products, rules
                case ruleID = "rule_id"
            }
        }
        let schemaVersion: Int
        let path: String
        let line: Int?
        let buildFilesRead: [String]
        let occurrences: [Occurrence]
        enum CodingKeys: String, CodingKey {
            case schemaVersion = "schema_version"
            case path, line, occurrences
            case buildFilesRead = "build_files_read"
        }
    }

    func scanRuleIDs(_ repo: GitFixture) throws -> [String: String] {
        let result = relops(["scan", "--repo", repo.root, "--host", "app.example.com", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONDecoder().decode(ScanDocument.self, from: Data(result.stdout.utf8))
        return Dictionary(document.occurrences.map { ($0.path, $0.ruleID) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func theTextListsDeclinedRulesBeforeTheOneTheScanNames() throws {
        let repo = makeAppRepository()
        let ruleIDs = try scanRuleIDs(repo)
        for path in [appSource, "Tests/App.Tests/LinkTests.cs", "Docs/runbook.md"] {
            let result = relops(["scan", "--repo", repo.root, "--host", "app.example.com", "--explain", path])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let ruleID = try #require(ruleIDs[path])
            #expect(lines.first?.hasPrefix("\(path):1:") == true, "\(result.stdout)")
            #expect(lines.first?.contains("[\(ruleID)]") == true, "\(result.stdout)")
            let decided = try #require(
                lines.lastIndex { $0.contains(" \(ruleID) ") && $0.contains("  decided: ") }, "\(result.stdout)")
            let declined = try #require(lines.firstIndex { $0.contains("  declined") }, "\(result.stdout)")
            #expect(declined < decided)
            #expect(lines.contains { $0.hasPrefix("build files read: ") })
        }
    }

    @Test func theJSONCarriesEveryRulesVerdictAsFields() throws {
        let repo = makeAppRepository()
        let ruleIDs = try scanRuleIDs(repo)
        let result = relops([
            "scan", "--repo", repo.root, "--host", "app.example.com", "--explain", appSource + ":1", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONDecoder().decode(ExplainDocument.self, from: Data(result.stdout.utf8))
        #expect(document.schemaVersion == 1)
        #expect(document.path == appSource && document.line == 1)
        #expect(document.buildFilesRead.contains("android/app/build.gradle"))
        let occurrence = try #require(document.occurrences.first)
        #expect(occurrence.ruleID == ruleIDs[appSource])
        #expect(occurrence.class == "binary-literal")
        #expect(!occurrence.products.isEmpty)
        let decided = occurrence.rules.filter { $0.verdict == "decided" }
        #expect(decided.last?.ruleID == occurrence.ruleID)
        #expect(decided.last?.class == "binary-literal" && decided.last?.evidence?.isEmpty == false)
        let testFolder = occurrence.rules.first { $0.ruleID == "path.test-folder" }
        #expect(testFolder?.verdict == "declined" && testFolder?.phase == "path")
        #expect(testFolder?.reason?.contains("not under a test folder") == true)
        #expect(Set(occurrence.rules.map(\.verdict)).isSubset(of: ["declined", "decided", "not-asked"]))
    }

    @Test func badInputExitsTwoAndAFileWithoutAnOccurrenceExitsZero() {
        let repo = makeAppRepository()
        let base = ["scan", "--repo", repo.root, "--host", "app.example.com", "--explain"]
        let outside = relops(base + ["../elsewhere.kt"])
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("outside the repository"), "\(outside.stderr)")
        let missing = relops(base + ["no/such/File.kt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no/such/File.kt: no such file in the repository"), "\(missing.stderr)")
        let none = relops(base + ["android/app/build.gradle"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stdout == "no occurrence of app.example.com in android/app/build.gradle\n")
        let noneOnLine = relops(base + [appSource + ":7"])
        #expect(noneOnLine.status == 0, "\(noneOnLine.stderr)")
        #expect(noneOnLine.stdout == "no occurrence of app.example.com on \(appSource):7\n")
        let sarif = relops(base + [appSource, "--format", "sarif"])
        #expect(sarif.status == 2)
    }
}
