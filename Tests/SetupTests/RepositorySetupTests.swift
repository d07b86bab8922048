import Foundation
import RelopsCore
import Setup
import TestSupport
import Testing

/// `relops init`'s reading of repositories of several stacks, and the round trip of the file it
/// writes through the configuration reader.
@Suite struct RepositorySetupTests {
    func setup(_ repo: GitFixture) throws -> RepositorySetup {
        try RepositorySetup.read(Project(path: repo.root, readingConfiguration: false))
    }

    func roundTrip(_ setup: RepositorySetup) throws -> ProjectConfig {
        try ProjectConfig.parse(setup.fileText, path: ".relops.yml")
    }

    @Test func nativeAndroidAndXcodeOneHost() throws {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let found = try setup(repo)
        #expect(found.openChoices.isEmpty)
        #expect(found.platforms.map(\.value) == ["android", "ios"])
        let config = try roundTrip(found)
        #expect(config.webHost?.description == "shop.example.com")
        #expect(config.androidPackage == "com.example.shop")
        // The Release configuration's bundle id, not the Debug one's `.debug`.
        #expect(config.iosAppIDs == ["ABCDE12345.com.example.shop"])
        #expect(config.anchorDocs == ["docs/adr/*.md"])
        // Issue 38, case 5: the platforms are a key the commands read, not only comments.
        #expect(config.platforms == [.android, .iOS])
        let text = found.fileText
        #expect(text.contains("  platforms: [\"android\", \"ios\"]  # android from app/src/main/AndroidManifest.xml:5"))
        #expect(text.contains("# from applicationId, app/build.gradle.kts:6"))
        #expect(text.contains("app/src/main/AndroidManifest.xml:5 android"))
        #expect(text.contains("ios/Shop/Shop.entitlements:6 applinks"))
        #expect(text.contains("ios/Shop.xcodeproj/project.pbxproj:"))
    }

    /// The anchors init counts are those `anchors audit` checks: written paths and the ones that
    /// cite the file named before (`(:5-6)`), never a former position cited on purpose.
    @Test func theAnchorCountIsTheAuditsCount() throws {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        repo.write(
            "design/decision.md",
            "# Decision\n\nThe handler is `src/App.cs:3` (:5-6), its settings `src/appsettings.json:2`.\n"
                + "It was previously at `src/App.cs:9`.\n")
        repo.commit("a decision")
        let found = try setup(repo)
        let decision = try #require(found.anchorDocs.first { $0.value == "design/decision.md" })
        #expect(decision.evidence == ["3 anchors, the first at design/decision.md:3"])
    }

    @Test func theHostEveryPlatformClaimsIsChosenFirst() throws {
        let repo = StackFixtures.native(
            androidHosts: ["m.example.com", "shop.example.com"], iosHosts: ["shop.example.com"])
        let found = try setup(repo)
        #expect(found.webHost.chosen == "shop.example.com")
        #expect(found.webHost.candidates.map(\.value) == ["shop.example.com", "m.example.com"])
        #expect(found.webHost.reason.contains("every platform"))
        #expect(found.fileText.contains("# candidate web_host: m.example.com: app/src/main/AndroidManifest.xml:5"))
        #expect(try roundTrip(found).webHost?.description == "shop.example.com")
    }

