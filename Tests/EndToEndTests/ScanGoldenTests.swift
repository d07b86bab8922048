import Foundation
import Runbook
import TestSupport
import Testing

/// `relops scan --format json` on the demo sample and on the shared app fixture, compared byte
/// for byte with golden files recorded before the comment, boundary and class rules: where those
/// rules do not apply, the output must not change.
@Suite struct ScanGoldenTests {
    @Test func theDemoSampleScansAsRecorded() throws {
        let folder = TemporaryFolder("golden-demo")
        let workspace = try DemoWorkspace(keep: folder.path + "/workspace")
        try workspace.writeSample()
        let result = relops(
            ["scan", "--repo", workspace.repository, "--host", SampleRepository.oldHost, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        expectGolden(result.stdout, at: "Tests/Golden/ScanCommandTests/demo-sample-scan.json")
    }

    @Test func theAppFixtureScansAsRecorded() {
        let repo = makeAppRepository()
        let result = relops(["scan", "--repo", repo.root, "--host", "app.example.com", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        expectGolden(result.stdout, at: "Tests/Golden/ScanCommandTests/app-fixture-scan.json")
    }

    /// Every section of the document filled: occurrences with products, related hosts, names that
    /// spell the host but are not it, a binary file, a file not scanned for its encoding (a
    /// problem) and a redirect URI.
    @Test func everySectionScansAsRecorded() {
        let repo = makeHostSpellingRepository()
        repo.write(
            "docs/links.md", "See https://staging.example.app and \"quoted\\\" \t https://example.app/signin-google\n")
        repo.write("web/appsettings.json", #"{ "OAuth": { "RedirectUri": "https://example.app/signin-google" } }"#)
        repo.write("assets/qr.bin", bytes: [0, 1, 2] + Array("example.app".utf8))
        // A UTF-16LE mark, the host, then a lone high surrogate: not scanned.
        repo.write(
            "ios/App/en.lproj/Localizable.strings",
            bytes: [0xFF, 0xFE]
                + Array("\"web\" = \"https://example.app/\";\r\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
                + [0x00, 0xD8, 0x41, 0x00])
        repo.commit("every section")
        let result = relops(["scan", "--repo", repo.root, "--host", "example.app", "--format", "json"])
        for section in ["related", "not_host", "binary_files", "problems", "redirect_uris", "products"] {
            #expect(result.stdout.contains("\"\(section)\": [\n"), "\(section) is empty")
        }
        expectGolden(result.stdout, at: "Tests/Golden/ScanCommandTests/every-section-scan.json")
    }

    /// `--after-cutover`: the scan's document, then what the cutover left on purpose.
    @Test func afterACutoverScansAsRecorded() {
        let repo = GitFixture("golden-after-cutover")
        repo.write(
            "web/appsettings.json",
            "{\n  \"BaseUrl\": \"https://app.example.com/\",\n  \"Support\": \"help@app.example.com\"\n}\n")
        repo.write("docs/contact.md", "Write to ops@app.example.com or open https://app.example.com/help.\n")
        repo.commit("web host")
        let apply = relops(
            ["cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply"], in: repo.root)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        repo.write("docs/late.md", "Added after the cutover: https://app.example.com/late\n")
        repo.commit("late")
        let result = relops(
            ["scan", "--host", "app.example.com", "--after-cutover", "--format", "json"], in: repo.root)
        let named = result.stdout.replacingOccurrences(
            of: #"\b[0-9]{8}-[0-9]{6}-[0-9a-f]{4}\b"#, with: "$CUTOVER", options: .regularExpression)
        #expect(named.contains("\"left_on_purpose\": [\n"), "\(result.stdout)")
        expectGolden(named, at: "Tests/Golden/ScanCommandTests/after-cutover-scan.json")
    }
}
