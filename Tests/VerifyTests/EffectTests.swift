import Association
import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Issue 30: the live documents are compared with the rendered ones by what Android and iOS would
/// do, not by their text: an include, the legacy `paths` form and another layout are form; a grant
/// or an opened URL more or less is effect. Against a real nginx over HTTPS.
@Suite(.serialized) struct EffectTests {
    var web: EffectHost { get throws { try DemandTests.shared.get() } }
    let fingerprint = TestNginx.fingerprint
    let package = TestNginx.package
    let appID = TestNginx.appID

    func verify(_ host: String, assetLinks: String? = nil, aasa: String? = nil, paths: [String] = [])
        throws -> VerifyReport
    {
        var o = try web.options(host)
        o.platforms = Set((assetLinks != nil ? [Platform.android] : []) + (aasa != nil ? [.iOS] : []))
        o.expectation = VerifyExpectation(
            androidPackage: package, fingerprints: [fingerprint], iosAppIDs: [appID], iosPaths: paths)
        o.expectedDocuments = ExpectedDocuments(
            assetLinks: try assetLinks.map { try json($0) }, appSiteAssociation: try aasa.map { try json($0) },
            source: "Web/appsettings.json")
        return try Verifier.run(o)
    }

    var rendered: String { "[\(EffectHost.statement(package, [fingerprint]))]" }

    @Test func aStatementThatArrivesThroughAnIncludeIsTheSameInEffect() throws {
        let web = try web
        web.serve("included", ".well-known/assetlinks.json", "[{\"include\": \"\(web.origin("parts"))/grants.json\"}]")
        web.serve("parts", "grants.json", rendered)
        let report = try verify("included", assetLinks: rendered)
        let check = try #require(report.named("assetlinks.rendered").first, "\(report.text)")
        #expect(check.verdict == .pass, "\(report.text)")
        #expect(check.reason.contains("grants exactly what the one rendered from Web/appsettings.json does"))
        #expect(check.reason.contains("differs in form only: its statements arrive through 1 included file(s)"))
        #expect(report.failureCategory == nil, "\(report.text)")
    }

