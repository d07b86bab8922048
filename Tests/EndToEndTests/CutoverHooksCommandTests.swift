import Foundation
import TestSupport
import Testing

/// Issue 39: `--commit` commits through libgit2, which runs no git hooks; the apply and
/// `undo --commit` say once which installed hooks did not run (text and JSON).
@Suite struct CutoverHooksCommandTests {
    static let apply = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply", "--commit"]

    /// A repository with `hooks` installed (executable) in `folder` (relative to the root).
    func repository(hooks: [String], in folder: String = ".git/hooks") -> GitFixture {
        let repo = GitFixture("hooks")
        repo.write("App/config.json", "{\"host\": \"https://app.example.com/api\"}\n")
        repo.commit("app")
        if folder != ".git/hooks" { repo.git("config", "core.hooksPath", folder) }
        for hook in hooks {
            // A hook that would have refused the commit: relops's commit is made all the same.
            repo.write(folder + "/" + hook, "#!/bin/sh\necho \(hook) ran >&2\nexit 1\n")
            #expect(chmod(repo.root + "/" + folder + "/" + hook, 0o755) == 0)
        }
        repo.write(folder + "/pre-push", "#!/bin/sh\nexit 0\n")  // not executable: git would not run it either
        return repo
    }

    @Test(.timeLimit(.minutes(2)))
    func theApplySaysWhichHooksDidNotRun() throws {
        let repo = repository(hooks: ["pre-commit", "commit-msg"])
        let applied = boundedRelops(Self.apply, in: repo.root)
        #expect(applied.status == 0, "\(applied.stderr)")
        let sentence =
            "note: pre-commit and commit-msg were not run: relops commits through libgit2, which runs no git hooks; "
            + "run them yourself before pushing."
        #expect(applied.stdout.contains(sentence), "\(applied.stdout)")
        #expect(applied.stdout.components(separatedBy: "were not run").count == 2, "said once")
        let undo = boundedRelops(["cutover", "undo", "--commit"], in: repo.root)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("Git: pre-commit and commit-msg were not run: relops commits"), "\(undo.stdout)")
    }

    @Test(.timeLimit(.minutes(2)))
    func hooksOfCoreHooksPathAreNamedInJSON() throws {
        let repo = repository(hooks: ["pre-commit", "post-checkout"], in: ".githooks")
        let applied = boundedRelops(Self.apply + ["--format", "json"], in: repo.root)
        #expect(applied.status == 0, "\(applied.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(applied.stdout.utf8)) as? [String: Any]
        #expect(object?["hooks_not_run"] as? [String] == ["pre-commit", "post-checkout"], "\(applied.stdout)")
    }

    @Test(.timeLimit(.minutes(2)))
    func noHookInstalledSaysNothing() throws {
        let repo = repository(hooks: [])
        let applied = boundedRelops(Self.apply, in: repo.root)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(!applied.stdout.contains("not run"), "\(applied.stdout)")
    }
}
