import Foundation
import TestSupport
import Testing

@testable import Git

/// What libgit2 itself finds from `path` (the oracle): working tree and git folder.
private func libgit2Layout(_ path: String) throws -> [String?] {
    let top = gitOutput("rev-parse", "--show-toplevel", in: path).trimmingCharacters(in: .whitespacesAndNewlines)
    let repository = try Repository(at: top)
    return [repository.workingDirectory, repository.gitDirectory]
}

@Suite struct PlainLayoutTests {
    @Test func aPlainCloneIsFoundWithoutLibgit2FromItsRootAndFromASubfolder() throws {
        let repo = GitFixture("plain")
        repo.write("app/src/Main.kt", "val host = \"app.example.com\"\n")
        repo.commit("files")
        for start in [repo.root, repo.root + "/app/src"] {
            let plain = try #require(PlainLayout.discover(from: start), "no plain layout from \(start)")
            let expected = try libgit2Layout(start)
            #expect([plain.workingDirectory, plain.gitDirectory] == expected)
            let repository = try Repository(discovering: start)
            #expect(repository.isOpenedByLibgit2 == false)
            #expect(repository.workingDirectory == plain.workingDirectory)
        }
    }

    @Test func aPathThroughASymbolicLinkResolvesLikeLibgit2Does() throws {
        let repo = GitFixture("plain-link")
        repo.write("a.txt", "a\n")
        repo.commit("files")
        let link = repo.folder.path + "-link"
        #expect(symlink(repo.root, link) == 0)
        defer { unlink(link) }
        let plain = try #require(PlainLayout.discover(from: link))
        let expected = try libgit2Layout(repo.root)[0]
        #expect(plain.workingDirectory == expected)
    }

    @Test func libgit2OpensAPlainRepositoryOnFirstUseAndAnswersAsBefore() throws {
        let repo = GitFixture("plain-lazy")
        repo.write("a.txt", "a\n")
        repo.commit("first")
        let repository = try Repository(discovering: repo.root)
        #expect(!repository.isOpenedByLibgit2)
        let head = try #require(repository.headCommit())
        #expect(head.hex == repo.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(repository.isOpenedByLibgit2)
        #expect(repository.currentBranch == "main")
    }

    @Test func aLinkedWorktreeIsFoundWithoutLibgit2AsLibgit2FindsIt() throws {
        let repo = GitFixture("worktree-main")
        repo.write("a.txt", "a\n")
        repo.commit("first")
        let worktree = repo.folder.path + "-worktree"
        repo.git("worktree", "add", "-q", worktree)
        defer { try? FileManager.default.removeItem(atPath: worktree) }
        #expect(FileManager.default.createFile(atPath: worktree + "/b.txt", contents: Data("b\n".utf8)))
        _ = runGit(["add", "b.txt"], in: worktree)
        for start in [worktree, worktree + "/"] {
            let plain = try #require(PlainLayout.discover(from: start))
            let expected = try libgit2Layout(worktree)
            #expect([plain.workingDirectory, plain.gitDirectory] == expected)
            #expect(plain.gitDirectory.hasSuffix("/.git/worktrees/" + (worktree as NSString).lastPathComponent))
        }
        // The worktree's own index (b.txt staged there only), read without libgit2.
        let repository = try Repository(discovering: worktree)
        let files = try repository.indexFiles()
        #expect((0..<files.count).map { files.path(at: $0) } == ["a.txt", "b.txt"])
        #expect(!repository.isOpenedByLibgit2)
        #expect(repository.currentBranch == (worktree as NSString).lastPathComponent)
    }

    @Test func aSubmoduleABareRepositoryAndTheGitFolderItselfAreLeftToLibgit2() throws {
        let library = GitFixture("submodule-source")
        library.write("lib.txt", "lib\n")
        library.commit("lib")
        let repo = GitFixture("superproject")
        repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", library.root, "sub")
        repo.commit("with a submodule")
        #expect(PlainLayout.discover(from: repo.root + "/sub") == nil)
        let opened = try Repository(discovering: repo.root + "/sub")
        let expected = try libgit2Layout(repo.root + "/sub")
        #expect(opened.isOpenedByLibgit2 && [opened.workingDirectory, opened.gitDirectory] == expected)

        let bare = TemporaryFolder("bare")
        _ = runGit(["init", "-q", "--bare", bare.path], in: bare.path)
        #expect(PlainLayout.discover(from: bare.path) == nil)
        #expect(PlainLayout.discover(from: repo.root + "/.git") == nil)
    }

    @Test(arguments: [
        "[core]\n\tworktree = /elsewhere\n", "[core]\n\tbare = true\n", "[core]\n\tBare\n",
        "[include]\n\tpath = other.config\n", "[includeIf \"gitdir:~/\"]\n\tpath = x\n",
        "[extensions]\n\tobjectFormat = sha256\n", "[core]\n\trepositoryformatversion = 2\n",
    ])
    func aConfigThatMovesTheWorkingTreeOrNeedsAnExtensionIsLeftToLibgit2(config: String) {
        #expect(!PlainLayout.configLeavesLayoutAlone(config))
    }

    @Test func theConfigGitInitWritesIsPlain() throws {
        let repo = GitFixture("plain-config")
        repo.git("config", "remote.origin.url", "https://example.com/worktree-tools.git")
        let text = String(decoding: repo.read(".git/config"), as: UTF8.self)
        #expect(PlainLayout.configLeavesLayoutAlone(text))
        #expect(PlainLayout.configLeavesLayoutAlone("; bare = true\n# worktree = x\n[core]\n\tbare = false\n"))
    }

    @Test func aFolderOutsideAnyRepositoryIsStillReportedByLibgit2() {
        let outside = TemporaryFolder("outside")
        #expect(PlainLayout.discover(from: outside.path) == nil)
        #expect(throws: GitError.self) { try Repository(discovering: outside.path) }
    }
}
