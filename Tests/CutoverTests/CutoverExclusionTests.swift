import Cutover
import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// `cutover --exclude` / `cutover.exclude`: the kept occurrences are listed, never rewritten,
/// recorded in the journal, held as kept by the after-cutover scan, and undo works as before.
@Suite struct CutoverExclusionTests {
    /// A social-network client whose web host is also the default instance name in app logic.
    func client() -> GitFixture {
        let repo = GitFixture("exclude")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "android/app/src/main/java/Instance.kt",
            "const val WEB = \"https://app.example.com/\"\nconst val DEFAULT_SERVER = \"app.example.com\"\n")
        repo.write("android/app/src/main/java/Login.kt", "if (\"app.example.com\".equals(domain, true)) {}\n")
        repo.write("Docs/setup.md", "Open https://app.example.com/ to sign in.\n")
        repo.commit("client")
        return repo
    }

    let keep = ["android/app/src/main/java/Instance.kt:2", "android/app/src/main/java/Log*.kt"]

    func options() throws -> CutoverOptions {
        CutoverOptions(exclude: try CutoverExclusion.parse(keep, source: "--exclude"))
    }

    @Test func entriesParseAsPathGlobAndLineAndBadOnesAreRefused() throws {
        let line = try CutoverExclusion("src/Instance.kt:2")
        #expect(line.path == "src/Instance.kt" && line.line == 2)
        #expect(line.keeps(path: "src/Instance.kt", line: 2) && !line.keeps(path: "src/Instance.kt", line: 1))
        let folder = try CutoverExclusion("Docs/")
        #expect(folder.text == "Docs" && folder.keeps(path: "Docs/a/b.md", line: 9))
        #expect(!folder.keeps(path: "Docsy/a.md", line: 1))
        let glob = try CutoverExclusion("**/Default*.kt")
        #expect(glob.keeps(path: "a/b/DefaultServer.kt", line: 3) && !glob.keeps(path: "a/Server.kt", line: 3))
        for (entry, why) in [
            ("", "empty"), ("/etc/hosts", "absolute"), ("src/../x", "`..`"), ("a.kt:0", "counts from 1"),
            ("a//b", "empty"), ("a\u{1}b", "control character"),
        ] {
            let error = thrownFailure { _ = try CutoverExclusion.parse([entry], source: "--exclude") }
            #expect(error?.category == .badInput)
            #expect(
                error?.message.hasPrefix("--exclude \"") == true && error?.message.contains(why) == true, "\(entry)")
        }
    }

    @Test func theConfigReadsTheListAndRefusesABadEntryNamingTheKeyAndEntry() throws {
        let config = try ProjectConfig.parse(
            "cutover:\n  exclude: [\"src/A.kt:3\", \"Docs/**\"]\n", path: ".relops.yml")
        #expect(config.cutoverExclude.map(\.text) == ["src/A.kt:3", "Docs/**"])
        #expect(try ProjectConfig.parse("cutover:\n  exclude:\n", path: "c").cutoverExclude.isEmpty)
        let bad = thrownFailure { _ = try ProjectConfig.parse("cutover:\n  exclude: [\"/abs/A.kt\"]\n", path: "c") }
        #expect(bad?.category == .badInput)
        #expect(
            bad?.message.contains("c:2:") == true
                && bad?.message.contains("`cutover.exclude` entry `/abs/A.kt`") == true)
        #expect(bad?.message.contains("absolute") == true)
        let notList = thrownFailure { _ = try ProjectConfig.parse("cutover:\n  exclude: {a: b}\n", path: "c") }
        #expect(notList?.message.contains("`cutover.exclude` must be a list") == true)
        let typo = thrownFailure { _ = try ProjectConfig.parse("cutover:\n  excludes: [a]\n", path: "c") }
        #expect(typo?.message.contains("unknown key `cutover.excludes` (did you mean `exclude`?)") == true)
    }

    @Test func thePreviewListsThemAsKeptAndPlansNoEditForThem() throws {
        let repo = client()
        let project = try Project(path: repo.root)
        let plan = try planCutover(project, from: old, to: new, options: try options())
        #expect(
            plan.edits.map { "\($0.path):\($0.line)" } == [
                "Docs/setup.md:1", "android/app/src/main/java/Instance.kt:1",
            ])
        let kept = plan.notRewritten.filter { $0.kind == .excluded }
        #expect(
            kept.map { "\($0.path):\($0.line)" } == [
                "android/app/src/main/java/Instance.kt:2", "android/app/src/main/java/Login.kt:1",
            ])
        #expect(kept.first?.reason == "kept, by your exclusion `android/app/src/main/java/Instance.kt:2`")
        let summary = try #require(plan.summary.leftAlone.first { $0.kind == .excluded })
        #expect(summary.occurrences == 2 && summary.files == 2)
        #expect(
            summary.reason.hasPrefix(
                "your entries (android/app/src/main/java/Instance.kt:2, android/app/src/main/java/Log*.kt)"))
    }

    @Test func applyKeepsThemTheAfterCutoverScanCountsThemAsKeptAndUndoRestores() throws {
        let repo = client()
        let project = try Project(path: repo.root)
        let before = repo.read("android/app/src/main/java/Instance.kt")
        let plan = try planCutover(project, from: old, to: new, options: try options())
        let outcome = try applyCutover(project, plan, ApplyOptions(), lock: try locked(project))
        #expect(
            repo.readText("android/app/src/main/java/Instance.kt")
                == "const val WEB = \"https://links.example.net/\"\nconst val DEFAULT_SERVER = \"app.example.com\"\n")
        #expect(repo.readText("android/app/src/main/java/Login.kt").contains("\"app.example.com\""))
        #expect(outcome.journal.options.exclude.map(\.text) == keep)
        #expect(try CutoverJournal.all(project).last?.options == (try options()))

        let after = try AfterCutover(try scan(project, ScanRequest(hosts: [old])), project: project)
        #expect(after.remaining.occurrences.isEmpty)
        #expect(after.leftOnPurpose.map(\.reason).allSatisfy { $0.hasPrefix("kept, by your exclusion `") })
        #expect(after.leftOnPurpose.count == 2)

        let undone = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(undone.restored.count == 2)
        #expect(repo.read("android/app/src/main/java/Instance.kt") == before)
    }

    @Test func recoveryOfAnInterruptedApplyKeepsTheExcludedLines() throws {
        let repo = client()
        let project = try Project(path: repo.root)
        let plan = try planCutover(project, from: old, to: new, options: try options())
        _ = try applyCutover(project, plan, ApplyOptions(), lock: try locked(project))
        let written = repo.read("android/app/src/main/java/Instance.kt")
        // Cut off halfway with the file still old and its temporary file lost: recovery recomputes it.
        let folder = CutoverJournal.folder(project)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
        let url = URL(fileURLWithPath: folder + "/" + name)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["state"] = "applying"
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        #expect(interruptedCutoverNotice(project)?.contains("--exclude 'android/app/src/main/java/Log*.kt'") == true)
        repo.git("checkout", "--", "android/app/src/main/java/Instance.kt")
        #expect(try finishInterruptedCutovers(project, lock: try locked(project)).count == 1)
        #expect(repo.read("android/app/src/main/java/Instance.kt") == written)

        object["options"] = ["include_email": false, "subdomains": false, "family_renames": [], "exclude": ["/x"]]
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let bad = thrownFailure { _ = try CutoverJournal.all(project) }
        #expect(bad?.category == .badInput && bad?.message.contains("journal field `options.exclude`") == true)
    }
}
