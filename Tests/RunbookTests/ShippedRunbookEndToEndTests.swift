import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped runbooks run as written, by the built binary, on the demo's sample repository, with
/// the real scan, cutover, fingerprint, association render and verify, against the sample's web
/// hosts on loopback. A "deploy" between runs is `association render --out` into the host's folder.
@Suite struct ShippedRunbookEndToEndTests {
    let old = SampleRepository.oldHost
    let new = SampleRepository.newHost

    func cutoverVars(_ web: SampleWebHost) -> [String] {
        let counts = SampleRepository.expectedCounts
        return [
            "old_host=\(old)", "new_host=\(new)", "expect_binary=\(counts.binary)", "expect_server=\(counts.server)",
            "expect_docs=\(counts.docs)", "expect_other=\(counts.other)", "verify_flags=\(web.verifyFlags)",
        ].flatMap { ["--var", $0] }
    }

    func statuses(_ repo: GitFixture) throws -> [StepStatus] {
        try RunStore(repositoryRoot: repo.root).find(nil).steps.map(\.status)
    }

    @Test func domainCutoverWaitsForTheNewHostThenCompletes() throws {
        let repo = makeSampleRepository()
        let web = try SampleWebHost()
        #expect(web.deploy(repo, to: old).status == 0)  // today's host serves the files
        let ci = ["runbook", "run", "domain-cutover", "--non-interactive", "--confirm", "6", "--confirm", "8"]

        let first = relops(ci + cutoverVars(web), in: repo.root)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("Step 2 failed: `relops verify --host \(new)"))
        #expect(try statuses(repo) == [.passed, .failed] + Array(repeating: .pending, count: 6))

