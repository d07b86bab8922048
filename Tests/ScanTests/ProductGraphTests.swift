import RelopsCore
import Scan
import TestSupport
import Testing

/// Repositories in the shapes real apps of each stack have: the products read from their build
/// files, and each occurrence's products and class.
@Suite struct ProductGraphTests {
    let h = "host.com"

    func products(_ result: ScanResult, _ path: String) -> [String] {
        result.occurrence(path)?.products.map(\.name).sorted() ?? ["(no occurrence at \(path))"]
    }

    func rule(_ result: ScanResult, _ path: String) -> String { result.occurrence(path)?.rule ?? "(no occurrence)" }

    func summary(_ result: ScanResult) -> [String] {
        result.products.map { "\($0.product.label) \($0.count)" }.sorted()
    }

    @Test func classicXamarinHeadsAreAppsAndTheirLibraryShipsInBoth() throws {
        let repo = GitFixture("xamarin-classic")
        repo.write(
            "App/App.csproj",
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFramework>netstandard2.0</TargetFramework></PropertyGroup>
            </Project>
            """)
        repo.write("App/Links.cs", "public static class Links { public const string Host = \"\(h)\"; }\n")
        repo.write(
            "App/Resources/AppResources.resx",
            "<root><data name=\"Site\"><value>https://\(h)/help</value></data></root>\n")
        repo.write(
            "App.Android/App.Android.csproj",
            """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup>
                <ProjectTypeGuids>{EFBA0AD7-5A72-4C68-AF49-83D382785DCF};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                <OutputType>Library</OutputType>
                <AndroidApplication>True</AndroidApplication>
              </PropertyGroup>
              <ItemGroup><ProjectReference Include="..\\App\\App.csproj"><Name>App</Name></ProjectReference></ItemGroup>
            </Project>
            """)
        repo.write(
            "App.Android/MainActivity.cs",
            "[IntentFilter(new[] { Intent.ActionView }, DataScheme = \"https\", DataHost = \"\(h)\")]\n")
        repo.write(
            "App.iOS/App.iOS.csproj",
            """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup>
                <ProjectTypeGuids>{FEACFBD2-3405-455C-9665-78FE426C6842};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                <OutputType>Exe</OutputType>
              </PropertyGroup>
              <ItemGroup><ProjectReference Include="..\\App\\App.csproj" /></ItemGroup>
            </Project>
            """)
        repo.write(
            "App.iOS/Entitlements.Debug.plist",
            "<plist><dict><key>com.apple.developer.associated-domains</key><array><string>applinks:\(h)</string></array></dict></plist>\n"
        )
        repo.write("package.json", "{ \"name\": \"tooling\", \"devDependencies\": { \"prettier\": \"3\" } }\n")
        repo.write(".github/ISSUE_TEMPLATE/config.yml", "contact_links:\n  - url: https://\(h)/support\n")
        repo.write("metadata/en-US/full_description.txt", "See https://\(h)\n")
        repo.commit("classic Xamarin")
        let result = try scanRepository(repo.root, hosts: [h])

        #expect(result.classOf("App.Android/MainActivity.cs") == .binaryLiteral)
        #expect(products(result, "App.Android/MainActivity.cs") == ["App.Android"])
        #expect(result.classOf("App.iOS/Entitlements.Debug.plist") == .binaryLiteral)
        #expect(products(result, "App.iOS/Entitlements.Debug.plist") == ["App.iOS"])
        #expect(result.classOf("App/Links.cs") == .binaryLiteral)
        #expect(products(result, "App/Links.cs") == ["App.Android", "App.iOS"])
        #expect(rule(result, "App/Links.cs").contains("App/App.csproj <- App.Android/App.Android.csproj"))
        #expect(result.classOf("App/Resources/AppResources.resx") == .binaryConfig)
        #expect(result.classOf(".github/ISSUE_TEMPLATE/config.yml") == .repoMeta)
        #expect(result.classOf("metadata/en-US/full_description.txt") == .storeListing)
        #expect(summary(result) == ["Android app `App.Android` 3", "iOS app `App.iOS` 3"])
        #expect(!result.occurrences.contains { $0.occurrenceClass == .server })
    }

    @Test func sdkStyleMAUIAppWithAnASPNETServerAndTests() throws {
        let repo = GitFixture("maui")
        repo.write(
            "src/App/App.csproj",
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks><UseMaui>true</UseMaui></PropertyGroup>
            </Project>
            """)
        repo.write("src/App/Links.cs", "const string Host = \"\(h)\";\n")
        repo.write(
            "src/Api/Api.csproj",
            "<Project Sdk=\"Microsoft.NET.Sdk.Web\"><ItemGroup><ProjectReference Include=\"../Api.Core/Api.Core.csproj\" /></ItemGroup></Project>\n"
        )
        repo.write("src/Api/Program.cs", "var origin = \"https://\(h)\";\n")
        repo.write(
            "src/Api.Core/Api.Core.csproj",
            "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>\n"
        )
        repo.write("src/Api.Core/Cors.cs", "const string Origin = \"https://\(h)\";\n")
        repo.write("src/Unused/Unused.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n")
        repo.write("src/Unused/Old.cs", "const string Origin = \"https://\(h)\";\n")
        repo.write(
            "tests/App.Tests/App.Tests.csproj",
            "<Project Sdk=\"Microsoft.NET.Sdk\"><ItemGroup><PackageReference Include=\"Microsoft.NET.Test.Sdk\" /></ItemGroup></Project>\n"
        )
        repo.write("tests/App.Tests/LinkTests.cs", "Assert.Equal(\"\(h)\", Links.Host);\n")
        repo.commit("maui")
        let result = try scanRepository(repo.root, hosts: [h])
        #expect(products(result, "src/App/Links.cs") == ["App"])
        #expect(result.occurrence("src/App/Links.cs")?.products.first?.label == "Android and iOS app `App`")
        #expect(result.classOf("src/Api/Program.cs") == .server)
        #expect(products(result, "src/Api/Program.cs") == ["src/Api"])
        #expect(result.classOf("src/Api.Core/Cors.cs") == .server)
        #expect(products(result, "src/Api.Core/Cors.cs") == ["src/Api"])
        #expect(rule(result, "src/Api.Core/Cors.cs").contains("src/Api.Core/Api.Core.csproj <- src/Api/Api.csproj"))
        #expect(result.classOf("src/Unused/Old.cs") == .other)
        #expect(rule(result, "src/Unused/Old.cs").contains("in class library src/Unused/Unused.csproj, which no app"))
        #expect(result.classOf("tests/App.Tests/LinkTests.cs") == .test)
        #expect(products(result, "tests/App.Tests/LinkTests.cs") == [])
    }

