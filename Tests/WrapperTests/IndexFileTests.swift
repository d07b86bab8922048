import Foundation
import TestSupport
import Testing

@testable import Git

/// Every field of a file list, for comparing two readers.
private func entries(_ files: FileList) -> [String] {
    (0..<files.count).map { "\(files.path(at: $0)) \(files.kinds[$0]) \(files.ids[$0].hex) \(files.sizes[$0])" }
}

/// A repository with plain, executable, symlinked, nested and long-named files.
private func makeRepository() -> GitFixture {
    let repo = GitFixture("index")
    repo.write("a.txt", "hello\n")
    repo.write("bin/run.sh", "#!/bin/sh\n")
    chmod(repo.root + "/bin/run.sh", 0o755)
    repo.write("deep/er/still/deeper/x.json", "{}\n")
    repo.write("deep/er/still/y.json", "{\"a\": 1}\n")
    repo.write(String(repeating: "long-name-", count: 12) + ".txt", "long\n")
    symlink("a.txt", repo.root + "/link")
    repo.commit("files")
    return repo
}

@Suite struct IndexFileTests {
    @Test(arguments: [2, 3, 4])
    func theIndexFileReaderListsWhatLibgit2ListsInEveryVersion(version: Int) throws {
        let repo = makeRepository()
        repo.write("intent.txt", "later\n")
        repo.git("add", "-N", "intent.txt")  // an extended flag: version 3 and up
        repo.git("update-index", "--index-version", "\(version)")
        let repository = try Repository(at: repo.root)
        let direct = try #require(IndexFile(path: repository.gitDirectory + "/index")?.files())
        #expect(entries(direct) == entries(try repository.indexFilesThroughLibgit2()))
        #expect(direct.count == 7)
        #expect(direct.path(at: 0) == "a.txt" && direct.sizes[0] == 6)
        #expect(direct.kinds[1] == .executable)
    }

    @Test func aConflictedPathIsListedOnce() throws {
        let repo = GitFixture("conflict")
        repo.write("c.txt", "base\n")
        repo.commit("base")
        repo.git("checkout", "-q", "-b", "other")
        repo.write("c.txt", "other\n")
        repo.commit("other")
        repo.git("checkout", "-q", "-")
        repo.write("c.txt", "mine\n")
        repo.commit("mine")
        #expect(runGit(["merge", "-q", "other"], in: repo.root).status != 0)  // a conflict: stages 1, 2 and 3
        let repository = try Repository(at: repo.root)
        let direct = try #require(IndexFile(path: repository.gitDirectory + "/index")?.files())
        #expect((0..<direct.count).map { direct.path(at: $0) } == ["c.txt"])
        #expect(entries(direct) == entries(try repository.indexFilesThroughLibgit2()))
    }

    @Test func aSplitIndexIsLeftToLibgit2WhichNamesWhatItCannotRead() throws {
        let repo = makeRepository()
        repo.git("update-index", "--split-index")
        let repository = try Repository(at: repo.root)
        #expect(IndexFile(path: repository.gitDirectory + "/index")?.files() == nil)
        #expect(
            performing: { try repository.indexFiles() }, throws: { ($0 as? GitError)?.message.contains("link") == true }
        )
    }

    @Test func anEntryCountLargerThanTheFileIsLeftToLibgit2() throws {
        let repo = makeRepository()
        let index = repo.root + "/.git/index"
        var bytes = try #require(FileManager.default.contents(atPath: index))
        bytes.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xF0])
        try bytes.write(to: URL(fileURLWithPath: index))
        #expect(IndexFile(path: index)?.files() == nil)
    }

    @Test func aTruncatedIndexIsLeftToLibgit2() throws {
        let repo = makeRepository()
        let index = repo.root + "/.git/index"
        let bytes = try #require(FileManager.default.contents(atPath: index))
        try Data(bytes.prefix(100)).write(to: URL(fileURLWithPath: index))
        let repository = try Repository(at: repo.root)
        #expect(IndexFile(path: index)?.files() == nil)
        #expect(throws: GitError.self) { try repository.indexFiles() }
    }

    /// A path of 0xFFF bytes or more has no length in its entry's flags: its NUL is searched for.
    @Test(arguments: [2, 3])
    func aPathTooLongForTheFlagsIsReadToItsNUL(version: Int) throws {
        let repo = makeRepository()
        let blob = repo.git("hash-object", "-w", "a.txt").trimmingCharacters(in: .whitespacesAndNewlines)
        let long = (0..<20).map { _ in String(repeating: "d", count: 220) }.joined(separator: "/") + "/z.txt"
        repo.git("update-index", "--add", "--cacheinfo", "100644,\(blob),\(long)")
        repo.git("update-index", "--index-version", "\(version)")
        let repository = try Repository(at: repo.root)
        let direct = try #require(IndexFile(path: repository.gitDirectory + "/index")?.files())
        #expect(entries(direct) == entries(try repository.indexFilesThroughLibgit2()))
        #expect((0..<direct.count).contains { direct.path(at: $0) == long })
    }

    /// A length in the flags that runs past the path's NUL (into its padding) is not believed:
    /// the path ends at its first NUL, as it did when every NUL was searched for.
    @Test func aLengthThatRunsPastTheNULIsNotBelieved() throws {
        let repo = makeRepository()
        repo.git("update-index", "--index-version", "2")
        let index = repo.root + "/.git/index"
        var bytes = try #require(FileManager.default.contents(atPath: index))
        // The first entry is `a.txt`: 5 bytes, then NULs up to its 72nd byte.
        #expect(bytes[12 + 61] == 5 && bytes[12 + 62 + 5] == 0 && bytes[12 + 62 + 6] == 0)
        bytes[12 + 61] = 6
        try bytes.write(to: URL(fileURLWithPath: index))
        let direct = try #require(IndexFile(path: index)?.files())
        #expect(direct.path(at: 0) == "a.txt" && direct.count == 6)
    }
}
