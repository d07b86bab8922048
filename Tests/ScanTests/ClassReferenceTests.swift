import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// The class reference in the manual (`docs/classes.md`) against the rule list: one table row per
/// class, whose rules column names every rule that can give that class, in the rules' order, and
/// no rule that cannot.
@Suite struct ClassReferenceTests {
    /// The class table's rows: the class of each row and the rule ids of its last column.
    static func table() throws -> [(occurrenceClass: String, rules: [String])] {
        let text = try String(contentsOfFile: sourceRoot + "/docs/classes.md", encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| class | meaning |") }, "no class table")
        return lines[(header + 2)...].prefix { $0.hasPrefix("| `") }.map { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (codeSpans(cells.first ?? "").first ?? "", codeSpans(cells.last ?? ""))
        }
    }

    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    @Test func everyClassHasItsRowAndEveryRuleThatGivesItIsListedInOrder() throws {
        let rows = try Self.table()
        #expect(rows.map(\.occurrenceClass).sorted() == OccurrenceClass.allCases.map(\.rawValue).sorted())
        // `config.classify-override` gives whatever class the operator writes: it has no row.
        let rules = ClassificationRule.ordered.filter { $0.id != "config.classify-override" }
        for row in rows {
            let giving = rules.filter { $0.classes.map(\.rawValue).contains(row.occurrenceClass) }.map(\.id)
            #expect(
                row.rules == giving,
                "docs/classes.md, row `\(row.occurrenceClass)`: lists \(row.rules), the rules that give it are \(giving)"
            )
        }
    }
}
