import Foundation
import TestSupport
import Testing

/// Issue 39: a tracked file replaced by a symlink between the preview and the apply is named by
/// the apply (text and JSON) as left as it is, with the reason, instead of silently dropping out.
@Suite struct CutoverFileTurnedSymlinkCommandTests {
    static let cutover = ["cutover", "--from", "app.example.com", "--to", "links.example.net"]

    func repository() -> GitFixture {
        let repo = GitFixture("file-turned-symlink")
        repo.write("App/config.json", "{\"host\": \"https://app.example.com/api\"}\n")
        repo.write("Docs/readme.md", "# Readme\n\nServed at app.example.com.\n")
        repo.write("Docs/shared.md", "# Shared\n\nNo host here.\n")
        repo.commit("app")
        return repo
    }

    @Test(.timeLimit(.minutes(2)), arguments: ["text", "json"])
    func theApplyNamesTheFileItLeavesAlone(format: String) throws {
        let repo = repository()
        let preview = boundedRelops(Self.cutover, in: repo.root)
        #expect(preview.stdout.contains("Docs/readme.md"), "\(preview.stdout)")
        // Between preview and apply, the file becomes a link to another file of the repository.
        try FileManager.default.removeItem(atPath: repo.root + "/Docs/readme.md")
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/Docs/readme.md", withDestinationPath: "shared.md")
        let applied = boundedRelops(Self.cutover + ["--apply", "--format", format], in: repo.root)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(repo.readText("App/config.json").contains("links.example.net"))
        #expect(repo.readText("Docs/shared.md") == "# Shared\n\nNo host here.\n")
        let reason = "tracked as a file, now a symlink: left as it is"
        if format == "json" {
            let object = try JSONSerialization.jsonObject(with: Data(applied.stdout.utf8)) as? [String: Any]
            let left = object?["not_rewritten"] as? [[String: Any]] ?? []
            let named = left.first { $0["path"] as? String == "Docs/readme.md" }
            #expect(named?["line"] as? Int == 3, "\(left)")
            #expect(named?["kind"] as? String == "symlink")
            #expect((named?["reason"] as? String)?.hasPrefix(reason) == true, "\(left)")
        } else {
            #expect(applied.stdout.contains("Docs/readme.md:3: " + reason), "\(applied.stdout)")
        }
    }
}
