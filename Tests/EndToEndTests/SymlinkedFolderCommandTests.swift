import Foundation
import TestSupport
import Testing

/// The lead's reproduction: tracked `a/b.txt`, the working-tree folder `a` replaced by a symlink to
/// a folder outside the repository (in the test's own temporary folder) holding its own `b.txt`.
@Suite struct SymlinkedFolderCommandTests {
    func repository(_ outside: TemporaryFolder) throws -> GitFixture {
        outside.write("b.txt", "url https://old.example.com/y\n")
        let repo = GitFixture("symlinked-folder")
        repo.write("a/b.txt", "nothing here\n")
        repo.write("c.txt", "url https://old.example.com/c\n")
        repo.commit("tree")
        try FileManager.default.removeItem(atPath: repo.root + "/a")
        symlink(outside.path, repo.root + "/a")
        return repo
    }

    /// Every file's bytes under `folder`, by path.
    func files(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
            files[path] = FileManager.default.contents(atPath: folder + "/" + path)
        }
        return files
    }

    @Test func scanNeverReportsTheOutsideFileInTextOrJSON() throws {
        let outside = TemporaryFolder("outside")
        let repo = try repository(outside)
        let before = files(outside.path)
        let text = relops(["scan", "--host", "old.example.com"], in: repo.root)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains("/y"), "\(text.stdout)")
        #expect(text.stdout.contains("c.txt:1:13: url https://old.example.com/c"))
        #expect(text.stdout.contains("== not scanned: 1"))
        #expect(text.stdout.contains("a/b.txt: folder a is a symlink leading outside the repository (to "))
        #expect(text.stdout.contains("1 occurrence of old.example.com in 1 files"))
        let json = relops(["scan", "--host", "old.example.com", "--format", "json"], in: repo.root)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(!json.stdout.contains("/y"))
        #expect(json.stdout.contains("folder a is a symlink leading outside the repository"))
        #expect(json.stdout.contains("\"files_scanned\": 1") || json.stdout.contains("\"files_scanned\":1"))
        #expect(files(outside.path) == before)
    }

    @Test func cutoverPreviewAndApplyLeaveTheOutsideFolderByteForByte() throws {
        let outside = TemporaryFolder("outside")
        let repo = try repository(outside)
        let before = files(outside.path)
        let args = ["cutover", "--from", "old.example.com", "--to", "new.example.com"]
        let preview = relops(args, in: repo.root)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(!preview.stdout.contains("/y"), "\(preview.stdout)")
        #expect(!preview.stdout.contains("a/b.txt:"), "\(preview.stdout)")
        let apply = relops(args + ["--apply", "--allow-dirty"], in: repo.root)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(repo.readText("c.txt") == "url https://new.example.com/c\n")
        #expect(files(outside.path) == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: repo.root + "/a") == outside.path)
    }
}
