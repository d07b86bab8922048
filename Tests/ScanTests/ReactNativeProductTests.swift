import RelopsCore
import Scan
import TestSupport
import Testing

let reactNativeAppPBXProj = """
    // !$*UTF8*$!
    { objects = {
      T1 = { isa = PBXNativeTarget; name = Shop; productType = "com.apple.product-type.application"; };
      B1 = { isa = PBXShellScriptBuildPhase; name = "Bundle React Native code and images"; shellScript = "../node_modules/react-native/scripts/react-native-xcode.sh"; };
      C1 = { isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; };
    }; }
    """

/// A bare React Native app: Metro bundles what `index.js` reaches into the Android app (which
/// applies `com.facebook.react`) and the iOS app (with the bundle phase); the rest is named.
@Suite struct ReactNativeProductTests {
    func bareApp() -> GitFixture {
        let repo = GitFixture("react-native")
        repo.write(
            "package.json",
            """
            { "name": "shop", "main": "index.js",
              "scripts": { "android": "react-native run-android" },
              "dependencies": { "react": "18.2.0", "react-native": "0.74.1", "react-native-config": "1.5.1" } }
            """)
        repo.write(
            "index.js",
            "import { AppRegistry } from 'react-native';\nimport App from './src/App';\nAppRegistry.registerComponent('shop', () => App);\n"
        )
        repo.write(
            "src/App.tsx",
            "import { api } from './api';\nimport en from './languages/en.json';\nexport * from \"./screens\";\nconst de = require('./languages/de.json');\n"
        )
        repo.write("src/api.ts", "export const api = 'https://host.com/v1';\nimport { Map } from './map';\n")
        repo.write("src/map/package.json", "{ \"name\": \"map\", \"main\": \"lib/Map.tsx\" }\n")
        repo.write("src/map/lib/Map.tsx", "export const Map = () => 'https://host.com/tiles';\n")
        repo.write("src/screens/index.ts", "export { Home } from './Home';\n")
        repo.write("src/screens/Home.tsx", "export const Home = () => fetch('https://host.com/home');\n")
        repo.write("src/languages/en.json", "{ \"help\": \"https://host.com/help\" }\n")
        repo.write("src/languages/de.json", "{ \"help\": \"https://host.com/hilfe\" }\n")
        repo.write("src/legacy/OldApi.ts", "export const old = 'https://host.com/old';\n")
        repo.write("src/widgets/package.json", "{ \"name\": \"widgets\", \"description\": \"see https://host.com\" }\n")
        repo.write("schemas/deeplink.schema.json", "{ \"$id\": \"https://host.com/schemas/deeplink\" }\n")
        repo.write(".env.production", "API_URL=https://host.com\n")
        repo.write("metro.config.js", "module.exports = { server: { url: 'https://host.com' } };\n")
        repo.write(".eslintrc.js", "module.exports = { settings: { docs: 'https://host.com/lint' } };\n")
        repo.write("Gemfile", "source 'https://rubygems.org'\ngem 'fastlane'\ngem 'cocoapods', '~> 1.15'\n")
        repo.write("fastlane/Fastfile", "lane :beta do\n  slack(url: 'https://host.com/hook')\nend\n")
        repo.write("android/settings.gradle", "rootProject.name = 'shop'\ninclude ':app'\n")
        repo.write(
            "android/app/build.gradle",
            "apply plugin: \"com.android.application\"\napply plugin: \"com.facebook.react\"\nreact { }\n")
        repo.write("ios/Podfile", "platform :ios, '13.4'\ntarget 'Shop' do\n  use_react_native!\nend\n")
        repo.write("ios/Shop.xcodeproj/project.pbxproj", reactNativeAppPBXProj)
        repo.commit("react native")
        return repo
    }

