import Foundation
import RelopsCore
import TestSupport
import Testing

/// The built `relops verify --local`: a folder with the web host's appsettings, no server, a host
/// name that cannot resolve.
@Suite struct LocalCommandTests {
    func run(_ extra: [String], settings: String = CommandTests.appSettings) -> ProcessOutput {
        let folder = TemporaryFolder("verify-local")
        folder.write("appsettings.json", settings)
        return relops(
            ["verify", "--local", "--host", "nowhere.invalid", "--config", "appsettings.json"] + extra,
            in: folder.path)
    }

    @Test func aGoodConfigExitsZeroListingTheSkippedHTTPChecks() throws {
        let result = run(["--path", "/sessions/1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("skip  local "), "\(result.stdout)")
        #expect(result.stdout.contains("nothing was fetched; the documents rendered from appsettings.json"))
        #expect(
            result.stdout.contains(
                "skip  assetlinks.status        https://nowhere.invalid/.well-known/assetlinks.json: --local: not fetched"
            ))
        #expect(result.stdout.contains("skip  aasa.content-type"))
        #expect(result.stdout.contains("pass  assetlinks.fingerprint"))
        #expect(result.stdout.contains("pass  aasa.paths"))
        #expect(result.stdout.contains("skip  dal                      --local: Google's"))
        #expect(result.stdout.contains("0 failed, 7 skipped; nothing fetched (--local)"), "\(result.stdout)")
    }

    @Test func jsonSaysNothingWasFetched() throws {
        let result = run(["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try json(result.stdout)
        #expect(output["local"] == .bool(true) && output["fetched"] == .bool(false) && output["offline"] == .bool(true))
        let skipped = output["checks"]?.arrayValue?.filter { $0["verdict"] == .string("skip") } ?? []
        let names = skipped.compactMap { $0["check"]?.stringValue }
        #expect(names.contains("aasa.status"), "\(result.stdout)")
        #expect(output["summary"]?["fail"] == .int(0))
    }

    @Test func thePlaceholderExitsOne() throws {
        let result = run(
            [],
            settings: CommandTests.appSettings.replacingOccurrences(
                of: TestNginx.fingerprint, with: "REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT"))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FAIL  assetlinks.fingerprint-form"), "\(result.stdout)")
        #expect(result.stderr.contains("still holds the placeholder"))
    }

    @Test func aWrongExpectedFingerprintExitsOne() throws {
        let result = run(["--fingerprint", LocalTests.rotated])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FAIL  assetlinks.fingerprint "), "\(result.stdout)")
    }

    @Test func theRotationRunbooksTwoFingerprintsPassWhenTheConfigHoldsBoth() throws {
        let both = "\"\(TestNginx.fingerprint)\", \"\(LocalTests.rotated)\""
        let result = run(
            ["--fingerprint", TestNginx.fingerprint, "--fingerprint", LocalTests.rotated],
            settings: CommandTests.appSettings.replacingOccurrences(of: "\"\(TestNginx.fingerprint)\"", with: both))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("lists \(LocalTests.rotated)"))
    }

    @Test func withoutAConfigItIsBadUsage() throws {
        let folder = TemporaryFolder("verify-local-bare")
        let result = relops(["verify", "--local", "--host", "nowhere.invalid"], in: folder.path)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--local needs the documents association render makes: give --config FILE"))
        #expect(result.stdout.isEmpty)
    }

    @Test func fetchOptionsWithLocalAreBadUsage() throws {
        let nginx = try server()
        for extra in [
            ["--cacert", nginx.ca.certificatePath], ["--resolve", "nowhere.invalid:443:127.0.0.1"],
            ["--connect-to", "nowhere.invalid:443:127.0.0.1:\(nginx.port)"], ["--print-curl"],
        ] {
            let result = run(extra)
            #expect(result.status == 2, "\(extra): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("\(extra[0]) means nothing with --local"), "\(result.stderr)")
        }
    }

    @Test func theRepositorysClaimsAreCheckedAgainstTheRenderedDocuments() throws {
        let repo = GitFixture("verify-local-repo")
        repo.write(
            ".relops.yml",
            """
            app:
              web_host: nowhere.invalid
              android:
                fingerprints: Web/appsettings.json#AppAssociation:AndroidCertFingerprints
            """)
        repo.write("Web/appsettings.json", CommandTests.appSettings)
        repo.write("App/Platforms/iOS/Entitlements.plist", "<array><string>applinks:second.invalid</string></array>\n")
        repo.commit("app")
        let result = relops(["verify", "--local", "--repo", repo.root])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("nothing was fetched; the documents rendered from Web/appsettings.json"))
        // The claimed host is named, not checked as a second host with the same documents.
        #expect(!result.stdout.contains("https://second.invalid/"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "warn  claims.host              App/Platforms/iOS/Entitlements.plist:1: applinks second.invalid "
                    + "points elsewhere: Web/appsettings.json is checked as nowhere.invalid's"), "\(result.stdout)")
        // No Xcode project or .csproj names the app: a warning that says so, not a guess.
        #expect(
            result.stdout.contains(
                "warn  claims.ios-app-id        App/Platforms/iOS/Entitlements.plist:1: no Apple app id found"),
            "\(result.stdout)")
    }
}

/// `verify --local` on a repository whose AASA is served by code: the claims are held against the
/// app ids in the code's string literals.
@Suite struct LocalCodeSourceTests {
    func repository(servedID: String) -> GitFixture {
        let repo = GitFixture("verify-local-code")
        repo.write(
            ".relops.yml",
            """
            app:
              web_host: nowhere.invalid
              ios:
                app_ids: [ABCDE12345.com.example.app]
            """)
        repo.write("App/App.entitlements", "<array><string>applinks:nowhere.invalid</string></array>\n")
        repo.write(
            "server/Sources/App/routes.swift",
            """
            import Vapor

            func routes(_ app: Application) throws {
                app.get(".well-known", "apple-app-site-association") { req in
                    ["applinks": ["details": [["appIDs": ["\(servedID)"], "components": [["/": "/s/*"]]]]]]
                }
            }
            """)
        repo.commit("code")
        return repo
    }

    @Test func theClaimedAppIdNamedInTheRouteCodePasses() throws {
        let repo = repository(servedID: "ABCDE12345.com.example.app")
        let result = relops(["verify", "--local", "--repo", repo.root])
        #expect(
            result.stdout.contains("names it in a string literal") && result.stdout.contains("routes.swift:4"),
            "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("FAIL  claims.ios-app-id"), "\(result.stdout)")
    }

    @Test func anAppIdTheRouteCodeDoesNotNameFails() throws {
        let repo = repository(servedID: "ZZZZZ99999.com.other.app")
        let result = relops(["verify", "--local", "--repo", repo.root])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("FAIL  claims.ios-app-id")
                && result.stdout.contains("names ZZZZZ99999.com.other.app, not ABCDE12345.com.example.app"),
            "\(result.stdout)")
    }

    @Test func associationRenderSaysItCannotRenderCode() throws {
        let repo = repository(servedID: "ABCDE12345.com.example.app")
        let result = relops(["association", "render", "--repo", repo.root])
        #expect(result.stderr.contains("relops cannot render code"), "\(result.stdout)\(result.stderr)")
    }
}