    /// Kotlin Multiplatform: phone, Wear and iOS apps and a Spring Boot backend share a module;
    /// build logic, Gradle tasks, `tools:` attributes, Play listings and Xcode test targets ship nothing.
    @Test func kotlinMultiplatformWithWearIOSAndAJVMBackend() throws {
        let repo = GitFixture("kmp-products")
        repo.write("settings.gradle.kts", "include(\":shared\", \":androidApp\", \":wearApp\", \":backend\")\n")
        repo.write(
            "shared/build.gradle.kts",
            """
            plugins { kotlin("multiplatform"); id("com.android.library") }
            kotlin { androidTarget(); iosArm64(); iosSimulatorArm64(); jvm() }
            """)
        repo.write("shared/src/commonMain/kotlin/Api.kt", "const val HOST = \"\(h)\"\n")
        repo.write("shared/src/jvmMain/kotlin/Origin.kt", "val origin = \"https://\(h)\"\n")
        repo.write("shared/src/commonTest/kotlin/ApiTest.kt", "assertEquals(\"\(h)\", HOST)\n")
        repo.write(
            "androidApp/build.gradle.kts",
            """
            plugins { id("com.android.application"); kotlin("android") }
            android {
                defaultConfig { buildConfigField("String", "WEB", "\\"https://\(h)\\"") }
                defaultConfig {
                    manifestPlaceholders += mapOf(
                        "appLinkHost" to "\(h)"
                    )
                }
            }
            val schema = tasks.register("downloadSchema") { url = "https://\(h)/graphql/schema.json" }
            dependencies { implementation(projects.shared) }
            """)
        repo.write(
            "androidApp/src/main/res/layout/main.xml",
            "<TextView android:text=\"@string/site\" tools:text=\"https://\(h)\" />\n")
        repo.write("androidApp/src/main/play/contact-website.txt", "https://\(h)\n")
        repo.write(
            "wearApp/build.gradle.kts",
            """
            plugins { id("com.android.application") }
            dependencies {
                implementation(project(":shared"))
                implementation("androidx.wear.compose:compose-material:1.2.1")
            }
            """)
        repo.write(
            "backend/build.gradle.kts",
            """
            plugins { id("org.springframework.boot") version "3.2.0"; kotlin("jvm") }
            dependencies { implementation(project(":shared")) }
            """)
        repo.write("backend/src/main/kotlin/Cors.kt", "val allowed = \"https://\(h)\"\n")
        repo.write("buildSrc/build.gradle.kts", "plugins { `kotlin-dsl` }\n")
        repo.write("buildSrc/src/main/kotlin/Conventions.kt", "val mirror = \"https://\(h)/maven\"\n")
        repo.write(
            "iosApp/iosApp.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* iosApp */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = ( B1 );
            \t\t\tname = iosApp;
            \t\t\tproductName = iosApp;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tA2 /* iosAppTests */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tname = iosAppTests;
            \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
            \t\t};
            \t\tB1 = { isa = PBXShellScriptBuildPhase; shellScript = "cd ..\\n./gradlew :shared:embedAndSignAppleFrameworkForXcode\\n"; };
            \t};
            }
            """)
        repo.write("iosApp/iosApp/Config.xcconfig", "HOST_NAME = \(h)\nOTHER = x\n")
        repo.write(
            "iosApp/iosApp/Info.plist",
            "<plist><dict><key>WebHost</key><string>$(HOST_NAME)</string></dict></plist>\n")
        repo.write("iosApp/iosApp/ContentView.swift", "let url = URL(string: \"https://\(h)\")!\n")
        repo.write("iosApp/iosAppTests/LinkTests.swift", "XCTAssertEqual(host, \"\(h)\")\n")
        repo.commit("kmp")
        let result = try scanRepository(repo.root, hosts: [h])

        #expect(result.classOf("shared/src/commonMain/kotlin/Api.kt") == .binaryLiteral)
        #expect(
            products(result, "shared/src/commonMain/kotlin/Api.kt") == ["androidApp", "backend", "iosApp", "wearApp"])
        #expect(result.classOf("shared/src/jvmMain/kotlin/Origin.kt") == .server)
        #expect(products(result, "shared/src/jvmMain/kotlin/Origin.kt") == ["backend"])
        #expect(result.classOf("shared/src/commonTest/kotlin/ApiTest.kt") == .test)
        #expect(result.classOf("backend/src/main/kotlin/Cors.kt") == .server)
        #expect(rule(result, "backend/src/main/kotlin/Cors.kt").contains("Spring Boot server `backend`"))
        let gradle = result.occurrences.filter { $0.path == "androidApp/build.gradle.kts" }
        #expect(gradle.map(\.occurrenceClass) == [.binaryLiteral, .binaryLiteral, .build])
        #expect(gradle.dropFirst().first?.rule.hasPrefix("`manifestPlaceholders` in build.gradle.kts") == true)
        #expect(gradle.first?.products.map(\.name) == ["androidApp"])
        #expect(result.classOf("androidApp/src/main/res/layout/main.xml") == .build)
        #expect(rule(result, "androidApp/src/main/res/layout/main.xml").contains("`tools:text`"))
        #expect(result.classOf("androidApp/src/main/play/contact-website.txt") == .storeListing)
        #expect(result.classOf("buildSrc/src/main/kotlin/Conventions.kt") == .build)
        #expect(result.classOf("iosApp/iosApp/Config.xcconfig") == .binaryLiteral)
        #expect(
            rule(result, "iosApp/iosApp/Config.xcconfig").contains("read by iosApp/iosApp/Info.plist as $(HOST_NAME)"))
        #expect(products(result, "iosApp/iosApp/Config.xcconfig") == ["iosApp"])
        #expect(products(result, "iosApp/iosApp/ContentView.swift") == ["iosApp"])
        #expect(result.classOf("iosApp/iosAppTests/LinkTests.swift") == .test)
        #expect(rule(result, "iosApp/iosAppTests/LinkTests.swift").contains("Xcode test target `iosAppTests`"))
        let wear = result.products.first { $0.product.name == "wearApp" }?.product
        #expect(wear?.label == "Wear OS app `wearApp`")
    }

    /// A Cargo workspace: a core crate, an SDK crate linked into both apps as a cdylib/staticlib,
    /// an axum server, and a TypeScript web client that the Android build bundles.
    @Test func cargoWorkspaceWithALinkedSDKAServerAndABundledWebClient() throws {
        let repo = GitFixture("cargo")
        repo.write("Cargo.toml", "[workspace]\nmembers = [\"core\", \"sdk\", \"server\"]\nresolver = \"2\"\n")
        repo.write("core/Cargo.toml", "[package]\nname = \"core\"\nversion = \"0.1.0\"\n")
        repo.write(
            "core/src/lib.rs",
            """
            pub const HOST: &str = "\(h)";

            #[cfg(test)]
            mod tests {
                #[test]
                fn host() { assert_eq!(super::HOST, "\(h)"); }
            }
            """)
        repo.write("core/src/url_test.rs", "const H: &str = \"\(h)\";\n")
        repo.write(
            "sdk/Cargo.toml",
            """
            [package]
            name = "tuta-sdk"
            version = "0.1.0"

            [lib]
            crate-type = ["cdylib", "staticlib"]

            [dependencies]
            core = { path = "../core" }
            """)
        repo.write("sdk/build.rs", "fn main() { download(\"https://\(h)/schema.json\"); }\n")
        repo.write("sdk/src/lib.rs", "pub fn base() -> &'static str { \"https://\(h)\" }\n")
        repo.write(
            "server/Cargo.toml",
            "[package]\nname = \"api\"\n\n[dependencies]\naxum = \"0.7\"\ncore = { path = \"../core\" }\n")
        repo.write("server/src/main.rs", "const ORIGIN: &str = \"https://\(h)\";\n")
        repo.write(
            "app-android/build.gradle.kts",
            """
            plugins { id("com.android.application") }
            cargo { module = "../sdk"; libname = "tuta_sdk" }
            tasks.register<Copy>("web") { from("../web/dist"); into("src/main/assets/web") }
            """)
        repo.write(
            "app-ios/App.xcodeproj/project.pbxproj",
            """
            {
            \tobjects = {
            \t\tF1 /* libtuta_sdk.a */ = {isa = PBXFileReference; path = libtuta_sdk.a; sourceTree = "<group>"; };
            \t\tA1 = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; };
            \t};
            }
            """)
        repo.write("web/package.json", "{ \"name\": \"web-client\", \"devDependencies\": { \"vite\": \"5\" } }\n")
        repo.write("web/src/api.ts", "export const base = 'https://\(h)';\n")
        repo.write("web/src/api.test.ts", "expect(base).toBe('https://\(h)');\n")
        repo.commit("cargo")
        let result = try scanRepository(repo.root, hosts: [h])

        let core = result.occurrences.filter { $0.path == "core/src/lib.rs" }
        #expect(core.map(\.occurrenceClass) == [.binaryLiteral, .test])
        #expect(core.first?.products.map(\.name).sorted() == ["App", "app-android", "server"])
        #expect(
            core.first?.rule.contains(
                "core/Cargo.toml <- sdk/Cargo.toml (cdylib, staticlib) <- app-android/build.gradle.kts") == true)
        #expect(core.last?.rule.contains("#[cfg(test)]") == true)
        #expect(result.classOf("core/src/url_test.rs") == .test)
        #expect(result.classOf("sdk/src/lib.rs") == .binaryLiteral)
        #expect(result.classOf("sdk/build.rs") == .build)
        #expect(products(result, "sdk/src/lib.rs") == ["App", "app-android"])
        #expect(result.classOf("server/src/main.rs") == .server)
        #expect(products(result, "server/src/main.rs") == ["server"])
        #expect(result.classOf("web/src/api.ts") == .binaryLiteral)
        #expect(products(result, "web/src/api.ts") == ["app-android"])
        #expect(result.classOf("web/src/api.test.ts") == .test)
    }

    /// An npm workspace: a shared package, an Electron app, an Express service, a React client
    /// that the Android build bundles, a root of dev tooling; and a static landing page.
    @Test func npmWorkspaceElectronNodeServiceAndAStaticSite() throws {
        let repo = GitFixture("npm")
        repo.write(
            "package.json",
            "{ \"name\": \"root\", \"private\": true, \"workspaces\": [\"packages/*\"], \"devDependencies\": { \"eslint\": \"9\" } }\n"
        )
        repo.write("scripts/release.js", "const site = 'https://\(h)';\n")
        repo.write("packages/shared/package.json", "{ \"name\": \"@acme/shared\", \"version\": \"1.0.0\" }\n")
        repo.write("packages/shared/src/links.ts", "export const HOST = '\(h)';\n")
        repo.write(
            "packages/desktop/package.json",
            "{ \"name\": \"desktop\", \"dependencies\": { \"@acme/shared\": \"*\" }, \"devDependencies\": { \"electron\": \"30\" } }\n"
        )
        repo.write("packages/desktop/main.js", "win.loadURL('https://\(h)');\n")
        repo.write(
            "packages/api/package.json",
            "{ \"name\": \"api\", \"dependencies\": { \"express\": \"4\", \"@acme/shared\": \"workspace:*\" } }\n")
        repo.write("packages/api/server.js", "app.use(cors({ origin: 'https://\(h)' }));\n")
        repo.write(
            "packages/hooks/package.json", "{ \"name\": \"hooks\", \"scripts\": { \"start\": \"node index.js\" } }\n")
        repo.write("packages/hooks/index.js", "http.createServer().listen(8080, 'https://\(h)');\n")
        repo.write("packages/api/src/__tests__/cors.js", "expect(origin).toBe('https://\(h)');\n")
        repo.write(
            "packages/web/package.json",
            "{ \"name\": \"@acme/web\", \"dependencies\": { \"react\": \"18\" }, \"devDependencies\": { \"vite\": \"5\" } }\n"
        )
        repo.write("packages/web/src/App.tsx", "const api = 'https://\(h)/api';\n")
        repo.write(
            "android/app/build.gradle",
            "apply plugin: 'com.android.application'\nandroid { sourceSets { main { assets.srcDirs += '../../packages/web/dist' } } }\n"
        )
        repo.write("landing-page/.well-known/assetlinks.json", "[]\n")
        repo.write("landing-page/index.html", "<a href=\"https://\(h)/download\">Download</a>\n")
        repo.write("landing-page/README.md", "Served at https://\(h)\n")
        repo.commit("npm")
        let result = try scanRepository(repo.root, hosts: [h])

        #expect(result.classOf("packages/desktop/main.js") == .binaryLiteral)
        #expect(
            result.occurrence("packages/desktop/main.js")?.products.first?.label == "desktop app (Electron) `desktop`")
        #expect(result.classOf("packages/shared/src/links.ts") == .binaryLiteral)
        #expect(products(result, "packages/shared/src/links.ts") == ["desktop", "packages/api"])
        #expect(result.classOf("packages/api/server.js") == .server)
        #expect(products(result, "packages/api/server.js") == ["packages/api"])
        #expect(result.classOf("packages/api/src/__tests__/cors.js") == .test)
        #expect(result.occurrence("packages/hooks/index.js")?.products.map(\.label) == ["Node server `packages/hooks`"])
        #expect(result.occurrence("scripts/release.js")?.rule.contains("in package.json, which no app") == true)
        #expect(result.classOf("packages/web/src/App.tsx") == .binaryLiteral)
        #expect(products(result, "packages/web/src/App.tsx") == ["app"])
        #expect(result.classOf("scripts/release.js") != .server)
        #expect(result.occurrence("scripts/release.js")?.products == [])
        #expect(result.classOf("landing-page/index.html") == .server)
        #expect(result.occurrence("landing-page/index.html")?.products.first?.label == "the site in `landing-page/`")
        #expect(result.classOf("landing-page/README.md") == .docs)
    }
}

/// Build files that are not what their name says decide nothing: the other rules decide, and
/// nothing is made a product from them.
@Suite struct ProductGraphBadInputTests {
    @Test func malformedBuildFilesMakeNoProduct() throws {
        let repo = GitFixture("malformed-build-files")
        repo.write("web/package.json", "{ this is not JSON \"express\n")
        repo.write("web/src/app.ts", "const a = 'https://host.com';\n")
        repo.write("crate/Cargo.toml", "[package\nname = \n[lib]\ncrate-type = [\"staticlib\"\n")
        repo.write("crate/src/lib.rs", "const A: &str = \"host.com\";\n")
        repo.write("ios/App.xcodeproj/project.pbxproj", "isa = PBXNativeTarget; name = ; productType = ;\n")
        repo.write("ios/App/Links.swift", "let a = \"host.com\"\n")
        repo.commit("malformed")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        // `"express` is not a dependency key: the package is no server.
        #expect(result.classOf("web/src/app.ts") != .server)
        #expect(result.occurrence("web/src/app.ts")?.products == [])
        // No `[package]` table: no crate, so no library an app could link and no service.
        #expect(result.classOf("crate/src/lib.rs") != .server)
        #expect(result.occurrence("crate/src/lib.rs")?.products == [])
        // No rule places it: `unknown`, naming the nearest build file as one relops could not read.
        #expect(result.classOf("crate/src/lib.rs") == .unknown)
        #expect(
            result.occurrence("crate/src/lib.rs")?.rule.contains(
                "the nearest build file, crate/Cargo.toml, defines nothing relops reads") == true)
        #expect(result.occurrence("web/src/app.ts")?.rule.contains("in web/package.json, which no app") == true)
        // No readable target: the project is still the iOS app, named after the project.
        #expect(result.occurrence("ios/App/Links.swift")?.products.map(\.label) == ["iOS app `App`"])
    }
}

extension ProductGraphBadInputTests {
    @Test func malformedWorkspacesCapacitorConfigsAndTuistManifestsLinkNothing() throws {
        let repo = GitFixture("malformed-follow-ups")
        let framework =
            "{ T1 = { isa = PBXNativeTarget; name = Kit; productType = \"com.apple.product-type.framework\"; }; }\n"
        let app =
            "{ T1 = { isa = PBXNativeTarget; name = App; productType = \"com.apple.product-type.application\"; }; }\n"
        // Not XML, a project that is not in the repository, a location outside it: no project named.
        repo.write(
            "Broken.xcworkspace/contents.xcworkspacedata",
            "<Workspace <FileRef location = \"group:Kit/Kit.xcodeproj\"\n<FileRef location = \"group:Gone/Gone.xcodeproj\"></FileRef>"
                + "<FileRef location = \"group:App/App.xcodeproj\"></FileRef>"
                + "<FileRef location = \"group:../../Kit/Kit.xcodeproj\"></FileRef>\n")
        repo.write("App/App.xcodeproj/project.pbxproj", app)
        repo.write("Kit/Kit.xcodeproj/project.pbxproj", framework)
        repo.write("Kit/Sources/Api.swift", "let api = \"https://host.com\"\n")
        // `webDir` outside the repository: the config's own folder is still the web project.
        repo.write("web/capacitor.config.json", "{ \"webDir\": \"../../outside\" }\n")
        repo.write("web/src/api.ts", "export const A = 'https://host.com';\n")
        repo.write("web/android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        // A Tuist manifest that names no target: its sources are the app's, as before.
        repo.write(
            "tuist/Project.swift",
            "import ProjectDescription\nlet project = Project(name: \"X\", sources: [\"Src/**\"])\n")
        repo.write("tuist/Src/X.swift", "let x = \"host.com\"\n")
        repo.commit("malformed")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        // The workspace names `Kit/Kit.xcodeproj` only in a tag that never closes: it is not read,
        // so the framework reaches no app although the workspace names the app project.
        #expect(result.occurrence("Kit/Sources/Api.swift")?.products == [])
        #expect(result.occurrence("web/src/api.ts")?.products.map(\.label) == ["Android app `app`"])
        #expect(result.classOf("tuist/Src/X.swift") == .binaryLiteral)
    }
}

/// A native Android app (Groovy Gradle, Java) and an Xcode app whose Info.plist reads a host from
/// an `.xcconfig` chain; UI tests in their own target; a macOS app.
@Suite struct NativeAppsProductTests {
    @Test func nativeAndroidAndXcodeWithAnXcconfigChain() throws {
        let repo = GitFixture("native")
        repo.write("settings.gradle", "include ':app'\n")
        repo.write(
            "app/build.gradle",
            "apply plugin: 'com.android.application'\nrepositories { maven { url 'https://host.com/maven' } }\n")
        repo.write("app/src/main/java/com/example/Links.java", "static final String HOST = \"host.com\";\n")
        repo.write("app/src/main/res/values/strings.xml", "<string name=\"site\">https://host.com</string>\n")
        repo.write("app/src/androidTest/java/com/example/LinksTest.java", "assertEquals(\"host.com\", HOST);\n")
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            """
            { objects = {
              T1 = { isa = PBXNativeTarget; name = Shop; productType = "com.apple.product-type.application"; };
              T2 = { isa = PBXNativeTarget; name = ShopUITests; productType = "com.apple.product-type.bundle.ui-testing"; };
              S1 = { isa = PBXShellScriptBuildPhase; shellScript = "curl $(SCRIPT_HOST)/x"; };
              C1 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_KEY_WebsiteURL = "https://$(WEB_HOST)"; SDKROOT = iphoneos; }; };
            }; }
            """)
        repo.write("ios/Configs/Base.xcconfig", "HOST_NAME = host.com\nSCRIPT_HOST = host.com\nWEB_HOST = host.com\n")
        repo.write("ios/Configs/Debug.xcconfig", "#include \"Base.xcconfig\"\nOTHER_SWIFT_FLAGS = -DDEBUG\n")
        repo.write("ios/Shop/Info.plist", "<key>Host</key><string>${HOST_NAME}</string>\n")
        repo.write("ios/ShopUITests/LaunchTests.swift", "app.open(URL(string: \"https://host.com\")!)\n")
        repo.write(
            "mac/Desk.xcodeproj/project.pbxproj",
            "{ T1 = { isa = PBXNativeTarget; name = Desk; productType = \"com.apple.product-type.application\"; };"
                + " C1 = { buildSettings = { SDKROOT = macosx; }; }; }\n")
        repo.write("mac/Desk/Api.swift", "let base = \"https://host.com\"\n")
        repo.write(
            "api/Package.swift",
            "let package = Package(name: \"api\", dependencies: [.package(url: \"https://github.com/vapor/vapor.git\", from: \"4.0.0\")])\n"
        )
        repo.write("api/Sources/App/routes.swift", "let origin = \"https://host.com\"\n")
        repo.commit("native")
        let result = try scanRepository(repo.root, hosts: ["host.com"])

        let gradle = result.occurrence("app/build.gradle")
        #expect(gradle?.occurrenceClass == .build)
        #expect(result.classOf("app/src/main/java/com/example/Links.java") == .binaryLiteral)
        #expect(
            result.occurrence("app/src/main/java/com/example/Links.java")?.products.map(\.label) == [
                "Android app `app`"
            ])
        #expect(result.classOf("app/src/main/res/values/strings.xml") == .binaryConfig)
        #expect(result.classOf("app/src/androidTest/java/com/example/LinksTest.java") == .test)
        let xcconfig = result.occurrences.filter { $0.path == "ios/Configs/Base.xcconfig" }
        #expect(xcconfig.map(\.occurrenceClass) == [.binaryLiteral, .other, .binaryLiteral])
        #expect(xcconfig.first?.rule.contains("read by ios/Shop/Info.plist as $(HOST_NAME)") == true)
        #expect(xcconfig.last?.rule.contains("read by ios/Shop.xcodeproj/project.pbxproj") == true)
        // A run script's `$(SCRIPT_HOST)` does not reach the bundle.
        #expect(xcconfig.dropFirst().first?.occurrenceClass.isBinary == false)
        #expect(xcconfig.first?.products.map(\.label) == ["iOS app `Shop`"])
        #expect(result.classOf("ios/ShopUITests/LaunchTests.swift") == .test)
        #expect(result.occurrence("mac/Desk/Api.swift")?.products.map(\.label) == ["macOS app `Desk`"])
        #expect(result.classOf("api/Sources/App/routes.swift") == .server)
        #expect(
            result.occurrence("api/Sources/App/routes.swift")?.products.map(\.label) == ["Swift (Vapor) server `api`"])
    }
}

extension NativeAppsProductTests {
    @Test func anXcodeGenTestTargetsSourcesAreTests() throws {
        let repo = GitFixture("xcodegen-tests")
        repo.write(
            "ios/project.yml",
            """
            name: Wallet
            targets:
              Wallet:
                type: application
                platform: iOS
                sources: [Wallet]
              WalletTests:
                type: bundle.unit-test
                platform: iOS
                sources:
                  - path: WalletTests
            """)
        repo.write("ios/Wallet/Links.swift", "let host = \"host.com\"\n")
        repo.write("ios/WalletTests/LinkTests.swift", "XCTAssertEqual(host, \"host.com\")\n")
        repo.commit("xcodegen")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("ios/Wallet/Links.swift") == .binaryLiteral)
        #expect(result.occurrence("ios/Wallet/Links.swift")?.products.map(\.label) == ["iOS app `Wallet`"])
        #expect(result.classOf("ios/WalletTests/LinkTests.swift") == .test)
        #expect(
            result.occurrence("ios/WalletTests/LinkTests.swift")?.rule.contains("test target of XcodeGen spec") == true)
    }
}

/// Go and Python services with their tests, a TV app, and a site at the repository root that
/// serves only its web files.
@Suite struct ServicesAndSitesProductTests {
    @Test func goAndPythonServicesTheirTestsATVAppAndARootSite() throws {
        let repo = GitFixture("services-sites")
        repo.write(".well-known/assetlinks.json", "[]\n")
        repo.write("index.html", "<a href=\"https://host.com/app\">Get the app</a>\n")
        repo.write("tools/gen.py", "BASE = 'https://host.com'\n")
        repo.write("api/go.mod", "module example.org/api\n")
        repo.write("api/handlers.go", "const origin = \"https://host.com\"\n")
        repo.write("api/handlers_test.go", "const want = \"https://host.com\"\n")
        repo.write("svc/pyproject.toml", "[project]\nname = \"svc\"\ndependencies = [\"fastapi\"]\n")
        repo.write("svc/app.py", "ORIGIN = 'https://host.com'\n")
        repo.write("svc/test_app.py", "assert ORIGIN == 'https://host.com'\n")
        repo.write(
            "tv/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\ndependencies { implementation(\"androidx.tv:tv-material:1.0.0\") }\n"
        )
        repo.write("tv/src/main/java/Home.kt", "val home = \"https://host.com\"\n")
        repo.write("web/package.json", "{ \"name\": \"web\", \"devDependencies\": { \"vite\": \"5\" } }\n")
        repo.write("web/src/app.spec.ts", "expect(base).toBe('https://host.com');\n")
        repo.commit("services and sites")
        let result = try scanRepository(repo.root, hosts: ["host.com"])

        #expect(result.classOf("index.html") == .server)
        #expect(result.occurrence("index.html")?.products.map(\.label) == ["the site at the repository root"])
        #expect(result.classOf("tools/gen.py") != .server)  // the site serves web files, not scripts
        #expect(result.occurrence("api/handlers.go")?.products.map(\.label) == ["Go server `api`"])
        #expect(result.classOf("api/handlers_test.go") == .test)
        #expect(result.classOf("svc/app.py") == .server)
        #expect(result.occurrence("svc/app.py")?.products.map(\.name) == ["svc"])
        #expect(result.classOf("svc/test_app.py") == .test)
        #expect(result.occurrence("tv/src/main/java/Home.kt")?.products.map(\.label) == ["Android TV app `tv`"])
        #expect(result.classOf("web/src/app.spec.ts") == .test)
    }
}

/// An Xcode workspace names the projects it builds; a framework project in it ships in the
/// workspace's app project, read from `contents.xcworkspacedata`, never from folder names.
@Suite struct XcodeWorkspaceProductTests {
    func project(_ targets: [(String, String)]) -> String {
        "{ objects = {\n"
            + targets.enumerated().map { n, t in
                "  T\(n) = { isa = PBXNativeTarget; name = \(t.0); productType = \"com.apple.product-type.\(t.1)\"; };\n"
            }.joined() + "}; }\n"
    }

    @Test func aFrameworkProjectThatAWorkspaceNamesShipsInItsAppProject() throws {
        let repo = GitFixture("xcode-workspace")
        repo.write(
            "Shop.xcworkspace/contents.xcworkspacedata",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App/Shop.xcodeproj"></FileRef>
               <Group location = "container:Modules" name = "Modules">
                  <FileRef location = "group:Kit/Kit.xcodeproj"></FileRef>
               </Group>
               <FileRef location = "absolute:/Users/me/Elsewhere/Other.xcodeproj"></FileRef>
            </Workspace>
            """)
        repo.write("App/Shop.xcodeproj/project.pbxproj", project([("Shop", "application")]))
        // Every project holds a workspace of its own that names only itself: it builds nothing more.
        repo.write(
            "App/Shop.xcodeproj/project.xcworkspace/contents.xcworkspacedata",
            "<Workspace version = \"1.0\"><FileRef location = \"self:\"></FileRef></Workspace>\n")
        repo.write("App/Shop/Links.swift", "let web = \"https://host.com\"\n")
        repo.write("Modules/Kit/Kit.xcodeproj/project.pbxproj", project([("Kit", "framework")]))
        repo.write("Modules/Kit/Sources/Api.swift", "let api = \"https://host.com/v1\"\n")
        // A framework project that no workspace names is no app, and no app carries it.
        repo.write("Loose/Loose.xcodeproj/project.pbxproj", project([("Loose", "framework")]))
        repo.write("Loose/Sources/Loose.swift", "let loose = \"https://host.com/l\"\n")
        repo.commit("workspace")
        let result = try scanRepository(repo.root, hosts: ["host.com"])

        #expect(result.products.map(\.product.label) == ["iOS app `Shop`"])
        let kit = try #require(result.occurrence("Modules/Kit/Sources/Api.swift"))
        #expect(kit.occurrenceClass == .binaryLiteral)
        #expect(kit.products.map(\.label) == ["iOS app `Shop`"])
        #expect(
            kit.rule.contains(
                "Modules/Kit/Kit.xcodeproj <- Xcode workspace Shop.xcworkspace <- App/Shop.xcodeproj"), "\(kit.rule)")
        #expect(result.occurrence("App/Shop/Links.swift")?.products.map(\.label) == ["iOS app `Shop`"])
        #expect(result.occurrence("Loose/Sources/Loose.swift")?.products == [])
        #expect(result.classOf("Loose/Sources/Loose.swift") == .other)
        #expect(
            result.occurrence("Loose/Sources/Loose.swift")?.rule.hasPrefix(
                "in framework project Loose/Loose.xcodeproj, whose targets build no app") == true)
    }
}

