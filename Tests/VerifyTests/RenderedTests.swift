import Association
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// The documents `relops association render` makes from the config, against the live ones.
@Suite struct RenderedTests {
    /// What the config says: the fixtures' package, fingerprint and app id, paths as patterns.
    func settings(fingerprint: String = TestNginx.fingerprint, appID: String = TestNginx.appID)
        -> AppAssociationSettings
    {
        var settings = AppAssociationSettings()
        settings.androidPackage = TestNginx.package
        settings.androidFingerprints = [fingerprint]
        settings.appleAppIDs = [appID]
        settings.applePaths = ["/sessions/*", "/speakers/*"]
        return settings
    }

    func verify(_ host: String, _ settings: AppAssociationSettings) throws -> VerifyReport {
        var o = try options(host, paths: ["/sessions/1"])
        let documents = try AssociationDocuments.render(settings)
        o.expectedDocuments = ExpectedDocuments(rendered: documents, source: "Web/appsettings.json")
        return try Verifier.run(o)
    }

    @Test func liveDocumentsEqualToTheRenderedOnesPass() throws {
        // rendered.relops.test serves the same JSON in another key order and layout.
        let report = try verify("rendered", settings())
        #expect(report.verdicts("assetlinks.rendered") == [.pass], "\(report.text)")
        #expect(report.verdicts("aasa.rendered") == [.pass])
        #expect(report.named("aasa.rendered").first?.reason.contains("Web/appsettings.json") == true)
        #expect(report.named("rendered").isEmpty)
        #expect(report.failureCategory == nil, "\(report.text)")
    }

    @Test func aLiveDocumentThatAddsAnExclusionAndWebCredentialsDiffersInEffect() throws {
        // good.relops.test serves more components and webcredentials than the config renders. Issue 30:
        // compared by effect, its exclusion keeps /sessions/private* on the web, which the config
        // opens in the app, and it lets the app use the host's passwords: both fail (this warned as
        // "only additions" when documents were compared as JSON). Its `?tab` component adds nothing:
        // /speakers/* opens either way.
        let report = try verify("good", settings())
        #expect(report.verdicts("assetlinks.rendered") == [.pass], "\(report.text)")
        let check = try #require(report.named("aasa.rendered").first)
        #expect(check.verdict == .fail, "\(check.reason)")
        #expect(check.url?.hasSuffix("/.well-known/apple-app-site-association") == true)
        #expect(
            check.reason.hasPrefix("differs in effect from the document rendered from Web/appsettings.json: "),
            "\(check.reason)")
        #expect(check.reason.contains("the repository opens /sessions/private"), "\(check.reason)")
        #expect(check.reason.contains("in \(TestNginx.appID) that live does not"))
        #expect(
            check.reason.contains(
                "live lets \(TestNginx.appID) use this host's passwords (webcredentials) that the repository does not"))
        #expect(!check.reason.contains("/speakers"), "\(check.reason)")
        #expect(report.failureCategory == .checkFailed, "\(report.text)")
    }

    @Test func aLiveDocumentThatLacksWhatTheConfigGrantsFailsSayingWhatLiveDoesNotOpen() throws {
        // Issue 30: the failure says what differs in effect, not the two documents' text.
        var wider = settings()
        wider.applePaths.append("/talks/*")
        let report = try verify("good", wider)
        let check = try #require(report.named("aasa.rendered").first)
        #expect(check.verdict == .fail)
        #expect(
            check.reason.contains("/talks/ (from /talks/*) in \(TestNginx.appID) that live does not"), "\(check.reason)"
        )
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func aRotatedFingerprintNotYetServedFailsShowingBothValues() throws {
        let rotated = "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"
        let report = try verify("rendered", settings(fingerprint: rotated))
        let check = try #require(report.named("assetlinks.rendered").first, "\(report.text)")
        #expect(check.verdict == .fail)
        // Issue 30: said as grants, both values named.
        #expect(
            check.reason.contains(
                "live grants \(TestNginx.package)/\(TestNginx.fingerprint) that the repository does not; "
                    + "the repository grants \(TestNginx.package)/\(rotated) that live does not"),
            "\(check.reason)")
        #expect(report.verdicts("aasa.rendered") == [.pass])
    }

    @Test func problemsInTheRenderedDocumentsFail() throws {
        let report = try verify("rendered", settings(appID: "com.example.app"))
        let problems = report.named("rendered")
        #expect(problems.map(\.verdict) == [.fail], "\(report.text)")
        #expect(problems.first?.reason.contains("\"com.example.app\" is not TEAMID.bundle.id") == true)
        #expect(problems.first?.reason.hasPrefix("rendered from Web/appsettings.json: ") == true)
    }

    @Test func aUnicodeHostIsVerifiedInItsPunycodeForm() throws {
        let nginx = try server()
        var o = try options("good")
        o.host = try WebHost("bücher.relops.test:\(nginx.port)")
        let report = try Verifier.run(o)
        #expect(!report.failed, "\(report.text)")
        #expect(
            report.named("assetlinks.status").first?.url
                == "https://xn--bcher-kva.relops.test:\(nginx.port)/.well-known/assetlinks.json")
    }
}
