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

    @Test func aLiveDocumentThatOnlyAddsWarnsNamingTheAdditions() throws {
        // good.relops.test serves more components and webcredentials than the config renders.
        let report = try verify("good", settings())
        #expect(report.verdicts("assetlinks.rendered") == [.pass], "\(report.text)")
        let check = try #require(report.named("aasa.rendered").first)
        #expect(check.verdict == .warn, "\(check.reason)")
        #expect(check.url?.hasSuffix("/.well-known/apple-app-site-association") == true)
        #expect(check.reason.contains("adds 3 thing(s)"), "\(check.reason)")
        #expect(check.reason.contains("$.webcredentials ({\"apps\""))
        #expect(check.reason.contains("components[0] ({\"/\":\"/sessions/private*\""))
        #expect(check.reason.contains("an exclusion"))
        #expect(check.reason.contains("components[2] ({\"/\":\"/speakers/*\",\"?\""))
        #expect(report.failureCategory == nil, "\(report.text)")
    }

    @Test func aLiveDocumentThatLacksWhatTheConfigGrantsFailsShowingBoth() throws {
        var wider = settings()
        wider.applePaths.append("/talks/*")
        let report = try verify("good", wider)
        let check = try #require(report.named("aasa.rendered").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.contains("| live: {\"applinks\""))
        #expect(check.reason.contains("private sessions stay on the web"))
        #expect(check.reason.contains("{\"/\":\"/talks/*\"}"), "\(check.reason)")
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func anExtraKeyOnARenderedComponentIsADifferenceNotAnAddition() throws {
        let live = try json(#"{"a": [{"/": "/x", "exclude": true}], "b": 1}"#)
        let rendered = try json(#"{"a": [{"/": "/x"}]}"#)
        #expect(JSONAdditions.of(live, over: rendered) == nil)
        let more = try json(#"{"a": [{"/": "/y"}, {"/": "/x"}], "b": 1}"#)
        #expect(JSONAdditions.of(more, over: rendered) == [#"$.a[0] ({"/":"/y"})"#, "$.b (1)"])
        let reordered = try json(#"{"a": [{"/": "/y"}, {"/": "/x"}]}"#)
        #expect(JSONAdditions.of(rendered, over: reordered) == nil)
    }

    @Test func aRotatedFingerprintNotYetServedFailsShowingBothValues() throws {
        let rotated = "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"
        let report = try verify("rendered", settings(fingerprint: rotated))
        let check = try #require(report.named("assetlinks.rendered").first, "\(report.text)")
        #expect(check.verdict == .fail)
        #expect(
            check.reason.contains(
                "$[0].target.sha256_cert_fingerprints[0]: \"\(TestNginx.fingerprint)\" vs \"\(rotated)\""),
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
        o.host = "bücher.relops.test:\(nginx.port)"
        let report = try Verifier.run(o)
        #expect(!report.failed, "\(report.text)")
        #expect(
            report.named("assetlinks.status").first?.url
                == "https://xn--bcher-kva.relops.test:\(nginx.port)/.well-known/assetlinks.json")
    }
}