/// A Capacitor app: `cap sync` copies the config's `webDir` into the Android and iOS apps of its
/// platform folders, so the web project's sources ship in both, with the chain in the rule.
@Suite struct CapacitorProductTests {
    let pbxproj =
        "{ objects = { T1 = { isa = PBXNativeTarget; name = App; productType = \"com.apple.product-type.application\"; }; }; }\n"

    @Test func theWebBundleShipsInTheAndroidAndIOSAppsOfTheConfig() throws {
        let repo = GitFixture("capacitor")
        repo.write(
            "package.json",
            "{ \"name\": \"shop\", \"dependencies\": { \"@capacitor/core\": \"6.0.0\", \"@capacitor/android\": \"6.0.0\" } }\n"
        )
        repo.write(
            "capacitor.config.ts",
            "const config: CapacitorConfig = {\n  appId: 'com.example.shop',\n  webDir: 'dist',\n  server: { hostname: 'host.com' },\n};\n"
        )
        repo.write("src/api.ts", "export const API = 'https://host.com/v1';\n")
        repo.write("scripts/release.sh", "curl -fsS https://host.com/hook\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.write("android/app/src/main/java/com/example/Main.java", "String h = \"host.com\";\n")
        repo.write("ios/App/App.xcodeproj/project.pbxproj", pbxproj)
        repo.commit("capacitor")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let api = try #require(result.occurrence("src/api.ts"))
        #expect(api.occurrenceClass == .binaryLiteral)
        #expect(api.products.map(\.label).sorted() == ["Android app `app`", "iOS app `App`"])
        #expect(api.rule.contains("capacitor.config.ts (web bundle `dist`) <- "), "\(api.rule)")
        // A file of the web project that is neither source nor a resource: the rule names who carries the project.
        let script = try #require(result.occurrence("scripts/release.sh"))
        #expect(script.occurrenceClass == .other)
        #expect(script.rule.contains("in capacitor.config.ts, which "), "\(script.rule)")
        #expect(script.rule.contains("but not a kind of file its build ships"), "\(script.rule)")
        // The config itself is copied into the apps.
        #expect(result.occurrence("capacitor.config.ts")?.occurrenceClass.isBinary == true)
        #expect(result.occurrence("capacitor.config.ts")?.products.count == 2)
    }

