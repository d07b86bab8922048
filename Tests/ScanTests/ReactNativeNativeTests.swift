import RelopsCore
import Scan
import TestSupport
import Testing

/// React Native apps found from their native builds: an Android app module applying
/// `com.facebook.react` with a custom `react { root }`, and an Xcode project with the bundle phase
/// whose `package.json` never names `react-native`.
@Suite struct ReactNativeNativeTests {
    @Test func aMonorepoAppWithACustomReactRootBundlesThatFolder() throws {
        let repo = GitFixture("rn-monorepo")
        repo.write("package.json", #"{ "name": "monorepo", "private": true, "workspaces": ["apps/*"] }"#)
        repo.write(
            "apps/mobile/js/package.json",
            #"{ "name": "mobile-js", "dependencies": { "react": "18.2.0", "react-native": "0.74.1" } }"#)
        repo.write("apps/mobile/js/index.js", "import App from './src/App';\n")
        repo.write("apps/mobile/js/src/App.tsx", "import { api } from './api';\nexport default api;\n")
        repo.write("apps/mobile/js/src/api.ts", "export const api = 'https://host.com/v1';\n")
        repo.write("apps/mobile/js/src/Unused.ts", "export const old = 'https://host.com/old';\n")
        repo.write("apps/mobile/android/settings.gradle", "rootProject.name = 'mobile'\ninclude ':app'\n")
        repo.write(
            "apps/mobile/android/app/build.gradle.kts",
            """
            plugins {
                id("com.android.application")
                id("com.facebook.react")
            }
            react {
                root = file("../../js")
            }
            """)
        repo.write(
            "apps/mobile/ios/Mobile.xcodeproj/project.pbxproj",
            reactNativeAppPBXProj.replacingOccurrences(of: "Shop", with: "Mobile").replacingOccurrences(
                of: #"shellScript = ""#, with: #"shellScript = "export PROJECT_ROOT=$PROJECT_DIR/../js\n"#))
        repo.commit("monorepo")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let api = try #require(result.occurrence("apps/mobile/js/src/api.ts"))
        #expect(api.occurrenceClass == .binaryLiteral, "\(api.rule)")
        #expect(api.ruleID == "react-native.metro-bundle")
        #expect(api.products.map(\.label).sorted() == ["Android app `app`", "iOS app `Mobile`"], "\(api.rule)")
        #expect(api.rule.hasPrefix("Metro bundles it from apps/mobile/js/index.js"), "\(api.rule)")
        let unused = try #require(result.occurrence("apps/mobile/js/src/Unused.ts"))
        #expect(unused.occurrenceClass == .unknown)
        #expect(unused.ruleID == "react-native.metro-bundle")
    }

    @Test func anXcodeBundlePhaseMakesAReactNativeAppWithoutTheDependency() throws {
        let repo = GitFixture("rn-ios-only")
        // The dependency comes from a workspace root or a vendored copy: package.json does not name it.
        repo.write("package.json", #"{ "name": "shop", "dependencies": { "react": "18.2.0" } }"#)
        repo.write("index.js", "import App from './src/App';\n")
        repo.write("src/App.ts", "export const api = 'https://host.com/v1';\n")
        repo.write("ios/Shop.xcodeproj/project.pbxproj", reactNativeAppPBXProj)
        repo.commit("ios only")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let app = try #require(result.occurrence("src/App.ts"))
        #expect(app.occurrenceClass == .binaryLiteral, "\(app.rule)")
        #expect(app.ruleID == "react-native.metro-bundle")
        #expect(app.products.map(\.label) == ["iOS app `Shop`"], "\(app.rule)")
    }

    @Test func aGradleReactBlockWithoutTheDependencyIsAReactNativeApp() throws {
        let repo = GitFixture("rn-android-only")
        repo.write("package.json", #"{ "name": "shop" }"#)
        repo.write("index.js", "require('./src/api');\n")
        repo.write("src/api.js", "module.exports = 'https://host.com/v1';\n")
        repo.write("android/settings.gradle", "include ':app'\n")
        repo.write(
            "android/app/build.gradle",
            "apply plugin: \"com.android.application\"\napply plugin: \"com.facebook.react\"\n")
        repo.commit("android only")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let api = try #require(result.occurrence("src/api.js"))
        #expect(api.occurrenceClass == .binaryLiteral, "\(api.rule)")
        #expect(api.products.map(\.label) == ["Android app `app`"], "\(api.rule)")
    }

    @Test func aReactRootOutsideTheRepositoryLinksNothing() throws {
        let repo = GitFixture("rn-root-outside")
        repo.write("package.json", #"{ "name": "shop" }"#)
        repo.write("index.js", "require('./src/api');\n")
        repo.write("src/api.js", "module.exports = 'https://host.com/v1';\n")
        repo.write("android/settings.gradle", "include ':app'\n")
        repo.write(
            "android/app/build.gradle",
            "apply plugin: \"com.android.application\"\napply plugin: \"com.facebook.react\"\n"
                + "react {\n    root = file(\"../../../../elsewhere\")\n}\n")
        repo.commit("root outside")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let api = try #require(result.occurrence("src/api.js"))
        #expect(api.ruleID != "react-native.metro-bundle", "\(api.rule)")
        #expect(api.products.isEmpty, "\(api.rule)")
    }
}
