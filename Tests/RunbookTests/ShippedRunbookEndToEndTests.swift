import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped fingerprint rotation and anchor audit run as written, by the built binary, on the
/// demo's sample repository, with the real fingerprint, association render, verify and anchors,
/// against the sample's web hosts on loopback. A "deploy" between runs is `association render --out`
/// into the host's folder. (The domain cutover has its own suite: `DomainCutoverEndToEndTests`.)
@Suite(.relopsCommands) struct ShippedRunbookEndToEndTests {
    let old = SampleRepository.oldHost
    let new = SampleRepository.newHost

    func statuses(_ repo: GitFixture) throws -> [StepStatus] {
        try RunStore(repositoryRoot: repo.root).find(nil).steps.map(\.status)
    }

    @Test func fingerprintRotationThroughTwoDeploys() throws {
        let repo = makeSampleRepository()
        let web = try SampleWebHost(hosts: [old])
        #expect(web.deploy(repo, to: old).status == 0)
        let certificate = TemporaryFolder("play-console")
        certificate.write("deployment_cert.pem", SampleRepository.newCertificatePEM)
        let vars = [
            "new_cert=\(certificate.url("deployment_cert.pem"))",
            "old_fingerprint=\(SampleRepository.servedFingerprint)", "android_package=com.example.conference",
            "new_fingerprint=\(SampleRepository.newFingerprint)", "web_host=\(old)", "verify_flags=\(web.verifyFlags)",
        ].flatMap { ["--var", $0] }
        func run(_ confirm: [String]) -> ProcessOutput {
            relops(
                ["runbook", "run", "fingerprint-rotation", "--non-interactive"] + confirm.flatMap { ["--confirm", $0] }
                    + vars, in: repo.root)
        }
        let served = "Source/Hosts/UI/App.UI.Web/appsettings.json"

        // Show and add: the deploy needs a person.
        let first = run(["1"])
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("SHA256: \(SampleRepository.newFingerprint)"))
        #expect(try statuses(repo) == [.confirmed, .passed, .failed, .pending, .pending, .pending, .pending])
        #expect(repo.readText(served).contains(SampleRepository.servedFingerprint))
        #expect(repo.readText(served).contains(SampleRepository.newFingerprint))

        // Deployed, but not committed: the person's word is not taken against the working tree.
        #expect(web.deploy(repo, to: old).status == 0)
        #expect(web.served(old, "assetlinks.json").contains(SampleRepository.newFingerprint))
        let dirty = run(["3"])
        #expect(dirty.status == 1, "\(dirty.stdout)\(dirty.stderr)")
        #expect(
            dirty.stdout.contains(
                "Step 3 failed: not committed: the working tree has uncommitted changes in 1 tracked file (\(served))"))
        #expect(try statuses(repo)[2] == .failed)

        // Committed: both fingerprints are live. The overlap needs a person.
        repo.commit("Add the new app signing fingerprint")
        let second = run(["3"])
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(try statuses(repo) == [.confirmed, .passed, .confirmed, .passed, .failed, .pending, .pending])

        // After the overlap: retire, deploy, verify, and the documentation is clean.
        let third = run(["5"])
        #expect(third.status == 1)
        #expect(!repo.readText(served).contains(SampleRepository.servedFingerprint))
        #expect(web.deploy(repo, to: old).status == 0)
        repo.commit("Retire the old app signing fingerprint")
        let fourth = run(["6", "7"])
        #expect(fourth.status == 0, "\(fourth.stdout)\(fourth.stderr)")
        #expect(try statuses(repo) == [.confirmed, .passed, .confirmed, .passed, .confirmed, .confirmed, .confirmed])
        let report = relops(["runbook", "report", "fingerprint-rotation"], in: repo.root)
        #expect(report.stdout.contains("- [x] **4. Both fingerprints are live**: passed"))
    }

    @Test func fingerprintRotationDoesNotPassWhileTheOldFingerprintIsStillServed() throws {
        // Issue 30: it printed "All 7 steps done" while the old fingerprint was still served.
        let repo = makeSampleRepository("rotation-old-served")
        let web = try SampleWebHost(hosts: [old])
        #expect(web.deploy(repo, to: old).status == 0)
        let certificate = TemporaryFolder("play-console")
        certificate.write("deployment_cert.pem", SampleRepository.newCertificatePEM)
        let vars = [
            "new_cert=\(certificate.url("deployment_cert.pem"))",
            "old_fingerprint=\(SampleRepository.servedFingerprint)", "android_package=com.example.conference",
            "new_fingerprint=\(SampleRepository.newFingerprint)", "web_host=\(old)", "verify_flags=\(web.verifyFlags)",
        ].flatMap { ["--var", $0] }
        func run(_ confirm: [String]) -> ProcessOutput {
            relops(
                ["runbook", "run", "fingerprint-rotation", "--non-interactive"] + confirm.flatMap { ["--confirm", $0] }
                    + vars, in: repo.root)
        }
        _ = run(["1"])
        #expect(web.deploy(repo, to: old).status == 0)
        repo.commit("Add the new app signing fingerprint")
        _ = run(["3"])
        // Retired in the repository and committed, but the web host still serves both fingerprints.
        _ = run(["5"])
        repo.commit("Retire the old app signing fingerprint")
        #expect(web.served(old, "assetlinks.json").contains(SampleRepository.servedFingerprint))
        let stale = run(["6", "7"])
        #expect(stale.status == 1, "\(stale.stdout)\(stale.stderr)")
        #expect(!stale.stdout.contains("All 7 steps done"), "\(stale.stdout)")
        #expect(try statuses(repo)[5] == .failed, "\(stale.stdout)")
        // The excerpt's lines are cut: the grant is named as far as it shows.
        #expect(
            stale.stdout.contains(
                "FAIL  assetlinks.rendered"), "\(stale.stdout)")
        #expect(
            stale.stdout.contains(
                "live grants com.example.conference/\(SampleRepository.servedFingerprint.prefix(20))"),
            "\(stale.stdout)")

        // Deployed: the old fingerprint is gone, and the step passes.
        #expect(web.deploy(repo, to: old).status == 0)
        let done = run(["6", "7"])
        #expect(done.status == 0, "\(done.stdout)\(done.stderr)")
        #expect(try statuses(repo)[5] == .confirmed)
    }

    @Test func adrAnchorAuditRepinsWithARevisionNoteAndLeavesTheRestToAPerson() throws {
        let repo = makeSampleRepository()
        let adr = "Docs/adr/043-mobile-deep-links.md"
        let first = relops(
            ["runbook", "run", "adr-anchor-audit", "--non-interactive", "--var", "repin_flags=--date 2026-08-31"],
            in: repo.root)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        // The audit found drift (exit 1, accepted), the repin wrote; the review needs a person.
        #expect(try statuses(repo) == [.passed, .passed, .failed])
        let text = repo.readText(adr)
        #expect(text.contains("(`Source/Hosts/UI/App.UI.Web/Program.cs:11`)"))
        #expect(text.contains("host constant (:19)"))
        #expect(text.contains("## Revision (2026-08-31)"))
        #expect(text.contains("PR #155"))

        let second = relops(
            [
                "runbook", "run", "adr-anchor-audit", "--non-interactive", "--confirm", "3", "--var",
                "repin_flags=--date 2026-08-31",
            ], in: repo.root)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(try statuses(repo) == [.passed, .passed, .confirmed])
        #expect(second.stdout.contains("appsettings.json:4-6"))  // what is left for a person
    }
}
