import Foundation
import TestSupport
import Testing

/// `--host H[:PORT]` and `app.web_host` are validated where they come in: a bad port or a URL is
/// bad usage (exit 2) naming the flag, or `.relops.yml`'s key and line, before anything is checked.
@Suite struct WebHostCommandTests {
    static let badHosts = [
        ("a.example.com:65536", "port must be a number from 1 to 65535"),
        ("a.example.com:0", "port must be a number from 1 to 65535"),
        ("a.example.com:https", "port must be a number from 1 to 65535"),
        ("https://a.example.com:8443", "pass the bare host name (such as app.example.com), not a URL or path"),
    ]

    func repository(webHost: String?) -> GitFixture {
        let repo = GitFixture("web-host")
        repo.write("docs/links.md", "See https://a.example.com/sessions/1 for the sessions.\n")
        if let webHost { repo.write(".relops.yml", "app:\n  web_host: \(webHost)\n") }
        repo.commit("a repository that names a.example.com")
        return repo
    }

    @Test func aBadHostFlagExitsTwoNamingTheFlag() {
        let repo = repository(webHost: nil)
        for (host, what) in Self.badHosts {
            for command in [["verify", "--offline"], ["status", "--local"]] {
                let result = relops(command + ["--host", host], in: repo.root)
                #expect(result.status == 2, "\(command) \(host): \(result.stdout)\(result.stderr)")
                #expect(
                    result.stderr == "relops \(command[0]): --host \(host): \(what)\n", "\(command) \(host)")
            }
        }
    }

    @Test func aBadWebHostInRelopsYMLExitsTwoNamingTheKeyAndLine() {
        for (host, what) in Self.badHosts {
            let repo = repository(webHost: host)
            for command in [["verify", "--offline"], ["status", "--local"], ["scan"]] {
                let result = relops(command, in: repo.root)
                #expect(result.status == 2, "\(command) \(host): \(result.stdout)\(result.stderr)")
                #expect(
                    result.stderr.contains(".relops.yml:2:13: app.web_host \(host): \(what)"),
                    "\(command) \(host): \(result.stderr)")
            }
        }
    }

    @Test func aWebHostWithAPortIsScannedByItsName() throws {
        let repo = repository(webHost: "A.Example.com:8443")
        let result = relops(["scan", "--format", "json"], in: repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(output?["hosts"] as? [String] == ["a.example.com"])
        let paths = (output?["occurrences"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.contains("docs/links.md"), "\(result.stdout)")
    }
}
