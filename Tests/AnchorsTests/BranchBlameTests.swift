import Git
import TestSupport
import Testing

@testable import Anchors

@Suite struct BranchBlameTests {
    /// Pull requests of several commits, one that merged main in, and a merge that wrote a line
    /// itself: the walk into each merged branch names the commit libgit2's blame names.
    @Test func theWalkIntoMergedBranchesAgreesWithLibgit2Blame() throws {
        let repo = GitFixture()
        repo.write("Docs/adr.md", numbered("base", 1...6))
        repo.commit("Start", date: "2026-01-01T00:00:00Z")
        repo.git("checkout", "-q", "-b", "feature")
        repo.write("Docs/adr.md", numbered("base", 1...2) + "feature one\n" + numbered("base", 3...6))
        repo.commit("Feature one", date: "2026-01-02T00:00:00Z")
        repo.git("checkout", "-q", "main")
        repo.write("Src/A.cs", "a\n")
        repo.commit("Main moves on", date: "2026-01-03T00:00:00Z")
        repo.git("checkout", "-q", "feature")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge main into feature", "main")
        repo.write("Docs/adr.md", numbered("base", 1...2) + "feature one\n" + numbered("base", 3...6) + "feature two\n")
        repo.commit("Feature two", date: "2026-01-04T00:00:00Z")
        repo.git("checkout", "-q", "main")
        repo.git("merge", "-q", "--no-ff", "--no-commit", "feature")
        repo.write("Docs/adr.md", "written by the merge\n" + repo.readText("Docs/adr.md"))
        repo.git("add", "-A")
        repo.git("commit", "-q", "-m", "Merge pull request #9 from team/feature")
        let repository = try Repository(at: repo.root)
        let history = try CodeRepository(
            name: "", repository: repository, target: try repository.resolveCommit("HEAD"), holdsDocuments: true)
        let content = repo.read("Docs/adr.md")
        let origins = try history.firstParentOrigins(path: "Docs/adr.md", content: content)
        let owners = try origins.map { origin throws -> ObjectID? in
            guard let origin else { return nil }
            return history.chain[origin.index].parents.count > 1
                ? try history.branchCommit(path: "Docs/adr.md", mergeIndex: origin.index, line: origin.line)
                : history.chain[origin.index].id
        }
        let blamed = try repository.blameLines(path: "Docs/adr.md")
        #expect(owners == blamed)
        // The merge wrote one line, the branch two, in two of its commits.
        #expect(Set(owners.compactMap { $0 }).count == 4)
    }
}
