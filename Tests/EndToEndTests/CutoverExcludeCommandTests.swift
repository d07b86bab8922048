import Foundation
import TestSupport
import Testing

/// `relops cutover --exclude` and `.relops.yml` `cutover.exclude` through the binary: the preview
/// lists the kept occurrences (text and JSON), the apply keeps them, `scan --after-cutover` holds
/// them as kept, undo restores, and a bad entry is exit 2 naming it.
@Suite struct CutoverExcludeCommandTests {
    func client() -> GitFixture {
        let repo = GitFixture("e2e-exclude")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "android/app/src/main/java/Instance.kt",
            "const val WEB = \"https://host.com/\"\nconst val DEFAULT_SERVER = \"host.com\"\n")
        repo.write("README.md", "See https://host.com/.\n")
        repo.commit("client")
        return repo
    }

    let hosts = ["--from", "host.com", "--to", "example.org"]

    @Test func thePreviewSaysKeptByYourExclusionInTextAndJSON() throws {
        let repo = client()
        let text = relops(["cutover", "--exclude", "android/app/src/main/java/Instance.kt:2"] + hosts, in: repo.root)
        #expect(text.status == 0, "\(text.stderr)")
        let first = text.stdout.split(separator: "\n").first.map(String.init)
        #expect(
            first?.hasSuffix("; 1 kept by your exclusion. Nothing was written; add --apply.") == true, "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "  kept, by your exclusion: 1 in 1 file; your entries (android/app/src/main/java/Instance.kt:2)"
            ))
        #expect(
            text.stdout.contains(
                "  android/app/src/main/java/Instance.kt:2: kept, by your exclusion `android/app/src/main/java/Instance.kt:2`"
            ))
        #expect(!text.stdout.contains("+const val DEFAULT_SERVER"))
        // Issue 38: an entry that names no tracked file is a typo, refused with the nearest path.
        let typo = relops(["cutover", "--exclude", "android/app/src/main/java/Instanse.kt"] + hosts, in: repo.root)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("(did you mean android/app/src/main/java/Instance.kt?)"), "\(typo.stderr)")
        // A tracked file's line that holds no occurrence (it moved) is still a warning.
        let moved = relops(["cutover", "--exclude", "android/app/src/main/java/Instance.kt:9"] + hosts, in: repo.root)
        #expect(moved.status == 0)
        #expect(
            moved.stdout.contains(
                "warning: exclusion `android/app/src/main/java/Instance.kt:9` keeps no occurrence of host.com (check the path or line)"
            ))

        let json = relops(
            ["cutover", "--exclude", "android/app/src/main/java/Instance.kt:2", "--format", "json"] + hosts,
            in: repo.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["exclude"] as? [String] == ["android/app/src/main/java/Instance.kt:2"])
        #expect((object["unused_exclusions"] as? [String])?.isEmpty == true)
        let summary = try #require(object["summary"] as? [String: Any])
        let left = try #require(summary["left_alone"] as? [[String: Any]])
        #expect(left.first?["kind"] as? String == "excluded" && left.first?["occurrences"] as? Int == 1)
        let kept = try #require(object["not_rewritten"] as? [[String: Any]])
        #expect(kept.map { $0["kind"] as? String } == ["excluded"])
    }

    @Test func theConfigsListIsAppliedTheAfterCutoverScanPassesAndUndoRestores() throws {
        let repo = client()
        repo.write(".relops.yml", "cutover:\n  exclude:\n    - android/app/src/main/java/Instance.kt:2\n")
        repo.commit("config")
        let before = repo.readText("android/app/src/main/java/Instance.kt")
        let apply = relops(["cutover", "--apply"] + hosts, in: repo.root)
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stdout.hasPrefix("Applied cutover "), "\(apply.stdout)")
        #expect(
            repo.readText("android/app/src/main/java/Instance.kt")
                == "const val WEB = \"https://example.org/\"\nconst val DEFAULT_SERVER = \"host.com\"\n")
        let after = relops(
            ["scan", "--host", "host.com", "--after-cutover", "--expect", "binary=0,docs=0"], in: repo.root)
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
        #expect(after.stdout.contains("kept, by your exclusion `android/app/src/main/java/Instance.kt:2`"))
        let undo = relops(["cutover", "undo"], in: repo.root)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.hasPrefix("Cutover ") && undo.stdout.contains("restored 2 file(s)."))
        #expect(repo.readText("android/app/src/main/java/Instance.kt") == before)
    }

    @Test func aBadEntryIsExitTwoNamingTheFlagOrKeyAndTheEntry() {
        let repo = client()
        let flag = relops(["cutover", "--exclude", "../outside.kt"] + hosts, in: repo.root)
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("--exclude \"../outside.kt\": the path holds an empty, `.` or `..` part"))
        repo.write(".relops.yml", "cutover:\n  exclude: [\"src/A.kt:0\"]\n")
        let config = relops(["cutover"] + hosts, in: repo.root)
        #expect(config.status == 2)
        #expect(
            config.stderr.contains("`cutover.exclude` entry `src/A.kt:0`: a line number counts from 1"),
            "\(config.stderr)")
        #expect(repo.readText("README.md") == "See https://host.com/.\n")
    }
}
