import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// The built `relops verify` binary: output, exit codes, `--print-curl` run through the real curl.
@Suite struct CommandTests {
    func arguments(_ name: String, _ extra: [String] = [], timeout: String = "2", host: String? = nil) throws
        -> [String]
    {
        let nginx = try server()
        return [
            "verify", "--host", host ?? nginx.host(name), "--cacert", nginx.ca.certificatePath, "--offline",
            "--package", TestNginx.package, "--fingerprint", TestNginx.fingerprint.lowercased(),
            "--app-id", TestNginx.appID, "--path", "/sessions/1", "--timeout", timeout, "--connect-timeout", "2",
        ]
            + nginx.resolve.flatMap { ["--resolve", $0] } + extra
    }

    @Test func goodHostExitsZeroWithAChecklist() throws {
        let result = relops(try arguments("good"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("pass  assetlinks.grant"))
        #expect(result.stdout.contains("0 failed"))
    }

    @Test func jsonOutputIsAChecklist() throws {
        let result = relops(try arguments("wrongpkg", ["--format", "json"]))
        #expect(result.status == 1, "\(result.stderr)")
        let json = try JSONReader.parse(Array(result.stdout.utf8))
        // wrongpkg grants another package and serves no apple-app-site-association.
        #expect(json["summary"]?["fail"] == .int(2), "\(result.stdout)")
        let failed = json["checks"]?.arrayValue?.filter { $0["verdict"] == .string("fail") } ?? []
        #expect(failed.map { $0["check"] } == [.string("assetlinks.grant"), .string("aasa.status")])
        #expect(failed.first?["url"]?.stringValue?.hasSuffix("/.well-known/assetlinks.json") == true)
    }

    @Test func aRedirectExitsOne() throws {
        let result = relops(try arguments("redirect301"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL  assetlinks.status"))
    }

    @Test func anUnreachableHostExitsThree() throws {
        let nginx = try server()
        let result = relops(try arguments("good", timeout: "1", host: "silent.relops.test:\(nginx.silentPort)"))
        #expect(result.status == 3, "\(result.stdout)")
        #expect(result.stdout.contains("a host could not be reached"))
    }

    @Test func badUsageExitsTwo() throws {
        let bad = relops(["verify", "--host", "not a host", "--offline"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--host not a host: expected HOST or HOST:PORT"))
        let fp = relops(["verify", "--host", "a.example", "--fingerprint", "12:34", "--offline"])
        #expect(fp.status == 2)
        #expect(fp.stderr.contains("\"12:34\" is not a SHA-256 fingerprint"))
    }

    @Test func printedCurlCommandsWorkWithTheRealCurl() throws {
        let result = relops(try arguments("good", ["--print-curl"]))
        #expect(result.status == 0)
        let commands = result.stdout.split(separator: "\n").filter { $0.hasPrefix("curl ") }
        #expect(commands.count == 2, "\(result.stdout)")
        let first = try #require(commands.first)
        #expect(
            first.contains("--cacert") && first.contains("--resolve") && first.hasSuffix("/.well-known/assetlinks.json")
        )
        let run = runProcess("/bin/sh", ["-c", String(first)])
        #expect(run.stdout.hasPrefix("HTTP/2 200"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(TestNginx.fingerprint))
    }

    @Test func repoConfigAndClaimsSupplyTheExpectations() throws {
        let nginx = try server()
        let repo = GitFixture("verify-repo")
        repo.write(
            ".relops.yml",
            """
            app:
              web_host: \(nginx.host("good"))
              android:
                package: \(TestNginx.package)
                fingerprints: Web/appsettings.json#AppAssociation:AndroidCertFingerprints
              ios:
                app_ids: [\(TestNginx.appID)]
                paths: ["/speakers/1"]
            """)
        repo.write(
            "Web/appsettings.json",
            """
            {"AppAssociation": {"AndroidCertFingerprints": ["\(TestNginx.fingerprint)"]}}
            """)
        repo.write(
            "App/Platforms/iOS/Entitlements.plist", "<array><string>applinks:second.relops.test</string></array>\n")
        repo.commit("app")
        let result = relops(
            [
                "verify", "--repo", repo.root, "--cacert", nginx.ca.certificatePath, "--offline",
                "--connect-to", "second.relops.test:443:127.0.0.1:\(nginx.port)",
            ]
                + nginx.resolve.flatMap { ["--resolve", $0] })
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("lists \(TestNginx.fingerprint)"))
        #expect(result.stdout.contains("/speakers/1 opens"))
        #expect(result.stdout.contains("https://second.relops.test/.well-known/apple-app-site-association"))
        #expect(result.stdout.contains("applinks second.relops.test: differs from app.web_host"))
    }
}
