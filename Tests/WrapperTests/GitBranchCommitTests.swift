import Foundation
import Git
import TestSupport
import Testing

/// What stands in the way of a commit, and a commit on a new branch that leaves nothing behind
/// when it fails (the git CLI reads the result).
@Suite struct GitBranchCommitTests {
    func repository() -> GitFixture {
        let repo = GitFixture("branch-commit")
        repo.write("a.txt", "one\n")
        repo.commit("one")
        return repo
    }

    @Test func conflictingBranchNamesAreFoundBothWays() throws {
        let repo = repository()
        let repository = try Repository(discovering: repo.root)
        #expect(try repository.conflictingBranch("relops/cutover-x") == nil)
        repo.git("branch", "relops/cutover-x/old")
        #expect(try repository.conflictingBranch("relops/cutover-x") == "relops/cutover-x/old")
        repo.git("branch", "-D", "relops/cutover-x/old")
        repo.git("branch", "relops")
        #expect(try repository.conflictingBranch("relops/cutover-x") == "relops")
        #expect(try repository.commitObstacles(newBranch: "relops/cutover-x") == [.conflictingBranch("relops")])
    }

    @Test func obstaclesNameTheLockTheMissingObjectAndADetachedHead() throws {
        let repo = repository()
        repo.git("checkout", "-q", "--detach")
        repo.write("b.bin", "two\n")
        repo.git("add", "b.bin")
        let id = repo.git("rev-parse", ":b.bin").trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(atPath: repo.root + "/.git/objects/\(id.prefix(2))/\(id.dropFirst(2))")
        _ = FileManager.default.createFile(atPath: repo.root + "/.git/index.lock", contents: Data())
        let repository = try Repository(discovering: repo.root)
        let obstacles = try repository.commitObstacles(newBranch: nil)
        #expect(obstacles.contains(.noBranchAtHead))
        #expect(obstacles.contains(.indexLocked(repository.gitDirectory + "/index.lock")))
        let missing = try repository.missingIndexObjects()
        #expect(missing.map(\.path) == ["b.bin"] && missing.first?.id.hex == id)
    }

    @Test func aFailedCommitOnANewBranchLeavesHeadBranchesAndIndexAsTheyWere() throws {
        let repo = repository()
        repo.write("a.txt", "one, changed\n")
        let refs = repo.git("for-each-ref")
        let index = repo.read(".git/index")
        _ = FileManager.default.createFile(atPath: repo.root + "/.git/index.lock", contents: Data())
        let repository = try Repository(discovering: repo.root)
        #expect(throws: GitError.self) {
            _ = try repository.commitOnNewBranch(["a.txt"], branch: "topic", message: "change\n")
        }
        try FileManager.default.removeItem(atPath: repo.root + "/.git/index.lock")
        #expect(repo.git("for-each-ref") == refs)
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "main\n")
        #expect(repo.read(".git/index") == index)
        // Without the lock it works: the branch holds the commit, HEAD is on it, the index is written.
        let made = try repository.commitOnNewBranch(["a.txt"], branch: "topic", message: "change\n")
        #expect(repo.git("rev-parse", "topic") == made.hex + "\n")
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "topic\n")
        #expect(repo.git("status", "--porcelain").isEmpty)
        #expect(repo.git("rev-parse", "main") == repo.git("rev-parse", "topic~1"))
    }

    @Test func aCommitOnABranchHoldsOnlyItsPathsAndMovesOnlyFromTheExpectedTip() throws {
        let repo = repository()
        repo.git("switch", "-q", "-c", "topic")
        repo.write("a.txt", "one, changed\n")
        repo.write("b.txt", "staged by hand\n")
        repo.git("add", "b.txt")
        let repository = try Repository(discovering: repo.root)
        let start = try repository.resolveCommit("HEAD")
        let index = repo.read(".git/index")
        // The branch is not where the caller expects it: refused, nothing changes.
        let elsewhere = try #require(ObjectID(hex: String(repeating: "1", count: 40)))
        #expect(throws: GitError.self) {
            _ = try repository.commitOnBranch(["a.txt"], branch: "topic", expectedTip: elsewhere, message: "m\n")
        }
        #expect(repo.git("rev-parse", "topic") == start.hex + "\n")
        #expect(repo.read(".git/index") == index)
        let made = try repository.commitOnBranch(["a.txt"], branch: "topic", expectedTip: start, message: "change\n")
        #expect(repo.git("rev-parse", "topic") == made.hex + "\n")
        #expect(repo.git("show", "--name-only", "--format=", "topic") == "a.txt\n")
        #expect(repo.git("status", "--porcelain") == "A  b.txt\n", "what was staged by hand stays staged")
    }
}