    @Test func anIncludedGrantTheRepositoryDoesNotMakeFailsInThoseWords() throws {
        let web = try web
        let evil = "11:22:33:44:55:66:77:88:99:00:11:22:33:44:55:66:77:88:99:00:11:22:33:44:55:66:77:88:99:00:11:22"
        web.serve(
            "includedevil", ".well-known/assetlinks.json",
            "[\(EffectHost.statement(package, [fingerprint])), {\"include\": \"\(web.origin("more"))/evil.json\"}]")
        web.serve("more", "evil.json", "[\(EffectHost.statement("com.evil.other", [evil]))]")
        let report = try verify("includedevil", assetLinks: rendered)
        let check = try #require(report.named("assetlinks.rendered").first, "\(report.text)")
        #expect(check.verdict == .fail)
        #expect(
            check.reason.contains("live grants com.evil.other/\(evil) that the repository does not"), "\(check.reason)")
        // The app's own grant holds; the failure is the extra grant alone.
        #expect(report.verdicts("assetlinks.grant") == [.pass])
    }

    @Test func aMissingIncludeIsNotComparedAndSaysWhy() throws {
        let web = try web
        web.serve("includegone", ".well-known/assetlinks.json", "[{\"include\": \"\(web.origin("parts"))/gone.json\"}]")
        let report = try verify("includegone", assetLinks: rendered)
        #expect(report.verdicts("assetlinks.include.status") == [.fail], "\(report.text)")
        let check = try #require(report.named("assetlinks.rendered").first)
        #expect(check.verdict == .skip)
        #expect(check.reason.contains("an included file could not be read"))
    }

    @Test func includesAreBoundedInCountAsInDepth() throws {
        let web = try web
        let parts = (0..<25).map { "{\"include\": \"\(web.origin("parts"))/many\($0).json\"}" }
        web.serve("manyincludes", ".well-known/assetlinks.json", "[\(parts.joined(separator: ", "))]")
        for i in 0..<25 { web.serve("parts", "many\(i).json", rendered) }
        let report = try verify("manyincludes", assetLinks: rendered)
        let bound = report.named("assetlinks.include").filter { $0.verdict == .fail }
        #expect(bound.count == 1, "\(report.text)")
        #expect(
            bound.first?.reason.hasPrefix(
                "more than \(Verifier.maxIncludedFiles) files included; \(web.origin("parts"))/many20.json") == true,
            "\(report.text)")
        #expect(report.named("assetlinks.include.status").count == Verifier.maxIncludedFiles, "\(report.text)")
        #expect(report.verdicts("assetlinks.rendered") == [.skip])
    }

    static let components = """
        {"applinks": {"details": [{"appIDs": ["\(TestNginx.appID)"], "components": [
          {"/": "/sessions/private*", "exclude": true}, {"/": "/sessions/*"}, {"/": "/speakers/?"}]}]}}
        """

    @Test func theLegacyPathsFormThatOpensTheSameURLsIsTheSameInEffect() throws {
        let web = try web
        web.serve(
            "legacyform", ".well-known/apple-app-site-association",
            """
            {"applinks": {"apps": [], "details": [{"appID": "\(appID)", "paths": ["NOT /sessions/private*", "/sessions/*", "/speakers/?"]}]}}
            """)
        let report = try verify("legacyform", aasa: Self.components, paths: ["/sessions/1"])
        let check = try #require(report.named("aasa.rendered").first, "\(report.text)")
        #expect(check.verdict == .pass, "\(report.text)")
        #expect(check.reason.contains("opens the same URLs in the same apps"))
        #expect(check.reason.contains("live and rendered are written in different forms"))
        #expect(report.failureCategory == nil, "\(report.text)")
    }

    @Test func aLegacyDocumentThatOpensMoreOrLessFailsNamingTheURLs() throws {
        let web = try web
        // No NOT line: /sessions/private... opens; /admin/* opens too; /speakers/? is gone.
        web.serve(
            "legacywider", ".well-known/apple-app-site-association",
            """
            {"applinks": {"apps": [], "details": [{"appID": "\(appID)", "paths": ["/sessions/*", "/admin/*"]}]}}
            """)
        let report = try verify("legacywider", aasa: Self.components)
        let check = try #require(report.named("aasa.rendered").first, "\(report.text)")
        #expect(check.verdict == .fail)
        #expect(
            check.reason.contains("live opens /admin/ (from /admin/*), /sessions/private (from /sessions/private*)"),
            "\(check.reason)")
        #expect(check.reason.contains("in \(appID) that the repository does not"))
        #expect(
            check.reason.contains("the repository opens /speakers/r (from /speakers/?) in \(appID) that live does not"))
    }

    @Test func caseQueryAndFragmentKeysAreHonoured() throws {
        func differences(_ live: String, _ rendered: String) throws -> [String] {
            let a = try json(live), b = try json(rendered)
            return AppleLinkEffect.differences(
                live: AppSiteAssociation(json: a), liveJSON: a, rendered: AppSiteAssociation(json: b), renderedJSON: b,
                links: [])
        }
        func doc(_ component: String) -> String {
            #"{"applinks": {"details": [{"appIDs": ["\#(TestNginx.appID)"], "components": [\#(component)]}]}}"#
        }
        #expect(try differences(doc(#"{"/": "/a/*"}"#), doc(#"{"/": "/a/*"}"#)).isEmpty)
        let caseless = try differences(doc(#"{"/": "/a/*", "caseSensitive": false}"#), doc(#"{"/": "/a/*"}"#))
        #expect(caseless.first?.hasPrefix("live opens /A/") == true, "\(caseless)")
        let query = try differences(doc(#"{"/": "/a/*", "?": {"tab": "?*"}}"#), doc(#"{"/": "/a/*"}"#))
        #expect(query.first?.hasPrefix("the repository opens /a/") == true, "\(query)")
        let fragment = try differences(doc(##"{"/": "/a/*", "#": "top"}"##), doc(#"{"/": "/a/*"}"#))
        #expect(!fragment.isEmpty)
        // `defaults`, document-wide or per detail, are what a component starts from.
        func withDefaults(_ top: String, _ detail: String, _ component: String) -> String {
            #"{"applinks": {"defaults": \#(top), "details": [{"appIDs": ["\#(TestNginx.appID)"], "defaults": \#(detail), "components": [\#(component)]}]}}"#
        }
        let caselessEverywhere = withDefaults(#"{"caseSensitive": false}"#, "{}", #"{"/": "/a/*"}"#)
        #expect(try differences(caselessEverywhere, doc(#"{"/": "/a/*", "caseSensitive": false}"#)).isEmpty)
        #expect(try differences(caselessEverywhere, doc(#"{"/": "/a/*"}"#)).first?.hasPrefix("live opens /A/") == true)
        // The detail's defaults override the document's, and the component's own key both.
        let detailCased = withDefaults(#"{"caseSensitive": false}"#, #"{"caseSensitive": true}"#, #"{"/": "/a/*"}"#)
        #expect(try differences(detailCased, doc(#"{"/": "/a/*"}"#)).isEmpty)
        let componentCaseless = withDefaults(
            #"{"caseSensitive": true}"#, #"{"caseSensitive": true}"#, #"{"/": "/a/*", "caseSensitive": false}"#)
        #expect(try differences(componentCaseless, doc(#"{"/": "/a/*", "caseSensitive": false}"#)).isEmpty)
        // A component without "/" matches every path: the same as "/*".
        #expect(try differences(doc(#"{"?": "x=1"}"#), doc(#"{"/": "*", "?": "x=1"}"#)).isEmpty)
    }

    @Test func aStaticFileWhoseGrantArrivesThroughAnIncludeIsNotAProblem() throws {
        // The repository serves a static assetlinks.json that includes another site's file: that
        // it grants nothing itself is form. Live, the include is fetched and the grant found.
        let web = try web
        let include = "[{\"include\": \"\(web.origin("parts"))/static-grants.json\"}]\n"
        web.serve("staticinclude", ".well-known/assetlinks.json", include)
        web.serve("parts", "static-grants.json", rendered)
        let repo = GitFixture("verify-effect-static-include")
        repo.write("site/public/.well-known/assetlinks.json", include)
        repo.write("site/package.json", "{ \"name\": \"site\" }\n")
        repo.commit("site")
        let result = relops(
            [
                "verify", "--host", web.host("staticinclude"), "--platforms", "android", "--package", package,
                "--fingerprint", fingerprint, "--cacert", web.ca.certificatePath, "--offline",
            ] + web.resolveFlags("staticinclude"), in: repo.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("FAIL  rendered"), "\(result.stdout)")
        #expect(result.stdout.contains("pass  assetlinks.grant"))
        #expect(result.stdout.contains("pass  assetlinks.rendered"))
    }

    @Test func theBinaryComparesARepositorysRenderedDocumentsByEffect() throws {
        let web = try web
        web.serve(
            "repoinclude", ".well-known/assetlinks.json", "[{\"include\": \"\(web.origin("parts"))/grants.json\"}]")
        web.serve("parts", "grants.json", rendered)
        let repo = GitFixture("verify-effect-repo")
        repo.write(
            ".relops.yml",
            """
            app:
              web_host: \(web.host("repoinclude"))
              android:
                fingerprints: Web/appsettings.json#AppAssociation:AndroidCertFingerprints
            """)
        repo.write(
            "Web/appsettings.json",
            """
            {"AppAssociation": {"AndroidPackageName": "\(package)", "AndroidCertFingerprints": ["\(fingerprint)"]}}
            """)
        repo.commit("app")
        let result = relops(
            ["verify", "--platforms", "android", "--cacert", web.ca.certificatePath, "--offline"]
                + web.resolveFlags("repoinclude"), in: repo.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("pass  assetlinks.rendered"), "\(result.stdout)")
        #expect(result.stdout.contains("differs in form only: its statements arrive through 1 included file(s)"))
    }
}
