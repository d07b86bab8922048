import Git
import TestSupport
import Testing

@testable import Anchors

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
        let content = Array(
            (numbered("first", 1...2) + "working\n" + numbered("second", 2...4) + "edited\n" + numbered("first", 5...8))
                .utf8)
        let repository = try Repository(at: repo.root)
        let history = try CodeRepository(
            name: "", repository: repository, target: try repository.resolveCommit("HEAD"),
            holdsDocuments: true)
        // As committed, the walk agrees with libgit2's blame line for line.
        let atHead = try history.firstParentBlame(path: "Docs/adr.md", content: Array(committed.utf8))
        #expect(atHead == (try repository.blameLines(path: "Docs/adr.md")))
        // With working-tree edits, the new line has no commit and the rest keep theirs.
        let walked = try history.firstParentBlame(path: "Docs/adr.md", content: content).map { $0?.hex }
        #expect(walked == [one, one, nil, two, two, two, three, one, one, one, one])
    }
}

@Suite struct DeepHistoryTests {
    @Test func theWalkGoesBackAsFarAsTheOldestLineNeeds() throws {
        let repo = GitFixture()
        repo.write("Docs/adr.md", "old line\n")
        let first = repo.commit("Write", date: "2026-01-01T00:00:00Z")
        // More commits than the first step of the walk (64), none touching the document.
        repo.write("Src/A.cs", "")
        for i in 1...70 {
            repo.write("Src/A.cs", numbered("a", 1...i))
            repo.git("add", "-A")
            repo.git("commit", "-q", "-m", "Step \(i)")
        }
        repo.write("Docs/adr.md", "old line\nnew line\n")
        let last = repo.commit("Add a line", date: "2026-03-01T00:00:00Z")
        let repository = try Repository(at: repo.root)
        let history = try CodeRepository(
            name: "", repository: repository, target: try repository.resolveCommit("HEAD"),
            holdsDocuments: true)
        let owners = try history.firstParentBlame(path: "Docs/adr.md", content: Array("old line\nnew line\n".utf8))
        #expect(owners.map { $0?.hex } == [first, last])
    }
}

@Suite struct AttributionTests {
    @Test func pullRequestNumbersComeFromTheSubjectOrAMergeMessage() {
        #expect(pullRequestNumber(subject: "Idempotency keys (#155)", message: "") == 155)
        #expect(pullRequestNumber(subject: "Merge pull request #80 from team/fingerprint", message: "") == 80)
        #expect(
            pullRequestNumber(subject: "Merge branch 'x'", message: "Merge branch 'x'\n\nSee pull request #12") == 12)
        #expect(pullRequestNumber(subject: "Refactor", message: "Refactor\n") == nil)
    }

    @Test func anAnchorWrittenOnAMergedBranchIsFollowedFromTheMerge() throws {
        let repo = GitFixture()
        repo.write("Src/A.cs", numbered("a", 1...30))
        repo.write("Docs/adr.md", "Nothing yet.\n")
        repo.commit("Start", date: "2026-01-01T00:00:00Z")
        repo.git("checkout", "-q", "-b", "feature")
        repo.write("Docs/adr.md", "Nothing yet.\nAt Src/A.cs:10.\n")
        let written = repo.commit("Write the anchor", date: "2026-01-02T00:00:00Z")
        repo.git("checkout", "-q", "main")
        repo.git(
            ["merge", "-q", "--no-ff", "-m", "Merge pull request #5 from team/feature", "feature"],
            environment: ["GIT_AUTHOR_DATE": "2026-01-03T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-03T00:00:00Z"])
        repo.write("Src/A.cs", "x\ny\n" + numbered("a", 1...30))
        let mover = repo.commit("Shift (#6)", date: "2026-01-04T00:00:00Z")
        let drift = try #require(try audit(AnchorRepo(wrapping: repo)).drift("Src/A.cs:10"))
        // The first-parent walk lands the line on the merge; blame finds the commit on the branch.
        #expect(drift.base == written)
        #expect(drift.status == .moved && drift.newStart == 12)
        #expect(drift.commits.map(\.id) == [mover])
    }
}
