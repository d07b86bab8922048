import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

@Suite struct FileSelectionTests {
    @Test func workersDefaultToTheCoresTheScanMayUse() {
        let cores = availableCores()
        #expect(cores >= 1 && cores <= ProcessInfo.processInfo.processorCount)
        #expect(ScanRequest(hosts: ["app.example.com"]).workers == cores)
    }

    @Test func ignoredFilesAreNeverScannedAndUntrackedOnlyOnRequest() throws {
        let repo = GitFixture()
        repo.write(".gitignore", "build/\n*.log\n")
        repo.write("tracked.txt", "app.example.com\n")
        repo.commit("base")
        repo.write("build/out.txt", "app.example.com\n")
        repo.write("debug.log", "app.example.com\n")
        repo.write("new/untracked.txt", "app.example.com\n")
        #expect(try scanRepository(repo.root).occurrences.map(\.path) == ["tracked.txt"])
        let withUntracked = try scanRepository(repo.root, includeUntracked: true)
        #expect(Set(withUntracked.occurrences.map(\.path)) == ["tracked.txt", "new/untracked.txt"])
    }

    @Test func aTrackedSymlinkIsScannedAsItsTargetTextAndNeverFollowed() throws {
        let outside = TemporaryFolder("outside")
        outside.write("secret.txt", "app.example.com\n")
        let repo = GitFixture()
        repo.write("inside.txt", "nothing here\n")
        symlink(outside.url("secret.txt"), repo.root + "/escape.txt")
        symlink("docs/app.example.com/readme.md", repo.root + "/named-link")
        repo.commit("links")
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.map(\.path) == ["named-link"])
        #expect(result.symlinks.contains("escape.txt") && result.symlinks.contains("named-link"))
    }

    @Test func revScansTheBlobsOfACommitNotTheWorkingTree() throws {
        let repo = GitFixture()
        repo.write("a.txt", "old: app.example.com\n")
        let first = repo.commit("first")
        repo.write("a.txt", "nothing\n")
        repo.write("b.txt", "app.example.com\n")
        repo.commit("second")
        repo.write("c.txt", "uncommitted app.example.com\n")
        let old = try scanRepository(repo.root, revision: String(first.prefix(8)))
        #expect(old.occurrences.map(\.path) == ["a.txt"])
        #expect(old.occurrences.first?.column == 6)
        let head = try scanRepository(repo.root, revision: "HEAD")
        #expect(head.occurrences.map(\.path) == ["b.txt"])
        #expect(throws: Failure.self) { try scanRepository(repo.root, revision: "no-such-branch") }
    }

    @Test func anUnreadableFileIsReportedAndTheScanGoesOn() throws {
        let repo = GitFixture()
        repo.write("a.txt", "app.example.com\n")
        repo.write("b.txt", "app.example.com\n")
        repo.commit("two")
        // A tracked file replaced by a folder cannot be read, even by root.
        try FileManager.default.removeItem(atPath: repo.root + "/a.txt")
        try FileManager.default.createDirectory(atPath: repo.root + "/a.txt", withIntermediateDirectories: false)
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.map(\.path) == ["b.txt"])
        #expect(result.isIncomplete)
        #expect(result.problems.first?.path == "a.txt")
        #expect(result.problems.first?.message.contains("directory") == true)
    }

    @Test func aFileDeletedFromTheWorkingTreeIsReportedAsNotScanned() throws {
        let repo = GitFixture()
        repo.write("gone.txt", "app.example.com\n")
        repo.commit("one")
        try FileManager.default.removeItem(atPath: repo.root + "/gone.txt")
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.isEmpty)
        #expect(!result.isIncomplete)
        #expect(result.problems.first?.message.contains("deleted") == true)
    }
}