    @Test func anAndroidOnlyAppSaysSoAndABadPlatformIsNamed() throws {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: [])
        let found = try setup(repo)
        #expect(try roundTrip(found).platforms == [.android])
        let bad = try #require(throws: Failure.self) {
            _ = try ProjectConfig.parse("app:\n  platforms: [android, windows]\n", path: ".relops.yml")
        }
        #expect(bad.message.contains(".relops.yml:2"), "\(bad.message)")
        #expect(bad.message.contains("unknown platform `windows` (known: android, ios)"), "\(bad.message)")
    }

    /// Issue 38, case 2 (and issue 40, case 1): a React Native app's App Store target and its
    /// development target sign with the same entitlements; both app ids are the apps the served
    /// file must name, not only the first target's.
    @Test func everyAppTargetThatSignsWithTheEntitlementsIsListed() throws {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let second = StackFixtures.pbxproj(
            entitlements: "Shop/Shop.entitlements", bundle: "com.example.shop.dev", team: "ABCDE12345"
        )
        .replacingOccurrences(of: "A1B2", with: "C1D2").replacingOccurrences(of: "A1B3", with: "C1D3")
        let first = repo.readText("ios/Shop.xcodeproj/project.pbxproj")
        // The second target's configurations inside the same `objects`.
        let objects = second.components(separatedBy: "objects = {\n")[1].components(separatedBy: "\t};\n}")[0]
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            first.replacingOccurrences(of: "\t};\n}", with: objects + "\t};\n}"))
        repo.commit("development target")
        let config = try roundTrip(try setup(repo))
        #expect(config.iosAppIDs == ["ABCDE12345.com.example.shop", "ABCDE12345.com.example.shop.dev"])
    }

    /// Issue 38, "what to build": a team set only in the base configuration file's `#include` chain
    /// (a Flutter app's `Release.xcconfig` including the team's file) is the app's team.
    @Test func aTeamFromTheXCConfigChainMakesTheAppID() throws {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let project = StackFixtures.pbxproj(
            entitlements: "Shop/Shop.entitlements", bundle: "com.example.shop", team: "X"
        )
        .replacingOccurrences(of: "\t\t\t\tDEVELOPMENT_TEAM = X;\n", with: "")
        .replacingOccurrences(
            of: "A1B3 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n",
            with: "A1B3 /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n"
                + "\t\t\tbaseConfigurationReference = 7AFA3C8E1D35360C0083082E /* Release.xcconfig */;\n")
        #expect(project.contains("baseConfigurationReference") && !project.contains("DEVELOPMENT_TEAM"))
        repo.write("ios/Shop.xcodeproj/project.pbxproj", project)
        repo.write(
            "ios/Flutter/Release.xcconfig",
            "#include? \"Pods/Target.xcconfig\"\n#include \"../Signing/Team.xcconfig\"\n")
        repo.write("ios/Signing/Team.xcconfig", "// The distribution team\nDEVELOPMENT_TEAM = FGHIJ67890\n")
        repo.commit("team in the xcconfig chain")
        let found = try setup(repo)
        #expect(try roundTrip(found).iosAppIDs == ["FGHIJ67890.com.example.shop"])
        #expect(found.fileText.contains("team from DEVELOPMENT_TEAM, ios/Signing/Team.xcconfig:2"), "\(found.fileText)")
    }

    @Test func competingHostsAreLeftOpenAndAFlagPicks() throws {
        let repo = StackFixtures.native(androidHosts: ["a.example.com"], iosHosts: ["b.example.com"])
        var found = try setup(repo)
        #expect(found.openChoices.map(\.key) == ["app.web_host"])
        let message = found.webHost.openMessage
        #expect(message.contains("a.example.com (android): app/src/main/AndroidManifest.xml:5"))
        #expect(message.contains("b.example.com (ios): ios/Shop/Shop.entitlements:6"))
        #expect(message.contains("relops init --web-host a.example.com"))
        try found.pick("b.example.com", flag: "--web-host", source: "--web-host")
        #expect(found.openChoices.isEmpty)
        #expect(try roundTrip(found).webHost?.description == "b.example.com")
    }

    @Test func badPicksAreUsageErrors() throws {
        let repo = StackFixtures.native(androidHosts: ["a.example.com"], iosHosts: ["b.example.com"])
        var found = try setup(repo)
        #expect(throws: Failure.self) { try found.pick("not a host", flag: "--web-host", source: "--web-host") }
        #expect(throws: Failure.self) { try found.pick("1com.bad", flag: "--package", source: "--package") }
        #expect(throws: Failure.self) { try found.pick("web/x.json", flag: "--association", source: "--association") }
    }

    @Test func mauiIntentFilterConstantAndEntitlementsPlist() throws {
        let found = try setup(StackFixtures.maui())
        let config = try roundTrip(found)
        #expect(config.webHost?.description == "maui.example.com")
        #expect(config.androidPackage == "com.example.maui")
        // No team id anywhere: the bundle id is a comment to complete, not a wrong app id.
        #expect(config.iosAppIDs.isEmpty)
        #expect(found.fileText.contains("# app id TEAMID.com.example.maui: no team id found"))
        #expect(found.fileText.contains("src/Shop/Platforms/Android/MainActivity.cs:7 android"))
    }

    @Test func kmpPlaceholdersAreResolvedFromGradleAndXcconfig() throws {
        let found = try setup(StackFixtures.kmp())
        let config = try roundTrip(found)
        #expect(config.webHost?.description == "kmp.example.com")
        #expect(config.androidPackage == "com.example.kmp")
        #expect(config.iosAppIDs == ["FGHIJ67890.com.example.kmp"])
        #expect(found.fileText.contains("via manifestPlaceholders appLinkHost, androidApp/build.gradle.kts:5"))
        #expect(found.fileText.contains("via APP_LINK_HOST, iosApp/Configuration/Config.xcconfig:2"))
    }

    @Test func expoAppJson() throws {
        let found = try setup(StackFixtures.expo())
        let config = try roundTrip(found)
        #expect(config.webHost?.description == "expo.example.com")
        #expect(config.androidPackage == "com.example.expo")
        #expect(config.iosAppIDs == ["KLMNO12345.com.example.expo"])
        #expect(found.fileText.contains("# from android.package, app.json:11"))
        #expect(found.platforms.map(\.value) == ["android", "ios"])
    }

    @Test func anExpoConfigRelopsCannotReadIsNamedNotTakenForNoClaim() throws {
        let repo = GitFixture("expo-unreadable")
        repo.write("app.json", "{ \"expo\": { \"ios\": { \"associatedDomains\": [\"applinks:in.example.com\"] } } }\n")
        repo.commit("expo")
        // The working-tree file now leads outside the repository, to a file of this test's own.
        let outside = TemporaryFolder("expo-outside")
        let target = outside.url("app.json")
        try "{ \"expo\": { \"ios\": { \"associatedDomains\": [\"applinks:out.example.com\"] } } }\n"
            .write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: repo.root + "/app.json")
        try FileManager.default.createSymbolicLink(atPath: repo.root + "/app.json", withDestinationPath: target)
        let found = try setup(repo)
        #expect(!found.webHost.candidates.contains { $0.value == "out.example.com" })
        #expect(
            found.notes.contains { $0.contains("app.json") && $0.contains("its Expo configuration is not read") },
            "\(found.notes)")
    }

    @Test func anExpoConfigInCodeIsNamedAsNotRead() throws {
        let repo = GitFixture("expo-code")
        repo.write("app.config.ts", "export default { expo: { ios: { associatedDomains: [process.env.HOST] } } }\n")
        repo.commit("expo in code")
        let found = try setup(repo)
        #expect(found.webHost.candidates.isEmpty)
        #expect(found.notes.contains { $0.contains("app.config.ts: an Expo configuration in code is not read") })
        let text = found.fileText
        #expect(text.contains("# web_host: none claimed in the build files"))
        #expect(try roundTrip(found) == ProjectConfig())
    }

    @Test func anUnverifiedFilterIsANoteNotACandidate() throws {
        let repo = GitFixture("unverified")
        repo.write("app/src/main/AndroidManifest.xml", StackFixtures.manifest(["x.example.com"], verified: false))
        repo.commit("unverified")
        let found = try setup(repo)
        #expect(found.webHost.candidates.isEmpty)
        #expect(found.fileText.contains("has no android:autoVerify"))
    }
}

