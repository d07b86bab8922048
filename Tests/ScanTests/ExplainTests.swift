import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// `scan --explain` in the library: every rule in order, the same decision as the scan, a line
/// narrows, bad input is refused.
@Suite struct ExplainTests {
    let appSource = "android/app/src/main/java/com/example/Links.kt"
    let testFile = "Tests/App.Tests/LinkTests.cs"
    let document = "Docs/runbook.md"

    func explained(_ repo: GitFixture, _ asked: String) throws -> ScanExplanation {
        let project = try Project(path: repo.root)
        return try explain(project, ScanRequest(hosts: [host]), ExplainTarget(parsing: asked, root: project.root))
    }

    @Test func everyRuleIsListedInOrderAndTheLastToDecideIsTheScansRule() throws {
        let repo = makeAppRepository()
        let scanned = try scanRepository(repo.root)
        let order = ClassificationRule.ordered.map(\.id)
        for path in [appSource, testFile, document] {
            let explanation = try explained(repo, path)
            #expect(explanation.path == path)
            #expect(explanation.occurrences.count == 1, "\(path)")
            guard let item = explanation.occurrences.first, let expected = scanned.occurrence(path) else {
                Issue.record("no occurrence in \(path)")
                continue
            }
            #expect(item.occurrence == expected, "\(path)")
            #expect(item.trials.map(\.ruleID) == order, "\(path)")
            let decided = item.trials.indices.filter {
                if case .decided = item.trials[$0].verdict { return true } else { return false }
            }
            guard let first = decided.first, let last = decided.last else {
                Issue.record("no rule decided \(path)")
                continue
            }
            #expect(item.trials[last].ruleID == expected.ruleID, "\(path)")
            #expect(item.trials[last].verdict == .decided(expected.occurrenceClass, evidence: expected.rule), "\(path)")
            #expect(first > 0, "\(path): declined rules come before the deciding one")
            for trial in item.trials[..<first] {
                if case .declined = trial.verdict { continue }
                Issue.record("\(path): \(trial.ruleID) before the decision is \(trial.verdict), not declined")
            }
        }
    }

