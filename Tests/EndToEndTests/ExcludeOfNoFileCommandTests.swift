import Foundation
import TestSupport
import Testing

/// Issue 38, case 3: `cutover --exclude NoSuch/File.cs` was silently ignored. An entry that names
/// no tracked file keeps nothing: a typo, refused with the nearest tracked path before anything is
/// planned or written.
@Suite struct ExcludeOfNoFileCommandTests {
    func repository() -> GitFixture {
        let repo = GitFixture("exclude-typo")
        repo.write("Source/App/Constants.cs", "const string Host = \"old.example.org\";\n")
        repo.write("Docs/setup.md", "Open https://old.example.org/ first.\n")
        repo.commit("App")
        return repo
    }

    @Test func anExclusionOfNoTrackedFileIsRefusedNamingTheNearest() {
        let repo = repository()
        let before = repo.read("Source/App/Constants.cs")
        let result = relops(
            [
                "cutover", "--from", "old.example.org", "--to", "new.example.org", "--apply",
                "--exclude", "Source/App/Constant.cs:1",
            ], in: repo.root)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "--exclude Source/App/Constant.cs:1: no tracked file is at Source/App/Constant.cs (did you mean Source/App/Constants.cs?), so it would keep nothing"
            ), "\(result.stderr)")
        #expect(repo.read("Source/App/Constants.cs") == before)
    }

    @Test func aFolderAGlobOrALineOfATrackedFileIsTaken() {
        let repo = repository()
        for entry in ["Source/App", "**/*.cs", "Docs/setup.md:1", "Docs/setup.md:9"] {
            let result = relops(
                ["cutover", "--from", "old.example.org", "--to", "new.example.org", "--exclude", entry], in: repo.root)
            #expect(result.status == 0, "\(entry): \(result.stderr)")
        }
    }
}
