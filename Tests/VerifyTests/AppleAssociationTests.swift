import Association
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// `/.well-known/apple-app-site-association` in both forms, with Apple's matching rules.
@Suite struct AppleAssociationTests {
    @Test(arguments: ["good", "legacy"]) func expectedPathsOpenTheApp(host: String) throws {
        let report = try Verifier.run(try options(host, paths: ["/sessions/42", "/speakers/7", "/sessions/*"]))
        #expect(report.verdicts("aasa.paths") == [.pass, .pass, .pass], "\(report.text)")
        let form = host == "good" ? "iOS 13+ form" : "legacy form"
        #expect(report.named("aasa.appid").first?.reason.contains(form) == true)
    }

    @Test(arguments: ["good", "legacy"]) func excludedAndUnmatchedPathsFail(host: String) throws {
        let report = try Verifier.run(try options(host, paths: ["/sessions/private-3", "/admin"]))
        let reasons = report.named("aasa.paths").map(\.reason)
        let kind = host == "good" ? "component" : "path"
        #expect(
            reasons == [
                "/sessions/private-3 is excluded for \(TestNginx.appID) by \(kind) [0]",
                "/admin is matched by no \(kind) for \(TestNginx.appID)",
            ], "\(report.text)")
        #expect(report.failureCategory == .checkFailed)
    }

    @Test func aQueryPatternIsEvaluated() throws {
        let report = try Verifier.run(try options("good", paths: ["/speakers/7?tab=talks"]))
        #expect(report.named("aasa.paths").first?.reason.contains("component [2]") == true, "\(report.text)")
    }

    @Test func anAppIDTheFileDoesNotNameFails() throws {
        var o = try options("good")
        o.expectation.iosAppIDs = ["ZZZZZ99999.com.example.other"]
        let report = try Verifier.run(o)
        let check = try #require(report.named("aasa.appid").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.contains("it names \(TestNginx.appID)"))
    }

    @Test func defaultsApplyToEveryComponentUnderThemAndABadOneIsNamed() throws {
        let document = """
            {"applinks": {"defaults": {"caseSensitive": false, "percentEncoded": false},
              "details": [{"appIDs": ["\(TestNginx.appID)"], "components": [{"/": "/talks/a b/*"}]},
                          {"appIDs": ["\(TestNginx.appID)"], "defaults": {"caseSensitive": true},
                           "components": [{"/": "/Speakers/*", "percentEncoded": true}]}]}}
            """
        let parsed = AppSiteAssociation(json: try json(document))
        #expect(parsed.errors.isEmpty && parsed.warnings.isEmpty, "\(parsed.errors) \(parsed.warnings)")
        let talks = try #require(parsed.details.first), speakers = try #require(parsed.details.last)
        #expect(talks.decide(path: "/TALKS/a%20b/1") == .handled(index: 0))  // caseless, matched decoded
        #expect(speakers.decide(path: "/speakers/1") == .unmatched)  // the detail's defaults are case-sensitive
        #expect(speakers.decide(path: "/Speakers/1") == .handled(index: 0))
        let bad = AppSiteAssociation(
            json: try json(#"{"applinks": {"defaults": {"caseSensitive": "no", "other": 1}, "details": []}}"#))
        #expect(bad.errors.contains("applinks.defaults.caseSensitive must be true or false"), "\(bad.errors)")
        #expect(bad.warnings.contains("applinks.defaults: unknown field `other`"), "\(bad.warnings)")
    }

    @Test func aDecodedQueryIsSplitIntoItemsBeforeItsValuesAreDecoded() throws {
        let document = """
            {"applinks": {"details": [{"appIDs": ["\(TestNginx.appID)"], "components": [
              {"/": "/search", "?": {"q": "a&b=c", "page": "?"}, "percentEncoded": false},
              {"/": "/tag/a b", "?": "x=1&y", "#": "top bar", "percentEncoded": false}]}]}}
            """
        let detail = try #require(AppSiteAssociation(json: try json(document)).details.first)
        // %26 and %3D are a value's own `&` and `=`: they must not split the query.
        #expect(detail.decide(path: "/search", query: "q=a%26b%3Dc&page=2") == .handled(index: 0))
        #expect(detail.decide(path: "/search", query: "q=a&b=c&page=2") == .unmatched)
        #expect(detail.decide(path: "/tag/a%20b", query: "x=1&y", fragment: "top%20bar") == .handled(index: 1))
        #expect(detail.decide(path: "/tag/a%20b", query: "x=1%26y", fragment: "top%20bar") == .handled(index: 1))
    }

    @Test func matcherFollowsApplesRules() throws {
        let detail = try #require(
            AppSiteAssociation(json: try json(TestNginx.modernAASA)).details.first)
        #expect(detail.decide(path: "/sessions/1") == .handled(index: 1))
        #expect(detail.decide(path: "/sessions/private") == .excluded(index: 0))
        #expect(detail.decide(path: "/speakers/1", query: "tab=x") == .handled(index: 2))
        #expect(detail.decide(path: "/speakers/1", query: "tab=") == .handled(index: 3))
        #expect(detail.decide(path: "/") == .unmatched)
        #expect(Wildcard.matches("/a/?", "/a/b", caseSensitive: true))
        #expect(!Wildcard.matches("/a/?", "/a/bc", caseSensitive: true))
        #expect(Wildcard.matches("*", "/any/thing", caseSensitive: true))
        #expect(Wildcard.matches("/A/*", "/a/b", caseSensitive: false))
        #expect(!Wildcard.matches("/A/*", "/a/b", caseSensitive: true))
    }
}
