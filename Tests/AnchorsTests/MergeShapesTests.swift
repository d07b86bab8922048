import Git
import TestSupport
import Testing

@testable import Anchors

/// The shapes the blame oracle (`BlameOracleTests`) found where the walk into a merged branch
/// stopped early: each names the commit `git blame` names.
@Suite struct MergeShapesTests {
    static let doc = "Docs/adr.md"

    /// The commit relops names for the document line `text` at HEAD.
    func owner(of text: String, in repo: GitFixture) throws -> String? {
        let repository = try Repository(at: repo.root)
        let history = try CodeRepository(
            name: "", repository: repository, target: try repository.resolveCommit("HEAD"), holdsDocuments: true)
        let owners = try history.blame(path: Self.doc, content: repo.read(Self.doc))
        let lines = repo.readText(Self.doc).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex(of: Substring(text)).flatMap { owners[$0]?.hex }
    }

    func blamed(_ text: String, in repo: GitFixture) -> String? {
        let out = repo.git("blame", "--root", "-l", "-s", "--", Self.doc)
        return out.split(separator: "\n").first { $0.hasSuffix(") " + text) }.map { String($0.prefix(40)) }
    }

    @Test func aLineWrittenOnABranchOfTheBranchIsTheBranchOfTheBranchs() throws {
        let repo = GitFixture()
        repo.write(Self.doc, "a\nb\n")
        repo.commit("Start")
        repo.git("checkout", "-q", "-b", "feature")
        repo.write(Self.doc, "a\nfeature line\nb\n")
        repo.commit("Feature")
        repo.git("checkout", "-q", "-b", "sub")
        repo.write(Self.doc, "a\nfeature line\nsub line\nb\n")
        let sub = repo.commit("Sub")
        repo.git("checkout", "-q", "feature")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge sub into feature", "sub")
        repo.git("checkout", "-q", "main")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #3 from team/feature", "feature")
        #expect(try owner(of: "sub line", in: repo) == sub)
        #expect(blamed("sub line", in: repo) == sub)
    }

    @Test func branchesMergedIntoEachOtherKeepTheCommitsThatWroteTheirLines() throws {
        let repo = GitFixture()
        repo.write(Self.doc, "a\nb\nc\n")
        repo.commit("Start")
        repo.git("checkout", "-q", "-b", "left")
        repo.write(Self.doc, "a\nfrom left\nb\nc\n")
        let left = repo.commit("Left")
        repo.git("checkout", "-q", "-b", "right", "main")
        repo.write(Self.doc, "a\nb\nc\nfrom right\n")
        let right = repo.commit("Right")
        repo.git("checkout", "-q", "left")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge right into left", "right")
        repo.git("checkout", "-q", "right")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge left into right", "left")
        repo.git("checkout", "-q", "main")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #4 from team/left", "left")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #5 from team/right", "right")
        #expect(try owner(of: "from left", in: repo) == left)
        #expect(try owner(of: "from right", in: repo) == right)
        #expect(blamed("from right", in: repo) == right)
    }

    /// Main rewrote a line the branch still had; the merge kept both sides, so the old line came
    /// back through the branch: it was written on main before the branch forked.
    @Test func aLineAMergePutsBackIsTheCommitThatFirstWroteIt() throws {
        let repo = GitFixture()
        repo.write(Self.doc, "a\nold line\nb\n")
        let start = repo.commit("Start")
        repo.git("checkout", "-q", "-b", "feature")
        repo.write(Self.doc, "a\nold line\nfeature line\nb\n")
        let feature = repo.commit("Feature")
        repo.git("checkout", "-q", "main")
        repo.write(Self.doc, "a\nnew line\nb\n")
        repo.commit("Rewrite")
        #expect(runGit(["merge", "-q", "--no-ff", "feature"], in: repo.root).status != 0)
        repo.write(Self.doc, "a\nnew line\nold line\nfeature line\nb\n")
        repo.commit("Merge pull request #6 from team/feature")
        #expect(try owner(of: "old line", in: repo) == start)
        #expect(try owner(of: "feature line", in: repo) == feature)
        #expect(blamed("old line", in: repo) == start)
    }
}
