import Foundation
import TestSupport
import Testing

/// Issue 38, case 4: `association render` never hands over a document that cannot be deployed with
/// exit 0. Without a signing fingerprint `assetlinks.json` grants nothing; without a team id there
/// is no AASA for the iOS app. Each exits 1 naming what is missing and where to set it.
@Suite struct UndeployableRenderTests {
    @Test func aDocumentWithoutAFingerprintExitsOneNamingIt() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let result = relops(["association", "render", "--repo", repo.root])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: assetlinks.json: no signing fingerprint, so it grants nothing: give --fingerprint"),
            "\(result.stderr)")
        #expect(result.stderr.contains("or set app.android.fingerprints"))
        // The document is still shown for a person to complete, never passed as done.
        #expect(result.stdout.contains("\"package_name\": \"com.example.shop\""))
    }

    @Test func anIOSAppWithoutATeamIDHasNoAASAAndSaysSoInsteadOfHandingItOver() {
        let repo = StackFixtures.native(androidHosts: [], iosHosts: ["shop.example.com"])
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            StackFixtures.pbxproj(entitlements: "Shop/Shop.entitlements", bundle: "com.example.shop", team: "\"\""))
        repo.commit("No team id")
        let result = relops([
            "association", "render", "--repo", repo.root, "--package", "com.example.shop",
            "--fingerprint", RenderIdentityCommandTests.fingerprint,
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("error: apple-app-site-association: not rendered: no app id, since the team id of"),
            "\(result.stderr)")
        #expect(result.stderr.contains("give --app-id TEAMID.BUNDLE or set app.ios.app_ids"))
        #expect(
            !result.stderr.contains("apple-app-site-association: external"),
            "no hand-over note for a document that is not there")
        #expect(!result.stdout.contains("apple-app-site-association <=="))
    }

    @Test func theWholeIdentityRendersWithExitZero() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let result = relops([
            "association", "render", "--repo", repo.root, "--fingerprint", RenderIdentityCommandTests.fingerprint,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("apple-app-site-association: external"))
    }
}

/// Issue 38, case 2: the team id as Xcode resolves it for a device build. Flutter's template
/// writes `DEVELOPMENT_TEAM = ""` with the real team under `"DEVELOPMENT_TEAM[sdk=iphoneos*]"`;
/// `init` wrote the app id `.com.example.shop`, which broke every later command.
@Suite struct ConditionalTeamTests {
    func flutterShaped(conditional: String) -> GitFixture {
        let repo = StackFixtures.native(androidHosts: [], iosHosts: ["shop.example.com"])
        let plain = StackFixtures.pbxproj(
            entitlements: "Shop/Shop.entitlements", bundle: "com.example.shop", team: "\"\"")
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            plain.replacingOccurrences(
                of: "DEVELOPMENT_TEAM = \"\";\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.shop;",
                with:
                    "DEVELOPMENT_TEAM = \"\";\n\t\t\t\t\(conditional)\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.shop;"
            ))
        repo.commit("Flutter's team settings")
        return repo
    }

    @Test func theDeviceSDKsTeamIsTheAppsTeam() {
        let repo = flutterShaped(conditional: "\"DEVELOPMENT_TEAM[sdk=iphoneos*]\" = FGHIJ67890;")
        let result = relops(["init", "--print", "--repo", repo.root])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FGHIJ67890.com.example.shop"), "\(result.stdout)")
        #expect(!result.stdout.contains("- .com.example.shop") && !result.stdout.contains("\".com.example.shop"))
    }

    @Test func aSimulatorOnlyTeamOrAnEmptyOneIsNoTeam() {
        let repo = flutterShaped(conditional: "\"DEVELOPMENT_TEAM[sdk=iphonesimulator*]\" = FGHIJ67890;")
        let result = relops(["init", "--print", "--repo", repo.root])
        #expect(!result.stdout.contains("FGHIJ67890"), "\(result.stdout)")
        #expect(
            !result.stdout.contains(".com.example.shop\n") || result.stdout.contains("no team id"), "\(result.stdout)")
        #expect(!result.stdout.contains("- .com.example.shop") && !result.stdout.contains("\".com.example.shop"))
    }
}

