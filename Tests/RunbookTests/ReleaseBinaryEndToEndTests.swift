import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// Issue 38, "done when": the shipped domain-cutover run end to end on the sample app (Android,
/// served from the web host's settings over HTTPS) with `android_artifact`: a release APK that
/// claims only the old host stops the run at step 9; resumed with the right one, step 9 passes.
@Suite(.relopsCommands) struct ReleaseBinaryEndToEndTests {
    let old = SampleRepository.oldHost
    let new = SampleRepository.newHost
    let webSettings = "Source/Hosts/UI/App.UI.Web/appsettings.json"

    @Test func step9StopsOnABinaryForTheOldHostAndPassesOnTheRightOne() throws {
        let keys = AndroidReleaseKeys.shared
        let fingerprint = try keys.fingerprint("conference")
        let repo = makeSampleRepository("release-binary")
        _ = repo.git("rm", "-q", ".relops.yml")
        repo.write(webSettings, SampleRepository.webSettings(fingerprint))
        repo.commit("Serve the release key's fingerprint")
        let web = try SampleWebHost()
        for host in [old, new] { #expect(web.deploy(repo, to: host, config: webSettings).status == 0) }

        let folder = TemporaryFolder("release-binary")
        func apk(_ host: String, _ name: String) throws -> String {
            try AndroidReleaseFixtures.apk(
                AndroidReleaseFixtures.manifest(
                    package: "com.example.conference", hosts: [host], scheme: "com.example.conference"),
                key: "conference", in: folder, named: name)
        }
        // `verify --artifact` looks for the debug keystore under HOME: the test's, not the machine's.
        let home = ["HOME": folder.path]
        let stale = try apk(old, "stale")
        let rebuilt = try apk(new, "rebuilt")
        let confirmations = ["7", "8", "9"].flatMap { ["--confirm", $0] }
        let vars = [
            "old_host=\(old)", "new_host=\(new)", "association_config=\(webSettings)", "min_app_version=2.0",
            "platforms=android", "android_fingerprints=\(fingerprint)", "android_artifact=\(stale)",
            "verify_flags=\(web.verifyFlags)",
        ].flatMap { ["--var", $0] }

        let first = relops(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--accept-counts"] + vars + confirmations,
            in: repo.root, environment: home)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        var state = try RunStore(repositoryRoot: repo.root).find(nil)
        #expect(state.steps[8].status == .failed, "\(state.steps.map { "\($0.number) \($0.status)" })")
        #expect(first.stdout.contains("does not claim \(new)"), "\(first.stdout)")
        #expect(first.stdout.contains("claim only \(old)"), "\(first.stdout)")

        let second = relops(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--var", "android_artifact=\(rebuilt)"]
                + confirmations + ["--confirm", "14", "--confirm", "15"], in: repo.root, environment: home)
        state = try RunStore(repositoryRoot: repo.root).find(nil)
        #expect(state.steps[8].status == .confirmed, "\(second.stdout)\(second.stderr)")
        let checks = state.steps[8].checks.map(\.text)
        #expect(checks.contains { $0.contains("verify --host \(new) --artifact \(rebuilt)") }, "\(checks)")
        #expect(
            state.steps[8].checks.contains { $0.kind == .relops && $0.exitCode == 0 && $0.text.contains("--artifact") })
    }
}