    @Test func whatMetroReachesShipsInBothAppsAndTheRestIsNamed() throws {
        let repo = bareApp()
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let apps = ["Android app `app`", "iOS app `Shop`"]
        for path in ["src/api.ts", "src/screens/Home.tsx", "src/map/lib/Map.tsx"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass == .binaryLiteral, "\(path): \(o.rule)")
            #expect(o.ruleID == "react-native.metro-bundle")
            #expect(o.products.map(\.label).sorted() == apps, "\(path)")
            #expect(o.rule.hasPrefix("Metro bundles it from index.js (package.json) into "), "\(o.rule)")
        }
        // JSON imported (and required) into the bundle: configuration that ships, never a server's.
        for path in ["src/languages/en.json", "src/languages/de.json"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass == .binaryConfig, "\(path): \(o.rule)")
            #expect(o.products.map(\.label).sorted() == apps)
        }
        let legacy = try #require(result.occurrence("src/legacy/OldApi.ts"))
        #expect(legacy.occurrenceClass == .unknown)
        #expect(legacy.ruleID == "react-native.metro-bundle")
        #expect(legacy.rule == "not reached from index.js of package.json: check where it ships")
        // Tooling configuration Metro never bundles is used while building.
        for path in ["metro.config.js", ".eslintrc.js"] {
            #expect(result.classOf(path) == .build, "\(path)")
            #expect(result.occurrence(path)?.ruleID == "react-native.metro-bundle")
        }
        // react-native-config builds `.env*` into the apps.
        #expect(result.classOf(".env.production") == .binaryConfig)
        #expect(result.occurrence(".env.production")?.ruleID == "react-native.config-env")
        // A Gemfile of fastlane and CocoaPods is tooling: no Ruby server anywhere.
        let fastfile = try #require(result.occurrence("fastlane/Fastfile"))
        #expect(fastfile.occurrenceClass == .build)
        #expect(fastfile.ruleID == "ruby.tooling")
        #expect(!result.products.contains { $0.product.kind == .server })
        // Reported as `server` of the Gemfile: a JSON schema and a nested package.json ship in no server.
        for path in ["schemas/deeplink.schema.json", "src/widgets/package.json"] {
            #expect(result.classOf(path) != .server, "\(path): \(result.occurrence(path)?.rule ?? "")")
            // Metro does not reach them: where they ship is not known, and relops says so.
            #expect(result.classOf(path) == .unknown, "\(path)")
        }
        #expect(result.products.map(\.product.label).sorted() == apps)
    }

    @Test func aGemfileWithAWebServerGemIsStillAServer() throws {
        let repo = GitFixture("ruby-server")
        repo.write("Gemfile", "source 'https://rubygems.org'\ngem \"sinatra\"\ngem 'puma'\n")
        repo.write("app.rb", "set :host, 'host.com'\n")
        repo.commit("server")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.classOf("app.rb") == .server)
        #expect(result.occurrence("app.rb")?.ruleID == "service.file")
    }

    @Test func workspacePackagesAndTheRootAliasAreFollowed() throws {
        let repo = GitFixture("react-native-workspace")
        repo.write(
            "package.json", "{ \"name\": \"mono\", \"private\": true, \"workspaces\": [\"apps/*\", \"packages/*\"] }\n")
        repo.write(
            "apps/mobile/package.json",
            "{ \"name\": \"mobile\", \"dependencies\": { \"react-native\": \"0.74.1\", \"@shop/core\": \"*\" } }\n")
        repo.write("apps/mobile/index.ts", "import '@shop/core';\nimport { x } from '@/lib/x';\n")
        repo.write("apps/mobile/lib/x.ts", "export const x = 'host.com';\n")
        repo.write("apps/mobile/android/app/build.gradle", "apply plugin: 'com.android.application'\n")
        repo.write("packages/core/package.json", "{ \"name\": \"@shop/core\", \"main\": \"src/index.ts\" }\n")
        repo.write("packages/core/src/index.ts", "export const API = 'https://host.com';\n")
        repo.write("packages/core/src/web-only.ts", "export const W = 'https://host.com/web';\n")
        repo.commit("workspace")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.occurrence("apps/mobile/lib/x.ts")?.ruleID == "react-native.metro-bundle")
        #expect(result.classOf("apps/mobile/lib/x.ts") == .binaryLiteral)
        let core = try #require(result.occurrence("packages/core/src/index.ts"))
        #expect(core.occurrenceClass == .binaryLiteral, "\(core.rule)")
        #expect(core.products.map(\.label) == ["Android app `app`"], "\(core.rule)")
        #expect(core.ruleID == "react-native.metro-bundle")
        // A file of the package that Metro does not reach from the app's entry is named, not shipped.
        let webOnly = try #require(result.occurrence("packages/core/src/web-only.ts"))
        #expect(webOnly.occurrenceClass == .unknown)
        #expect(
            webOnly.rule == "not reached from apps/mobile/index.ts of apps/mobile/package.json: check where it ships")
    }
}

