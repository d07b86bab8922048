import Association
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Google's Digital Asset Links API and Apple's CDN, both served by the test nginx.
@Suite struct ThirdPartyTests {
    @Test func linkedPasses() throws {
        let report = try Verifier.run(try options("good", offline: false))
        let check = try #require(report.named("dal.check").first, "\(report.text)")
        #expect(check.verdict == .pass)
        #expect(check.reason.contains("maxAge 3599.25s"))
        #expect(report.verdicts("dal.list") == [.pass])
        #expect(!report.failed, "\(report.text)")
    }

    @Test func errorCodesAreReportedEvenWhenLinked() throws {
        let report = try Verifier.run(try options("good", offline: false, dal: "errors"))
        let check = try #require(report.named("dal.check").first)
        #expect(check.verdict == .warn)
        #expect(check.reason.contains("ERROR_CODE_FETCH_ERROR"))
    }

    @Test func notLinkedFailsWithEveryErrorCode() throws {
        let report = try Verifier.run(try options("good", offline: false, dal: "notlinked"))
        let check = try #require(report.named("dal.check").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.contains("NOT linked"))
        #expect(check.reason.contains("ERROR_CODE_MALFORMED_CONTENT, ERROR_CODE_FETCH_ERROR"), "\(check.reason)")
        #expect(report.verdicts("dal.list") == [.fail])
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func anAPIErrorNamesGooglesMessage() throws {
        // The test endpoint refuses a query for another package with Google's error shape.
        var o = try options("good", offline: false)
        o.expectation.androidPackage = "com.example.other"
        let report = try Verifier.run(o)
        let check = try #require(report.named("dal.check").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.hasPrefix("HTTP 400: relops test: unexpected query"), "\(check.reason)")
    }

    @Test func aFreshCDNCopyMatchesEvenWithKeysReordered() throws {
        let report = try Verifier.run(try options("good", offline: false))
        #expect(report.verdicts("apple-cdn") == [.pass], "\(report.text)")
    }

    @Test func aStaleCDNCopyFailsAndSaysHow() throws {
        let report = try Verifier.run(try options("good", offline: false, cdn: "stale"))
        let check = try #require(report.named("apple-cdn").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.hasPrefix("CDN stale"))
        #expect(check.reason.contains("$.applinks"), "\(check.reason)")
    }

    @Test func noCDNCopyFails() throws {
        let report = try Verifier.run(try options("legacy", offline: false))
        #expect(report.named("apple-cdn").first?.reason.contains("no copy") == true, "\(report.text)")
    }

    @Test func offlineAsksNeitherAndSaysSo() throws {
        let report = try Verifier.run(try options("good", offline: true))
        #expect(report.verdicts("dal") == [.skip])
        #expect(report.verdicts("apple-cdn") == [.skip])
        #expect(report.named("dal.check").isEmpty)
        #expect(report.named("dal").first?.reason.contains("--offline") == true)
    }

    @Test func aRenderedDocumentThatDiffersFails() throws {
        var o = try options("good")
        o.expectedDocuments = ExpectedDocuments(
            assetLinks: try json(
                """
                [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
                  "package_name": "com.example.other", "sha256_cert_fingerprints": ["\(TestNginx.fingerprint)"]}}]
                """),
            appSiteAssociation: try json(TestNginx.modernAASA))
        let report = try Verifier.run(o)
        #expect(report.verdicts("assetlinks.rendered") == [.fail])
        // Issue 30: said as grants.
        #expect(
            report.named("assetlinks.rendered").first?.reason.contains(
                "the repository grants com.example.other/\(TestNginx.fingerprint) that live does not") == true,
            "\(report.text)")
        #expect(report.verdicts("aasa.rendered") == [.pass])
    }
}
