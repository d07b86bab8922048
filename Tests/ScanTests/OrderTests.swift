import RelopsCore
import TestSupport
import Testing

@testable import Scan

/// Occurrences come back in file order, however the workers split the files and whichever host
/// was searched first: the workers' lists are merged, each file's put in order.
@Suite struct OrderTests {
    @Test func mergingKeepsOrderAndTakesTheFirstListFirstOnATie() {
        let merged = mergeSorted([(1, "a"), (3, "a"), (5, "a")], [(0, "b"), (3, "b"), (6, "b")]) { $0.0 < $1.0 }
        #expect(merged.map { "\($0.0)\($0.1)" } == ["0b", "1a", "3a", "3b", "5a", "6b"])
        #expect(mergeSorted([Int](), [2, 1]) { $0 < $1 } == [2, 1])
        #expect(mergeSorted([4], []) { $0 < $1 } == [4])
    }

    @Test func occurrencesOfSeveralHostsAreInFileOrderAcrossWorkers() throws {
        let repo = GitFixture("order")
        for n in 0..<150 {
            let name = String(format: "f%03d.txt", n)
            repo.write(name, n % 3 == 0 ? "b.example.org a.example.com\nb.example.org\na.example.com\n" : "none\n")
        }
        repo.commit("files")
        let result = try scanRepository(repo.root, hosts: ["a.example.com", "b.example.org"], workers: 2)
        #expect(result.occurrences.count == 50 * 4)
        let order = result.occurrences.map { "\($0.path):\($0.line):\($0.column)" }
        let expected = (0..<150).filter { $0 % 3 == 0 }.flatMap { n in
            let name = String(format: "f%03d.txt", n)
            return ["\(name):1:1", "\(name):1:15", "\(name):2:1", "\(name):3:1"]
        }
        #expect(order == expected)
    }
}
