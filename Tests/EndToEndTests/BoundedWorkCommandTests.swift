import Foundation
import TestSupport
import Testing

/// Issue 39, case 7, through the binary: what a repository holds (a glob of many `**`, a minified
/// bundle with the host on one line many times) never makes `scan` or `cutover` run without end.
/// Each run has a kill bound far above what the work takes now; before, each ran past it.
@Suite struct BoundedWorkCommandTests {
    /// Fourteen `**` segments that never match: a backtracking matcher tries every way to place
    /// them along a 60-folder-deep path.
    let manyDoubleStars = Array(repeating: "**/a", count: 14).joined(separator: "/") + "/*.none"

    @Test func aGlobOfFourteenDoubleStarsInClassifyAndExcludeEndsScanAndPreview() throws {
        let repo = GitFixture("e2e-many-double-stars")
        let deep = Array(repeating: "a", count: 60).joined(separator: "/") + "/notes.txt"
        repo.write(deep, "See https://host.com/docs.\n")
        repo.write(
            ".relops.yml",
            """
            classify:
              - { glob: "\(manyDoubleStars)", class: test }
              - { glob: "**/notes.txt", class: docs }
            cutover:
              exclude:
                - "\(manyDoubleStars)"

            """)
        repo.commit("deep notes")

        let scan = relops(["scan", "--host", "host.com", "--expect", "docs=1"], in: repo.root, killAfter: 120)
        #expect(scan.status == 0, "\(scan.stdout)\(scan.stderr)")

        let preview = relops(["cutover", "--from", "host.com", "--to", "example.org"], in: repo.root, killAfter: 120)
        #expect(preview.status == 0, "\(preview.stdout)\(preview.stderr)")
        #expect(preview.stdout.contains("+See https://example.org/docs."), "\(preview.stdout)")
        #expect(preview.stdout.contains("warning: exclusion `\(manyDoubleStars)` keeps no occurrence of host.com"))
    }

    /// A 24 MB line: before, each occurrence looked for the end of its line again, so the work
    /// grew with occurrences times line length (150 s of CPU here; 15 s now, in a debug build).
    @Test func threeHundredThousandOccurrencesOnOneLineAreScannedAndRewritten() throws {
        let repo = GitFixture("e2e-long-line")
        let occurrences = 300_000
        let padding = String(repeating: "x", count: 44)
        func entry(_ host: String) -> String { "{\"u\":\"https://\(host)/a\",\"pad\":\"\(padding)\"}," }
        repo.write("web/bundle.js", "var urls = [\(String(repeating: entry("host.com"), count: occurrences))];\n")
        repo.write("web/package.json", "{ \"name\": \"site\" }\n")
        repo.commit("minified bundle")

        let scan = relops(["scan", "--host", "host.com"], in: repo.root, killAfter: 120)
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("\(occurrences) occurrences of host.com in 2 files"), "\(scan.stdout)")

        let apply = relops(
            ["cutover", "--from", "host.com", "--to", "example.org", "--apply"], in: repo.root, killAfter: 120)
        #expect(apply.status == 0, "\(apply.stderr)")
        let expected = "var urls = [" + String(repeating: entry("example.org"), count: occurrences) + "];\n"
        #expect(repo.readText("web/bundle.js") == expected)
    }
}
