import Foundation
import Runbook
import TestSupport

/// The sample app's web hosts for the shipped runbooks' `relops verify` steps: an nginx on
/// 127.0.0.1 serving `sites/<host>/` over HTTPS with a certificate from a test CA, reached through
/// `--connect-to`. A host serves nothing until it is deployed (`relops association render --out`).
/// nginx stops when this value is released.
final class SampleWebHost: @unchecked Sendable {
    let hosts: [String]
    let ca: TestCA
    private let server: NginxServer
    var port: Int { server.port }
    private var prefix: TemporaryFolder { server.prefix }

    init(hosts: [String] = [SampleRepository.oldHost, SampleRepository.newHost]) throws {
        self.hosts = hosts
        var made: (TestCA, (certificate: String, key: String))?
        server = try NginxServer(
            label: "relops-sample-web",
            prepare: { prefix, _ throws(NginxServer.StartError) in
                let ca = TestCA(name: "sample", in: prefix.path)
                let certificate = ca.issue("sample", names: hosts)
                if let failure = ca.failure { throw NginxServer.StartError(description: failure) }
                made = (ca, certificate)
            }
        ) { p, _, listen in
            """
                types { }
                default_type application/json;
                server {
                    \(listen);
                    server_name _;
                    ssl_certificate \(made!.1.certificate);
                    ssl_certificate_key \(made!.1.key);
                    root \(p)/sites/$host;
                }
            """
        }
        ca = made!.0
    }

    /// The options every `relops verify` of a shipped runbook needs to reach these hosts.
    var verifyFlags: String {
        (["--offline", "--cacert", ca.certificatePath]
            + hosts.flatMap { ["--connect-to", "\($0):443:127.0.0.1:\(port)"] })
            .joined(separator: " ")
    }

    /// Deploys the documents `relops association render` makes from `repo` to `host` (from the web
    /// host's settings file `config` when the repository has no `.relops.yml`).
    func deploy(_ repo: GitFixture, to host: String, config: String? = nil) -> ProcessOutput {
        relops(
            ["association", "render", "--out", prefix.url("sites/\(host)")] + (config.map { ["--config", $0] } ?? []),
            in: repo.root)
    }

    /// Serves `text` as `host`'s `/.well-known/<name>`: what another repository deploys.
    func serve(_ host: String, _ name: String, _ text: String) {
        prefix.write("sites/\(host)/.well-known/\(name)", text)
    }

    /// What `host` serves at `/.well-known/<name>`, empty when nothing.
    func served(_ host: String, _ name: String) -> String {
        prefix.readText("sites/\(host)/.well-known/\(name)")
    }
}

/// The demo's sample repository, written with the git CLI (tests may; the demo uses libgit2, and
/// `DemoWorkspaceTests` checks that both write the same history).
func makeSampleRepository(_ label: String = "sample") -> GitFixture {
    let repo = GitFixture(label)
    for commit in SampleRepository.history {
        for file in commit.files { repo.write(file.path, file.content) }
        repo.commit(commit.message, date: commit.date)
    }
    return repo
}
