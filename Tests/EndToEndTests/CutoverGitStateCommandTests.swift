import Foundation
import TestSupport
import Testing

/// Runs the built binary, killed after two minutes (a hung git operation must not hang the suite).
func boundedRelops(_ arguments: [String], in folder: String, environment: [String: String] = [:]) -> ProcessOutput {
    runProcess("timeout", ["-s", "KILL", "120", relopsBinary] + arguments, in: folder, environment: environment)
}

/// What git and the working tree hold, read with the git CLI and the file system: equal before
/// and after a refused cutover or undo.
struct GitSnapshot: Equatable {
    let stages: String
    let index: [UInt8]
    let head: String
    let symbolicHead: String
    let refs: String
    let files: [String: [UInt8]]
    let gitFiles: [String]

    init(_ repo: GitFixture) {
        stages = runGit(["ls-files", "-s"], in: repo.root).stdout
        index = repo.read(".git/index")
        head = runGit(["rev-parse", "HEAD"], in: repo.root).stdout
        symbolicHead = runGit(["symbolic-ref", "-q", "HEAD"], in: repo.root).stdout
        refs = runGit(["for-each-ref", "--format=%(refname) %(objectname)"], in: repo.root).stdout
        var files: [String: [UInt8]] = [:]
        var gitFiles: [String] = []
        let walker = FileManager.default.enumerator(atPath: repo.root)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: repo.root + "/" + path, isDirectory: &isFolder) else {
                continue
            }
            if path.hasPrefix(".git/") {
                // What git keeps about the operation (MERGE_HEAD, rebase-merge/...), not relops's own folder.
                if !path.hasPrefix(".git/relops") && !path.hasPrefix(".git/objects") { gitFiles.append(path) }
            } else if !isFolder.boolValue {
                files[path] = repo.read(path)
            }
        }
        self.files = files
        self.gitFiles = gitFiles.sorted()
    }
}

/// Case 9 of issue 39: git in the middle of something relops does not take part in (a merge,
/// rebase, cherry-pick, revert, bisect, an unmerged index) stops `cutover --apply` and `undo`
/// with exit 2 naming it, and leaves the working tree, index stages, HEAD and branches as they were.
@Suite struct CutoverGitStateCommandTests {
    static let apply = [
        "cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply", "--commit", "--allow-dirty",
    ]

    /// main and `other` change App/config.json differently since their common commit; `clean`
    /// changes only Docs/readme.md.
    func divergedRepository() -> GitFixture {
        let repo = GitFixture("git-state")
        repo.write("App/config.json", "{\"host\": \"https://app.example.com/api\"}\n")
        repo.write("Docs/readme.md", "Served at app.example.com.\n")
        repo.commit("app")
        repo.git("branch", "other")
        repo.git("branch", "clean")
        repo.write("App/config.json", "{\"host\": \"https://app.example.com/v3\"}\n")
        repo.commit("v3 on main")
        repo.git("checkout", "-q", "other")
        repo.write("App/config.json", "{\"host\": \"https://app.example.com/v2\"}\n")
        repo.commit("v2 on other")
        repo.git("checkout", "-q", "clean")
        repo.write("Docs/readme.md", "Served at app.example.com, and documented.\n")
        repo.commit("docs")
        repo.git("checkout", "-q", "main")
        return repo
    }

