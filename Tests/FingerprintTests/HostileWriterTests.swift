import Foundation
import TestSupport
import Testing

/// Issue 31, items 1-3, end to end: the commands that write (`fingerprint rotate --apply`,
/// `association render --out`, `runbook run`) refuse with exit 2 a destination that a symlink
/// planted in the repository leads outside, and nothing inside or outside changes.
@Suite struct HostileWriterTests {
    let statics = """
        [{
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": { "namespace": "android_app", "package_name": "com.example.app",
            "sha256_cert_fingerprints": ["\(AssociationTests.fingerprint)"] }
        }]

        """

    func expectRefused(
        _ box: HostileSandbox, _ arguments: [String], naming path: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = box.snapshot()
        let run = box.relopsBounded(arguments)
        #expect(!run.timedOut, sourceLocation: sourceLocation)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(path), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains("outside the repository"), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(box.changes(since: before) == [], sourceLocation: sourceLocation)
    }

    @Test func rotateApplyDoesNotWriteThroughASymlinkedWellKnownFolder() {
        let box = HostileSandbox()
        box.write("public/.well-known/assetlinks.json", statics)
        box.commit()
        box.writeOutside("well-known/assetlinks.json", statics)
        box.replaceFolder("public/.well-known", withLinkTo: "../../outside/well-known")
        expectRefused(
            box, ["fingerprint", "rotate", "--to", RepositoryContainmentTests.newFingerprint, "--apply"],
            naming: "public/.well-known/assetlinks.json: leads outside the repository (public/.well-known is a symlink")
    }

    @Test func rotateApplyDoesNotWriteThroughASymlinkedSettingsFolder() {
        let box = HostileSandbox()
        box.write("Web/appsettings.json", RepositoryContainmentTests.settings)
        box.commit()
        box.writeOutside("Web/appsettings.json", RepositoryContainmentTests.settings)
        box.replaceFolder("Web", withLinkTo: "../outside/Web")
        expectRefused(
            box, ["fingerprint", "rotate", "--to", RepositoryContainmentTests.newFingerprint, "--apply"],
            naming: "Web/appsettings.json: leads outside the repository (Web is a symlink to ../outside/Web")
    }

    @Test(arguments: ["../outside/appsettings.json", "{outside}/appsettings.json", "Web/appsettings.json"])
    func rotateApplyRefusesAFingerprintsPathLeadingOutside(_ path: String) {
        let box = HostileSandbox()
        let named = path.replacingOccurrences(of: "{outside}", with: box.outside)
        box.writeOutside("appsettings.json", RepositoryContainmentTests.settings)
        box.link("Web", to: "../outside")
        box.write(
            ".relops.yml",
            "app:\n  android:\n    fingerprints: \(named)#AppAssociation:AndroidCertFingerprints\n")
        box.commit()
        expectRefused(
            box, ["fingerprint", "rotate", "--to", RepositoryContainmentTests.newFingerprint, "--apply"],
            naming: "app.android.fingerprints \(named)")
    }

    @Test func renderOutDoesNotWriteThroughAPlantedWellKnownSymlink() {
        let box = HostileSandbox()
        box.write("public/.well-known/assetlinks.json", statics)
        box.writeOutside("site/.well-known/keep.txt", "outside\n")
        box.link("site/.well-known", to: "../../outside/site/.well-known")
        box.commit()
        expectRefused(
            box, ["association", "render", "--out", "site"],
            naming: "--out site: site/.well-known: leads outside the repository (site/.well-known is a symlink")
        // The same folder given by its absolute path is refused too.
        expectRefused(box, ["association", "render", "--out", box.root + "/site"], naming: "site/.well-known")
    }

    @Test func renderOutMayWriteOutsideTheRepositoryWhenNamedSo() {
        let box = HostileSandbox()
        box.write("public/.well-known/assetlinks.json", statics)
        box.commit()
        let run = box.relopsBounded(["association", "render", "--out", box.outside + "/site"])
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            FileManager.default.contents(atPath: box.outside + "/site/.well-known/assetlinks.json")
                == Data(statics.utf8))
    }

    @Test func runbookRunDoesNotWriteStateThroughASymlinkedRunFolder() {
        let box = HostileSandbox()
        box.write("Runbooks/hello.md", "# Hello\n\n## Say hello\n\n- [ ] wave\n")
        box.link(".relops/runs", to: "../../outside")
        box.commit()
        expectRefused(
            box, ["runbook", "run", "hello", "--yes", "--non-interactive"],
            naming: ".relops/runs: leads outside the repository (.relops/runs is a symlink to ../../outside")
        expectRefused(box, ["runbook", "status"], naming: ".relops/runs")
    }

    @Test func aFIFOInTheRunFolderIsRefusedNotWaitedOn() {
        let box = HostileSandbox()
        box.write("Runbooks/hello.md", "# Hello\n\n## Say hello\n\n- [ ] wave\n")
        box.commit()
        try? FileManager.default.createDirectory(atPath: box.root + "/.relops/runs", withIntermediateDirectories: true)
        box.fifo(".relops/runs/hello-20261203T000000Z.json")
        let before = box.snapshot()
        let run = box.relopsBounded(["runbook", "status"])
        #expect(!run.timedOut)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("hello-20261203T000000Z.json: a FIFO, not a regular file"), "\(run.stderr)")
        #expect(box.changes(since: before) == [])
    }
}
