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
        #expect(text.stdout.contains("Rebuild and resubmit the Android and iOS apps"))
        #expect(text.stdout.contains("Redeploy the services"))
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

@Suite struct InterruptedCutoverLibraryTests {
    @Test func aPlanMadeBeforeFinishingAnInterruptedCutoverIsRefused() throws {
        let repo = GitFixture("interrupted")
        for i in 0..<4 { repo.write("f\(i).txt", "app.example.com \(i)\n") }
        repo.commit("four")
        let args = ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply"]
        #expect(relops(args, in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "2"]).status != 0)
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
