import Foundation
import TestSupport
import Testing

/// `relops demo` as a newcomer runs it: the built binary, the three shipped runbooks, one screen.
@Suite struct DemoCommandTests {
    /// The lines a newcomer should see: every step of the three runbooks done, and the findings.
    let keyLines = [
        "Domain cutover  (`relops runbook run domain-cutover`)  complete",
        "  [x] 1. Inventory the old host  passed",
        // `--local` fetches nothing: the TLS step's only check was skipped, so the step is.
        "  [-] 2. DNS and TLS of the new host  skipped",
        "      every check was skipped: --local: nothing fetched; DNS and the TLS handshake are checked only live",
        "  [-] 11. Apple's CDN has the new host's file  skipped",
        "  [x] 7. OAuth and identity  confirmed",
        "  [-] 12. On an Android device  skipped",
        "      skipped by relops demo: the demo has no Android device",
        "  [x] 15. The old host keeps serving the association files directly  confirmed",
        "  [-] 16. Rollback: halt the rollout  skipped",
        "      does not apply: a rollback step (it runs with --rollback)",
        "Fingerprint rotation  (`relops runbook run fingerprint-rotation`)  complete",
        "  [x] 4. Both fingerprints are live  passed",
        "ADR anchor audit  (`relops runbook run adr-anchor-audit`)  complete",
        "  [x] 2. Re-pin with a revision note  passed",
        "  Scan, before the cutover: 7 occurrences: binary-config 1, binary-literal 2, server 1, store-listing 0, docs 2, comment 0, repo-meta 0, test 0, build 0, other 1",
        "  Expected counts (auto, accepted with --accept-counts): binary=3,server=1,store-listing=0,docs=2,comment=0,repo-meta=0,test=0,build=0,other=1",
        "  Scan, after the cutover:  0 occurrences: binary-config 0, binary-literal 0, server 0, store-listing 0, docs 0, comment 0, repo-meta 0, test 0, build 0, other 0",
        // The documents hold the apps' package and app id; the apps still claim the old host.
        "  Verify of app.example.com: 13 passed, 2 warnings, 0 failed",
        "    (warnings: before the cutover the apps still claim adc-ui.kindrock-1234.eastus.azurecontainerapps.io)",
        "    1. Serve the association files on app.example.com first.",
        "    3. Rebuild and resubmit: Android and iOS app `App.UI` (3 occurrences).",
        "  Fingerprint rotated: 14:6D:E9:…:44:E5 -> 50:49:86:…:14:F9",
        // The cutover and both rotations are committed (the steps that confirm them check that), so
        // the lines the ADR cites with the old host were rewritten where they stand: changed in
        // place, for a person to review; the anchor whose text is gone is lost.
        "  Anchors re-pinned in Docs/adr/043-mobile-deep-links.md: Program.cs:8 -> :11",
        "  Anchors left for a person: appsettings.json:4-6 (lost), :16 (changed), Entitlements.plist:7 (changed)",
        "    | ## Revision (2026-08-31)",
        "    | 1. `Program.cs`: commit ",
    ]

