import Testing

@testable import Scan

/// The version catalog as Gradle reads it: entries in each notation, accessors with `-`, `_` and
/// `.` alike, bundles over several lines, comments; and what a script's accessors name.
@Suite struct GradleVersionCatalogTests {
    let catalog = GradleVersionCatalog(
        text: """
            # The project's catalog.
            [versions]
            ktor = "3.0.0"   # server and client
            agp = "8.5.0"

            [libraries]
            ktor-server-netty = { module = "io.ktor:ktor-server-netty", version.ref = "ktor" }
            ktor_client_core = { group = "io.ktor", name = "ktor-client-core", version.ref = "ktor" }
            "wear.compose" = "androidx.wear.compose:compose-material:1.3.0"
            no-version = { module = "org.example:plain" }

            [bundles]
            server = [
                "ktor-server-netty",   # the engine
                "no-version",
            ]
            client = ["ktor_client_core"]

            [plugins]
            ktor = { id = "io.ktor.plugin", version.ref = "ktor" }
            app = "com.android.application:8.5.0"
            kotlin-multiplatform = { id = 'org.jetbrains.kotlin.multiplatform', version = "2.0.0" }
            """)

    @Test func readsEveryNotation() {
        #expect(
            catalog.plugins == [
                "ktor": "io.ktor.plugin", "app": "com.android.application",
                "kotlin.multiplatform": "org.jetbrains.kotlin.multiplatform",
            ])
        #expect(
            catalog.libraries == [
                "ktor.server.netty": "io.ktor:ktor-server-netty", "ktor.client.core": "io.ktor:ktor-client-core",
                "wear.compose": "androidx.wear.compose:compose-material", "no.version": "org.example:plain",
            ])
        #expect(catalog.bundles == ["server": ["ktor.server.netty", "no.version"], "client": ["ktor.client.core"]])
    }

    @Test func namesWhatAScriptsAccessorsName() {
        let script = """
            plugins {
                alias(libs.plugins.ktor)
                alias(libs.plugins.kotlin.multiplatform)
            }
            val id = libs.plugins.app.get().pluginId
            dependencies {
                implementation(libs.bundles.server)
                implementation(libs.wear.compose)
                implementation(libs.versions.ktor)
                implementation(libs.not.in.catalog)
            }
            """
        #expect(
            catalog.named(in: script).split(separator: "\n") == [
                "io.ktor.plugin", "org.jetbrains.kotlin.multiplatform", "com.android.application",
                "io.ktor:ktor-server-netty", "org.example:plain", "androidx.wear.compose:compose-material",
            ])
        #expect(catalog.named(in: "plugins { id 'java' }\n").isEmpty)
    }

    @Test func aPluginDeclaredButNotAppliedIsNotApplied() {
        let root = "plugins {\n    alias(libs.plugins.app) apply false\n    id(\"io.ktor.plugin\").apply(false)\n}\n"
        let applied = GradleScript.applied(root, catalog: catalog)
        #expect(!applied.contains("com.android.application") && !applied.contains("io.ktor.plugin"))
        #expect(!GradleScript.appliesAndroidApplication(root, catalog: catalog))
        #expect(GradleScript.appliesAndroidApplication("plugins { alias(libs.plugins.app) }", catalog: catalog))
        // Through the catalog, an alias only named like the plugin is not the plugin.
        #expect(!GradleScript.appliesAndroidApplication("alias(libs.plugins.androidApplication)", catalog: catalog))
        #expect(GradleScript.appliesAndroidApplication("alias(libs.plugins.androidApplication)", catalog: nil))
    }

    @Test func registrationsAndScriptIDsAreReadAsGradleReadsThem() {
        let registered = GradleConventionPlugins.registrations(
            in: "register(\"a\") { id = \"x.app\"\n implementationClass = \"p.AppPlugin\" }\n"
                + "register(\"b\") { implementationClass = 'LibPlugin'; id = 'x.lib' }\n")
        #expect(registered.map(\.id) == ["x.app", "x.lib"])
        #expect(registered.map(\.className) == ["p.AppPlugin", "LibPlugin"])
        #expect(GradleConventionPlugins.precompiledID("build-logic/src/main/kotlin/a.b.gradle.kts") == "a.b")
        #expect(GradleConventionPlugins.precompiledID("x/src/main/groovy/c.gradle") == "c")
        #expect(GradleConventionPlugins.precompiledID("app/build.gradle.kts") == nil)
        #expect(GradleConventionPlugins.precompiledID("scripts/publish.gradle") == nil)
    }
}
