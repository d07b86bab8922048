import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped `domain-cutover` run by the built binary on an app that has never heard of relops:
/// the demo's sample repository without `.relops.yml`, plus an identity service whose redirect URIs
/// and native callback hold the host, against HTTPS hosts on loopback (nginx, a test CA).
@Suite(.relopsCommands) struct DomainCutoverEndToEndTests {
    let old = SampleRepository.oldHost
    let new = SampleRepository.newHost
    let webSettings = "Source/Hosts/UI/App.UI.Web/appsettings.json"
    let identity = "Source/Services/Identity/appsettings.json"

    /// The sample app without `.relops.yml`, with an identity service's OAuth settings.
    func makeRepository() -> GitFixture {
        let repo = makeSampleRepository("no-relops-yml")
        _ = repo.git("rm", "-q", ".relops.yml")
        repo.write(
            identity,
            """
            {
              "OAuth": {
                "RedirectUris": [ "https://\(old)/signin-oidc", "https://\(old)/signout-callback-oidc" ],
                "NativeCallback": "conference://\(old)/oauth-complete",
                "UIBaseUrl": "https://\(old)"
              }
            }

            """)
        repo.commit("Identity service: OAuth redirect URIs")
        return repo
    }

    func vars(_ web: SampleWebHost) -> [String] {
        [
            "old_host=\(old)", "new_host=\(new)", "association_config=\(webSettings)",
            "min_app_version=2.0", "platforms=ios",
            "verify_flags=\(web.verifyFlags)",
        ].flatMap { ["--var", $0] }
    }

    func run(_ runbook: String, _ extra: [String], in repo: GitFixture) -> ProcessOutput {
        relops(["runbook", "run", runbook, "--non-interactive"] + extra, in: repo.root)
    }

    func state(_ repo: GitFixture) throws -> RunState { try RunStore(repositoryRoot: repo.root).find(nil) }

