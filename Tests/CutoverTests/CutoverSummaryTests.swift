import Cutover
import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// The summary a cutover preview opens with: what it rewrites per class, what it leaves alone and why.
@Suite struct CutoverSummaryTests {
    @Test func theSummaryCountsPerClassAndSaysWhatIsLeftAloneAndWhy() throws {
        let repo = GitFixture("summary")
        repo.write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write(
            "android/app/src/main/AndroidManifest.xml",
            "<data android:host=\"host.com\" />\n<data android:host=\"host.com\" android:path=\"/x\" />\n")
        repo.write("android/app/src/main/java/Api.kt", "const val API = \"https://api.host.com/v1\"\n")
        repo.write("README.md", "See https://host.com, mail support@host.com or ops@host.com.\n")
        repo.write("docs/guide.md", "host.com and staging.host.com\n")
        repo.write("logo.bin", bytes: Array("host.com\u{0}".utf8))
        repo.write("gone.txt", "host.com\n")
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/link-host.com", withDestinationPath: "host.com")
        repo.commit("summary")
        try FileManager.default.removeItem(atPath: repo.root + "/gone.txt")

        let plan = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
        let summary = plan.summary
        #expect(summary.files == 3 && summary.occurrences == 4)
        #expect(summary.groupings.map(\.key) == ["class", "product"])
        #expect(
            summary.groupings[0].tallies.map { "\($0.name) \($0.occurrences)/\($0.files)" } == [
                "binary-literal 2/1", "docs 2/2",
            ])
        #expect(summary.groupings[0].tallies[0].about == "ships in the store binary as a literal")
        let left = Dictionary(uniqueKeysWithValues: summary.leftAlone.map { ($0.kind, $0) })
        #expect(summary.leftAlone.map(\.kind) == [.email, .symlink, .related, .binaryFile, .skipped, .untracked])
        #expect(left[.email]?.occurrences == 2 && left[.email]?.files == 1)
        #expect(left[.email]?.reason.contains("--include-email") == true)
        #expect(left[.symlink]?.occurrences == 1 && left[.symlink]?.files == 1)
        #expect(left[.related]?.names == ["api.host.com", "staging.host.com"] && left[.related]?.files == 2)
        #expect(left[.related]?.reason.contains("pass --subdomains") == true)
        #expect(left[.binaryFile]?.files == 1 && left[.binaryFile]?.occurrences == nil)
        #expect(left[.skipped]?.files == 1 && left[.skipped]?.reason == "deleted in the working tree: not scanned")
        #expect(summary.newHostAlready == nil)

        // With --subdomains and --include-email, nothing of the family or the mailboxes is left.
        let all = try planCutover(
            try Project(path: repo.root), from: "host.com", to: "example.org",
            options: CutoverOptions(includeEmail: true, subdomains: true)
        ).summary
        #expect(all.leftAlone.map(\.kind) == [.symlink, .binaryFile, .skipped, .untracked])
        #expect(all.occurrences == 8)
    }

    @Test func theSummaryGroupsPerProductWithItsClassesAndSaysWhatIsInNoProduct() throws {
        let repo = GitFixture("summary-products")
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\ndependencies { implementation(project(\":shared\")) }\n")
        repo.write("androidApp/src/main/AndroidManifest.xml", "<data android:host=\"host.com\" />\n")
        repo.write(
            "androidApp/src/main/res/values/strings.xml",
            "<resources><string name=\"h\">host.com</string></resources>\n")
        repo.write("shared/build.gradle.kts", "plugins { kotlin(\"multiplatform\") }\n")
        repo.write("shared/src/commonMain/kotlin/Api.kt", "val HOST = \"host.com\"\nval WEB = \"https://host.com/w\"\n")
        repo.write(
            "backend/api/build.gradle.kts",
            "plugins { id(\"org.springframework.boot\") }\ndependencies { implementation(project(\":shared\")) }\n")
        repo.write("backend/api/src/main/kotlin/Cors.kt", "val origin = \"https://host.com\"\n")
        repo.write("landing-page/.well-known/assetlinks.json", "[]\n")
        repo.write("landing-page/index.html", "<a href=\"https://host.com/app\">app</a>\n")
        repo.write("docs/guide.md", "host.com\n")
        repo.commit("products")
        let summary = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org").summary
        let byProduct = try #require(summary.groupings.first { $0.key == "product" })
        // Apps, then servers, then sites; an occurrence in shared code counts for each product that carries it.
        #expect(byProduct.tallies.map(\.name) == ["androidApp", "backend/api", "landing-page", "in no product"])
        let app = byProduct.tallies[0]
        #expect(app.product?.kind == .app && app.product?.file == "androidApp/build.gradle.kts")
        #expect(app.occurrences == 4 && app.files == 3)
        #expect(app.classes == [.binaryLiteral: 3, .binaryConfig: 1])
        let server = byProduct.tallies[1]
        #expect(server.product?.description == "Spring Boot server" && server.occurrences == 3 && server.files == 2)
        #expect(byProduct.tallies[2].product?.kind == .site && byProduct.tallies[2].classes == [.server: 1])
        let none = byProduct.tallies[3]
        #expect(none.product == nil && none.occurrences == 1 && none.classes == [.docs: 1])
    }

    @Test func theNewHostAlreadyPresentIsCounted() throws {
        let repo = GitFixture("summary-new-host")
        repo.write("a.txt", "host.com example.org\nexample.org\n")
        repo.commit("both")
        let summary = try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org").summary
        #expect(summary.newHostAlready?.name == "example.org")
        #expect(summary.newHostAlready?.occurrences == 2 && summary.newHostAlready?.files == 1)
        #expect(summary.leftAlone.map(\.kind) == [.untracked])
    }
}