extension RepositorySetupTests {
    @Test func flutterAndroidAndRunner() throws {
        let found = try setup(StackFixtures.flutter())
        let config = try roundTrip(found)
        #expect(config.webHost?.description == "flutter.example.com")
        #expect(config.androidPackage == "com.example.flutter_shop")
        #expect(config.iosAppIDs == ["PQRST12345.com.example.flutterShop"])
        #expect(found.webHost.candidates.first?.evidence.contains { $0.hasSuffix("webcredentials") } == true)
    }

    @Test func competingPackagesAndSourcesArePickedByFlags() throws {
        var found = try setup(StackFixtures.twoApps())
        #expect(found.webHost.chosen == "shop.example.com")
        #expect(found.openChoices.map(\.key) == ["app.android.package", "app.association"])
        #expect(found.androidPackage.candidates.map(\.value) == ["com.example.shop", "com.example.shop.wear"])
        #expect(found.association.openMessage.contains("relops init --association"))
        try found.pick("com.example.shop.wear", flag: "--package", source: "--package")
        try found.pick("web/static/.well-known/assetlinks.json", flag: "--association", source: "--association")
        let config = try roundTrip(found)
        #expect(config.androidPackage == "com.example.shop.wear")
        #expect(config.associationPath == "web/static/.well-known/assetlinks.json")
        #expect(found.fileText.contains("# candidate package: com.example.shop: applicationId, app/build.gradle.kts:3"))
    }

