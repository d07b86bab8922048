import RelopsCore
import Scan
import TestSupport
import Testing

/// `unknown`, never a guess (issue 29): in a repository that builds apps, a file that no rule
/// places is `unknown`, naming the nearest build file; `other` stays for what a rule places outside
/// every product.
@Suite struct UnknownClassTests {
    /// An Android app with a Gradle library no app depends on; a Python script beside a Node
    /// package's build file (which builds no Python) and a CSV at the root that no build file reads.
    func makeRepository() -> GitFixture {
        let repo = GitFixture("unknown-class")
        repo.write("settings.gradle", "include ':app', ':sdk'\n")
        repo.write("app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write("app/src/main/java/com/example/Links.kt", "const val HOME = \"https://host.com/\"\n")
        repo.write("sdk/build.gradle", "plugins { id 'java-library' }\n")
        repo.write("sdk/src/main/java/Sdk.java", "class Sdk { String home = \"https://host.com\"; }\n")
        repo.write("tools/package.json", #"{ "name": "tools", "private": true }"#)
        repo.write("tools/seed.py", "HOME = 'https://host.com'\n")
        repo.write("links.csv", "home,https://host.com\n")
        repo.commit("app with files no build file places")
        return repo
    }

    @Test func aFileNoRulePlacesIsUnknownNamingTheNearestBuildFile() throws {
        let repo = makeRepository()
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let native = try #require(result.occurrence("tools/seed.py"))
        #expect(native.occurrenceClass == .unknown)
        #expect(native.ruleID == "fallback.unknown")
        #expect(native.rule.contains("the nearest build file is tools/package.json"))
        #expect(native.rule.contains("check where it ships"))
        #expect(!native.rule.contains("no app"))
        #expect(native.products.isEmpty)
        let csv = try #require(result.occurrence("links.csv"))
        #expect(csv.occurrenceClass == .unknown)
        #expect(csv.rule.contains("no build file is in a folder above it"))
        // A rule places the library's Java source outside every product: `other`, with that rule's reason.
        let sdk = try #require(result.occurrence("sdk/src/main/java/Sdk.java"))
        #expect(sdk.occurrenceClass == .other)
        #expect(sdk.ruleID == "build-unit.not-included")
        #expect(result.classOf("app/src/main/java/com/example/Links.kt") == .binaryLiteral)
        #expect(result.counts.first { $0.0 == .unknown }?.1 == 2)
        #expect(result.sarif(toolVersion: "0").rendered(pretty: false).contains(#""id":"unknown""#))
    }

    @Test func anExpectationStopsOnUnknownUntilAcceptedOrClassified() throws {
        let repo = makeRepository()
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let silent = try ScanExpectation(parsing: ["binary=1,other=1"])
        #expect(
            silent.differences(in: result).first?.hasPrefix("2 unknown occurrences (links.csv, tools/seed.py)") == true)
        #expect(try ScanExpectation(parsing: ["binary=1,other=1,unknown=2"]).differences(in: result).isEmpty)

        repo.write(
            ".relops.yml",
            "classify:\n  - { glob: \"tools/**\", class: binary-literal }\n  - { glob: \"*.csv\", class: docs }\n")
        repo.commit("classify what no build file places")
        let classified = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(classified.classOf("tools/seed.py") == .binaryLiteral)
        #expect(classified.counts.first { $0.0 == .unknown }?.1 == 0)
        #expect(try ScanExpectation(parsing: ["binary=2,other=1"]).differences(in: classified).isEmpty)
    }

    @Test func aRepositoryThatBuildsNoAppKeepsOther() throws {
        let repo = GitFixture("unknown-no-app")
        repo.write("links.csv", "home,https://host.com\n")
        repo.commit("no app")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("links.csv") == .other)
        #expect(result.occurrence("links.csv")?.ruleID == "fallback.no-rule")
    }
}