    func expectKeyLines(_ output: ProcessOutput, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)", sourceLocation: sourceLocation)
        for line in keyLines {
            #expect(output.stdout.contains(line), "missing: \(line)\n\(output.stdout)", sourceLocation: sourceLocation)
        }
        // No step failed or was left open.
        #expect(!output.stdout.contains("[!]") && !output.stdout.contains("[ ]"), sourceLocation: sourceLocation)
    }

    /// The `relops-demo*` entries in a folder.
    func demoEntries(_ folder: String) -> Set<String> {
        Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasPrefix("relops-demo")
            })
    }

    @Test func runsTheThreeRunbooksAndLeavesNothingInTheTemporaryFolder() {
        // Its own temporary folder (TMPDIR), so no other test's files come and go in it.
        let temporary = TemporaryFolder("demo-tmpdir")
        let before = demoEntries(temporary.path)
        let output = relops(["demo"], environment: ["TMPDIR": temporary.path])
        expectKeyLines(output)
        #expect(output.stderr.contains("writing the sample repository (5 commits) in \(temporary.path)/relops-demo-"))
        #expect(output.stderr.contains("running adr-anchor-audit (3 steps)"))
        #expect(output.stdout.contains("now removed; `relops demo --keep DIR` keeps it"))
        #expect(demoEntries(temporary.path) == before)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) == [])
    }

    @Test func passesOnAMachineWhoseGitHasNoIdentity() {
        // A fresh machine: no ~/.gitconfig, no XDG git config (and this machine's system config
        // names no user). The cutover step commits with the sample's own identity.
        let home = TemporaryFolder("demo-fresh-home")
        let temporary = TemporaryFolder("demo-tmpdir")
        let output = relops(
            ["demo"],
            environment: [
                "HOME": home.path, "XDG_CONFIG_HOME": home.url("config"), "TMPDIR": temporary.path,
                "GIT_CONFIG_NOSYSTEM": "1",
            ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        expectKeyLines(output)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: home.path)) == [])
    }

    @Test func keepLeavesTheRepositoryWithItsRunsAndReport() {
        let folder = TemporaryFolder("demo-keep")
        let kept = folder.url("kept")
        let output = relops(["demo", "--keep", kept])
        expectKeyLines(output)
        #expect(output.stdout.contains("Kept: \(kept)/sample-app"))
        #expect(output.stdout.contains("Full report: \(kept)/report.md"))

        let report = folder.readText("kept/report.md")
        for title in [
            "# Domain cutover: run report", "# Fingerprint rotation: run report", "# ADR anchor audit: run report",
        ] {
            #expect(report.contains(title), "\(title)")
        }
        #expect(report.components(separatedBy: "| Outcome | complete |").count == 4)
        // The sample's native OAuth callback leg is checked by the cutover's verify step.
        #expect(report.contains("pass  oauth.callback"), "\(report)")
        let repository = kept + "/sample-app"
        // The sample's 5 commits, the cutover's and the two of the fingerprint rotation.
        #expect(gitOutput("rev-list", "--count", "HEAD", in: repository) == "8\n")
        #expect(
            folder.readText("kept/sample-app/Docs/adr/043-mobile-deep-links.md").contains("## Revision (2026-08-31)"))
        #expect(
            folder.readText("kept/sample-app/Source/Hosts/UI/App.UI/appsettings.json").contains(
                "https://app.example.com"))
        let status = relops(["runbook", "status", "fingerprint-rotation"], in: repository)
        #expect(status.stdout.contains("complete"), "\(status.stdout)\(status.stderr)")
    }

    @Test func aFailingRunbookStopsTheDemoWithExit1AndStillLeavesNothingBehind() throws {
        // The shipped files with the cutover's inventory expecting one binary occurrence too many.
        let share = TemporaryFolder("demo-share")
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for folder in ["Runbooks", "Templates"] {
            try FileManager.default.copyItem(
                atPath: source.appendingPathComponent(folder).path, toPath: share.url(folder))
        }
        let cutover = share.readText("Runbooks/domain-cutover.md")
        let broken = cutover.replacingOccurrences(of: "--expect binary={{expect_binary}},", with: "--expect binary=4,")
        #expect(broken != cutover)
        share.write("Runbooks/domain-cutover.md", broken)
        let temporary = TemporaryFolder("demo-tmpdir")

        let output = relops(["demo"], environment: ["TMPDIR": temporary.path, "RELOPS_SHARE": share.path])
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("  [!] 1. Inventory the old host  failed"))
        #expect(!output.stdout.contains("Fingerprint rotation"))
        #expect(
            output.stderr.contains(
                "relops demo: domain-cutover stopped at step 1 (Inventory the old host): `relops scan"))
        #expect(output.stderr.contains("this is a bug in relops; `relops demo --keep DIR` keeps the evidence"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) == [])
    }

    @Test func ctrlCStopsTheDemoAndLeavesNothingBehind() throws {
        let temporary = TemporaryFolder("demo-tmpdir")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: relopsBinary)
        process.arguments = ["demo"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Interrupt once the first runbook is running: the sample is written, a step command may be running.
        var seen = ""
        while !seen.contains("running domain-cutover") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        #expect(seen.contains("running domain-cutover"), "\(seen)")
        kill(process.processIdentifier, SIGINT)
        seen += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(seen)")
        #expect(seen.contains("relops demo: interrupted"), "\(seen)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) == [])
    }

    @Test func keepRefusesANonEmptyFolder() {
        let folder = TemporaryFolder("demo-keep-busy")
        folder.write("notes.txt", "mine\n")
        let output = relops(["demo", "--keep", folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--keep \(folder.path): the folder is not empty (it holds notes.txt)"))
        #expect(output.stdout.isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["notes.txt"])
        #expect(folder.readText("notes.txt") == "mine\n")
    }
}
