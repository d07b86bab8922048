import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// The ordered rule list: ids unique and well formed, a description for each, and each rule
/// reachable: its own example repository is decided by it and by no earlier rule.
@Suite struct RuleListTests {
    @Test func idsAreUniqueAndEveryRuleSaysWhatItDoes() {
        var seen: Set<String> = []
        for rule in ClassificationRule.ordered {
            #expect(seen.insert(rule.id).inserted, "two rules claim the id \(rule.id)")
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "." || $0 == "-" }, "id \(rule.id)")
            #expect(!rule.description.trimmingCharacters(in: .whitespaces).isEmpty, "\(rule.id) has no description")
            #expect(!rule.exampleFiles.isEmpty, "\(rule.id) has no example")
        }
        #expect(ClassificationRule.ordered.count > 40)
    }

    @Test(arguments: ClassificationRule.ordered.map(\.id))
    func everyRuleIsReachable(_ id: String) throws {
        let rule = try #require(ClassificationRule.ordered.first { $0.id == id })
        let repo = GitFixture("rule-" + id)
        for (path, text) in rule.exampleFiles { repo.write(path, text) }
        repo.commit("example")
        let result = try scanRepository(repo.root)
        let occurrence = try #require(result.occurrence(rule.exampleOccurrence), "\(id): no occurrence")
        #expect(occurrence.ruleID == id, "\(id)'s example is decided by \(occurrence.ruleID): \(occurrence.rule)")
        if !rule.classes.isEmpty {
            #expect(rule.classes.contains(occurrence.occurrenceClass), "\(id) gave \(occurrence.occurrenceClass)")
        }
    }
}
