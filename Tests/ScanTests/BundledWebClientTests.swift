import RelopsCore
import Scan
import TestSupport
import Testing

/// A TypeScript client whose build output is copied into the Android app by a Gradle copy task,
/// into the iOS app by an XcodeGen spec (`- path: "../client/build"`) and packaged by Electron:
/// it ships in all three apps, and each names the chain.
@Suite struct BundledWebClientTests {
    @Test func theClientShipsInEveryAppWhoseBuildFilesCopyItIn() throws {
        let repo = GitFixture("bundled-client")
        repo.write(
            "client/package.json",
            """
            { "name": "client", "scripts": { "build": "tsc && webpack" },
              "devDependencies": { "typescript": "5.4.0", "webpack": "5.0.0" } }
            """)
        repo.write("client/src/api.ts", "export const API = 'https://host.com/v1';\n")
        repo.write("client/src/strings.json", "{ \"help\": \"https://host.com/help\" }\n")
        repo.write("android/settings.gradle", "include ':app'\n")
        repo.write(
            "android/app/build.gradle",
            """
            plugins { id 'com.android.application' }
            tasks.register('copyWebClient', Copy) {
                from("../../client/build")
                into("src/main/assets/web")
            }
            preBuild.dependsOn copyWebClient
            """)
        repo.write(
            "ios/project.yml",
            """
            name: Shop
            targets:
              Shop:
                type: application
                platform: iOS
                sources:
                  - path: Shop
                  - path: "../client/build"
                    type: folder
                    buildPhase: resources
            """)
        repo.write("ios/Shop/AppDelegate.swift", "let start = URL(string: \"https://host.com\")!\n")
        repo.write(
            "desktop/package.json",
            """
            { "name": "shop-desktop", "main": "main.js",
              "build": { "extraResources": [{ "from": "../client/build", "to": "web" }] },
              "devDependencies": { "electron": "30.0.0", "electron-builder": "24.0.0" } }
            """)
        repo.write("desktop/main.js", "win.loadURL('https://host.com');\n")
        repo.commit("bundled client")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let apps = ["Android app `app`", "desktop app (Electron) `desktop`", "iOS app `Shop`"]
        #expect(result.products.map(\.product.label).sorted() == apps)
        let api = try #require(result.occurrence("client/src/api.ts"))
        #expect(api.occurrenceClass == .binaryLiteral, "\(api.rule)")
        #expect(api.ruleID == "library.referenced-by-app")
        #expect(api.products.map(\.label).sorted() == apps, "\(api.rule)")
        let strings = try #require(result.occurrence("client/src/strings.json"))
        #expect(strings.occurrenceClass == .binaryConfig)
        #expect(strings.products.map(\.label).sorted() == apps)
        // Every platform whose app carries the client is a platform of the release.
        let platforms = Set(result.products.flatMap(\.product.platforms))
        #expect(platforms == [.android, .iOS, .desktop])
    }

    @Test func aFolderReferenceInAnXcodeProjectBundlesTheClient() throws {
        let repo = GitFixture("bundled-client-pbxproj")
        repo.write("client/package.json", "{ \"name\": \"client\" }\n")
        repo.write("client/src/api.ts", "export const API = 'https://host.com/v1';\n")
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            """
            { objects = {
              F1 = { isa = PBXFileReference; lastKnownFileType = folder; name = web; path = ../client/build; sourceTree = "<group>"; };
              T1 = { isa = PBXNativeTarget; name = Shop; productType = "com.apple.product-type.application"; };
            }; }
            """)
        repo.commit("pbxproj folder reference")
        let result = try scanRepository(repo.root, hosts: ["host.com"])
        let api = try #require(result.occurrence("client/src/api.ts"))
        #expect(api.occurrenceClass == .binaryLiteral, "\(api.rule)")
        #expect(api.products.map(\.label) == ["iOS app `Shop`"])
    }
}