    @Test func cutoverWithAutoCountsSkipsConditionsAndTwoStops() throws {
        let repo = makeRepository()
        let book = "domain-cutover"
        let web = try SampleWebHost()
        for host in [old, new] { #expect(web.deploy(repo, to: host, config: webSettings).status == 0) }

        // Stop 1: the `auto` counts need a person (or --accept-counts) before anything is compared.
        let first = run(book, vars(web), in: repo)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(
            first.stdout.contains(
                "the scan found binary=3,server=5,store-listing=0,docs=2,comment=0,repo-meta=0,test=0,build=0,other=0,unknown=0 for the `auto` expectations; accept them with --accept-counts"
            ))
        #expect(try state(repo).vars.first { $0.name == "expect_server" }?.value == "auto")

        // Stop 2: resumed with no --var at all: the values the first run was given are recorded.
        let second = run(book, ["--accept-counts"], in: repo)
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("Resuming run domain-cutover-"))
        #expect(second.stdout.contains("Step 7 failed: needs a person to confirm \"Registered with the identity"))
        let accepted = try #require(try state(repo).vars.first { $0.name == "expect_server" })
        #expect(accepted.value == "5")
        #expect(accepted.source?.contains("found by step 1, accepted with --accept-counts by") == true)
        #expect(try state(repo).vars.first { $0.name == "old_host" }?.value == old)
        #expect(repo.readText(identity).contains("https://\(new)/signin-oidc"))

        let third = run(
            book,
            [
                "--confirm", "7", "--confirm", "8", "--confirm", "10", "--confirm", "14", "--confirm", "15",
                "--skip", "13=no iOS device in CI",
            ], in: repo)
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        let done = try state(repo)
        #expect(
            done.steps.map(\.status) == [
                .passed, .passed, .passed, .passed, .passed, .passed, .confirmed, .confirmed, .skipped,
                .confirmed, .skipped, .skipped, .skipped, .confirmed, .confirmed, .skipped, .skipped, .skipped,
            ])
        // Step 11 is about Apple's CDN, which --offline does not ask: skipped, saying so, not passed.
        #expect(done.steps[10].note?.hasPrefix("what this step is about (apple-cdn) was not checked") == true)
        // when: android, with --var platforms=ios
        #expect(
            done.steps[8].note
                == "does not apply: `when: android` and the app's platforms are ios (--var platforms=ios)")
        #expect(done.steps[12].note?.hasSuffix(": no iOS device in CI") == true)
        // DNS and TLS of the new host, and the wait for Apple's CDN, with the real verify.
        #expect(done.steps[1].checks.first?.text.contains("verify --host \(new) --tls-only") == true)
        #expect(done.steps[10].checks.first?.text.contains("--wait 30m") == true)
        #expect(done.steps[15].note == "does not apply: a rollback step (it runs with --rollback)")
        // One confirmation per URI the scan found, each with the new host.
        let registered = done.steps[6].checks.filter { $0.kind == .confirm }.map(\.text)
        #expect(
            registered == [
                "Registered with the identity provider: https://\(new)/signin-oidc",
                "Registered with the identity provider: https://\(new)/signout-callback-oidc",
                "Registered with the identity provider: conference://\(new)/oauth-complete",
                "The old host's redirect URIs stay registered until old installs have aged out",
            ])
        #expect(done.steps[6].checks.first?.excerpt?.contains("(\(identity):3)") == true)
        // The binary occurrences are the rebuild's evidence.
        #expect(done.steps[9].checks.first?.excerpt?.contains("binary-literal") == true)

        let report = relops(["runbook", "report"], in: repo.root)
        #expect(report.stdout.contains("every install runs version 2.0 or later"))
        #expect(report.stdout.contains("no iOS device in CI"))
    }

    @Test func rollbackUndoesTheCutoverAndServesTheOldFiles() throws {
        let repo = makeRepository()
        let book = "domain-cutover"
        let web = try SampleWebHost()
        for host in [old, new] { #expect(web.deploy(repo, to: host, config: webSettings).status == 0) }
        // The cutover is applied; OAuth registration is where it goes wrong.
        let forward = run(book, vars(web) + ["--accept-counts"], in: repo)
        #expect(forward.status == 1, "\(forward.stdout)\(forward.stderr)")
        #expect(repo.readText(webSettings).contains(new))

        // The rollback run takes the cutover run's values and accepted counts. Only the rollback
        // steps show. Step 17 records the undo as a commit on the cutover's (issue 30: step 18
        // used to fail on the files step 17 had just restored), so step 18 takes the operator's word.
        let undone = run(book, ["--rollback", "--confirm", "16", "--confirm", "18"], in: repo)
        #expect(undone.status == 0, "\(undone.stdout)\(undone.stderr)")
        #expect(!undone.stdout.contains("does not apply"))
        #expect(!undone.stdout.contains("1. Inventory the old host"))
        #expect(undone.stdout.contains("== 16. Rollback: halt the rollout"))
        #expect(repo.git("log", "-2", "--format=%s").hasPrefix("Revert \"Cut over from \(old) to \(new)\"\nCut over"))
        #expect(repo.git("status", "--porcelain").isEmpty)
        let rollback = try state(repo)
        #expect(rollback.rollback == true)
        #expect(
            rollback.steps.map(\.status) == Array(repeating: .skipped, count: 15) + [.confirmed, .passed, .confirmed])
        #expect(rollback.steps[0].note == "does not apply: a rollback run runs only the rollback steps")
        for path in [webSettings, identity, "Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs"] {
            #expect(repo.readText(path).contains(old) && !repo.readText(path).contains(new), "\(path)")
        }
        #expect(
            undone.stdout.contains(
                "scan --host \(old) --expect binary=3,server=5,store-listing=0,docs=2,comment=0,repo-meta=0,test=0,build=0,other=0,unknown=0  -> exit 0"
            ))
        // The cutover run stays open: it resumes where it stopped.
        let runs = try RunStore(repositoryRoot: repo.root).all()
        #expect(runs.count == 2 && runs[0].finished == nil && runs[0].rollback == nil)
    }
}
