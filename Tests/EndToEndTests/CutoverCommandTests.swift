import Foundation
import TestSupport
import Testing

@Suite struct CutoverCommandTests {
    func repositoryWithManyFiles(_ count: Int) -> GitFixture {
        let repo = GitFixture("crash")
        for i in 0..<count { repo.write(String(format: "f/file%02d.txt", i), "line\nhost app.example.com here \(i)\n") }
        repo.commit("many")
        return repo
    }

    func states(_ repo: GitFixture, _ count: Int) -> (old: Int, new: Int, other: Int) {
        var result = (old: 0, new: 0, other: 0)
        for i in 0..<count {
            let text = repo.readText(String(format: "f/file%02d.txt", i))
            if text == "line\nhost app.example.com here \(i)\n" {
                result.old += 1
            } else if text == "line\nhost links.example.net here \(i)\n" {
                result.new += 1
            } else {
                result.other += 1
            }
        }
        return result
    }

    @Test(arguments: [1, 8, 19])
    func aKilledApplyLeavesEveryFileWhollyOldOrNewAndIsCompletedOrReverted(killAfter: Int) throws {
        let repo = repositoryWithManyFiles(20)
        let args = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply"]
        let killed = relops(args, in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "\(killAfter)"])
        #expect(killed.status != 0)
        let midway = states(repo, 20)
        #expect(midway.other == 0)
        #expect(midway.new == killAfter && midway.old == 20 - killAfter)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: repo.root + "/f").filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.count == 20 - killAfter)  // temporaries not yet renamed

        if killAfter % 2 == 1 {
            let undo = relops(["cutover", "undo"], in: repo.root)
            #expect(undo.status == 0, "\(undo.stderr)")
            #expect(states(repo, 20).old == 20)
        } else {
            // A lost temporary file is recomputed from the stored original.
            try FileManager.default.removeItem(atPath: repo.root + "/f/" + leftovers.sorted()[0])
            let finish = relops(args, in: repo.root)
            #expect(finish.status == 0, "\(finish.stderr)")
            #expect(finish.stdout.contains("was interrupted; completed the remaining \(20 - killAfter) file(s)"))
            #expect(states(repo, 20).new == 20)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: repo.root + "/f").filter { $0.hasSuffix(".tmp") }
                .isEmpty)
    }

    @Test func aKilledApplyIsFinishedByTheNextApply() throws {
        let repo = repositoryWithManyFiles(10)
        let args = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply"]
        _ = relops(args, in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "4"])
        #expect(states(repo, 10) == (old: 6, new: 4, other: 0))
        let finish = relops(args, in: repo.root)
        #expect(finish.status == 0)
        #expect(states(repo, 10) == (old: 0, new: 10, other: 0))
        let list = relops(["cutover", "list"], in: repo.root)
        #expect(list.stdout.contains("applied"))
    }

    @Test func previewWritesNothingAndJSONGivesThePlan() throws {
        let repo = makeAppRepository()
        let result = relops(
            ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--format", "json"], in: repo.root)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["applied"] as? Bool == false)
        let edits = try #require(object["edits"] as? [[String: Any]])
        #expect(edits.count == 14)
        #expect(
            edits.allSatisfy {
                $0["old"] as? String == "app.example.com" && $0["new"] as? String == "links.example.net"
            })
        #expect(repo.git("status", "--porcelain").isEmpty)
        let text = relops(["cutover", "--from", "app.example.com", "--to", "links.example.net"], in: repo.root)
        #expect(text.stdout.contains("+<string>applinks:links.example.net</string>"))
        #expect(
            text.stdout.contains(
                "Rebuild and resubmit: Android and iOS app `App.UI` (5 occurrences), Android app `app` (3)"))
        #expect(text.stdout.contains("Redeploy: ASP.NET Core server `Source/App.Web` (1 occurrence)"))
        #expect(text.stdout.contains("Redeploy the services whose configuration changed. No server or site"))
    }

    @Test func badUsageExitsTwo() {
        let repo = makeAppRepository()
        #expect(relops(["cutover", "--to", "app.example.com", "--from", "app.example.com"], in: repo.root).status == 2)
        #expect(relops(["cutover", "--from", "app.example.com"], in: repo.root).status == 2)
        #expect(
            relops(["cutover", "--from", "app.example.com", "--to", "bad_host.example"], in: repo.root).status == 2)
        #expect(
            relops(["cutover", "--from", "app.example.com", "--to", "x.example.net", "--commit"], in: repo.root).status
                == 2)
        let undo = relops(["cutover", "undo"], in: repo.root)
        #expect(undo.status == 2 && undo.stderr.contains("no applied cutover"))
    }
}