/// Expo apps: the config is the app (EAS builds it for Android and iOS); with `expo-router/entry`
/// Metro's entries are the files under `app/`.
@Suite struct ExpoProductTests {
    @Test func anExpoRouterAppWithAnAppConfigTs() throws {
        let repo = GitFixture("expo")
        repo.write(
            "package.json",
            """
            { "name": "shop", "main": "expo-router/entry",
              "dependencies": { "expo": "~51.0.0", "expo-router": "~3.5.0", "react-native": "0.74.1" } }
            """)
        repo.write(
            "app.config.ts",
            """
            import { ExpoConfig } from 'expo/config';
            const config: ExpoConfig = {
              name: 'Shop',
              scheme: 'shop',
              ios: { associatedDomains: ['applinks:host.com'] },
              android: { intentFilters: [{ action: 'VIEW', autoVerify: true, data: [{ scheme: 'https', host: 'host.com' }] }] },
            };
            export default config;
            """)
        repo.write("app/_layout.tsx", "import { Stack } from 'expo-router';\nimport { api } from '@/lib/api';\n")
        repo.write("app/(tabs)/index.tsx", "export default function Home() { return null; }\n")
        repo.write("lib/api.ts", "export const api = 'https://host.com/v1';\n")
        repo.write("lib/unused.ts", "export const x = 'https://host.com/x';\n")
        repo.write("components/Banner.tsx", "const url = 'https://host.com/banner';\n")
        repo.write("app/+html.tsx", "<link rel=\"canonical\" href=\"https://host.com\" />\n")
        repo.commit("expo")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let expoApp = "Android and iOS app (Expo) `Shop`"
        #expect(result.products.map(\.product.label) == [expoApp])
        let config = result.occurrences.filter { $0.path == "app.config.ts" }
        #expect(config.count == 2)
        #expect(config.allSatisfy { $0.occurrenceClass == .binaryConfig && $0.ruleID == "expo.app-config" })
        #expect(config.first?.products.map(\.label) == [expoApp])
        let api = try #require(result.occurrence("lib/api.ts"))
        #expect(api.occurrenceClass == .binaryLiteral, "\(api.rule)")
        #expect(api.rule.hasPrefix("Metro bundles it from app/** (package.json) into \(expoApp)"), "\(api.rule)")
        #expect(api.products.map(\.label) == [expoApp])
        #expect(result.classOf("app/+html.tsx") == .binaryLiteral)
        for path in ["lib/unused.ts", "components/Banner.tsx"] {
            let o = try #require(result.occurrence(path))
            #expect(o.occurrenceClass == .unknown)
            #expect(o.rule == "not reached from app/** of package.json: check where it ships")
            #expect(o.products.isEmpty)
        }
    }

    @Test func aPrebuiltExpoAppShipsInItsNativeApps() throws {
        let repo = GitFixture("expo-prebuilt")
        repo.write("package.json", "{ \"name\": \"shop\", \"dependencies\": { \"expo\": \"~51.0.0\" } }\n")
        repo.write(
            "app.json",
            "{ \"expo\": { \"name\": \"Shop\", \"scheme\": \"shop\", \"ios\": { \"associatedDomains\": [\"applinks:host.com\"] } } }\n"
        )
        repo.write("index.ts", "export const api = 'https://host.com';\n")
        repo.write(
            "android/app/build.gradle", "apply plugin: 'com.android.application'\napply plugin: 'com.facebook.react'\n")
        repo.write("ios/Shop.xcodeproj/project.pbxproj", reactNativeAppPBXProj)
        repo.commit("prebuilt")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let apps = ["Android app `app`", "iOS app `Shop`"]
        #expect(result.products.map(\.product.label).sorted() == apps)
        #expect(result.occurrence("app.json")?.ruleID == "expo.app-config")
        #expect(result.occurrence("app.json")?.products.map(\.label).sorted() == apps)
        #expect(result.occurrence("index.ts")?.products.map(\.label).sorted() == apps)
    }

    @Test func anAppJsonWithoutAnExpoKeyIsNoApp() throws {
        let repo = GitFixture("not-expo")
        repo.write("app.json", "{ \"name\": \"tool\", \"homepage\": \"https://host.com\" }\n")
        repo.commit("not expo")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        #expect(result.products.isEmpty)
        #expect(result.occurrence("app.json")?.ruleID != "expo.app-config")
    }
}