/// Issue 38, case 2: a .NET MAUI app's team id sits in its csproj's `<CodesignKey>`; `init` said
/// "no team id found".
@Suite struct CodesignKeyTeamTests {
    @Test func theReleaseSigningIdentityNamesTheTeam() {
        let repo = StackFixtures.maui()
        repo.write(
            "src/Shop/Shop.csproj",
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks>
                <ApplicationId>com.example.maui</ApplicationId>
              </PropertyGroup>
              <PropertyGroup Condition="'$(Configuration)|$(TargetFramework)'=='Debug|net8.0-ios'">
                <CodesignKey>Apple Development: Dev Person (AAAAA11111)</CodesignKey>
              </PropertyGroup>
              <PropertyGroup Condition="'$(Configuration)|$(TargetFramework)'=='Release|net8.0-ios'">
                <CodesignKey>iPhone Distribution: Some Name (FGHIJ67890)</CodesignKey>
                <CodesignProvision>Shop App Store</CodesignProvision>
              </PropertyGroup>
            </Project>

            """)
        repo.commit("Signing")
        let result = relops(["init", "--print", "--repo", repo.root])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FGHIJ67890.com.example.maui"), "\(result.stdout)")
        #expect(!result.stdout.contains("AAAAA11111"))
        #expect(result.stdout.contains("team from CodesignKey, src/Shop/Shop.csproj:10"), "\(result.stdout)")
    }
}

/// Issue 38, case 2: a React Native app sets `APPLICATION_ID` in `android/gradle.properties` and
/// reads it in `build.gradle`; `init` said "applicationId is not a string literal" and named no package.
@Suite struct GradlePropertyApplicationIDTests {
    @Test(arguments: [
        "applicationId project.APPLICATION_ID", "applicationId APPLICATION_ID",
        "applicationId project.property(\"APPLICATION_ID\")", "applicationId = findProperty(\"APPLICATION_ID\")",
    ])
    func theRootProjectsPropertyIsThePackage(_ line: String) {
        let repo = GitFixture("rn-property")
        repo.write("android/settings.gradle", "include ':app'\n")
        repo.write(
            "android/app/build.gradle",
            "apply plugin: \"com.android.application\"\n\nandroid {\n    defaultConfig {\n        \(line)\n    }\n}\n")
        repo.write("android/gradle.properties", "org.gradle.jvmargs=-Xmx2g\nAPPLICATION_ID=com.example.rn\n")
        repo.write("android/app/src/main/AndroidManifest.xml", StackFixtures.manifest(["rn.example.com"]))
        repo.commit("React Native app")
        let result = relops(["init", "--print", "--repo", repo.root])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("package: \"com.example.rn\""), "\(result.stdout)")
        #expect(result.stdout.contains("is APPLICATION_ID of android/gradle.properties:2"), "\(result.stdout)")
        #expect(!result.stdout.contains("not a string literal") && !result.stderr.contains("not a string literal"))
    }
}

/// Issue 38, case 2: a Kotlin Multiplatform app registers its OAuth callback as
/// `android:scheme="${applicationId}"`, Gradle's own placeholder; it was shown unresolved although
/// `applicationId = "..."` is a literal in the module's build file.
@Suite struct ApplicationIDSchemeTests {
    @Test func theSchemePlaceholderIsTheModulesApplicationID() {
        let repo = GitFixture("kmp-scheme")
        repo.write("settings.gradle.kts", "include(\":androidApp\")\n")
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\n\nandroid {\n    defaultConfig {\n"
                + "        applicationId = \"com.example.kmp\"\n    }\n}\n")
        repo.write(
            "androidApp/src/main/AndroidManifest.xml",
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application>
                <activity android:name=".MainActivity">
                  <intent-filter>
                    <action android:name="android.intent.action.MAIN" />
                    <category android:name="android.intent.category.LAUNCHER" />
                  </intent-filter>
                  <intent-filter>
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="${applicationId}" android:host="oauth-callback" />
                  </intent-filter>
                </activity>
              </application>
            </manifest>

            """)
        repo.commit("KMP app")
        let result = relops(["init", "--print", "--format", "json", "--repo", repo.root])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("# OAuth callback scheme com.example.kmp: from"), "\(result.stdout)")
        #expect(
            result.stdout.contains("${applicationId} is com.example.kmp, applicationId, androidApp/build.gradle.kts:5"))
        #expect(!result.stdout.contains("callback scheme ${applicationId}"), "\(result.stdout)")
    }
}