    @Test func platformPathsAndAWebPackageInItsOwnFolderAreReadFromTheConfig() throws {
        let repo = GitFixture("capacitor-paths")
        repo.write(
            "capacitor.config.json",
            "{\n  \"appId\": \"com.example.shop\",\n  \"webDir\": \"web/build\",\n  \"android\": { \"path\": \"native/droid\" }\n}\n"
        )
        repo.write("web/package.json", "{ \"name\": \"web\", \"dependencies\": { \"react\": \"18.0.0\" } }\n")
        repo.write("web/src/App.tsx", "const site = \"https://host.com\";\n")
        repo.write("native/droid/app/build.gradle", "apply plugin: 'com.android.application'\n")
        // Not the config's android path: a separate app that never gets the bundle.
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.write("android/app/src/main/java/Other.java", "String h = \"host.com\";\n")
        repo.commit("capacitor-paths")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let app = try #require(result.occurrence("web/src/App.tsx"))
        #expect(app.occurrenceClass == .binaryLiteral)
        #expect(app.products.map(\.name) == ["app"])
        #expect(app.products.first?.file == "native/droid/app/build.gradle")
        #expect(
            app.rule.contains(
                "web/package.json <- capacitor.config.json (web bundle `web/build`) <- native/droid/app/build.gradle"),
            "\(app.rule)")
    }

    @Test func aCordovaAppShipsItsWwwAndConfigInThePlatformsItNames() throws {
        let repo = GitFixture("cordova")
        repo.write(
            "config.xml",
            """
            <?xml version='1.0' encoding='utf-8'?>
            <widget id="com.example.shop" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
                <name>Shop</name>
                <allow-navigation href="https://host.com/*" />
                <platform name="android"><preference name="AndroidLaunchMode" value="singleTask" /></platform>
            </widget>
            """)
        repo.write("www/js/index.js", "const API = 'https://host.com/v1';\n")
        repo.write("hooks/after_prepare.js", "fetch('https://host.com/hook');\n")
        // An Android resource named config.xml is no Cordova app.
        repo.write("lib/res/xml/config.xml", "<config><host>host.com</host></config>\n")
        repo.commit("cordova")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.products.map(\.product.label) == ["Android app (Cordova) `Shop`"])
        #expect(result.classOf("config.xml") == .binaryConfig)
        #expect(result.occurrence("config.xml")?.products.map(\.name) == ["Shop"])
        let web = try #require(result.occurrence("www/js/index.js"))
        #expect(web.occurrenceClass == .binaryLiteral)
        #expect(web.rule == "web content (`www/`) of Cordova config.xml: packaged into the Android app")
        #expect(result.classOf("hooks/after_prepare.js")?.isBinary == false)
        #expect(result.occurrence("lib/res/xml/config.xml")?.products == [])
    }

    @Test func aConfigWithoutWebDirEmbedsNothing() throws {
        let repo = GitFixture("capacitor-no-webdir")
        repo.write("capacitor.config.json", "{ \"appId\": \"com.example.shop\" }\n")
        repo.write("src/api.ts", "export const API = 'https://host.com/v1';\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.commit("no-webdir")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.occurrence("src/api.ts")?.products == [])
        #expect(result.classOf("src/api.ts")?.isBinary == false)
    }
}