/// The apply a cutover test interrupts: app.example.com -> links.example.net.
private let interruptedApply = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply"]

/// A repository of `count` files `f<i>.txt` on app.example.com, and an apply of them killed
/// (a debug-build hook) after two renames.
private func interruptedCutover(_ label: String, files count: Int) -> GitFixture {
    let repo = GitFixture(label)
    for i in 0..<count { repo.write("f\(i).txt", "app.example.com \(i)\n") }
    repo.commit("\(count) files")
    #expect(relops(interruptedApply, in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "2"]).status != 0)
    return repo
}

@Suite struct InterruptedCutoverLibraryTests {
    @Test func aPlanMadeBeforeFinishingAnInterruptedCutoverIsRefused() throws {
        let repo = interruptedCutover("interrupted", files: 4)
        // The library refuses to apply a plan while the interrupted run is unfinished...
        let stale = relops(
            ["cutover", "--from", "app.example.com", "--to", "other.example.net", "--apply", "--allow-dirty"],
            in: repo.root)
        #expect(stale.status == 0)  // ...the command finishes it first, then plans from a consistent tree.
        #expect(stale.stdout.contains("was interrupted; completed the remaining 2 file(s)"))
        #expect(
            repo.readText("f0.txt") == "links.example.net 0\n" && repo.readText("f3.txt") == "links.example.net 3\n")
    }
}

@Suite struct InterruptedCutoverEditedFileTests {
    @Test func aFileEditedOrRemovedAfterTheInterruptionIsLeftAloneAndNamed() throws {
        let repo = interruptedCutover("interrupted-edited", files: 5)
        let untouched = (0..<5).filter { repo.readText("f\($0).txt").hasPrefix("app.example.com") }
        try #require(untouched.count == 3, "expected three files still on the old host")
        repo.write("f\(untouched[0]).txt", "app.example.com \(untouched[0]) edited by hand\n")
        #expect(unlink(repo.root + "/f\(untouched[1]).txt") == 0)
        let finish = relops(interruptedApply + ["--allow-dirty"], in: repo.root)
        #expect(finish.stdout.contains("completed the remaining 1 file(s); left 2 file(s) alone"), "\(finish.stdout)")
        #expect(finish.stdout.contains("f\(untouched[0]).txt (edited)"))
        #expect(finish.stdout.contains("f\(untouched[1]).txt (removed)"))
        #expect(repo.readText("f\(untouched[2]).txt") == "links.example.net \(untouched[2])\n")
        // The edit is kept: the new plan rewrites the host in it, nothing else.
        #expect(repo.readText("f\(untouched[0]).txt") == "links.example.net \(untouched[0]) edited by hand\n")
        #expect(!FileManager.default.fileExists(atPath: repo.root + "/f\(untouched[1]).txt"))
    }
}

/// A `--commit` apply killed after its last rename, then taken as far as the interrupted run
/// could have got: the branch made (git's own `switch -c`), or the commit made too.
@Suite struct InterruptedCommitTests {
    let branch = "relops/cutover-links.example.net"

