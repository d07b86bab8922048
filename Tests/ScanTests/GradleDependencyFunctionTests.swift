import RelopsCore
import Scan
import TestSupport
import Testing

/// Modules an app adds through its build logic's dependency functions (issue 40, case 8): a
/// listed `allLibrariesImpl()` and a path-matching `allFeaturesImpl(project)` belong to the app.
@Suite struct GradleDependencyFunctionTests {
    @Test func modulesAddedThroughABuildLogicFunctionShipInTheApp() throws {
        let repo = GitFixture("gradle-dependency-functions")
        repo.write(
            "settings.gradle.kts",
            """
            pluginManagement { includeBuild("plugins") }
            include(":app", ":features:login:impl", ":features:login:api", ":libraries:network")
            """)
        repo.write(
            "app/build.gradle.kts",
            """
            import extension.allFeaturesImpl
            import extension.allLibrariesImpl

            plugins {
                id("com.android.application")
                id("org.jetbrains.kotlin.android")
            }

            dependencies {
                allLibrariesImpl()
                allFeaturesImpl(project)
                implementation(libs.androidx.core)
            }
            """)
        repo.write("plugins/build.gradle.kts", "plugins {\n    `kotlin-dsl`\n}\n")
        repo.write(
            "plugins/src/main/kotlin/extension/DependencyHandleScope.kt",
            """
            package extension

            import org.gradle.api.Project
            import org.gradle.kotlin.dsl.DependencyHandlerScope

            fun DependencyHandlerScope.allLibrariesImpl() {
                implementation(project(":libraries:network"))
            }

            fun DependencyHandlerScope.allFeaturesImpl(project: Project) = addAll(
                project = project,
                modulePrefix = ":features",
                moduleSuffix = ":impl",
            )

            private fun DependencyHandlerScope.addAll(
                project: Project,
                modulePrefix: String,
                moduleSuffix: String,
            ) {
                val subProjects = project.rootProject.subprojects.filter { it.path.startsWith(modulePrefix) && it.path.endsWith(moduleSuffix) }
                for (p in subProjects) {
                    add("implementation", p)
                }
            }
            """)
        for module in ["features/login/impl", "features/login/api", "libraries/network"] {
            repo.write("\(module)/build.gradle.kts", "plugins {\n    id(\"com.android.library\")\n}\n")
        }
        repo.write(
            "features/login/impl/src/main/kotlin/io/example/login/LoginConfig.kt",
            "package io.example.login\n\nconst val SSO_URL = \"https://host.com/sso\"\n")
        repo.write(
            "libraries/network/src/main/kotlin/io/example/network/Api.kt",
            "package io.example.network\n\nconst val BASE_URL = \"https://host.com/api\"\n")
        repo.commit("build logic")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        for path in [
            "features/login/impl/src/main/kotlin/io/example/login/LoginConfig.kt",
            "libraries/network/src/main/kotlin/io/example/network/Api.kt",
        ] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass == .binaryLiteral, "\(path): \(o.ruleID) \(o.rule)")
            #expect(o.products.map(\.name) == ["app"], "\(path): \(o.rule)")
            #expect(o.rule.contains("app/build.gradle.kts"), "\(path): \(o.rule)")
        }
    }
}