/// Form factors and test targets read from what declares them: an Android manifest's
/// `uses-feature`, a Tuist target's `product`.
@Suite struct DeclaredTargetsProductTests {
    @Test func aManifestThatRequiresAWatchMakesAWearOSApp() throws {
        let repo = GitFixture("wear-manifest")
        // No Wear dependency in the build file: only the manifest says it.
        repo.write("watch/build.gradle.kts", "plugins { id(\"com.android.application\") }\n")
        repo.write(
            "watch/src/main/AndroidManifest.xml",
            "<manifest>\n  <uses-feature android:name=\"android.hardware.type.watch\" />\n  <application />\n</manifest>\n"
        )
        repo.write("watch/src/main/java/Tile.kt", "val h = \"host.com\"\n")
        // A phone app whose manifest mentions a watch only in a comment stays a phone app.
        repo.write("phone/build.gradle.kts", "plugins { id(\"com.android.application\") }\n")
        repo.write(
            "phone/src/main/AndroidManifest.xml",
            "<manifest>\n  <!-- <uses-feature android:name=\"android.hardware.type.watch\" /> -->\n</manifest>\n")
        repo.write("phone/src/main/java/Main.kt", "val h = \"host.com\"\n")
        repo.commit("wear")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.occurrence("watch/src/main/java/Tile.kt")?.products.map(\.label) == ["Wear OS app `watch`"])
        #expect(result.occurrence("phone/src/main/java/Main.kt")?.products.map(\.label) == ["Android app `phone`"])
    }

    @Test func tuistTestTargetsSourcesAreTestsAndItsAppTargetNamesTheApp() throws {
        let repo = GitFixture("tuist-targets")
        repo.write(
            "Project.swift",
            """
            import ProjectDescription
            let project = Project(
                name: "Shop",
                targets: [
                    .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "com.example.shop",
                            sources: ["Shop/Sources/**"]),
                    .target(name: "ShopKit", destinations: .iOS, product: .framework, bundleId: "com.example.kit",
                            sources: ["Kit/**"]),
                    .target(name: "ShopTests", destinations: .iOS, product: .unitTests, bundleId: "com.example.tests",
                            sources: ["Checks/**"], dependencies: [.target(name: "Shop")]),
                    .target(name: "ShopUITests", destinations: .iOS, product: .uiTests, bundleId: "com.example.ui",
                            sources: "Flows/**"),
                ]
            )
            """)
        repo.write("Shop/Sources/Links.swift", "let web = \"https://host.com\"\n")
        repo.write("Kit/Api.swift", "let api = \"https://host.com/v1\"\n")
        repo.write("Checks/LinksChecks.swift", "XCTAssertEqual(web, \"https://host.com\")\n")
        repo.write("Flows/Launch.swift", "app.open(\"https://host.com\")\n")
        repo.commit("tuist")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.products.map(\.product.label) == ["iOS app `Shop`"])
        #expect(result.classOf("Shop/Sources/Links.swift") == .binaryLiteral)
        #expect(result.classOf("Kit/Api.swift") == .binaryLiteral)
        #expect(result.occurrence("Kit/Api.swift")?.products.map(\.label) == ["iOS app `Shop`"])
        // Folders not named like tests: only the targets' `product` says so.
        #expect(result.classOf("Checks/LinksChecks.swift") == .test)
        #expect(
            result.occurrence("Checks/LinksChecks.swift")?.rule.contains("test target of Tuist spec Project.swift")
                == true)
        #expect(result.classOf("Flows/Launch.swift") == .test)
    }
}