    func killedAfterTheLastRename(_ label: String) -> GitFixture {
        let repo = GitFixture(label)
        for i in 0..<3 { repo.write("f\(i).txt", "app.example.com \(i)\n") }
        repo.commit("three")
        let killed = relops(
            interruptedApply + ["--commit"], in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "3"])
        #expect(killed.status != 0)
        return repo
    }

    @Test func aBranchMadeButNotCommittedOnGetsTheCommit() throws {
        let repo = killedAfterTheLastRename("interrupted-branch")
        repo.git("switch", "-q", "-c", branch)
        let finish = relops(interruptedApply + ["--commit", "--allow-dirty"], in: repo.root)
        #expect(finish.stdout.contains("completed the remaining 0 file(s); committed "), "\(finish.stdout)")
        #expect(finish.stdout.contains("on branch \(branch) (not pushed)"))
        #expect(repo.git("log", "-1", "--format=%s") == "Cut over from app.example.com to links.example.net\n")
        #expect(repo.git("status", "--porcelain").isEmpty)
        #expect(
            repo.git("rev-list", "--count", "main..\(branch)").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test func aLockedIndexIsNamedAsAnApplyNamesItAndNothingIsCommitted() throws {
        let repo = killedAfterTheLastRename("interrupted-locked")
        repo.write(".git/index.lock", "")
        let finish = relops(interruptedApply + ["--commit", "--allow-dirty"], in: repo.root)
        // The step fails (its commit is missing), and first says what the recovery did and why.
        #expect(finish.status == 1)
        #expect(
            finish.stderr.contains(
                "completed the remaining 0 file(s); it asked for --commit, but cannot commit: another git process holds "
            ), "\(finish.stdout)\(finish.stderr)")
        #expect(finish.stderr.contains("/.git/index.lock; wait for it to finish"))
        #expect(finish.stderr.contains("then commit the files yourself"))
        #expect(finish.stderr.contains("the commit --commit asks for is missing"))
        #expect(repo.git("branch", "--list", branch).isEmpty)
        #expect(repo.git("log", "-1", "--format=%s") == "three\n")
        #expect(repo.readText("f2.txt") == "links.example.net 2\n")
        try FileManager.default.removeItem(atPath: repo.root + "/.git/index.lock")
    }

    @Test func aCommitAlreadyMadeIsRecordedNotMadeTwice() throws {
        let reference = GitFixture("reference-commit")
        for i in 0..<3 { reference.write("f\(i).txt", "app.example.com \(i)\n") }
        reference.commit("three")
        #expect(relops(interruptedApply + ["--commit"], in: reference.root).status == 0)
        let repo = killedAfterTheLastRename("interrupted-commit")
        // The message names the cutover's id: the reference's, made the interrupted run's.
        func journalID(_ fixture: GitFixture) throws -> String {
            let names = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/.git/relops/cutovers")
            return try #require(names.first { $0.hasSuffix(".json") }).replacingOccurrences(of: ".json", with: "")
        }
        let message = reference.git("log", "-1", "--format=%B").replacingOccurrences(
            of: try journalID(reference), with: try journalID(repo))
        repo.git("switch", "-q", "-c", branch)
        repo.write(".git/cutover-message", message)
        repo.git("commit", "-q", "-a", "-F", ".git/cutover-message")
        let head = repo.git("rev-parse", "--short=7", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let finish = relops(interruptedApply + ["--commit", "--allow-dirty"], in: repo.root)
        #expect(finish.stdout.contains("its commit \(head) on branch \(branch) was already made"), "\(finish.stdout)")
        #expect(
            repo.git("rev-list", "--count", "main..\(branch)").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let journal = repo.readText(".git/relops/cutovers/\(try journalID(repo)).json")
        #expect(journal.contains(repo.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

/// Two real processes: an apply paused before its renames (a debug-build hook) and a second
/// program that edits a file or starts another writer.
@Suite struct CutoverConcurrencyTests {
    let args = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply"]

    func repository() -> GitFixture {
        let repo = GitFixture("race")
        for i in 0..<30 { repo.write(String(format: "f/file%02d.txt", i), "host app.example.com \(i)\n") }
        repo.write(
            "Runbooks/quick.md", "---\ntitle: Quick\n---\n# Quick\n## Look\n```relops\nrelops cutover list\n```\n")
        repo.write("Docs/adr.md", "# ADR\n")
        repo.commit("files")
        return repo
    }

    /// Starts an apply that stops just before its first rename; returns it once it has stopped.
    func startPausedApply(_ repo: GitFixture, _ control: TemporaryFolder) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: relopsBinary)
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: repo.root)
        var env = ProcessInfo.processInfo.environment
        env["RELOPS_TEST_PAUSE_BEFORE_RENAME"] = control.path
        process.environment = env
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<3000 where !FileManager.default.fileExists(atPath: control.path + "/paused") { usleep(10_000) }
        #expect(FileManager.default.fileExists(atPath: control.path + "/paused"))
        return (process, errors)
    }

    func finish(_ process: Process, _ errors: Pipe, _ control: TemporaryFolder) -> (Int32, String) {
        control.write("resume", "")
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func anEditByAnotherProgramDuringTheApplyIsNeverLost() throws {
        let repo = repository()
        let control = TemporaryFolder("control")
        let (apply, errors) = try startPausedApply(repo, control)
        let edit = runProcess("sh", ["-c", "printf 'an edit\\n' >> f/file07.txt"], in: repo.root)
        #expect(edit.status == 0)
        let (status, stderr) = finish(apply, errors, control)
        #expect(status == 3, "\(stderr)")
        #expect(stderr.contains("f/file07.txt changed while the cutover was being applied"))
        #expect(repo.readText("f/file07.txt") == "host app.example.com 7\nan edit\n")
        #expect(repo.readText("f/file00.txt") == "host app.example.com 0\n")
        #expect(relops(["cutover", "list"], in: repo.root).stdout.contains("rolled-back"))
    }

    @Test func anEditAtAnUnknownMomentOfTheApplyIsKeptInEveryRound() throws {
        // No hook: the edit lands before, during or after the apply; in every round it survives.
        for round in 0..<5 {
            let repo = repository()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: relopsBinary)
            process.arguments = args
            process.currentDirectoryURL = URL(fileURLWithPath: repo.root)
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            usleep(UInt32(round) * 15_000)
            runProcess("sh", ["-c", "printf 'an edit\\n' >> f/file17.txt"], in: repo.root)
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let text = repo.readText("f/file17.txt")
            #expect(text.hasSuffix("an edit\n"), "round \(round): \(text)")
            #expect([0, 1, 3].contains(process.terminationStatus), "round \(round): \(stderr)")
            if process.terminationStatus == 3 { #expect(stderr.contains("f/file17.txt changed while"), "\(stderr)") }
        }
    }

    @Test func aSecondWriterIsRefusedWhileTheFirstHoldsTheLock() throws {
        let repo = repository()
        let control = TemporaryFolder("control")
        let (apply, errors) = try startPausedApply(repo, control)
        let second = relops(
            ["cutover", "--from", "app.example.com", "--to", "third.example.org", "--apply"], in: repo.root)
        #expect(second.status == 3)
        #expect(second.stderr.contains("locked by `relops cutover --apply` (pid \(apply.processIdentifier) on host"))
        let undo = relops(["cutover", "undo"], in: repo.root)
        #expect(undo.status == 3 && undo.stderr.contains("locked by"))
        let runbook = relops(["runbook", "run", "quick", "--non-interactive"], in: repo.root)
        #expect(runbook.status == 3 && runbook.stderr.contains("locked by"), "\(runbook.stderr)")
        let repin = relops(["anchors", "repin", "Docs/adr.md"], in: repo.root)
        #expect(repin.status == 3 && repin.stderr.contains("locked by"), "\(repin.stderr)")
        let (status, stderr) = finish(apply, errors, control)
        #expect(status == 0, "\(stderr)")
        #expect(repo.readText("f/file29.txt") == "host links.example.net 29\n")
        #expect(!FileManager.default.fileExists(atPath: repo.root + "/.git/relops/lock"))
    }

    @Test func twoAppliesStartedTogetherNeverMixTheTree() throws {
        for round in 0..<4 {
            let repo = repository()
            let hosts = ["links.example.net", "third.example.org"]
            final class Outcomes: @unchecked Sendable { var list: [ProcessOutput?] = [nil, nil] }
            let box = Outcomes()
            let lock = NSLock()
            let root = repo.root
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                let output = relops(["cutover", "--from", "app.example.com", "--to", hosts[i], "--apply"], in: root)
                lock.lock()
                box.list[i] = output
                lock.unlock()
            }
            let outcomes = box.list
            let applied = outcomes.filter { $0?.stdout.contains("Applied cutover") == true }
            #expect(applied.count <= 1, "round \(round)")
            var seen = Set<String>()
            for i in 0..<30 {
                let text = repo.readText(String(format: "f/file%02d.txt", i))
                seen.insert(String(text.split(separator: " ")[1]))
            }
            #expect(seen.count == 1, "round \(round): \(seen)")
            for output in outcomes where output?.stdout.contains("Applied cutover") != true {
                #expect(output?.status == 3 || output?.status == 0, "\(output?.stderr ?? "")")
            }
        }
    }

    @Test func afterAKillEveryViewSaysACutoverIsInterrupted() throws {
        let repo = repository()
        #expect(relops(args, in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "3"]).status != 0)
        let hint =
            "was interrupted halfway through its renames; finish it with `relops cutover --apply --from app.example.com --to links.example.net`, or undo it with `relops cutover undo "
        #expect(relops(["scan", "--host", "app.example.com"], in: repo.root).stderr.contains(hint))
        #expect(relops(["cutover", "list"], in: repo.root).stdout.contains(hint))
        #expect(
            relops(["cutover", "--from", "app.example.com", "--to", "links.example.net"], in: repo.root).stdout
                .contains(hint))
        let untracked = relops(
            ["scan", "--host", "app.example.com", "--include-untracked", "--format", "json"], in: repo.root)
        #expect(untracked.status == 0 || untracked.status == 1)
        #expect(!untracked.stdout.contains(".relops-"))
        #expect(relops(["cutover", "undo"], in: repo.root).status == 0)
        #expect(!relops(["cutover", "list"], in: repo.root).stdout.contains("interrupted"))
    }

    @Test func hostileArgumentsAreUsageErrors() throws {
        let repo = repository()
        _ = relops(args, in: repo.root)
        let empty = relops(["cutover", "undo", ""], in: repo.root)
        #expect(empty.status == 2, "\(empty.stderr)")
        #expect(repo.readText("f/file00.txt") == "host links.example.net 0\n")
        let rev = relops(["scan", "--host", "app.example.com", "--rev", "../../etc"], in: repo.root)
        #expect(rev.status == 2 && rev.stderr.contains("not a revision"), "\(rev.stderr)")
        let newline = relops(
            ["cutover", "--from", "links.example.net", "--to", "a.example.com\nb.example.com"], in: repo.root)
        #expect(newline.status == 2 && newline.stderr.contains("a newline (\\n)"), "\(newline.stderr)")
    }

    @Test func testHooksAreCompiledIntoDebugBuildsOnly() throws {
        // Every source line that names a RELOPS_TEST_ variable sits in a file that is wholly `#if DEBUG`.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        let files = FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? []
        var hooked: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            guard text.contains("RELOPS_TEST_") else { continue }
            hooked.append(file)
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty && !$0.hasPrefix("//")
            }
            #expect(lines.first == "#if DEBUG" && lines.last == "#endif", "\(file)")
        }
        #expect(!hooked.isEmpty)
    }

    @Test func namesWithANewlineOrANonUTF8ByteArePrintedEscaped() throws {
        let repo = GitFixture("names")
        repo.write("a\nb.txt", "app.example.com\n")
        runProcess("sh", ["-c", "printf 'app.example.com\\n' > \"$(printf 'caf\\351.txt')\""], in: repo.root)
        repo.commit("names")
        let preview = relops(["cutover", "--from", "app.example.com", "--to", "links.example.net"], in: repo.root)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("--- \"a/a\\nb.txt\""), "\(preview.stdout)")
        #expect(preview.stdout.contains("--- \"a/caf\\351.txt\""), "\(preview.stdout)")
        let scan = relops(["scan", "--host", "app.example.com"], in: repo.root)
        #expect(
            scan.stdout.contains("\"a\\nb.txt\":1:1:") && scan.stdout.contains("\"caf\\351.txt\":1:1:"),
            "\(scan.stdout)")
        let applied = relops(
            ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply"], in: repo.root)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(
            runProcess("sh", ["-c", "cat \"$(printf 'caf\\351.txt')\""], in: repo.root).stdout == "links.example.net\n")
    }
}
