import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// The iOS project a Kotlin Multiplatform app builds its framework from: the run script names the
/// module through a variable, as `./gradlew :shared:$MODULE:embedAndSignAppleFrameworkForXcode`.
let kmpIOSAppPBXProj = """
    // !$*UTF8*$!
    {
    \tobjects = {
    \t\t7555FF7A242A565900829871 /* iosApp */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildConfigurationList = 7555FFA5242A565B00829871 /* Build configuration list for PBXNativeTarget "iosApp" */;
    \t\t\tbuildPhases = (
    \t\t\t\t7555FFB5242A651A00829871 /* Compile Kotlin Framework */,
    \t\t\t);
    \t\t\tname = iosApp;
    \t\t\tproductName = iosApp;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    \t\t7555FFB5242A651A00829871 /* Compile Kotlin Framework */ = {
    \t\t\tisa = PBXShellScriptBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tname = "Compile Kotlin Framework";
    \t\t\tshellPath = /bin/sh;
    \t\t\tshellScript = "if [ \\"YES\\" = \\"$OVERRIDE_KOTLIN_BUILD_IDE_SUPPORTED\\" ]; then\\n  exit 0\\nfi\\ncd \\"$SRCROOT/..\\"\\n./gradlew :shared:$MODULE:embedAndSignAppleFrameworkForXcode\\n";
    \t\t};
    \t\t7555FFA6242A565B00829871 /* Release */ = {
    \t\t\tisa = XCBuildConfiguration;
    \t\t\tbuildSettings = {
    \t\t\t\tINFOPLIST_FILE = iosApp/Info.plist;
    \t\t\t\tMODULE = umbrella;
    \t\t\t};
    \t\t\tname = Release;
    \t\t};
    \t\t7555FFA5242A565B00829871 /* Build configuration list for PBXNativeTarget "iosApp" */ = {
    \t\t\tisa = XCConfigurationList;
    \t\t\tbuildConfigurations = (
    \t\t\t\t7555FFA6242A565B00829871 /* Release */,
    \t\t\t);
    \t\t};
    \t};
    }
    """

/// Kotlin Multiplatform on iOS and the desktop (issue 40, case 4).
@Suite struct KMPProductTests {
    func names(_ result: ScanResult, _ path: String) -> [String] {
        result.occurrence(path)?.products.map(\.name).sorted() ?? ["(no occurrence)"]
    }

