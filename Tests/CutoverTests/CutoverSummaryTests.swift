import Cutover
import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// The summary a cutover preview opens with: what it rewrites per class, what it leaves alone and why.
@Suite struct CutoverSummaryTests {
    @Test func theSummaryCountsPerClassAndSaysWhatIsLeftAloneAndWhy() throws {
        let repo = GitFixture("summary")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "android/app/src/main/AndroidManifest.xml",
            "<data android:host=\"host.com\" />\n<data android:host=\"host.com\" android:path=\"/x\" />\n")
        repo.write("android/app/src/main/java/Api.kt", "const val API = \"https://api.host.com/v1\"\n")
        repo.write("README.md", "See https://host.com, mail support@host.com or ops@host.com.\n")
        repo.write("docs/guide.md", "host.com and staging.host.com\n")
        repo.write("logo.bin", bytes: Array("host.com\u{0}".utf8))
        repo.write("gone.txt", "host.com\n")
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/link-host.com", withDestinationPath: "host.com")
        repo.commit("summary")
        try FileManager.default.removeItem(atPath: repo.root + "/gone.txt")

        let plan = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
        let summary = plan.summary
        #expect(summary.files == 3 && summary.occurrences == 4)
        #expect(summary.groupings.map(\.key) == ["class"])
        #expect(
            summary.groupings[0].tallies.map { "\($0.name) \($0.occurrences)/\($0.files)" } == [
                "binary-literal 2/1", "docs 2/2",
            ])
        #expect(summary.groupings[0].tallies[0].about == "ships in the store binary as a literal")
        let left = Dictionary(uniqueKeysWithValues: summary.leftAlone.map { ($0.kind, $0) })
        #expect(summary.leftAlone.map(\.kind) == [.email, .symlink, .related, .binaryFile, .skipped, .untracked])
        #expect(left[.email]?.occurrences == 2 && left[.email]?.files == 1)
        #expect(left[.email]?.reason.contains("--include-email") == true)
        #expect(left[.symlink]?.occurrences == 1 && left[.symlink]?.files == 1)
        #expect(left[.related]?.names == ["api.host.com", "staging.host.com"] && left[.related]?.files == 2)
        #expect(left[.related]?.reason.contains("pass --subdomains") == true)
        #expect(left[.binaryFile]?.files == 1 && left[.binaryFile]?.occurrences == nil)
        #expect(left[.skipped]?.files == 1 && left[.skipped]?.reason == "deleted in the working tree: not scanned")
        #expect(summary.newHostAlready == nil)

        // With --subdomains and --include-email, nothing of the family or the mailboxes is left.
        let all = try planCutover(
            try Project(path: repo.root), from: "host.com", to: "example.org",
            options: CutoverOptions(includeEmail: true, subdomains: true)
        ).summary
        #expect(all.leftAlone.map(\.kind) == [.symlink, .binaryFile, .skipped, .untracked])
        #expect(all.occurrences == 8)
    }

    @Test func theNewHostAlreadyPresentIsCounted() throws {
        let repo = GitFixture("summary-new-host")
        repo.write("a.txt", "host.com example.org\nexample.org\n")
        repo.commit("both")
        let summary = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org").summary
        #expect(summary.newHostAlready?.name == "example.org")
        #expect(summary.newHostAlready?.occurrences == 2 && summary.newHostAlready?.files == 1)
        #expect(summary.leftAlone.map(\.kind) == [.untracked])
    }
}
