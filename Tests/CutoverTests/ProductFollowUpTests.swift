import Cutover
import RelopsCore
import Scan
import TestSupport
import Testing

/// The checklist names each product to rebuild or redeploy, association steps follow the
/// repository's claims, and what no product carries is said so.
@Suite struct ProductFollowUpTests {
    func planOf(_ repo: GitFixture) throws -> CutoverPlan {
        try planCutover(try Project(path: repo.root), from: "host.com", to: "example.org")
    }

    func step(_ plan: CutoverPlan, _ prefix: String) -> FollowUp? {
        plan.followUps.first { $0.title.hasPrefix(prefix) }
    }

    @Test func eachProductIsNamedWithItsOccurrencesAndBothClaimsGetTheirFiles() throws {
        let repo = GitFixture("products-follow-up")
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\ndependencies { implementation(project(\":shared\")) }\n")
        repo.write(
            "androidApp/src/main/AndroidManifest.xml",
            "<intent-filter android:autoVerify=\"true\"><data android:host=\"host.com\" /></intent-filter>\n")
        repo.write(
            "androidApp/src/main/java/Links.kt", "val a = \"https://host.com/a\"\nval b = \"https://host.com/b\"\n")
        repo.write("shared/build.gradle.kts", "plugins { kotlin(\"multiplatform\") }\nkotlin { iosArm64() }\n")
        repo.write("shared/src/commonMain/kotlin/Api.kt", "val HOST = \"host.com\"\n")
        repo.write(
            "iosApp/iosApp.xcodeproj/project.pbxproj",
            """
            { objects = {
              A1 = { isa = PBXNativeTarget; name = iosApp; productType = "com.apple.product-type.application"; };
              B1 = { isa = PBXShellScriptBuildPhase; shellScript = "./gradlew :shared:embedAndSignAppleFrameworkForXcode"; };
            }; }
            """)
        repo.write("iosApp/iosApp/iosApp.entitlements", "<array><string>applinks:host.com</string></array>\n")
        repo.write(
            "backend/service-graphql/build.gradle.kts",
            "plugins { id(\"io.ktor.plugin\") version \"2.3.0\" }\ndependencies { implementation(project(\":shared\")) }\n"
        )
        repo.write("backend/service-graphql/src/main/kotlin/Cors.kt", "val origin = \"https://host.com\"\n")
        repo.write("landing-page/.well-known/assetlinks.json", "[]\n")
        repo.write("landing-page/index.html", "<a href=\"https://host.com/app\">app</a>\n")
        repo.write("notes/hosts.lst", "host.com\n")
        repo.write(".github/ISSUE_TEMPLATE/config.yml", "contact_links:\n  - url: https://host.com/help\n")
        repo.commit("products")
        let plan = try planOf(repo)

        let rebuild = try #require(step(plan, "Rebuild and resubmit"))
        #expect(rebuild.title == "Rebuild and resubmit: Android app `androidApp` (4 occurrences), iOS app `iosApp` (2)")
        #expect(
            rebuild.detail.hasPrefix(
                "The store binary holds the host in 4 files:\n    androidApp/src/main/AndroidManifest.xml\n"))
        let redeploy = try #require(step(plan, "Redeploy"))
        #expect(
            redeploy.title
                == "Redeploy: Ktor server `backend/service-graphql` (2 occurrences), the site in `landing-page/` (1)")
        let association = try #require(step(plan, "Serve the association files"))
        #expect(
            association.detail.contains(
                "https://example.org/.well-known/assetlinks.json and https://example.org/.well-known/apple-app-site-association"
            ))
        #expect(
            association.detail.contains("androidApp/src/main/AndroidManifest.xml, iosApp/iosApp/iosApp.entitlements"))
        #expect(step(plan, "Keep host.com serving")?.detail.contains("both files") == true)
        // No build file places notes/hosts.lst: `unknown`, its own item (issue 29), not "no product carries".
        let orphan = try #require(step(plan, "Find out where the unknown files ship, and classify them"))
        #expect(orphan.detail.contains("No build file relops read places notes/hosts.lst"))
        #expect(step(plan, "Find out where these files ship") == nil)
        #expect(plan.platformsToRebuild == [.android, .iOS])
        // Only repository metadata changed (no documentation): the step is named for it.
        #expect(step(plan, "Repository metadata changed")?.detail.contains(".github/ISSUE_TEMPLATE/config.yml") == true)
        #expect(step(plan, "Redeploy the services whose configuration changed") == nil)
    }

    @Test func anAndroidOnlyAppGetsOnlyItsAssociationFileAndAnAppWithoutClaimsNone() throws {
        let repo = GitFixture("android-only")
        repo.write("app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.write("app/src/main/AndroidManifest.xml", "<data android:scheme=\"https\" android:host=\"host.com\" />\n")
        repo.commit("android")
        let plan = try planOf(repo)
        let association = try #require(step(plan, "Serve the association files"))
        #expect(association.detail.contains("assetlinks.json"))
        #expect(!association.detail.contains("apple-app-site-association"))
        #expect(step(plan, "Keep host.com serving")?.detail.contains("the file on host.com") == true)
        #expect(step(plan, "Rebuild and resubmit")?.title == "Rebuild and resubmit: Android app `app` (1 occurrence)")

        let placeholders = GitFixture("placeholder-claim")
        placeholders.write(
            "app/build.gradle",
            "apply plugin: 'com.android.application'\nandroid { defaultConfig { manifestPlaceholders = [linkHost: 'host.com'] } }\n"
        )
        placeholders.write(
            "app/src/main/AndroidManifest.xml", "<data android:scheme=\"https\" android:host=\"${linkHost}\" />\n")
        placeholders.commit("placeholder")
        let viaPlaceholder = try planOf(placeholders)
        #expect(viaPlaceholder.edits.map(\.claim) == [.android])
        #expect(step(viaPlaceholder, "Serve the association files")?.detail.contains("app/build.gradle") == true)

        let xcconfig = GitFixture("xcconfig-claim")
        xcconfig.write(
            "ios/App.xcodeproj/project.pbxproj",
            "{ T = { isa = PBXNativeTarget; name = App; productType = \"com.apple.product-type.application\"; }; }\n")
        xcconfig.write("ios/App/App.entitlements", "<array><string>applinks:$(LINK_HOST)</string></array>\n")
        xcconfig.write("ios/Config.xcconfig", "LINK_HOST = host.com\n")
        xcconfig.commit("xcconfig claim")
        let viaXcconfig = try planOf(xcconfig)
        #expect(viaXcconfig.edits.map(\.claim) == [.iOS])
        let detail = step(viaXcconfig, "Serve the association files")?.detail ?? ""
        #expect(detail.contains("apple-app-site-association") && !detail.contains("assetlinks"))

        let plain = GitFixture("no-claims")
        plain.write("app/build.gradle", "apply plugin: 'com.android.application'\n")
        plain.write("app/src/main/java/Api.java", "String API = \"https://host.com/api\";\n")
        plain.commit("no claims")
        let noClaims = try planOf(plain)
        #expect(step(noClaims, "Serve the association files") == nil)
        #expect(step(noClaims, "Keep host.com serving") == nil)
        #expect(step(noClaims, "Rebuild and resubmit") != nil)
    }

    @Test func manyFilesAreListedOnePerLineTheFirstTenAndACount() throws {
        let repo = GitFixture("many")
        repo.write("app/build.gradle", "apply plugin: 'com.android.application'\n")
        for n in 0..<12 { repo.write("app/src/main/java/L\(n < 10 ? "0" : "")\(n).java", "String H = \"host.com\";\n") }
        repo.commit("many")
        let rebuild = try #require(step(try planOf(repo), "Rebuild and resubmit"))
        #expect(rebuild.title == "Rebuild and resubmit: Android app `app` (12 occurrences)")
        #expect(rebuild.detail.contains("12 files:\n    app/src/main/java/L00.java\n"))
        #expect(rebuild.detail.contains("\n    app/src/main/java/L09.java\n    and 2 more"))
        #expect(!rebuild.detail.contains("L10.java"))
    }

    @Test func cargoAndNpmWorkspacesNameTheirAppsAndServers() throws {
        let repo = GitFixture("cargo-npm-follow-up")
        repo.write("Cargo.toml", "[workspace]\nmembers = [\"sdk\", \"server\"]\n")
        repo.write(
            "sdk/Cargo.toml", "[package]\nname = \"sdk\"\n\n[lib]\ncrate-type = [\"staticlib\", \"cdylib\"]\n")
        repo.write("sdk/src/lib.rs", "pub const HOST: &str = \"host.com\";\n")
        repo.write("server/Cargo.toml", "[package]\nname = \"server\"\n\n[dependencies]\nactix-web = \"4\"\n")
        repo.write("server/src/main.rs", "const ORIGIN: &str = \"https://host.com\";\n")
        repo.write(
            "android/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\ntasks.register<Exec>(\"rust\") { commandLine(\"cargo\", \"ndk\", \"build\", \"-p\", \"sdk\") }\n"
        )
        repo.write("package.json", "{ \"private\": true, \"workspaces\": [\"desktop\", \"api\"] }\n")
        repo.write("desktop/package.json", "{ \"name\": \"desktop\", \"devDependencies\": { \"electron\": \"30\" } }\n")
        repo.write("desktop/main.js", "win.loadURL('https://host.com');\n")
        repo.write("api/package.json", "{ \"name\": \"api\", \"dependencies\": { \"fastify\": \"4\" } }\n")
        repo.write("api/index.js", "const a = 'https://host.com';\nconst b = 'https://host.com/b';\n")
        repo.commit("workspaces")
        let plan = try planOf(repo)
        #expect(
            step(plan, "Rebuild and resubmit")?.title
                == "Rebuild and resubmit: desktop app (Electron) `desktop` (1 occurrence), Android app `android` (1)")
        #expect(
            step(plan, "Redeploy")?.title
                == "Redeploy: Node (fastify) server `api` (2 occurrences), Rust (actix-web) server `server` (1)")
        #expect(step(plan, "Serve the association files") == nil)
        #expect(step(plan, "Find out where these files ship") == nil)
    }
}