        let deployed = web.deploy(repo, to: new)
        #expect(deployed.status == 0, "\(deployed.stderr)")
        let second = relops(ci + cutoverVars(web), in: repo.root)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("[x] 1. Inventory the old host  passed (checked again)"))
        #expect(try statuses(repo) == [.passed, .passed, .passed, .passed, .passed, .confirmed, .passed, .confirmed])
        for path in [
            "Source/Hosts/UI/App.UI/appsettings.json", "Source/Hosts/UI/App.UI/Platforms/iOS/Entitlements.plist",
            "Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs", "Docs/MobileReleaseRunbook.md", ".relops.yml",
        ] {
            #expect(repo.readText(path).contains(new), "\(path)")
        }
        #expect(repo.readText("Docs/MobileReleaseRunbook.md").contains("staging.\(old)"))  // a related host stays

        let junit = repo.folder.url("junit.xml")
        let report = relops(["runbook", "report", "domain-cutover", "--junit", junit], in: repo.root)
        #expect(report.status == 0)
        #expect(report.stdout.contains("- [x] **2. The new host serves both association files**: passed"))
        #expect(
            report.stdout.contains("- [x] **8. The old host keeps serving the association files directly**: confirmed"))
        #expect(
            report.stdout.contains(
                "binary-config 1, binary-literal 2, server 1, store-listing 0, docs 2, comment 0, repo-meta 0, test 0, other 1"
            ))
        let xml = repo.readText("junit.xml")
        #expect(xml.contains("tests=\"8\" failures=\"0\""))
    }

    @Test func domainCutoverStopsAtARefusedApplyAndResumesAfterTheCommit() throws {
        let repo = makeSampleRepository()
        let web = try SampleWebHost()
        #expect(web.deploy(repo, to: old).status == 0 && web.deploy(repo, to: new).status == 0)
        let settings = "Source/Hosts/UI/App.UI/appsettings.json"
        repo.write(settings, repo.readText(settings) + "\n")  // an uncommitted edit in an affected file
        let ci = ["runbook", "run", "domain-cutover", "--non-interactive", "--confirm", "6", "--confirm", "8"]

        let first = relops(ci + cutoverVars(web), in: repo.root)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("Step 4 failed: `relops cutover --from \(old) --to \(new) --apply` exited 1"))
        #expect(first.stdout.contains(settings))
        #expect(repo.readText(settings).contains(old))

        repo.commit("Trailing newline in the MAUI settings")
        let second = relops(ci + cutoverVars(web), in: repo.root)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("[x] 2. The new host serves both association files  passed (checked again)"))
        #expect(try statuses(repo) == [.passed, .passed, .passed, .passed, .passed, .confirmed, .passed, .confirmed])
        #expect(repo.readText(settings).contains(new))
    }

    @Test func domainCutoverReopensNoOldHostWhenSomeoneBringsItBack() throws {
        let repo = makeSampleRepository()
        let web = try SampleWebHost()
        #expect(web.deploy(repo, to: old).status == 0 && web.deploy(repo, to: new).status == 0)
        let first = relops(["runbook", "run", "domain-cutover", "--non-interactive"] + cutoverVars(web), in: repo.root)
        #expect(first.status == 1)
        #expect(try statuses(repo) == [.passed, .passed, .passed, .passed, .passed, .failed, .pending, .pending])
        repo.commit("Cutover to \(new)")
        // A new constant brings the old host back into the Android binary.
        repo.write(
            "Source/Hosts/UI/App.UI/Platforms/Android/Links.cs",
            "namespace Sample;\npublic static class Links { public const string Legacy = \"\(old)\"; }\n")
        repo.commit("Legacy link host")

        let second = relops(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--confirm", "6", "--confirm", "8"]
                + cutoverVars(web), in: repo.root)
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        // Steps 1 to 3 came before the cutover: their evidence is history and is not checked again.
        #expect(second.stdout.contains("[x] 1. Inventory the old host  passed\n"))
        #expect(second.stdout.contains("[ ] 5. No old host remains  reopened: `relops scan --host \(old) --expect"))
        #expect(second.stdout.contains("Links.cs"))
        // Step 6 keeps its failure from the first run: the run stopped at step 5 before reaching it.
        #expect(try statuses(repo) == [.passed, .passed, .passed, .passed, .failed, .failed, .pending, .pending])
        // `git add -A` (GitFixture.commit) left the run state out: it is ignored.
        #expect(repo.git("ls-files", ".relops/runs") == "")
    }

    @Test func fingerprintRotationThroughTwoDeploys() throws {
        let repo = makeSampleRepository()
        let web = try SampleWebHost(hosts: [old])
        #expect(web.deploy(repo, to: old).status == 0)
        let certificate = TemporaryFolder("play-console")
        certificate.write("deployment_cert.pem", SampleRepository.newCertificatePEM)
        let vars = [
            "new_cert=\(certificate.url("deployment_cert.pem"))",
            "old_fingerprint=\(SampleRepository.servedFingerprint)",
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

        // Deployed: both fingerprints are live. The overlap needs a person.
        #expect(web.deploy(repo, to: old).status == 0)
        #expect(web.served(old, "assetlinks.json").contains(SampleRepository.newFingerprint))
        let second = run(["3"])
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(try statuses(repo) == [.confirmed, .passed, .confirmed, .passed, .failed, .pending, .pending])

        // After the overlap: retire, deploy, verify, and the documentation is clean.
        let third = run(["5"])
        #expect(third.status == 1)
        #expect(!repo.readText(served).contains(SampleRepository.servedFingerprint))
        #expect(web.deploy(repo, to: old).status == 0)
        let fourth = run(["6", "7"])
        #expect(fourth.status == 0, "\(fourth.stdout)\(fourth.stderr)")
        #expect(try statuses(repo) == [.confirmed, .passed, .confirmed, .passed, .confirmed, .confirmed, .confirmed])
        let report = relops(["runbook", "report", "fingerprint-rotation"], in: repo.root)
        #expect(report.stdout.contains("- [x] **4. Both fingerprints are live**: passed"))
    }

    /// Runs once `relops anchors` is in the build (it is on its own branch now).
    @Test(.enabled(if: relops(["anchors", "--help"]).status == 0, "needs relops anchors"))
    func adrAnchorAuditRepinsWithARevisionNoteAndLeavesTheRestToAPerson() throws {
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
