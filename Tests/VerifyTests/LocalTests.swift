import Association
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// `--local`: the rendered documents stand in for every host's files, and nothing is fetched.
@Suite struct LocalTests {
    static let rotated =
        "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"
    static let placeholder = "REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT"

    /// Local options for a host that cannot resolve: any fetch would make the report unreachable.
    func local(
        fingerprints configured: [String] = [TestNginx.fingerprint], expected: [String]? = nil,
        appIDs: [String] = [TestNginx.appID], paths: [String] = ["/sessions/1"],
        templates: AssociationTemplates = .builtIn
    ) throws -> VerifyOptions {
        var settings = AppAssociationSettings()
        settings.androidPackage = TestNginx.package
        settings.androidFingerprints = configured
        settings.appleAppIDs = appIDs
        settings.applePaths = ["/sessions/*", "/speakers/*"]
        var o = VerifyOptions(host: try WebHost("nowhere.invalid"))
        o.local = true
        o.expectedDocuments = ExpectedDocuments(
            rendered: try AssociationDocuments.render(settings, templates: templates), source: "Web/appsettings.json")
        o.expectation = VerifyExpectation(
            androidPackage: TestNginx.package, fingerprints: expected ?? configured, iosAppIDs: [TestNginx.appID],
            iosPaths: paths)
        return o
    }