    /// Starts `operation` in `repo`, stopped halfway (most on a conflict); returns the words
    /// relops must name it with.
    func start(_ operation: String, _ repo: GitFixture) -> [String] {
        func stoppedGit(_ arguments: String...) {
            let result = runGit(arguments, in: repo.root)
            #expect(result.status != 0, "git \(arguments) was expected to stop on a conflict: \(result.stdout)")
        }
        switch operation {
        case "merge":
            stoppedGit("merge", "-q", "other")
            return ["a merge is in progress", "MERGE_HEAD", "the index is unmerged (conflicts in App/config.json)"]
        case "merge without conflicts":
            repo.git("merge", "-q", "--no-commit", "--no-ff", "clean")
            return ["a merge is in progress", "MERGE_HEAD", "git merge --abort"]
        case "rebase":
            repo.git("checkout", "-q", "other")
            stoppedGit("rebase", "main")
            return ["a rebase is in progress", "rebase-merge", "git rebase --abort"]
        case "cherry-pick":
            stoppedGit("cherry-pick", "other")
            return ["a cherry-pick is in progress", "CHERRY_PICK_HEAD", "git cherry-pick --abort"]
        case "cherry-pick of several, between two":
            repo.git("checkout", "-q", "other")
            repo.write("x.txt", "x\n")
            repo.commit("x on other")
            repo.git("checkout", "-q", "main")
            stoppedGit("cherry-pick", "main..other")
            // The first pick resolved and committed: only .git/sequencer says a pick is under way.
            repo.write("App/config.json", "{\"host\": \"https://app.example.com/resolved\"}\n")
            repo.git("add", "App/config.json")
            repo.git("commit", "-q", "--no-edit")
            return ["a cherry-pick or revert of several commits is in progress", "/sequencer)"]
        case "revert":
            repo.write("App/config.json", "{\"host\": \"https://app.example.com/v4\"}\n")
            repo.commit("v4 on main")
            stoppedGit("revert", "--no-edit", "HEAD~1")
            return ["a revert is in progress", "REVERT_HEAD", "git revert --abort"]
        case "bisect":
            repo.git("bisect", "start")
            return ["a bisect is in progress", "BISECT_LOG", "git bisect reset"]
        default:  // a stash popped onto a conflicting change: unmerged, and no operation under way
            repo.write("App/config.json", "{\"host\": \"https://app.example.com/stashed\"}\n")
            repo.git("stash", "-q")
            repo.write("App/config.json", "{\"host\": \"https://app.example.com/meanwhile\"}\n")
            repo.commit("meanwhile")
            stoppedGit("stash", "pop", "-q")
            return ["the index is unmerged (conflicts in App/config.json)", "git reset -q -- PATH"]
        }
    }

    @Test(
        .timeLimit(.minutes(3)),
        arguments: [
            "merge", "merge without conflicts", "rebase", "cherry-pick", "cherry-pick of several, between two",
            "revert",
            "bisect", "stash conflict",
        ])
    func anApplyUnderAGitOperationExitsTwoAndChangesNothing(operation: String) throws {
        let repo = divergedRepository()
        let words = start(operation, repo)
        let before = GitSnapshot(repo)
        let refused = boundedRelops(Self.apply, in: repo.root)
        #expect(refused.status == 2, "\(operation): \(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("cannot apply the cutover: "), "\(refused.stderr)")
        for word in words { #expect(refused.stderr.contains(word), "\(operation): \(word) in \(refused.stderr)") }
        #expect(refused.stderr.contains("--allow-dirty does not change that"), "\(refused.stderr)")
        #expect(GitSnapshot(repo) == before, "\(operation): files, index, HEAD, branches or git's state changed")
        #expect(boundedRelops(["cutover", "list"], in: repo.root).stdout.contains("No cutover has been applied"))
    }

    @Test(.timeLimit(.minutes(3)), arguments: [false, true])
    func anUndoUnderAMergeExitsTwoAndChangesNothing(recordAsCommit: Bool) throws {
        let repo = divergedRepository()
        repo.write("notes.txt", "base\n")
        repo.commit("notes")
        repo.git("checkout", "-q", "-b", "side")
        repo.write("notes.txt", "side\n")
        repo.commit("notes on side")
        repo.git("checkout", "-q", "main")
        repo.write("notes.txt", "main\n")
        repo.commit("notes on main")
        let applied = boundedRelops(Array(Self.apply.dropLast()), in: repo.root)
        #expect(applied.status == 0, "\(applied.stderr)")
        // On the cutover branch, a merge of `side` conflicts in a file the cutover did not touch.
        let merge = runGit(["merge", "-q", "side"], in: repo.root)
        #expect(merge.status != 0 && GitSnapshot(repo).stages.contains(" 3\tnotes.txt"), "\(merge.stdout)")
        let before = GitSnapshot(repo)
        let refused = boundedRelops(["cutover", "undo"] + (recordAsCommit ? ["--commit"] : []), in: repo.root)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("cannot undo cutover "), "\(refused.stderr)")
        #expect(refused.stderr.contains("a merge is in progress") && refused.stderr.contains("git merge --abort"))
        #expect(refused.stderr.contains("the index is unmerged (conflicts in notes.txt)"), "\(refused.stderr)")
        #expect(GitSnapshot(repo) == before, "files, index stages, HEAD or branches changed")
        #expect(boundedRelops(["cutover", "list"], in: repo.root).stdout.contains(" applied "))
        // Once the merge is aborted, the same undo goes through.
        repo.git("merge", "--abort")
        let undone = boundedRelops(["cutover", "undo"], in: repo.root)
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(repo.git("status", "--porcelain").isEmpty)
        #expect(repo.git("symbolic-ref", "--short", "HEAD") == "main\n")
    }
}
