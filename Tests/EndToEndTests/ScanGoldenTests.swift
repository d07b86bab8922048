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
}