    @Test func aGoodConfigPassesWithTheHTTPChecksSkipped() throws {
        let report = try Verifier.run(try local())
        #expect(report.failureCategory == nil, "\(report.text)")
        #expect(report.checks.first?.name == "local")
        #expect(report.checks.first?.reason.contains("nothing was fetched") == true)
        #expect(report.checks.first?.reason.contains("Web/appsettings.json") == true)
        for name in ["assetlinks.status", "assetlinks.content-type", "aasa.status", "aasa.content-type"] {
            let check = try #require(report.named(name).first, "\(name): \(report.text)")
            #expect(check.verdict == .skip && check.reason.hasPrefix("--local: "), "\(check)")
        }
        #expect(report.verdicts("assetlinks.grant") == [.pass])
        #expect(report.verdicts("assetlinks.fingerprint") == [.pass])
        #expect(report.verdicts("aasa.appid") == [.pass])
        #expect(report.verdicts("aasa.paths") == [.pass])
        #expect(
            report.named("aasa.paths").first?.url == "https://nowhere.invalid/.well-known/apple-app-site-association")
        // Comparing the rendered documents with themselves would be a pass that proves nothing.
        #expect(report.named("assetlinks.rendered").isEmpty && report.named("aasa.rendered").isEmpty)
        #expect(report.named("dal").first?.reason == "--local: Google's Digital Asset Links API not asked")
        #expect(report.verdicts("apple-cdn") == [.skip])
    }

    @Test func nothingIsFetched() throws {
        let options = try local().normalized()
        var fetcher = Fetcher(options: options)
        _ = fetcher.add("https://nowhere.invalid/.well-known/assetlinks.json", cap: 10, file: .assetLinks)
        fetcher.run()
        #expect(fetcher.results.count == 1 && fetcher.results[0] == nil)
        #expect(options.offline)
        #expect(!(try Verifier.run(options)).unreachable)
    }

    @Test func thePlaceholderFailsTheFingerprintCheck() throws {
        let report = try Verifier.run(try local(fingerprints: [Self.placeholder], expected: []))
        #expect(report.failureCategory == .checkFailed)
        #expect(report.verdicts("assetlinks.fingerprint-form") == [.fail], "\(report.text)")
        #expect(report.named("rendered").first?.reason.contains("is the placeholder") == true)
    }

    @Test func anExpectedFingerprintTheConfigLacksFails() throws {
        let report = try Verifier.run(try local(expected: [Self.rotated]))
        #expect(report.verdicts("assetlinks.fingerprint") == [.fail], "\(report.text)")
        #expect(report.named("assetlinks.fingerprint").first?.reason.contains("does not list \(Self.rotated)") == true)
    }

    @Test func bothFingerprintsOfARotationPassWhenTheConfigHoldsBoth() throws {
        let both = [TestNginx.fingerprint, Self.rotated]
        let report = try Verifier.run(try local(fingerprints: both))
        #expect(report.verdicts("assetlinks.fingerprint") == [.pass, .pass], "\(report.text)")
        #expect(!report.failed)
    }

    @Test func pathsAreMatchedAgainstTheRenderedComponents() throws {
        let report = try Verifier.run(try local(paths: ["/sessions/1", "/admin"]))
        #expect(report.verdicts("aasa.paths") == [.pass, .fail], "\(report.text)")
    }

    @Test func aFileTheConfigDoesNotRenderFails() throws {
        let report = try Verifier.run(try local(appIDs: []))
        let check = try #require(report.named("aasa.rendered").first, "\(report.text)")
        #expect(check.verdict == .fail)
        #expect(check.reason.contains("renders no apple-app-site-association"), "\(check.reason)")
    }

    @Test func documentWarningsApplyAndIncludesAreNotFetched() throws {
        let statement = """
            {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
             "package_name": {{android_package}}, "sha256_cert_fingerprints": {{android_fingerprints}}}}
            """
        let templates = AssociationTemplates(
            assetLinks: "[\(statement), \(statement), {\"include\": \"https://other.invalid/links.json\"}]",
            appleAppSiteAssociation: AssociationTemplates.builtIn.appleAppSiteAssociation)
        let report = try Verifier.run(try local(templates: templates))
        #expect(report.named("assetlinks.format").contains { $0.verdict == .warn && $0.reason.contains("duplicates") })
        let include = try #require(report.named("assetlinks.include.fetch").first, "\(report.text)")
        #expect(include.verdict == .skip && include.url == "https://other.invalid/links.json")
        #expect(!report.unreachable)
    }

    @Test func claimedHostsAreHeldAgainstTheDocumentsOnceNotCheckedAsMoreHosts() throws {
        var o = try local()
        o.claims = RepositoryClaims(claims: [
            .init(host: "second.invalid", kind: .android, location: "MainActivity.cs:1"),
            .init(host: "second.invalid", kind: .appLinks, location: "Entitlements.plist:1"),
            .init(host: "nowhere.invalid", kind: .webCredentials, location: "Entitlements.plist:2"),
        ])
        let report = try Verifier.run(o)
        // Every host would be served the same documents: they are checked once, as the main host's.
        #expect(
            report.named("assetlinks.grant").map(\.url) == ["https://nowhere.invalid/.well-known/assetlinks.json"],
            "\(report.text)")
        #expect(report.verdicts("assetlinks.status") == [.skip])
        #expect(report.verdicts("claims.host") == [.warn, .warn], "\(report.text)")
        #expect(
            report.named("claims.host").first?.reason.hasPrefix(
                "MainActivity.cs:1: android second.invalid points elsewhere: ") == true)
        // The main host's own webcredentials: claim asks its document for webcredentials.apps.
        #expect(
            report.named("aasa.webcredentials").map(\.reason) == [
                "the entitlements claim webcredentials: for this host, but the document has no webcredentials.apps"
            ], "\(report.text)")
        #expect(!report.unreachable)
    }

    @Test func withoutDocumentsOrWithFetchOptionsItIsBadUsage() throws {
        var bare = VerifyOptions(host: try WebHost("nowhere.invalid"))
        bare.local = true
        #expect(throws: Failure.self) { try bare.normalized() }
        #expect(usage(bare)?.contains("give --config FILE") == true)
        var withCA = try local()
        withCA.caFile = "/tmp/ca.pem"
        #expect(usage(withCA) == "--cacert means nothing with --local, which fetches nothing; drop one of them")
        var withResolve = try local()
        withResolve.resolve = ["nowhere.invalid:443:127.0.0.1"]
        #expect(usage(withResolve)?.hasPrefix("--resolve means nothing") == true)
        var withConnectTo = try local()
        withConnectTo.connectTo = ["nowhere.invalid:443:127.0.0.1:8443"]
        #expect(usage(withConnectTo)?.hasPrefix("--connect-to means nothing") == true)
        let options = try local()
        #expect(throws: Failure.self) { try CurlCommands.lines(options) }
    }

    /// The usage error's message, or nil when the options are accepted or fail otherwise.
    func usage(_ options: VerifyOptions) -> String? {
        do {
            _ = try options.normalized()
            return nil
        } catch {
            return error.category == .usage ? error.message : nil
        }
    }
}
