import RelopsCore
import Scan
import TestSupport
import Testing

/// A library that a mobile app references ships in the binary; the rule names the chain.
@Suite struct ProjectChainTests {
    func rule(_ result: ScanResult, _ path: String) -> String { result.occurrence(path)?.rule ?? "(no occurrence)" }

    @Test func msbuildProjectReferencesAndDirectoryBuildProps() throws {
        let repo = GitFixture("msbuild")
        repo.write("src/Core/Core.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n")
        repo.write("src/Core/Links.cs", "const string Host = \"host.com\";\n")
        repo.write(
            "src/Shared/Shared.csproj",
            "<Project><ItemGroup><ProjectReference Include=\"..\\Core\\Core.csproj\" /></ItemGroup></Project>\n")
        repo.write(
            "src/App/App.csproj",
            """
            <Project><PropertyGroup><UseMaui>true</UseMaui></PropertyGroup>
              <ItemGroup><ProjectReference Include="../Shared/Shared.csproj" /></ItemGroup></Project>
            """)
        repo.write(
            "src/Directory.Build.props", "<Project><PropertyGroup><Host>host.com</Host></PropertyGroup></Project>\n")
        repo.write("server/Api/Api.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n")
        repo.write("server/Api/Startup.cs", "var h = \"host.com\";\n")
        repo.write(
            "server/Directory.Build.targets", "<Project><PropertyGroup><H>host.com</H></PropertyGroup></Project>\n")
        repo.commit("msbuild")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("src/Core/Links.cs") == .binaryLiteral)
        #expect(
            rule(result, "src/Core/Links.cs").contains(
                "src/Core/Core.csproj <- src/Shared/Shared.csproj <- src/App/App.csproj"))
        #expect(result.classOf("src/Directory.Build.props") == .binaryLiteral)
        #expect(rule(result, "src/Directory.Build.props").contains("mobile project src/App/App.csproj"))
        #expect(result.classOf("server/Api/Startup.cs") == .server)
        #expect(result.classOf("server/Directory.Build.targets") == .server)
    }

    @Test func gradleProjectCallsAndTypeSafeAccessors() throws {
        let repo = GitFixture("gradle")
        repo.write(
            "androidApp/build.gradle.kts",
            """
            plugins { id("com.android.application") }
            dependencies {
                implementation(projects.shared.core)
                implementation(project(":feature-login"))
                implementation(projects.featureProfile)
            }
            """)
        repo.write("shared/core/build.gradle.kts", "plugins { kotlin(\"jvm\") }\n")
        repo.write("shared/core/src/main/kotlin/Core.kt", "const val HOST = \"host.com\"\n")
        repo.write("feature-login/build.gradle.kts", "plugins { kotlin(\"jvm\") }\n")
        repo.write("feature-login/src/main/kotlin/Login.kt", "val u = \"https://host.com/login\"\n")
        repo.write("feature-profile/build.gradle", "apply plugin: 'kotlin'\n")
        repo.write("feature-profile/src/main/kotlin/Profile.kt", "val u = \"https://host.com/me\"\n")
        repo.write("tools/build.gradle.kts", "plugins { kotlin(\"jvm\") }\n")
        repo.write("tools/src/main/kotlin/Tool.kt", "val u = \"https://host.com/tool\"\n")
        repo.commit("gradle")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(
            rule(result, "shared/core/src/main/kotlin/Core.kt").contains(
                "shared/core/build.gradle.kts <- androidApp/build.gradle.kts"))
        #expect(rule(result, "feature-login/src/main/kotlin/Login.kt").contains("feature-login/build.gradle.kts <- "))
        #expect(result.classOf("feature-profile/src/main/kotlin/Profile.kt") == .binaryLiteral)
        #expect(result.classOf("tools/src/main/kotlin/Tool.kt") != .binaryLiteral)  // no app references it
    }

    @Test func kotlinMultiplatformSourceSetsShipToTheirPlatformsAndTestsAreTests() throws {
        let repo = GitFixture("kmp")
        repo.write(
            "shared/build.gradle.kts",
            "plugins { kotlin(\"multiplatform\") }\nkotlin { androidTarget(); iosArm64(); jvm() }\n")
        for set in ["commonMain", "androidMain", "iosMain", "jvmMain", "commonTest", "androidUnitTest", "iosTest"] {
            repo.write("shared/src/\(set)/kotlin/Api.kt", "val HOST = \"host.com\"\n")
        }
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\ndependencies { implementation(project(\":shared\")) }\n")
        repo.write(
            "iosApp/iosApp.xcodeproj/project.pbxproj",
            "shellScript = \"cd ../ && ./gradlew :shared:embedAndSignAppleFrameworkForXcode\";\n")
        repo.commit("kmp")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for set in ["commonMain", "androidMain", "iosMain"] {
            #expect(result.classOf("shared/src/\(set)/kotlin/Api.kt") == .binaryLiteral, "\(set)")
        }
        #expect(rule(result, "shared/src/androidMain/kotlin/Api.kt").contains("shared/build.gradle.kts <- androidApp"))
        #expect(
            rule(result, "shared/src/iosMain/kotlin/Api.kt").contains(
                "shared/build.gradle.kts <- iosApp/iosApp.xcodeproj"))
        #expect(result.classOf("shared/src/jvmMain/kotlin/Api.kt") != .binaryLiteral)
        for set in ["commonTest", "androidUnitTest", "iosTest"] {
            #expect(result.classOf("shared/src/\(set)/kotlin/Api.kt") == .test, "\(set)")
            #expect(rule(result, "shared/src/\(set)/kotlin/Api.kt").contains("`src/\(set)/`"))
        }
    }

    @Test func aLocalSwiftPackageOfAnXcodeProjectShipsInTheApp() throws {
        let repo = GitFixture("spm")
        repo.write("Packages/Core/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
        repo.write("Packages/Core/Sources/Core/Links.swift", "let host = \"host.com\"\n")
        repo.write("Packages/Core/Tests/CoreTests/LinksTests.swift", "let host = \"host.com\"\n")
        repo.write(
            "App/App.xcodeproj/project.pbxproj",
            """
            		A1 /* XCLocalSwiftPackageReference "../Packages/Core" */ = {
            			isa = XCLocalSwiftPackageReference;
            			relativePath = ../Packages/Core;
            		};
            """)
        repo.commit("spm")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("Packages/Core/Sources/Core/Links.swift") == .binaryLiteral)
        #expect(
            rule(result, "Packages/Core/Sources/Core/Links.swift").contains(
                "Packages/Core/Package.swift <- App/App.xcodeproj"))
        #expect(result.classOf("Packages/Core/Tests/CoreTests/LinksTests.swift") == .test)
    }

    @Test func xcodeGenAndTuistSpecsDefineTheIOSAppAndItsSources() throws {
        let repo = GitFixture("specs")
        repo.write(
            "ios/project.yml",
            """
            name: Wallet
            targets:
              Wallet:
                type: application
                platform: iOS
                sources: [Wallet]
                entitlements:
                  path: Wallet/Wallet.entitlements
                  properties:
                    com.apple.developer.associated-domains: ["applinks:host.com"]
            """)
        repo.write("ios/Wallet/Links.swift", "let host = \"host.com\"\n")
        repo.write(
            "tuist/Project.swift",
            """
            import ProjectDescription
            let project = Project(name: "App", targets: [.target(name: "App", sources: ["Sources/**"])])
            let host = "host.com"
            """)
        repo.write("tuist/Sources/App.swift", "let host = \"host.com\"\n")
        repo.commit("specs")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("ios/project.yml") == .binaryLiteral)
        #expect(rule(result, "ios/project.yml").contains("XcodeGen spec ios/project.yml defines the iOS app"))
        #expect(result.classOf("ios/Wallet/Links.swift") == .binaryLiteral)
        #expect(
            rule(result, "ios/Wallet/Links.swift").contains("listed in the sources of XcodeGen spec ios/project.yml"))
        #expect(result.classOf("tuist/Project.swift") == .binaryLiteral)
        #expect(rule(result, "tuist/Sources/App.swift").contains("Tuist spec tuist/Project.swift"))
    }

    @Test func servicesInOtherLanguagesAreServer() throws {
        let repo = GitFixture("services")
        repo.write("server/Cargo.toml", "[package]\nname = \"api\"\n")
        repo.write("server/src/main.rs", "const HOST: &str = \"host.com\";\n")
        repo.write("api/go.mod", "module example.org/api\n")
        repo.write("api/handlers.go", "const host = \"host.com\"\n")
        repo.write("web/package.json", "{ \"dependencies\": { \"express\": \"4\" } }\n")
        repo.write("web/src/index.js", "const host = 'host.com';\n")
        repo.write("mobile/package.json", "{ \"dependencies\": { \"react-native\": \"0.74\" } }\n")
        repo.write("mobile/src/links.js", "const host = 'host.com';\n")
        repo.commit("services")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(rule(result, "server/src/main.rs").contains("in the Rust service server/Cargo.toml"))
        #expect(rule(result, "api/handlers.go").contains("in the Go service api/go.mod"))
        #expect(rule(result, "web/src/index.js").contains("in the Node service web/package.json"))
        #expect(result.classOf("mobile/src/links.js") != .server)
    }
}
