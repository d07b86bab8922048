import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// A Kotlin Multiplatform repository as the KMP wizard lays it out: every plugin and library named
/// through `gradle/libs.versions.toml`, the root build declaring them all `apply false`, a Ktor
/// server beside the apps. What ships where comes from the catalog, not from accessor names.
@Suite struct GradleCatalogScanTests {
    func repository() -> GitFixture {
        let repo = GitFixture("kmp-catalog")
        repo.write(
            "gradle/libs.versions.toml",
            """
            [versions]
            agp = "8.5.0"
            ktor = "3.0.0"
            kotlin = "2.0.0"

            [libraries]
            ktor-server-netty = { module = "io.ktor:ktor-server-netty", version.ref = "ktor" }

            [plugins]
            store-app = { id = "com.android.application", version.ref = "agp" }
            shared-lib = { id = "com.android.library", version.ref = "agp" }
            kmp = { id = "org.jetbrains.kotlin.multiplatform", version.ref = "kotlin" }
            jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }

            """)
        repo.write("settings.gradle.kts", "include(\":androidApp\", \":shared\", \":backend\")\n")
        repo.write(
            "build.gradle.kts",
            """
            plugins {
                alias(libs.plugins.store.app) apply false
                alias(libs.plugins.shared.lib) apply false
                alias(libs.plugins.kmp) apply false
            }

            """)
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins {\n    alias(libs.plugins.store.app)\n}\ndependencies { implementation(projects.shared) }\n")
        repo.write(
            "shared/build.gradle.kts",
            "plugins {\n    alias(libs.plugins.kmp)\n    alias(libs.plugins.shared.lib)\n}\nkotlin { androidTarget() }\n"
        )
        repo.write("shared/src/commonMain/kotlin/Links.kt", "const val HOME = \"https://host.com/\"\n")
        repo.write(
            "backend/build.gradle.kts",
            "plugins {\n    alias(libs.plugins.jvm)\n}\ndependencies {\n    implementation(libs.ktor.server.netty)\n}\n"
        )
        repo.write("backend/src/main/kotlin/Main.kt", "val origin = \"https://host.com\"\n")
        repo.write("backend/src/main/resources/documents/terms.md", "Read the terms at https://host.com/terms\n")
        repo.write("README.md", "The app for https://host.com\n")
        repo.commit("KMP app and Ktor server")
        return repo
    }

    @Test func theCatalogSaysWhatEachModuleBuilds() throws {
        let repo = repository()
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let labels = { (path: String) in result.occurrence(path)?.products.map(\.label).sorted() }
        // The app applies the application plugin under an alias no name guess would see.
        #expect(labels("shared/src/commonMain/kotlin/Links.kt") == ["Android app `androidApp`"])
        #expect(result.classOf("shared/src/commonMain/kotlin/Links.kt") == .binaryLiteral)
        // The backend is a Ktor server because its catalog library is `io.ktor:ktor-server-netty`.
        #expect(labels("backend/src/main/kotlin/Main.kt") == ["Ktor server `backend`"])
        #expect(result.classOf("backend/src/main/kotlin/Main.kt") == .server)
        // A document the server's jar packages is deployed with it; the repository's README ships nothing.
        let terms = try #require(result.occurrence("backend/src/main/resources/documents/terms.md"))
        #expect(terms.occurrenceClass == .server && terms.ruleID == "jvm.server-resource", "\(terms.rule)")
        #expect(terms.products.map(\.label) == ["Ktor server `backend`"])
        #expect(result.occurrence("README.md")?.ruleID == "docs.document")
        // The root build only declares the plugins (`apply false`): it is no app.
        #expect(!result.products.contains { $0.product.file == "build.gradle.kts" }, "\(result.products)")
    }
}