    @Test func oauthSchemesAndAllowlistOfAMauiApp() throws {
        let repo = StackFixtures.maui()
        repo.write(
            "src/Shop/Platforms/iOS/Info.plist",
            """
            <plist version="1.0"><dict>
              <key>CFBundleURLTypes</key>
              <array><dict>
                <key>CFBundleURLSchemes</key>
                <array><string>com.example.maui</string></array>
              </dict></array>
            </dict></plist>

            """)
        repo.write(
            "src/Identity/appsettings.json",
            "{\n  \"OAuth\": {\n    \"AllowedReturnUrlSchemes\": [\"com.example.maui\"]\n  }\n}\n")
        repo.commit("oauth")
        let found = try setup(repo)
        #expect(found.oauthSchemes.map(\.value) == ["com.example.maui"])
        #expect(
            found.fileText.contains(
                "# OAuth callback scheme com.example.maui: from src/Shop/Platforms/iOS/Info.plist:5"))
        let config = try roundTrip(found)
        #expect(config.oauthAllowlist == "src/Identity/appsettings.json#OAuth:AllowedReturnUrlSchemes")
    }
}

extension RepositorySetupTests {
    @Test(arguments: [
        "manifestPlaceholders = [linkHost: \"groovy.example.com\"]",
        "manifestPlaceholders += mapOf(\"linkHost\" to \"groovy.example.com\")",
        "manifestPlaceholders.put(\"linkHost\", \"groovy.example.com\")",
    ])
    func manifestPlaceholderSpellings(_ line: String) throws {
        let repo = GitFixture("placeholders")
        repo.write(
            "app/build.gradle",
            "android {\n    defaultConfig {\n        applicationId \"com.example.groovy\"\n        \(line)\n    }\n}\n")
        repo.write("app/src/main/AndroidManifest.xml", StackFixtures.manifest(["${linkHost}"]))
        repo.commit("placeholders")
        let found = try setup(repo)
        #expect(found.webHost.chosen == "groovy.example.com")
        #expect(found.webHost.candidates.first?.evidence.first?.contains("app/build.gradle:4") == true)
    }

    @Test func anUnresolvedPlaceholderIsANote() throws {
        let repo = GitFixture("unresolved")
        repo.write(
            "app/build.gradle", "android {\n    defaultConfig {\n        applicationId \"com.example.x\"\n    }\n}\n")
        repo.write("app/src/main/AndroidManifest.xml", StackFixtures.manifest(["${linkHost}"]))
        repo.commit("unresolved")
        let found = try setup(repo)
        #expect(found.webHost.candidates.isEmpty)
        #expect(
            found.notes.contains { $0.contains("no literal value for linkHost in the module's manifestPlaceholders") })
    }

    /// A build file that may set the placeholder but cannot be read is named, not taken for one
    /// that sets nothing.
    @Test func anUnreadablePlaceholderSourceIsNamed() throws {
        let repo = GitFixture("unreadable-placeholder")
        repo.write("app/src/main/AndroidManifest.xml", StackFixtures.manifest(["${linkHost}"]))
        repo.commit("manifest")
        // Tracked as a symlink that leads out of the repository (to a file this test made): never followed.
        let outside = TemporaryFolder("outside")
        outside.write("build.gradle", "manifestPlaceholders = [linkHost: \"outside.example.com\"]\n")
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/app/build.gradle", withDestinationPath: outside.path + "/build.gradle")
        repo.commit("symlinked build file")
        let found = try setup(repo)
        #expect(found.webHost.candidates.isEmpty)
        #expect(
            found.notes.contains { $0.hasPrefix("app/build.gradle: not read for placeholder values (") },
            "\(found.notes)")
    }
}
