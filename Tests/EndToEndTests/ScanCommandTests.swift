import Foundation
import TestSupport
import Testing

@Suite struct ScanCommandTests {
    func sampleRepository() -> GitFixture {
        let repo = GitFixture("e2e-scan")
        repo.write(".relops.yml", "app:\n  web_host: app.example.com\n")
        repo.write("App/App.csproj", "<Project><PropertyGroup><UseMaui>true</UseMaui></PropertyGroup></Project>\n")
        repo.write("App/Platforms/iOS/Entitlements.plist", "<string>applinks:app.example.com</string>\n")
        repo.write("Docs/cutover.md", "See https://app.example.com and staging.app.example.com.\n")
        repo.commit("sample")
        return repo
    }

    @Test func textOutputGroupsByClassAndUsesTheConfiguredHost() {
        let repo = sampleRepository()
        let result = relops(["scan"], in: repo.root)
        #expect(result.status == 0)
        #expect(result.stdout.contains("== binary-literal: 1"))
        #expect(
            result.stdout.contains(
                "App/Platforms/iOS/Entitlements.plist:1:18: <string>applinks:app.example.com</string>"))
        #expect(result.stdout.contains("staging.app.example.com (contains app.example.com)"))
        #expect(!result.stdout.contains("\u{1B}["))  // no colour when not a terminal
    }

    // Issue 29 (and 33, answer first): the total opens the output, and the occurrences are grouped
    // by (class, rule) with the rule once, replacing the per-file headers and per-file rule lines.
    @Test func textOutputOpensWithTheTotalAndProductsAndGivesEachRuleOnceUnlessVerbose() {
        let repo = sampleRepository()
        repo.write(
            "App/Links.cs",
            "const string A = \"https://app.example.com/a\";\nconst string B = \"https://app.example.com/b\";\n")
        repo.commit("two in one file")
        let result = relops(["scan"], in: repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("5 occurrences of app.example.com in ") == true)
        #expect(lines.last == lines.first)
        #expect(
            result.stdout.contains(
                "== products (read from the build files):\n  Android and iOS app `App` (App/App.csproj): binary-literal 3\n  in no product: docs 1, other 1\n"
            ))
        #expect(result.stdout.contains("== occurrences by class and rule: 5 in 4 files"))
        let rule =
            "binary-literal: source of mobile project App/App.csproj: compiled into the binary  [in Android and iOS app `App`]"
        #expect(result.stdout.components(separatedBy: rule).count == 2)
        #expect(
            result.stdout.contains(
                "  App/Links.cs:1:27: const string A = \"https://app.example.com/a\";  (+1 more in this file)"))
        let summaryEnd = result.stdout.range(of: "== occurrences by class and rule")!.lowerBound
        #expect(result.stdout.range(of: "== binary-literal: 3")!.lowerBound < summaryEnd)
        let verbose = relops(["scan", "--verbose"], in: repo.root)
        #expect(
            verbose.stdout.contains(
                "binary-literal: source of mobile project App/App.csproj: compiled into the binary  (mobile.source)"))
        #expect(verbose.stdout.contains("  App/Links.cs:2:27: const string B"))
    }

    @Test func aRuleWithManyFilesListsTheFirstTenAndCountsTheRest() {
        let repo = GitFixture("many-files-one-rule")
        for k in 0..<14 { repo.write("data/links-\(k).csv", "home,https://app.example.com/\(k)\n") }
        repo.commit("fourteen files no rule places")
        let result = relops(["scan", "--host", "app.example.com"], in: repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "other: no rule matched").count == 2)
        #expect(result.stdout.components(separatedBy: "  data/links-").count == 11)
        #expect(result.stdout.contains("  ... and 4 more files (4 occurrences; --verbose lists all)"))
        let verbose = relops(["scan", "--host", "app.example.com", "--verbose"], in: repo.root)
        #expect(verbose.stdout.components(separatedBy: "  data/links-").count == 15)
        #expect(verbose.stdout.contains("other: no rule matched  (fallback.no-rule)"))
    }

    @Test func jsonOutputHasTheDocumentedShape() throws {
        let repo = sampleRepository()
        let result = relops(["scan", "--repo", repo.root, "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["hosts"] as? [String] == ["app.example.com"])
        let occurrences = try #require(object["occurrences"] as? [[String: Any]])
        let first = try #require(occurrences.first { $0["path"] as? String == "App/Platforms/iOS/Entitlements.plist" })
        #expect(first["line"] as? Int == 1 && first["column"] as? Int == 18)
        #expect(first["class"] as? String == "binary-literal" && first["encoding"] as? String == "plain")
        #expect((first["rule"] as? String)?.isEmpty == false)
        #expect((object["related"] as? [[String: Any]])?.first?["found"] as? String == "staging.app.example.com")
        #expect((object["counts"] as? [String: Int])?["docs"] == 1)
        #expect(first["products"] as? [String] == ["App"])
        let products = try #require(object["products"] as? [[String: Any]])
        #expect(products.first?["name"] as? String == "App" && products.first?["kind"] as? String == "app")
        #expect(products.first?["occurrences"] as? Int == 1)
        #expect(object["binary_files"] is [Any])
    }

    @Test func sarifOutputIsVersion210WithOneResultPerOccurrence() throws {
        let repo = sampleRepository()
        let result = relops(["scan", "--repo", repo.root, "--format", "sarif"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.count == 3)
    }

    @Test func expectMismatchExitsOneAndNamesTheDifference() {
        let repo = sampleRepository()
        let ok = relops(["scan", "--repo", repo.root, "--expect", "binary=1,docs=1"])
        #expect(ok.status == 0)
        let bad = relops(["scan", "--repo", repo.root, "--expect", "binary=2"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("expected 2 binary occurrences, found 1"))
    }

    @Test func badInputGetsExitTwoOrThreeWithAMessageNamingIt() {
        let repo = sampleRepository()
        let outside = TemporaryFolder("not-a-repo")
        let notRepo = relops(["scan", "--repo", outside.path, "--host", "a.example.com"])
        #expect(notRepo.status == 3)
        #expect(notRepo.stderr.contains(outside.path) && notRepo.stderr.contains("not a git repository"))

        let missing = relops(["scan", "--repo", outside.path + "/nope", "--host", "a.example.com"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nope: no such folder"))

        let url = relops(["scan", "--repo", repo.root, "--host", "https://app.example.com/x"])
        #expect(url.status == 2)
        #expect(url.stderr.contains("bare host name"))

        let typo = relops(["scan", "--hots", "x"], in: repo.root)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean '--host'"))

        let format = relops(["scan", "--format", "xml"], in: repo.root)
        #expect(format.status == 2)
    }

    @Test func malformedConfigIsExitTwoWithLineAndColumn() {
        let repo = sampleRepository()
        repo.write(".relops.yml", "app:\n  web_host: [unclosed\n")
        let result = relops(["scan"], in: repo.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".relops.yml:3:1:") || result.stderr.contains(".relops.yml:2:"))
        #expect(result.stderr.contains("malformed YAML"))
    }

    @Test func anUnreadableFileIsReportedAndExitsThreeAfterTheScan() throws {
        let repo = sampleRepository()
        try FileManager.default.removeItem(atPath: repo.root + "/Docs/cutover.md")
        try FileManager.default.createDirectory(
            atPath: repo.root + "/Docs/cutover.md", withIntermediateDirectories: false)
        let result = relops(["scan"], in: repo.root)
        #expect(result.status == 3)
        #expect(result.stderr.contains("Docs/cutover.md: cannot read"))
        #expect(result.stdout.contains("Entitlements.plist"))  // the rest was still scanned
    }

    @Test func textOutputNamesCommentFormsAndRedirectURIs() {
        let repo = sampleRepository()
        repo.write("App/Links.cs", "/// Opens https://app.example.com/x\n")
        repo.write("Identity/appsettings.json", "{ \"Google\": \"https://app.example.com/signin-google\" }\n")
        repo.commit("comments and redirects")
        let result = relops(["scan"], in: repo.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("== comment: 1 (inside a comment; ships nothing, rewritten like documentation)"))
        #expect(result.stdout.contains("comment: inside a `///` doc comment (C#)"))
        #expect(result.stdout.contains("== identity provider redirect URIs: 1"))
        #expect(result.stdout.contains("Identity/appsettings.json:1: https://app.example.com/signin-google"))
        let bad = relops(["scan", "--expect", "coment=1"], in: repo.root)
        #expect(bad.status == 2 && bad.stderr.contains("did you mean 'comment'?"))
    }

    @Test func helpAndVersion() {
        let help = relops(["scan", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: relops scan"))
        #expect(help.stdout.contains("--include-untracked"))
        let version = relops(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("relops "))
        let bare = relops([])
        #expect(bare.status == 2 && bare.stderr.contains("SUBCOMMANDS"))
    }
}

/// Issue 40, case 5: names that spell the host are listed apart, with the reason, and not counted.
@Suite struct NotTheHostCommandTests {
    @Test func textAndJSONListNamesThatSpellTheHostApart() throws {
        let repo = makeHostSpellingRepository()
        let text = relops(["scan", "--host", "example.app"], in: repo.root)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("3 occurrences of example.app in "), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "== not the host: 18 (names of code or bundles that spell it; never occurrences, never rewritten)"))
        #expect(
            text.stdout.contains(
                "ios/Example.xcodeproj/xcshareddata/xcschemes/Example.xcscheme:3:21: example.app (a bundle or product file name, not example.app)"
            ))
        #expect(
            text.stdout.contains(
                "android/app/src/main/kotlin/example/app/MainActivity.kt:1:9: example.app (a package, import or namespace declaration, not example.app)"
            ))
        let json = relops(["scan", "--host", "example.app", "--format", "json"], in: repo.root)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let listed = try #require(object["not_host"] as? [[String: Any]])
        #expect(listed.count == 18)
        #expect(
            listed.contains { $0["reason"] as? String == "identifier" && $0["found"] as? String == "com.example.app" })
        let cutover = relops(["cutover", "--from", "example.app", "--to", "example.net"], in: repo.root)
        #expect(cutover.status == 0, "\(cutover.stderr)")
        #expect(cutover.stdout.contains("== not the host, left alone: 18 in 7 files"), "\(cutover.stdout)")
    }
}

/// Issue 40, case 1: a React Native project with an App Store and a development target names both
/// in the text summary and in each JSON occurrence.
@Suite struct TwoAppTargetCommandTests {
    @Test func textAndJSONNameBothAppTargets() throws {
        let repo = GitFixture("e2e-two-app-targets")
        repo.write(
            "package.json",
            "{ \"name\": \"shop\", \"main\": \"index.js\", \"dependencies\": { \"react-native\": \"0.74.1\" } }\n")
        repo.write("index.js", "export const api = 'https://host.com/v1';\n")
        repo.write("ios/Shop.xcodeproj/project.pbxproj", twoAppTargetsPBXProj)
        repo.write("ios/Shop/Shop.entitlements", "<string>applinks:host.com</string>\n")
        repo.commit("two app targets")
        let text = relops(["scan", "--host", "host.com"], in: repo.root)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  iOS app `Shop` (ios/Shop.xcodeproj): binary-literal 2\n"), "\(text.stdout)")
        #expect(text.stdout.contains("  iOS app `ShopDev` (ios/Shop.xcodeproj): binary-literal 2\n"), "\(text.stdout)")
        let json = relops(["scan", "--host", "host.com", "--format", "json"], in: repo.root)
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let occurrences = try #require(document["occurrences"] as? [[String: Any]])
        #expect(occurrences.count == 2)
        for occurrence in occurrences {
            #expect((occurrence["products"] as? [String])?.sorted() == ["Shop", "ShopDev"], "\(occurrence)")
        }
    }
}