    @Test func aFrameworkNamedThroughAVariableShipsItsModuleInTheIOSApp() throws {
        let repo = GitFixture("kmp-variable-module")
        repo.write("settings.gradle.kts", "include(\":androidApp\")\ninclude(\":shared:umbrella\")\n")
        repo.write(
            "shared/umbrella/build.gradle.kts",
            """
            plugins { kotlin("multiplatform"); id("com.android.library") }
            kotlin {
                androidTarget()
                listOf(iosX64(), iosArm64(), iosSimulatorArm64()).forEach { it.binaries.framework { baseName = "Shared" } }
            }
            """)
        repo.write("shared/umbrella/src/commonMain/kotlin/Api.kt", "const val API = \"https://host.com/v1\"\n")
        repo.write("shared/umbrella/src/iosMain/kotlin/Links.kt", "const val LINK = \"https://host.com/ios\"\n")
        repo.write("shared/umbrella/src/androidMain/kotlin/Links.kt", "const val LINK = \"https://host.com/android\"\n")
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\ndependencies { implementation(project(\":shared:umbrella\")) }\n"
        )
        repo.write("iosApp/iosApp.xcodeproj/project.pbxproj", kmpIOSAppPBXProj)
        repo.commit("kmp")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(names(result, "shared/umbrella/src/commonMain/kotlin/Api.kt") == ["androidApp", "iosApp"])
        #expect(result.classOf("shared/umbrella/src/commonMain/kotlin/Api.kt") == .binaryLiteral)
        #expect(names(result, "shared/umbrella/src/iosMain/kotlin/Links.kt") == ["iosApp"])
        #expect(result.classOf("shared/umbrella/src/iosMain/kotlin/Links.kt") == .binaryLiteral)
        #expect(names(result, "shared/umbrella/src/androidMain/kotlin/Links.kt") == ["androidApp"])
    }

    @Test func aVariableNoSettingAssignsNamesTheIOSModulesUnderItsPrefix() throws {
        let repo = GitFixture("kmp-variable-unset")
        repo.write("shared/core/build.gradle.kts", "plugins { kotlin(\"multiplatform\") }\nkotlin { iosArm64() }\n")
        repo.write("shared/core/src/commonMain/kotlin/Api.kt", "const val API = \"https://host.com/v1\"\n")
        // A JVM-only module under the same prefix is no Apple framework.
        repo.write("shared/server/build.gradle.kts", "plugins { kotlin(\"multiplatform\") }\nkotlin { jvm() }\n")
        repo.write("shared/server/src/commonMain/kotlin/Cors.kt", "const val ORIGIN = \"https://host.com\"\n")
        repo.write(
            "iosApp/iosApp.xcodeproj/project.pbxproj",
            kmpIOSAppPBXProj.replacingOccurrences(of: "MODULE = umbrella;", with: ""))
        repo.commit("kmp")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(names(result, "shared/core/src/commonMain/kotlin/Api.kt") == ["iosApp"])
        #expect(names(result, "shared/server/src/commonMain/kotlin/Cors.kt") == [])
    }

    @Test func aComposeForWebBrowserExecutableIsAWebAppDeployedNotShipped() throws {
        let repo = GitFixture("compose-web")
        repo.write("settings.gradle.kts", "include(\":composeApp\")\ninclude(\":shared\")\n")
        // The Compose Multiplatform wizard's module with the web target: an Android app and a web app.
        repo.write(
            "composeApp/build.gradle.kts",
            """
            plugins { kotlin("multiplatform"); id("com.android.application"); id("org.jetbrains.compose") }
            kotlin {
                androidTarget()
                @OptIn(ExperimentalWasmDsl::class)
                wasmJs {
                    moduleName = "composeApp"
                    browser {
                        commonWebpackConfig { outputFileName = "composeApp.js" }
                    }
                    binaries.executable()
                }
                sourceSets { commonMain.dependencies { implementation(projects.shared) } }
            }
            """)
        repo.write("composeApp/src/commonMain/kotlin/App.kt", "const val API = \"https://host.com/v1\"\n")
        repo.write("composeApp/src/wasmJsMain/kotlin/main.kt", "const val WEB = \"https://host.com/web\"\n")
        repo.write(
            "composeApp/src/wasmJsMain/resources/index.html", "<link rel=\"canonical\" href=\"https://host.com/\">\n")
        // A library with a browser target and no executable builds no web app of its own.
        repo.write(
            "shared/build.gradle.kts",
            "plugins { kotlin(\"multiplatform\") }\nkotlin { androidTarget(); wasmJs { browser() } }\n")
        repo.write("shared/src/wasmJsMain/kotlin/Platform.kt", "const val ORIGIN = \"https://host.com\"\n")
        repo.commit("compose web")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(
            result.products.map(\.product.label).sorted() == [
                "Android app `composeApp`", "web app (Kotlin/Wasm or JS) `composeApp`",
            ])
        #expect(names(result, "composeApp/src/commonMain/kotlin/App.kt") == ["composeApp", "composeApp"])
        #expect(result.classOf("composeApp/src/commonMain/kotlin/App.kt") == .binaryLiteral)
        for path in ["composeApp/src/wasmJsMain/kotlin/main.kt", "composeApp/src/wasmJsMain/resources/index.html"] {
            #expect(result.classOf(path) == .server, "\(result.occurrence(path)?.rule ?? path)")
            #expect(result.occurrence(path)?.products.map(\.label) == ["web app (Kotlin/Wasm or JS) `composeApp`"])
        }
        // The library's browser code is compiled into the web app that depends on it.
        #expect(result.classOf("shared/src/wasmJsMain/kotlin/Platform.kt") == .server)
    }

    @Test func aComposeDesktopApplicationIsADesktopApp() throws {
        let repo = GitFixture("compose-desktop")
        repo.write("settings.gradle.kts", "include(\":composeApp\")\ninclude(\":desktopApp\")\n")
        // The Compose Multiplatform wizard's module: an Android app and a desktop app in one.
        repo.write(
            "composeApp/build.gradle.kts",
            """
            import org.jetbrains.compose.desktop.application.dsl.TargetFormat
            plugins { kotlin("multiplatform"); id("com.android.application"); id("org.jetbrains.compose") }
            kotlin {
                androidTarget()
                jvm("desktop")
            }
            compose.desktop {
                application {
                    mainClass = "MainKt"
                    nativeDistributions {
                        targetFormats(TargetFormat.Dmg, TargetFormat.Msi, TargetFormat.Deb)
                        packageName = "Shop"
                    }
                }
            }
            """)
        repo.write("composeApp/src/commonMain/kotlin/Api.kt", "const val API = \"https://host.com/v1\"\n")
        repo.write("composeApp/src/desktopMain/kotlin/Main.kt", "const val HELP = \"https://host.com/help\"\n")
        repo.write("composeApp/src/jvmMain/kotlin/Jvm.kt", "const val JVM = \"https://host.com/jvm\"\n")
        repo.write("composeApp/src/androidMain/kotlin/Links.kt", "const val LINK = \"https://host.com/android\"\n")
        // A JVM-only desktop module.
        repo.write(
            "desktopApp/build.gradle.kts",
            """
            plugins { kotlin("jvm"); id("org.jetbrains.compose") }
            compose.desktop { application { mainClass = "MainKt"; nativeDistributions { targetFormats(TargetFormat.Dmg) } } }
            """)
        repo.write("desktopApp/src/main/kotlin/Main.kt", "const val SITE = \"https://host.com\"\n")
        repo.commit("compose desktop")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let labels = result.products.map(\.product.label).sorted()
        #expect(
            labels == [
                "Android app `composeApp`", "desktop app (Compose Multiplatform) `composeApp`",
                "desktop app (Compose Multiplatform) `desktopApp`",
            ])
        let api = try #require(result.occurrence("composeApp/src/commonMain/kotlin/Api.kt"))
        #expect(api.products.map(\.description).sorted() == ["Android app", "desktop app (Compose Multiplatform)"])
        #expect(api.occurrenceClass == .binaryLiteral)
        let main = try #require(result.occurrence("composeApp/src/desktopMain/kotlin/Main.kt"))
        #expect(main.products.map(\.description) == ["desktop app (Compose Multiplatform)"], "\(main.rule)")
        #expect(main.occurrenceClass == .binaryLiteral, "\(main.rule)")
        let jvm = try #require(result.occurrence("composeApp/src/jvmMain/kotlin/Jvm.kt"))
        #expect(jvm.products.map(\.description) == ["desktop app (Compose Multiplatform)"], "\(jvm.rule)")
        #expect(jvm.occurrenceClass == .binaryLiteral, "\(jvm.rule)")
        let links = try #require(result.occurrence("composeApp/src/androidMain/kotlin/Links.kt"))
        #expect(links.products.map(\.description) == ["Android app"])
        let desktop = try #require(result.occurrence("desktopApp/src/main/kotlin/Main.kt"))
        #expect(desktop.products.map(\.label) == ["desktop app (Compose Multiplatform) `desktopApp`"])
        #expect(desktop.occurrenceClass == .binaryLiteral, "\(desktop.rule) \(desktop.ruleID)")
        #expect(desktop.products.first?.platforms == [.desktop])
    }
}
