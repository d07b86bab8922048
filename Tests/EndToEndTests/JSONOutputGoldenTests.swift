import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The bytes `--format json` prints for verify, status, the runbook report and the cutover plan
/// and summary, on the demo's sample repository, against goldens recorded from the hand-built
/// writers before each output became a `Codable` type. Paths, times and ids are named
/// (`$REPO`, `$TIME`, `$CUTOVER`, `$RUN`); a `"schema_version"` line, the one field a `Codable`
/// output adds, is compared apart.
@Suite(.serialized) struct JSONOutputGoldenTests {
    /// A fresh copy of the sample repository (no cutover yet), and the committed v3.1 APK beside it.
    final class Sample {
        let folder = TemporaryFolder("json-golden")
        let repository: String
        let apk: String

        init() throws {
            let workspace = try DemoWorkspace(keep: folder.url("demo"))
            try workspace.writeSample()
            repository = workspace.repository
            apk = sourceRoot + "/Tests/FingerprintTests/Golden/v31/rotation-34-min-24.apk"
        }

        /// `relops ARGUMENTS` in the repository, with a home of its own and no colour.
        func run(_ arguments: [String]) -> ProcessOutput {
            relops(arguments, in: repository, environment: ["HOME": folder.path, "TZ": "UTC", "LC_ALL": "C"])
        }

        /// `text` with the temporary paths, times and ids named.
        func normalised(_ text: String) -> String {
            text.replacingOccurrences(of: repository, with: "$REPO")
                .replacingOccurrences(of: folder.path, with: "$TMP")
                .replacingOccurrences(of: sourceRoot, with: "$SOURCE")
                .replacingOccurrences(
                    of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z"#, with: "$TIME", options: .regularExpression
                )
                .replacingOccurrences(of: #"\b[0-9]{8}T[0-9]{6}Z\b"#, with: "$RUN", options: .regularExpression)
                .replacingOccurrences(
                    of: #"\b[0-9]{8}-[0-9]{6}-[0-9a-f]{4}\b"#, with: "$CUTOVER", options: .regularExpression
                )
                .replacingOccurrences(
                    of: #""elapsed_seconds": [0-9]+"#, with: #""elapsed_seconds": 0"#, options: .regularExpression)
        }
    }

    /// `printed` (normalised) is the golden `name` with `"schema_version": 1` added as the first
    /// key when `versioned` (the outputs that are `Codable` types).
    func expectOutput(
        _ printed: String, _ sample: Sample, golden name: String, versioned: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var text = sample.normalised(printed)
        let version = "{\n  \"schema_version\": 1,"
        if versioned {
            #expect(text.hasPrefix(version), "no schema version first", sourceLocation: sourceLocation)
            if text.hasPrefix(version) { text = "{" + text.dropFirst(version.count) }
        }
        expectGolden(text, at: "Tests/Golden/EndToEndTests/\(name).json", sourceLocation: sourceLocation)
    }

    @Test func verifyLocal() throws {
        let sample = try Sample()
        let result = sample.run(["verify", "--local", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        expectOutput(result.stdout, sample, golden: "verify-local")
    }

    @Test func verifyLocalWithAFailureAndAnArtifact() throws {
        let sample = try Sample()
        let result = sample.run(["verify", "--local", "--artifact", sample.apk, "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        expectOutput(result.stdout, sample, golden: "verify-local-artifact")
    }

    @Test func verifyOfflineWithWhatCouldNotBeChecked() throws {
        let sample = try Sample()
        let result = sample.run(["verify", "--offline", "--allow-unchecked", "--format", "json"])
        expectOutput(result.stdout, sample, golden: "verify-offline")
    }

    /// One round that cannot reach the host, and no time for a second: `passed_at` null.
    @Test func verifyWaitingInVain() throws {
        let sample = try Sample()
        let result = sample.run([
            "verify", "--offline", "--allow-unchecked", "--wait", "1s", "--interval", "2", "--format", "json",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        expectOutput(result.stdout, sample, golden: "verify-offline-wait")
    }

    @Test func status() throws {
        let sample = try Sample()
        let result = sample.run(["status", "--local", "--format", "json"])
        expectOutput(result.stdout, sample, golden: "status-local")
    }

    @Test func cutoverPlanAndSummary() throws {
        let sample = try Sample()
        let plan = sample.run(["cutover", "--to", "app.example.com", "--format", "json"])
        expectOutput(plan.stdout, sample, golden: "cutover-plan")
        let stat = sample.run(["cutover", "--to", "app.example.com", "--stat", "--format", "json"])
        expectOutput(stat.stdout, sample, golden: "cutover-stat")
        let applied = sample.run(["cutover", "--to", "app.example.com", "--apply", "--format", "json"])
        expectOutput(applied.stdout, sample, golden: "cutover-applied")
        let after = sample.run(["status", "--local", "--format", "json"])
        expectOutput(after.stdout, sample, golden: "status-after-cutover")
        let list = sample.run(["cutover", "list", "--format", "json"])
        #expect(sample.normalised(list.stdout).hasPrefix("[\n  {\n    \"id\": \"$CUTOVER\","), "\(list.stdout)")
        expectGolden(sample.normalised(list.stdout), at: "Tests/Golden/EndToEndTests/cutover-list.json")
        let undo = sample.run(["cutover", "undo", "--format", "json"])
        expectOutput(undo.stdout, sample, golden: "cutover-undo")
    }

    @Test func runbookStatusAndList() throws {
        let sample = try Sample()
        let kept = sample.folder.url("kept")
        let demo = relops(["demo", "--keep", kept], environment: ["HOME": sample.folder.path, "TZ": "UTC"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let repository = kept + "/sample-app"
        let status = relops(["runbook", "status", "domain-cutover", "--format", "json"], in: repository)
        #expect(status.status == 0, "\(status.stderr)")
        let named = status.stdout.replacingOccurrences(of: kept, with: "$KEPT")
        expectOutput(named, sample, golden: "runbook-status")
        let list = relops(["runbook", "list", "--format", "json"], in: repository)
        expectOutput(
            list.stdout.replacingOccurrences(of: kept, with: "$KEPT"), sample, golden: "runbook-list", versioned: false)
    }
}
