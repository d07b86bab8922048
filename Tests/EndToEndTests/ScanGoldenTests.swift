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
        expectScanGolden(result.stdout, "demo-sample-scan.json")
    }

    @Test func theAppFixtureScansAsRecorded() {
        let repo = makeAppRepository()
        let result = relops(["scan", "--repo", repo.root, "--host", "app.example.com", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        expectScanGolden(result.stdout, "app-fixture-scan.json")
    }
}

/// The package's source root.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Compares `actual` with `Tests/Golden/ScanCommandTests/<name>`; `RELOPS_RECORD_GOLDEN=1` writes it
/// instead (and the test still fails, so a recording is never silent).
func expectScanGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = packageRoot + "/Tests/Golden/ScanCommandTests/" + name
    if ProcessInfo.processInfo.environment["RELOPS_RECORD_GOLDEN"] == "1" {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(actual.utf8))
        Issue.record("recorded \(path); run again without RELOPS_RECORD_GOLDEN", sourceLocation: sourceLocation)
        return
    }
    let expected = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    #expect(
        expected != nil, "missing golden file \(path) (record with RELOPS_RECORD_GOLDEN=1)",
        sourceLocation: sourceLocation)
    #expect(actual == expected, sourceLocation: sourceLocation)
}
