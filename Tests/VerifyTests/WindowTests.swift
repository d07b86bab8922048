import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// An nginx of its own whose served files a test rewrites: `changing.relops.test` over HTTPS with
/// a certificate from its own CA.
final class ChangingSite: @unchecked Sendable {
    let ca: TestCA
    let server: NginxServer
    var host: String { "changing.relops.test:\(server.port)" }
    var resolve: [String] { ["changing.relops.test:\(server.port):127.0.0.1"] }

    init(_ label: String) throws {
        let ca = TestCA(name: label)
        let certificate = ca.issue("changing", names: ["changing.relops.test"])
        if let failure = ca.failure { throw NginxServer.StartError(description: failure) }
        self.ca = ca
        server = try NginxServer(label: "relops-\(label)") { p, _, listen in
            """
                types { application/json json; }
                default_type application/json;
                server {
                    \(listen);
                    server_name changing.relops.test;
                    ssl_certificate \(certificate.certificate);
                    ssl_certificate_key \(certificate.key);
                    root \(p)/site;
                }
            """
        }
    }

    /// Serves an assetlinks.json granting `package` with the test fingerprint (and a good AASA).
    func serve(package: String) {
        server.prefix.write("site/.well-known/apple-app-site-association", TestNginx.renderedAASA)
        server.prefix.write(
            "site/.well-known/assetlinks.json",
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
              "package_name": "\(package)", "sha256_cert_fingerprints": ["\(TestNginx.fingerprint)"]}}]
            """)
    }

    func options() throws(Failure) -> VerifyOptions {
        var o = VerifyOptions(host: try WebHost(host))
        o.resolve = resolve
        o.caFile = ca.certificatePath
        o.offline = true
        o.connectTimeout = 2
        o.totalTimeout = 2
        o.expectation = VerifyExpectation(
            androidPackage: TestNginx.package, fingerprints: [TestNginx.fingerprint], iosAppIDs: [TestNginx.appID])
        return o
    }

    func arguments() -> [String] {
        [
            "verify", "--host", host, "--cacert", ca.certificatePath, "--offline", "--package", TestNginx.package,
            "--fingerprint", TestNginx.fingerprint, "--app-id", TestNginx.appID, "--timeout", "2",
        ] + resolve.flatMap { ["--resolve", $0] }
    }
}

/// `--wait` against a served file that changes mid-wait, and `--tls-only`.
@Suite(.serialized) struct WindowTests {
    @Test func waitReChecksUntilTheServedFileChangesAndRecordsWhenItPassed() throws {
        let site = try ChangingSite("wait-change")
        site.serve(package: "com.example.old")
        var rounds: [WaitRound] = []
        var clock = Date(timeIntervalSince1970: 1_800_000_000)
        let outcome = try VerifyWait(duration: 600, interval: 30).run(
            { () throws(Failure) in try Verifier.run(try site.options()) }, now: { clock },
            sleep: { pause in
                // The deploy lands while relops waits.
                clock += pause
                site.serve(package: TestNginx.package)
            }, onRound: { rounds.append($0) })
        #expect(outcome.rounds == 2)
        #expect(outcome.passedAt == clock)
        #expect(rounds.first?.report.verdicts("assetlinks.grant") == [.fail])
        let changes = try #require(rounds.last?.changes)
        let grant = try #require(changes.first { $0.after?.name == "assetlinks.grant" }, "\(changes)")
        #expect(grant.before?.verdict == .fail && grant.after?.verdict == .pass)
        // Only what changed: the status, content type and the AASA checks stayed the same.
        #expect(changes.count < rounds[1].report.checks.count / 2, "\(changes)")
        #expect(!changes.contains { $0.after?.name == "assetlinks.status" })
    }

    @Test func waitGivesUpWhenTheTimeRunsOut() throws {
        let site = try ChangingSite("wait-timeout")
        site.serve(package: "com.example.old")
        var clock = Date(timeIntervalSince1970: 1_800_000_000)
        var slept: [Double] = []
        let outcome = try VerifyWait(duration: 60, interval: 25).run(
            { () throws(Failure) in try Verifier.run(try site.options()) }, now: { clock },
            sleep: {
                slept.append($0)
                clock += $0
            }, onRound: { _ in })
        #expect(outcome.passedAt == nil)
        #expect(outcome.rounds == 3)
        #expect(slept == [25, 25])
        #expect(outcome.report.failed)
    }

    @Test func theBinaryPrintsOnlyChangesAndExitsOneWhenTimeRunsOut() throws {
        let site = try ChangingSite("wait-binary")
        site.serve(package: "com.example.old")
        let result = relops(site.arguments() + ["--wait", "2s", "--interval", "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("round 1 ("), "\(result.stdout)")
        #expect(result.stdout.contains("FAIL  assetlinks.grant"))
        #expect(result.stdout.contains("round 2 (") && result.stdout.contains("0 change(s), 1 failing"))
        // Round 2 repeats nothing of the checklist.
        #expect(result.stdout.components(separatedBy: "assetlinks.grant").count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("the wait of 2s ran out"))
    }

    @Test func theBinaryRecordsWhenEveryCheckFirstPassed() throws {
        let site = try ChangingSite("wait-pass")
        site.serve(package: TestNginx.package)
        let result = relops(site.arguments() + ["--wait", "1m", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let output = try json(result.stdout)
        #expect(output["wait"]?["rounds"] == .int(1))
        let passed = try #require(output["wait"]?["passed_at"]?.stringValue)
        #expect(ISO8601DateFormatter().date(from: passed) != nil, "\(passed)")
        #expect(output["summary"]?["fail"] == .int(0))
    }

    @Test func badWaitOptionsAreUsageErrors() throws {
        for (extra, message) in [
            (["--wait", "soon"], "--wait soon: expected a duration such as 90s, 10m or 1h"),
            (["--wait", "10m", "--interval", "0.5"], "--interval 0.5: at least 1s"),
            (["--interval", "5"], "--interval 5 needs --wait DURATION"),
            (["--tls-only", "--print-curl"], "--print-curl does not apply to --tls-only"),
        ] {
            let result = relops(["verify", "--host", "a.example", "--offline"] + extra)
            #expect(result.status == 2, "\(extra): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(message), "\(extra): \(result.stderr)")
        }
        #expect(try VerifyWait.parse(wait: "1h", interval: "90s") == VerifyWait(duration: 3600, interval: 90))
    }

    @Test func withLocalTheTLSCheckIsSkippedAndOneRoundDecidesAWait() throws {
        let folder = TemporaryFolder("verify-local-window")
        folder.write("appsettings.json", CommandTests.appSettings)
        let local = ["verify", "--local", "--host", "nowhere.invalid", "--config", "appsettings.json"]
        // Issue 30: a run that checked nothing exits 1, saying so first, unless --allow-unchecked.
        let tls = relops(local + ["--tls-only"], in: folder.path)
        #expect(tls.status == 1, "\(tls.stdout)\(tls.stderr)")
        #expect(tls.stdout.hasPrefix("UNCHECKED: nothing was checked: every check was skipped"), "\(tls.stdout)")
        #expect(tls.stdout.contains("skip  tls  https://nowhere.invalid/: --local: nothing fetched"), "\(tls.stdout)")
        let allowed = relops(local + ["--tls-only", "--allow-unchecked"], in: folder.path)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.hasPrefix("UNCHECKED (allowed): nothing was checked"), "\(allowed.stdout)")
        let wait = relops(local + ["--wait", "10m"], in: folder.path)
        #expect(wait.status == 0, "\(wait.stdout)\(wait.stderr)")
        #expect(wait.stderr.contains("--wait with --local: nothing is fetched"), "\(wait.stderr)")
        #expect(wait.stdout.contains("pass  assetlinks.grant"))
    }

    @Test func tlsOnlyReportsTheCertificatesNamesAndExpiry() throws {
        let nginx = try server()
        var o = VerifyOptions(host: try WebHost(nginx.host("anything")))
        o.resolve = ["anything.relops.test:\(nginx.port):127.0.0.1"]
        o.caFile = nginx.ca.certificatePath
        let report = try Verifier.tlsOnly(o)
        #expect(report.verdicts("tls.resolve") == [.pass], "\(report.text)")
        #expect(report.named("tls.resolve").first?.reason.contains("reached at 127.0.0.1") == true)
        let handshake = try #require(report.named("tls.handshake").first)
        #expect(handshake.verdict == .pass)
        #expect(handshake.reason.contains("the certificate for *.relops.test is trusted"), "\(handshake.reason)")
        // The test CA issues certificates for two days: too close to expiry for a cutover.
        let expiry = try #require(report.named("tls.expiry").first)
        #expect(expiry.verdict == .warn, "\(expiry.reason)")
        #expect(expiry.reason.contains("(in 1 day)") || expiry.reason.contains("(in 2 days)"), "\(expiry.reason)")
        let later = try Verifier.tlsOnly(o, now: Date().addingTimeInterval(3 * 86400))
        #expect(later.verdicts("tls.expiry") == [.fail])
    }

    @Test func tlsOnlyFailsOnAnUntrustedCertificateAndAnUnknownHost() throws {
        let nginx = try server()
        var o = VerifyOptions(host: try WebHost(nginx.host("otherca")))
        o.resolve = nginx.resolve
        o.caFile = nginx.ca.certificatePath
        let untrusted = try Verifier.tlsOnly(o)
        #expect(untrusted.verdicts("tls.handshake") == [.fail], "\(untrusted.text)")
        #expect(untrusted.named("tls.handshake").first?.reason.contains("TLS verification failed") == true)
        o.host = try WebHost("nowhere.invalid")
        o.resolve = []
        let unknown = try Verifier.tlsOnly(o)
        #expect(unknown.verdicts("tls.resolve") == [.fail], "\(unknown.text)")
        #expect(unknown.failureCategory == .couldNotCheck)
    }

    @Test func theBinaryRunsTheRunbooksTLSCommand() throws {
        let nginx = try server()
        let result = relops(
            ["verify", "--host", nginx.host("good"), "--tls-only", "--cacert", nginx.ca.certificatePath]
                + nginx.resolve.flatMap { ["--resolve", $0] })
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("pass  tls.handshake"), "\(result.stdout)")
        #expect(result.stdout.contains("warn  tls.expiry"))
        #expect(!result.stdout.contains("assetlinks"))
    }
}
