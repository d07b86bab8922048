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
}
