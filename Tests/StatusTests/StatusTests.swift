import Cutover
import Foundation
import RelopsCore
import Runbook
import Status
import TestSupport
import Testing
import Verify

/// `relops status` against the real nginx over HTTPS with the test CA, its stand-ins for Google's
/// Digital Asset Links API and Apple's CDN, and a domain-cutover run stopped halfway.
@Suite struct StatusTests {
    /// An app whose old host is `good` (served, on Apple's CDN) and new host `second` (served, not
    /// yet on Apple's CDN), with a domain-cutover run stopped at step 3.
    func repository(_ nginx: TestNginx) throws -> GitFixture {
        let repo = GitFixture("status")
        repo.write(
            ".relops.yml",
            """
            app:
              web_host: good.relops.test:\(nginx.port)
              android:
                package: \(TestNginx.package)
              ios:
                app_ids: [\(TestNginx.appID)]

            """)
        repo.write("Docs/links.md", "Open https://good.relops.test/ in the app.\n")
        repo.commit("app")
        // A run stopped halfway, as the engine stores it: steps 1-2 done, step 3 failed.
        let note = "`relops verify --host second.relops.test` exited 1"
        let steps = [
            (1, "Inventory the old host", "passed"), (2, "DNS and TLS of the new host", "passed"),
            (3, "The new host serves both association files", "failed"), (4, "Preview the cutover", "pending"),
        ].map { number, title, status in
            "{\"number\": \(number), \"id\": \"\(number)\", \"title\": \"\(title)\", \"status\": \"\(status)\", "
                + "\"checks\": []\(number == 3 ? ", \"note\": \"\(note)\"" : "")}"
        }
        let stored = """
            {"format": 1, "run_id": "domain-cutover-20261203T120000Z", "runbook": "domain-cutover",
             "runbook_path": "Runbooks/domain-cutover.md", "title": "Domain cutover",
             "started": "2026-12-03T12:00:00Z", "operator": "Ada",
             "vars": [{"name": "old_host", "value": "good.relops.test:\(nginx.port)"},
                      {"name": "new_host", "value": "second.relops.test:\(nginx.port)"}],
             "steps": [\(steps.joined(separator: ", "))]}
            """
        let state = try JSONDecoder().decode(RunState.self, from: Data(stored.utf8))
        try RunStore(repositoryRoot: repo.root).save(state)
        return repo
    }

    func request(_ nginx: TestNginx) -> StatusRequest {
        var request = StatusRequest()
        request.resolve = nginx.resolve
        request.caFile = nginx.ca.certificatePath
        request.dalEndpoint = nginx.origin("dal") + "/linked"
        request.appleCDNEndpoint = nginx.origin("cdn") + "/fresh/a/v1"
        return request
    }

    var flags: (TestNginx) -> [String] {
        { nginx in
            nginx.resolve.flatMap { ["--resolve", $0] } + [
                "--cacert", nginx.ca.certificatePath, "--dal-endpoint", nginx.origin("dal") + "/linked",
                "--apple-cdn-endpoint", nginx.origin("cdn") + "/fresh/a/v1",
            ]
        }
    }

    @Test func theRunsHostsAreCheckedLiveAndTheStoppedStepIsNamed() throws {
        let nginx = try TestNginx.shared.get()
        let repo = try repository(nginx)
        let status = try ReleaseStatus.gather(try Project(path: repo.root), request(nginx))
        #expect(status.hosts.map(\.host) == ["good.relops.test", "second.relops.test"])
        #expect(status.hosts.map(\.found.role) == ["old", "new"])
        #expect(status.hosts[0].found.source == "run domain-cutover-20261203T120000Z old_host")
        // The docs line, and app.web_host in .relops.yml itself.
        #expect(status.hosts[0].total == 2 && status.hosts[1].total == 0)
        #expect(status.hosts[0].counts.first { $0.0 == .docs }?.1 == 1)
        let old = try #require(status.hosts[0].verify)
        let text = old.checks.map { "\($0.verdict) \($0.name): \($0.reason)" }.joined(separator: "\n")
        for name in ["assetlinks.status", "assetlinks.grant", "aasa.status", "aasa.appid", "dal.list", "apple-cdn"] {
            #expect(old.checks.contains { $0.name == name && $0.verdict == .pass }, "\(name)\n\(text)")
        }
        let new = try #require(status.hosts[1].verify)
        #expect(new.checks.contains { $0.name == "apple-cdn" && $0.verdict == .fail }, "\(new.checks)")
        let run = try #require(status.run)
        #expect(run.lastCompleted?.number == 2 && run.next?.number == 3 && run.next?.status == .failed)
        #expect(!status.agrees)
        #expect(status.disagreements.contains { $0.hasPrefix("second.relops.test: apple-cdn failed: ") })
        #expect(
            status.disagreements.last
                == "runbook domain-cutover-20261203T120000Z: step 3 failed: `relops verify --host second.relops.test` exited 1"
        )
    }

    @Test func theCommandAnswersFirstInTextJSONAndMarkdown() throws {
        let nginx = try TestNginx.shared.get()
        let repo = try repository(nginx)
        let text = relops(["status"] + flags(nginx), in: repo.root)
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Status: ") == true && lines.first?.contains("disagree") == true)
        #expect(lines[1] == "== needs a person:")
        #expect(
            text.stdout.contains(
                "Runbook domain-cutover (run domain-cutover-20261203T120000Z): last completed step 2 \"DNS and TLS of the new host\"; next step 3 of 4 \"The new host serves both association files\" (failed: "
            ))
        #expect(
            text.stdout.contains(
                "== good.relops.test:\(nginx.port) (old host, from run domain-cutover-20261203T120000Z old_host)"))
        #expect(text.stdout.contains("  2 occurrence(s) in the repository (docs 1, other 1)"))

        let json = relops(["status", "--format", "json"] + flags(nginx), in: repo.root)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "disagrees")
        let hosts = try #require(object["hosts"] as? [[String: Any]])
        #expect(hosts.map { $0["host"] as? String } == ["good.relops.test", "second.relops.test"])
        let repository = try #require(hosts[0]["repository"] as? [String: Any])
        #expect(repository["by_class"] as? [String: Int] == ["docs": 1, "other": 1])
        #expect((hosts[0]["served"] as? [String: Any])?["checks"] is [Any])
        let runbook = try #require(object["runbook"] as? [String: Any])
        #expect((runbook["next"] as? [String: Any])?["number"] as? Int == 3)
        #expect((runbook["last_completed"] as? [String: Any])?["number"] as? Int == 2)

        let markdown = relops(["status", "--format", "markdown"] + flags(nginx), in: repo.root)
        #expect(markdown.status == 1)
        #expect(markdown.stdout.hasPrefix("## Status: "), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("**Needs a person:**\n\n- "))
        #expect(markdown.stdout.contains("### `second.relops.test:\(nginx.port)` (new host, from run"))
        #expect(markdown.stdout.contains("| verdict | check | detail |\n| --- | --- | --- |\n| pass | `"))
        #expect(markdown.stdout.contains("| fail | `apple-cdn` |"))
    }

    @Test func localChecksWithoutTheNetworkAndHostsComeFromTheFlagsOrTheConfig() throws {
        let repo = GitFixture("status-local")
        repo.write(".relops.yml", "app:\n  web_host: old.example.net\n")
        repo.write("Docs/a.md", "old.example.net and new.example.org\n")
        repo.commit("a")
        let local = relops(["status", "--local", "--format", "json"], in: repo.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(local.stdout.utf8)) as? [String: Any])
        #expect(object["local"] as? Bool == true)
        let hosts = try #require(object["hosts"] as? [[String: Any]])
        #expect(hosts.map { $0["source"] as? String } == [".relops.yml app.web_host"])
        let given = relops(
            ["status", "--local", "--host", "new.example.org", "--host", "old.example.net"], in: repo.root)
        #expect(given.stdout.contains("== new.example.org (given host, from --host)"), "\(given.stdout)\(given.stderr)")
        #expect(
            given.stdout.range(of: "== new.example.org")!.lowerBound
                < given.stdout.range(of: "== old.example.net")!.lowerBound)
    }

    @Test func afterACutoverTheKeptOccurrencesAreNotLeftOver() throws {
        let repo = GitFixture("status-after")
        repo.write("Docs/a.md", "https://old.example.net/\n")
        repo.write("src/Default.kt", "const val DEFAULT_SERVER = \"old.example.net\"\n")
        repo.commit("a")
        let apply = relops(
            [
                "cutover", "--from", "old.example.net", "--to", "new.example.org", "--exclude", "src/Default.kt",
                "--apply",
            ],
            in: repo.root)
        #expect(apply.status == 0, "\(apply.stderr)")
        // No --host: the applied cutover names both hosts.
        let status = try ReleaseStatus.gather(
            try Project(path: repo.root),
            {
                var r = StatusRequest(); r.local = true; return r
            }())
        #expect(status.hosts.map(\.host) == ["old.example.net", "new.example.org"])
        #expect(status.hosts[0].found.source.hasPrefix("cutover "))
        #expect(status.hosts[0].total == 1)
        let after = try #require(status.hosts[0].afterCutover)
        #expect(after.kept == 1 && after.leftOver == 0)
        #expect(!status.disagreements.contains { $0.contains("left over") })
        let text = relops(["status", "--local"], in: repo.root)
        #expect(
            text.stdout.contains("1 occurrence(s) in the repository (other 1); after cutover "),
            "\(text.stdout)")
        #expect(text.stdout.contains(": 0 left over, 1 kept by its rule"))
        // --local checks nothing served here (another repository serves the files): that is not a
        // verdict, so it fails unless accepted, as in relops verify.
        #expect(text.status == 1 && text.stdout.contains("not checked: nothing was checked"))
        let allowed = relops(["status", "--local", "--allow-unchecked"], in: repo.root)
        #expect(allowed.status == 0, "\(allowed.stdout)")
        #expect(allowed.stdout.hasPrefix("Status: everything checked agrees (2 host(s); nothing fetched (--local))."))
    }

    @Test func badInputIsExitTwo() {
        let repo = GitFixture("status-bad")
        repo.write("a.txt", "nothing\n")
        repo.commit("a")
        let none = relops(["status", "--local"], in: repo.root)
        #expect(none.status == 2 && none.stderr.contains("no host to report on: pass --host H"))
        let bad = relops(["status", "--local", "--host", "not a host"], in: repo.root)
        #expect(bad.status == 2 && bad.stderr.contains("--host"))
        let format = relops(["status", "--local", "--host", "a.example", "--format", "sarif"], in: repo.root)
        #expect(format.status == 2)
    }

    @Test func aRunVariableThatIsNoHostIsNamedNotPassedOver() throws {
        let repo = GitFixture("status-bad-run-host")
        repo.write("README.md", "app\n")
        repo.commit("app")
        let stored = """
            {"format": 1, "run_id": "domain-cutover-20261203T130000Z", "runbook": "domain-cutover",
             "runbook_path": "Runbooks/domain-cutover.md", "title": "Domain cutover",
             "started": "2026-12-03T13:00:00Z", "operator": "Ada",
             "vars": [{"name": "old_host", "value": "app.example.com"}, {"name": "new_host", "value": "links example"}],
             "steps": [{"number": 1, "id": "1", "title": "Inventory", "status": "pending", "checks": []}]}
            """
        try RunStore(repositoryRoot: repo.root).save(try JSONDecoder().decode(RunState.self, from: Data(stored.utf8)))
        var request = StatusRequest()
        request.local = true
        let error = #expect(throws: Failure.self) { try ReleaseStatus.gather(try Project(path: repo.root), request) }
        #expect(
            error?.message.contains("run domain-cutover-20261203T130000Z new_host") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("pass --host H") == true)
    }
}
