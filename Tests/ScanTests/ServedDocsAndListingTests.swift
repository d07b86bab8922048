import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// Issue 40, case 7: served, not docs; docs, not shipped; snapshots are tests; F-Droid metadata
/// is a store listing wherever it sits.
@Suite struct ServedDocsAndListingTests {
    /// A Flutter app whose `docs/` is a GitHub Pages (Jekyll) site: the privacy policy the store
    /// listing links to, served, not documentation.
    @Test func aJekyllDocsFolderIsAServedSite() throws {
        let repo = makeFlutterApp()
        repo.write("docs/_config.yml", "title: Shop\ntheme: jekyll-theme-minimal\n")
        repo.write("docs/privacy.md", "---\nlayout: page\n---\nContact us at https://app.example.com/support\n")
        repo.write("docs/index.html", "<a href=\"https://app.example.com\">Shop</a>\n")
        repo.write("doc/architecture.md", "The API lives at https://app.example.com/api\n")
        repo.commit("GitHub Pages in docs/")
        let result = try scanRepository(repo.root)
        for path in ["docs/privacy.md", "docs/index.html"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass == .server && o.ruleID == "site.jekyll", "\(path): \(o.ruleID) \(o.rule)")
            #expect(o.products.map(\.label) == ["the site in `docs/`"], "\(path)")
        }
        #expect(result.occurrence("docs/privacy.md")?.rule.contains("docs/_config.yml") == true)
        // A documentation folder without a site configuration is still documentation.
        #expect(result.classOf("doc/architecture.md") == .docs)
    }

    @Test func aDartDefineQuotedInAGuideIsDocumentation() throws {
        let repo = makeFlutterApp()
        repo.write("BUILDING.md", "Release builds:\n\n    flutter build apk --dart-define=HOST=app.example.com\n")
        repo.write("tool/release.sh", "#!/bin/sh\nflutter build apk --dart-define=HOST=app.example.com\n")
        repo.commit("a guide and a script")
        let result = try scanRepository(repo.root)
        let guide = try #require(result.occurrence("BUILDING.md"))
        #expect(guide.occurrenceClass == .docs && guide.ruleID == "docs.document", "\(guide.ruleID) \(guide.rule)")
        let script = try #require(result.occurrence("tool/release.sh"))
        #expect(script.occurrenceClass == .binaryConfig && script.ruleID == "flutter.dart-define", "\(script.rule)")
    }

    @Test func jestSnapshotsAreTests() throws {
        let repo = GitFixture("jest-snapshots")
        repo.write(
            "package.json", #"{"name": "web", "dependencies": {"react": "18.0.0"}, "devDependencies": {"jest": "29"}}"#)
        repo.write("src/components/Footer.tsx", "export const Footer = () => <a href=\"https://app.example.com\" />;\n")
        repo.write(
            "src/components/__snapshots__/Footer.tsx.snap",
            "exports[`Footer renders 1`] = `<a href=\"https://app.example.com\" />`;\n")
        repo.write(
            "src/__snapshots__/links.js.snap", "exports[`links 1`] = `\"https://app.example.com/privacy\"`;\n")
        repo.commit("snapshots")
        let result = try scanRepository(repo.root)
        for path in ["src/components/__snapshots__/Footer.tsx.snap", "src/__snapshots__/links.js.snap"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass == .test && o.ruleID == "jest.snapshot", "\(path): \(o.ruleID) \(o.rule)")
        }
        #expect(result.classOf("src/components/Footer.tsx") != .test)
    }

    @Test func fDroidMetadataIsAStoreListingWhereverItSits() throws {
        let repo = makeFlutterApp()
        let listings = [
            "build-server/fdroid/repo/metadata/com.example.shop.yml",
            "distribution/metadata/en-US/full_description.txt",
            "distribution/metadata/com.example.shop/en-US/changelogs/42.txt",
        ]
        for path in listings { repo.write(path, "WebSite: https://app.example.com\n") }
        repo.write("server/src/metadata/links.json", "{\"host\": \"app.example.com\"}\n")
        repo.commit("F-Droid metadata")
        let result = try scanRepository(repo.root)
        for path in listings {
            let o = try #require(result.occurrence(path))
            #expect(
                o.occurrenceClass == .storeListing && o.ruleID == "store.fdroid-metadata",
                "\(path): \(o.ruleID) \(o.rule)")
        }
        #expect(result.classOf("server/src/metadata/links.json") != .storeListing)
    }
}