/// Code generators: the place a generator fetches its schema or spec from is used while building
/// only (`build`); any other value of its config may reach the generated code and keeps its class.
@Suite struct CodeGeneratorInputTests {
    @Test func schemaAndSpecSourcesAreBuildAndOtherGeneratorValuesKeepTheirClass() throws {
        let repo = GitFixture("codegen")
        repo.write(
            "package.json",
            """
            {
              "name": "shop",
              "scripts": {
                "api": "openapi-generator-cli generate -i https://host.com/openapi.json -g typescript-fetch -o src/api",
                "schema": "apollo client:download-schema --endpoint=https://host.com/graphql schema.json",
                "open": "open https://host.com/docs"
              },
              "dependencies": { "@capacitor/core": "6.0.0" }
            }
            """)
        repo.write("capacitor.config.json", "{ \"appId\": \"com.example.shop\", \"webDir\": \"dist\" }\n")
        repo.write("android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.write(
            "codegen.ts",
            """
            const config: CodegenConfig = {
              schema: 'https://host.com/graphql',
              documents: ['src/**/*.graphql'],
              generates: { 'src/gql/': { config: { fetcher: { endpoint: 'https://host.com/graphql' } } } },
            };
            """)
        repo.write(
            "ios/apollo-codegen-config.json",
            """
            { "schemaDownloadConfiguration": { "downloadMethod": { "introspection": {
                "endpointURL": "https://host.com/graphql" } } } }
            """)
        repo.write(
            "openapitools.json",
            "{ \"generator-cli\": { \"generators\": { \"api\": { \"inputSpec\": \"https://host.com/openapi.json\" } } } }\n"
        )
        // The spec's own `servers` are the generated client's base URL: they ship.
        repo.write("src/openapi.yaml", "servers:\n  - url: https://host.com/v1\n")
        repo.commit("codegen")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let package = result.occurrences.filter { $0.path == "package.json" }
        #expect(package.map(\.occurrenceClass).prefix(2) == [.build, .build])
        #expect(package.first?.rule.hasPrefix("`-i` of openapi-generator in an npm script of package.json") == true)
        #expect(package.dropFirst().first?.rule.hasPrefix("`--endpoint` of the Apollo CLI") == true)
        #expect(package.last?.occurrenceClass != .build)  // `open https://host.com/docs` fetches no schema
        let codegen = result.occurrences.filter { $0.path == "codegen.ts" }
        #expect(codegen.count == 2)
        #expect(codegen.first?.occurrenceClass == .build)
        #expect(
            codegen.first?.rule
                == "`schema` source in the GraphQL Code Generator config codegen.ts: fetched while generating code, ships nothing"
        )
        // The fetcher's endpoint is written into the generated client: it keeps its class and says why.
        #expect(codegen.last?.occurrenceClass == .binaryLiteral)
        #expect(
            codegen.last?.rule.contains("but not its schema or spec source: the value may reach the generated code")
                == true)
        #expect(result.classOf("ios/apollo-codegen-config.json") == .build)
        #expect(result.classOf("openapitools.json") == .build)
        #expect(result.classOf("src/openapi.yaml") != .build)
    }
}

