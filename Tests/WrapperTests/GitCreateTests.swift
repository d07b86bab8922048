import Foundation
import Git
import TestSupport
import Testing

/// Repositories and commits made through libgit2, read back with the git CLI.
@Suite struct GitCreateTests {
    let folder = TemporaryFolder("git-create")

    @Test func createsARepositoryOnMainAndCommitsTheWorkingTreeWithTheGivenPeopleAndTimes() throws {
        let root = folder.url("sample")
        let repo = try Repository.create(at: root)
        #expect(repo.isHeadUnborn)
        #expect(gitOutput("symbolic-ref", "HEAD", in: root) == "refs/heads/main\n")

        folder.write("sample/a.txt", "one\n")
        folder.write("sample/dir/b.txt", "two\n")
        folder.write("sample/.gitignore", "*.log\n")
        folder.write("sample/build.log", "ignored\n")
        let author = Signature(
            name: "Ada Author", email: "ada@example.com", date: Date(timeIntervalSince1970: 1_782_900_000))
        let first = try repo.commitWorkingTree(message: "First\n", author: author)
        #expect(!repo.isHeadUnborn)

        folder.write("sample/a.txt", "one, changed\n")
        try FileManager.default.removeItem(atPath: folder.url("sample/dir/b.txt"))
        folder.write("sample/c.txt", "three\n")
        let committer = Signature(
            name: "Cy Committer", email: "cy@example.com", date: Date(timeIntervalSince1970: 1_782_990_000))
        let second = try repo.commitWorkingTree(message: "Second", author: author, committer: committer)

        #expect(gitOutput("rev-parse", "HEAD", in: root) == second.hex + "\n")
        #expect(gitOutput("rev-list", "--parents", "HEAD", in: root) == "\(second.hex) \(first.hex)\n\(first.hex)\n")
        #expect(
            gitOutput("log", "--format=%an|%ae|%at|%cn|%ce|%ct|%s", in: root)
                == "Ada Author|ada@example.com|1782900000|Cy Committer|cy@example.com|1782990000|Second\n"
                + "Ada Author|ada@example.com|1782900000|Ada Author|ada@example.com|1782900000|First\n")
        #expect(gitOutput("ls-tree", "-r", "--name-only", "HEAD~1", in: root) == ".gitignore\na.txt\ndir/b.txt\n")
        #expect(gitOutput("ls-tree", "-r", "--name-only", "HEAD", in: root) == ".gitignore\na.txt\nc.txt\n")
        #expect(gitOutput("show", "HEAD:a.txt", in: root) == "one, changed\n")
        // The index was written: git sees a clean working tree (the ignored log aside).
        #expect(gitOutput("status", "--porcelain", in: root) == "")
    }

    @Test func refusesAFolderThatAlreadyHoldsARepository() throws {
        let root = folder.url("twice")
        _ = try Repository.create(at: root)
        #expect(throws: GitError.self) { try Repository.create(at: root) }
        do {
            _ = try Repository.create(at: root)
        } catch {
            #expect(error.kind == .exists)
            #expect(error.message.contains(root))
        }
    }
}