    @Test func declinedRulesSayWhyWhereTheyCan() throws {
        let repo = makeAppRepository()
        let source = try #require(try explained(repo, appSource).occurrences.first)
        #expect(source.occurrence.occurrenceClass == .binaryLiteral)
        let testFolder = source.trials.first { $0.ruleID == "path.test-folder" }
        #expect(testFolder?.verdict == .declined(why: "not under a test folder (`tests/`, `spec/`, ...)"))
        let manifest = source.trials.first { $0.ruleID == "android.manifest" }
        #expect(manifest?.verdict == .declined(why: "not named AndroidManifest.xml"))
        let document = source.trials.first { $0.ruleID == "mobile.document" }
        #expect(document?.verdict == .declined(why: "not a document"))

        let test = try #require(try explained(repo, testFile).occurrences.first)
        #expect(test.occurrence.occurrenceClass == .test)
        // A test ships nothing: the line rules are not asked, and say why.
        let lineRules = test.trials.filter { $0.phase == "line" }
        #expect(!lineRules.isEmpty)
        for trial in lineRules {
            #expect(
                trial.verdict
                    == .notAsked(why: "the line rules refine only classes that ship; test ships nothing"))
        }
        let mobileSource = test.trials.first { $0.ruleID == "mobile.source" }
        #expect(mobileSource?.verdict == .notAsked(why: "an earlier rule decided"))
    }

    @Test func theBuildFilesAndUnitsReadForTheFileAreNamed() throws {
        let repo = makeAppRepository()
        let explanation = try explained(repo, appSource)
        #expect(explanation.buildFilesRead.contains("android/app/build.gradle"))
        #expect(explanation.buildUnits.contains { $0.file == "android/app/build.gradle" && $0.role == "owner" })
        // Each unit's kind in a person's words, not the enum's spelling.
        let owner = explanation.buildUnits.first { $0.role == "owner" }
        #expect(owner?.kind == "Gradle Android app module", "\(owner?.kind ?? "no owner")")
        #expect(explanation.occurrences.first?.occurrence.products.isEmpty == false)
    }

    @Test func aLineNarrowsToTheOccurrencesOnIt() throws {
        let repo = makeAppRepository()
        repo.write(
            "android/app/src/main/java/com/example/Two.kt",
            "val A = \"app.example.com\"\n\nval B = \"https://app.example.com/b\"\n")
        repo.commit("two")
        let path = "android/app/src/main/java/com/example/Two.kt"
        #expect(try explained(repo, path).occurrences.count == 2)
        let third = try explained(repo, path + ":3")
        #expect(third.line == 3)
        #expect(third.occurrences.map(\.occurrence.line) == [3])
        #expect(try explained(repo, path + ":2").occurrences.isEmpty)
    }

    @Test func aRevisionIsExplainedFromItsBlobs() throws {
        let repo = makeAppRepository()
        repo.write(appSource, "const val HOST = \"other.example.org\"\n")
        repo.commit("moved")
        let project = try Project(path: repo.root)
        let atHead = try explain(
            project, ScanRequest(hosts: [host]), ExplainTarget(parsing: appSource, root: project.root))
        #expect(atHead.occurrences.isEmpty)
        let before = try explain(
            project, ScanRequest(hosts: [host], revision: "HEAD~1"),
            ExplainTarget(parsing: appSource, root: project.root))
        #expect(before.occurrences.map(\.occurrence.ruleID) == ["mobile.source"])
    }

    @Test func aFileWithoutAnOccurrenceExplainsNothing() throws {
        let repo = makeAppRepository()
        let explanation = try explained(repo, "android/app/build.gradle")
        #expect(explanation.occurrences.isEmpty)
        #expect(explanation.buildUnits.isEmpty)
    }

    @Test func badPathsAreRefusedAsUsageOrBadInput() throws {
        let repo = makeAppRepository()
        let project = try Project(path: repo.root)
        func failure(_ asked: String) -> Failure? {
            do {
                _ = try explain(project, ScanRequest(hosts: [host]), ExplainTarget(parsing: asked, root: project.root))
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("../elsewhere.kt")?.category == .usage)
        #expect(failure("/definitely/not/the/repo/x.kt")?.category == .usage)
        #expect(failure(appSource + ":0")?.category == .usage)
        #expect(failure("no/such/File.kt")?.category == .badInput)
        #expect(failure("no/such/File.kt")?.message.contains("no such file") == true)
        repo.write("untracked.md", "app.example.com\n")
        #expect(failure("untracked.md")?.message.contains("not a file git tracks") == true)
        // An absolute path inside the repository and `./` are the same file.
        #expect(try ExplainTarget(parsing: project.root + "/" + appSource, root: project.root).path == appSource)
        #expect(try ExplainTarget(parsing: "./Docs/../" + document + ":1", root: project.root).path == document)
    }

    /// Explain asks the rules as `classify` does: on every rule's own example, its last decision
    /// is the scan's, for every occurrence of the example's file.
    @Test(arguments: ClassificationRule.ordered.map(\.id))
    func theExplanationDecidesEachRulesExampleAsTheScanDoes(_ id: String) throws {
        let rule = try #require(ClassificationRule.ordered.first { $0.id == id })
        let repo = GitFixture("explain-" + id)
        for (path, text) in rule.exampleFiles { repo.write(path, text) }
        repo.commit("example")
        let scanned = try scanRepository(repo.root).occurrences.filter { $0.path == rule.exampleOccurrence }
        let explanation = try explained(repo, rule.exampleOccurrence)
        #expect(explanation.occurrences.map(\.occurrence) == scanned, "\(id)")
        for item in explanation.occurrences {
            let last = item.trials.last { if case .decided = $0.verdict { return true } else { return false } }
            #expect(last?.ruleID == item.occurrence.ruleID, "\(id): explained \(last?.ruleID ?? "none")")
        }
        #expect(explanation.occurrences.contains { $0.occurrence.ruleID == id }, "\(id)")
    }
}
