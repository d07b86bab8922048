@testable import Anchors
import Git
import Testing
import TestSupport

@Suite struct FirstParentBlameTests {
    @Test func agreesWithLibgit2BlameOnALinearHistoryWithUncommittedLines() throws {
        let repo = GitFixture()
        repo.write("Docs/adr.md", numbered("first", 1...10))
        repo.commit("One", date: "2026-01-01T00:00:00Z")
        repo.write("Docs/adr.md", numbered("first", 1...3) + numbered("second", 1...4) + numbered("first", 4...10))
        repo.commit("Two", date: "2026-01-02T00:00:00Z")
        let committed = numbered("first", 1...2) + numbered("second", 1...4) + "edited\n" + numbered("first", 5...8)
        repo.write("Docs/adr.md", committed)
        repo.write("Src/other.cs", "x\n")
        let one = repo.git("rev-parse", "HEAD~1").trimmingCharacters(in: .whitespacesAndNewlines)
        let two = repo.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let three = repo.commit("Three", date: "2026-01-03T00:00:00Z")
        repo.commit("Empty", date: "2026-01-04T00:00:00Z")
        let content = Array((numbered("first", 1...2) + "working\n" + numbered("second", 2...4) + "edited\n" + numbered("first", 5...8)).utf8)
        let repository = try Repository(at: repo.root)
        let history = try CodeRepository(name: "", repository: repository, target: try repository.resolveCommit("HEAD"),
                                         holdsDocuments: true)
        // As committed, the walk agrees with libgit2's blame line for line.
        let atHead = try history.firstParentBlame(path: "Docs/adr.md", content: Array(committed.utf8))
        #expect(atHead == (try repository.blameLines(path: "Docs/adr.md")))
        // With working-tree edits, the new line has no commit and the rest keep theirs.
        let walked = try history.firstParentBlame(path: "Docs/adr.md", content: content).map { $0?.hex }
        #expect(walked == [one, one, nil, two, two, two, three, one, one, one, one])
    }
}
