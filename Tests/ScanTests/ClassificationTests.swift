import RelopsCore
import Scan
import TestSupport
import Testing

@Suite struct ClassificationTests {
    @Test func everyClassIsFoundWithTheRuleThatDecidedIt() throws {
        let repo = makeAppRepository()
        let result = try scanRepository(repo.root)
        let expected: [(String, OccurrenceClass)] = [
            ("Source/App.UI/appsettings.json", .binaryConfig),
            ("Source/App.UI/Resources/Raw/links.json", .binaryConfig),
            ("android/app/src/main/res/values/strings.xml", .binaryConfig),
            ("Source/App.UI/Platforms/iOS/Entitlements.plist", .binaryLiteral),
            ("Source/App.UI/Platforms/iOS/Info.plist", .binaryLiteral),
            ("Source/App.UI/Platforms/Android/MainActivity.cs", .binaryLiteral),
            ("android/app/src/main/AndroidManifest.xml", .binaryLiteral),
            ("android/app/src/main/java/com/example/Links.kt", .binaryLiteral),
            ("Source/App.Web/appsettings.json", .server),
            ("deploy/main.bicep", .server),
            ("Docs/runbook.md", .docs),
            ("Tests/App.Tests/LinkTests.cs", .test),
            ("Source/App.UI/appsettings.Development.json", .other),
            ("tools/notes.sh", .unknown),
        ]
        for (path, cls) in expected {
            #expect(result.classOf(path) == cls, "\(path)")
        }
        #expect(result.occurrences.count == expected.count)
        #expect(result.occurrence("Source/App.UI/appsettings.json")?.rule.contains("EmbeddedResource") == true)
        #expect(result.occurrence("Source/App.UI/appsettings.json")?.rule.contains("App.UI.csproj") == true)
        #expect(result.occurrence("Source/App.Web/appsettings.json")?.rule.contains("server project") == true)
        let counts = Dictionary(uniqueKeysWithValues: result.counts.map { ($0.0, $0.1) })
        #expect(counts[.binaryConfig] == 3 && counts[.binaryLiteral] == 5 && counts[.server] == 2)
    }

    @Test func relopsYmlClassifyRulesOverrideTheBuiltInOnesFirstMatchWins() throws {
        let repo = makeAppRepository()
        repo.write(
            ".relops.yml",
            """
            classify:
              - { glob: "tools/**", class: server }
              - { glob: "**/*.sh", class: docs }
            """)
        repo.commit("config")
        let result = try scanRepository(repo.root)
        #expect(result.classOf("tools/notes.sh") == .server)
        #expect(result.occurrence("tools/notes.sh")?.rule.contains(".relops.yml:2") == true)
    }

    @Test func expectationsReportTheDifference() throws {
        let repo = makeAppRepository()
        let result = try scanRepository(repo.root)
        let met = try ScanExpectation(parsing: ["binary=8,server=2", "docs=1,unknown=1"])
        #expect(met.differences(in: result).isEmpty)
        let unmet = try ScanExpectation(parsing: ["binary-literal=4,unknown=1"])
        #expect(unmet.differences(in: result) == ["expected 4 binary-literal occurrences, found 5"])
        // An `unknown` occurrence stops an expectation that does not accept it.
        let silent = try ScanExpectation(parsing: ["binary=8"])
        #expect(
            silent.differences(in: result) == [
                "1 unknown occurrence (tools/notes.sh): no build file relops read places it; classify with `classify:` in .relops.yml, or accept with --expect unknown=1"
            ])
        #expect(throws: Failure.self) { try ScanExpectation(parsing: ["binry=1"]) }
        #expect(throws: Failure.self) { try ScanExpectation(parsing: ["docs=x"]) }
    }
}
