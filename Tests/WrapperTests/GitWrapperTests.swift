import Git
import TestSupport
import Testing

@Suite struct GitWrapperTests {
    @Test func opensARepositoryMadeInTheTestAndListsItsIndex() throws {
        let repo = GitFixture()
        repo.write("a.txt", "hello\n")
        repo.write("dir/b.txt", "world\n")
        repo.commit("first")
        let opened = try Repository(discovering: repo.root + "/dir")
        #expect(opened.workingDirectory == repo.root)
        let files = try opened.indexFiles()
        #expect((0..<files.count).map { files.path(at: $0) } == ["a.txt", "dir/b.txt"])
        #expect(try opened.blobContent(files.ids[0]) == Array("hello\n".utf8))
    }

    @Test func aFolderOutsideAnyRepositoryIsReportedAsSuch() throws {
        let folder = TemporaryFolder()
        #expect(throws: GitError.self) { try Repository(at: folder.path) }
        do {
            _ = try Repository(at: folder.path)
        } catch {
            #expect(error.kind == .notARepository)
            #expect(error.message.contains(folder.path))
        }
    }

    @Test func blobIDMatchesGitHashObject() throws {
        let repo = GitFixture()
        repo.write("x.bin", "abc\n")
        let expected = repo.git("hash-object", "x.bin").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Repository.blobID(of: Array("abc\n".utf8)).hex == expected)
    }
}