/// A .NET console app (`OutputType` `Exe`, no web or worker SDK) is a tool, not a server project,
/// unless a server references it or a Dockerfile builds or runs it.
@Suite struct ConsoleAppProductTests {
    func exe(_ extra: String = "") -> String {
        "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><OutputType>Exe</OutputType><TargetFramework>net8.0</TargetFramework></PropertyGroup>\(extra)</Project>\n"
    }

    @Test func aConsoleToolIsOtherAndADeployedOneIsServer() throws {
        let repo = GitFixture("console-apps")
        repo.write("tools/Seed/Seed.csproj", exe())
        repo.write("tools/Seed/Program.cs", "var url = \"https://host.com/seed\";\n")
        repo.write("tools/Migrator/Migrator.csproj", exe())
        repo.write("tools/Migrator/Program.cs", "var url = \"https://host.com/migrate\";\n")
        repo.write(
            "deploy/migrator.dockerfile",
            "FROM mcr.microsoft.com/dotnet/sdk:8.0\nRUN dotnet publish tools/Migrator/Migrator.csproj -o /out\nENTRYPOINT [\"dotnet\", \"/out/Migrator.dll\"]\n"
        )
        repo.write("tools/Jobs/Jobs.csproj", exe())
        repo.write("tools/Jobs/Program.cs", "var url = \"https://host.com/jobs\";\n")
        repo.write(
            "src/Api/Api.csproj",
            "<Project Sdk=\"Microsoft.NET.Sdk.Web\"><ItemGroup><ProjectReference Include=\"..\\..\\tools\\Jobs\\Jobs.csproj\" /></ItemGroup></Project>\n"
        )
        repo.commit("console")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let seed = try #require(result.occurrence("tools/Seed/Program.cs"))
        #expect(seed.occurrenceClass == .other)
        #expect(
            seed.rule
                == "in console app tools/Seed/Seed.csproj (`OutputType` `Exe`, no web or worker SDK), which no server references and no Dockerfile builds or runs: a tool, not a deployed service; check where it runs"
        )
        #expect(seed.products == [])
        let migrator = try #require(result.occurrence("tools/Migrator/Program.cs"))
        #expect(migrator.occurrenceClass == .server)
        #expect(migrator.rule.contains("which deploy/migrator.dockerfile builds or runs"))
        let jobs = try #require(result.occurrence("tools/Jobs/Program.cs"))
        #expect(jobs.occurrenceClass == .server)
        #expect(jobs.products.map(\.name) == ["src/Api"])
        #expect(jobs.rule.contains("tools/Jobs/Jobs.csproj <- src/Api/Api.csproj"), "\(jobs.rule)")
    }
}