/// Test runners' configurations, beside the package.json of a web app or at a repository's root.
@Suite struct TestRunnerConfigurationTests {
    @Test func aTestRunnersConfigurationIsATest() throws {
        let repo = GitFixture("test-runners")
        repo.write("package.json", #"{"name": "shop", "devDependencies": {"@playwright/test": "1.45.0"}}"#)
        repo.write("playwright.config.ts", "export default { use: { baseURL: 'https://host.com' } };\n")
        repo.write("web/jest.config.js", "module.exports = { testEnvironmentOptions: { url: 'https://host.com' } };\n")
        repo.write(".detoxrc.js", "module.exports = { devices: {}, behavior: { url: 'https://host.com' } };\n")
        repo.write("playwright.ts", "export const home = 'https://host.com';\n")
        repo.commit("runners")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in ["playwright.config.ts", "web/jest.config.js", ".detoxrc.js"] {
            #expect(result.classOf(path) == .test, "\(path): \(result.occurrence(path)?.rule ?? "none")")
            #expect(result.occurrence(path)?.ruleID == "path.test-runner-config")
        }
        #expect(result.occurrence("playwright.config.ts")?.rule.contains("`playwright` test runner") == true)
        // A file only named like a runner is not its configuration.
        #expect(result.occurrence("playwright.ts")?.ruleID != "path.test-runner-config")
    }
}

/// Convention plugins a build defines for its modules: what applying one applies is read from its
/// source, as Gradle applies it.
@Suite struct GradleConventionPluginTests {
    @Test func aPrecompiledScriptPluginThatAppliesTheApplicationPluginMakesAnApp() throws {
        let repo = GitFixture("gradle-precompiled")
        repo.write(
            "settings.gradle.kts", "pluginManagement { includeBuild(\"plugins\") }\ninclude(\":app\", \":core\")\n")
        repo.write("plugins/build.gradle.kts", "plugins { `kotlin-dsl` }\n")
        repo.write(
            "plugins/src/main/kotlin/shop.android-application.gradle.kts",
            "plugins {\n    id(\"com.android.application\")\n    id(\"shop.kotlin-base\")\n}\n")
        repo.write(
            "plugins/src/main/kotlin/conventions/library.gradle.kts",
            "package conventions\nplugins { id(\"com.android.library\") }\n")
        repo.write("plugins/src/main/kotlin/shop.kotlin-base.gradle.kts", "plugins { kotlin(\"android\") }\n")
        repo.write(
            "app/build.gradle.kts",
            "plugins {\n    id(\"shop.android-application\")\n}\n"
                + "dependencies { implementation(project(\":core\")) }\n")
        repo.write("core/build.gradle.kts", "plugins { id(\"conventions.library\") }\n")
        repo.write("core/src/main/kotlin/Links.kt", "const val HOME = \"https://host.com\"\n")
        repo.commit("precompiled conventions")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let links = try #require(result.occurrence("core/src/main/kotlin/Links.kt"))
        #expect(links.occurrenceClass == .binaryLiteral, "\(links.rule)")
        #expect(links.products.map(\.label) == ["Android app `app`"], "\(links.rule)")
        #expect(result.products.map(\.product.file) == ["app/build.gradle.kts"])
    }

    @Test func aRegisteredPluginClassReachedThroughTheCatalogMakesAnApp() throws {
        let repo = GitFixture("gradle-build-logic")
        repo.write(
            "gradle/libs.versions.toml",
            "[plugins]\nshop-android-application = { id = \"shop.android.application\" }\n"
                + "shop-android-library = { id = \"shop.android.library\" }\n")
        repo.write(
            "build-logic/convention/build.gradle.kts",
            """
            plugins { `kotlin-dsl` }
            gradlePlugin {
                plugins {
                    register("androidApplication") {
                        id = libs.plugins.shop.android.application.get().pluginId
                        id = "shop.android.application"
                        implementationClass = "AndroidApplicationConventionPlugin"
                    }
                    register("androidLibrary") {
                        implementationClass = "AndroidLibraryConventionPlugin"
                        id = "shop.android.library"
                    }
                }
            }

            """)
        repo.write(
            "build-logic/convention/src/main/kotlin/AndroidApplicationConventionPlugin.kt",
            "class AndroidApplicationConventionPlugin : Plugin<Project> {\n"
                + "    override fun apply(target: Project) { with(target) { apply(plugin = \"com.android.application\") } }\n}\n"
        )
        repo.write(
            "build-logic/convention/src/main/kotlin/AndroidLibraryConventionPlugin.kt",
            "class AndroidLibraryConventionPlugin : Plugin<Project> {\n"
                + "    override fun apply(target: Project) { pluginManager.apply(\"com.android.library\") }\n}\n")
        repo.write(
            "settings.gradle.kts",
            "pluginManagement { includeBuild(\"build-logic\") }\ninclude(\":app\", \":feature\")\n")
        repo.write(
            "app/build.gradle.kts",
            "plugins { alias(libs.plugins.shop.android.application) }\ndependencies { implementation(projects.feature) }\n"
        )
        repo.write("feature/build.gradle.kts", "plugins { alias(libs.plugins.shop.android.library) }\n")
        repo.write("feature/src/main/kotlin/Links.kt", "const val HOME = \"https://host.com\"\n")
        repo.commit("binary conventions")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let links = try #require(result.occurrence("feature/src/main/kotlin/Links.kt"))
        #expect(links.products.map(\.label) == ["Android app `app`"], "\(links.rule)")
        #expect(result.products.map(\.product.file) == ["app/build.gradle.kts"])
    }
}
