import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// `verify --local` in a repository holds the documents it serves against the apps that claim
/// them: a static file and a Gradle app, ASP.NET settings and MAUI heads, an nginx location and an
/// Xcode (or XcodeGen) project.
@Suite struct LocalClaimsTests {
    static let handleAll = "delegate_permission/common.handle_all_urls"

    static func assetLinks(_ package: String) -> String {
        """
        [{
          "relation": ["\(handleAll)"],
          "target": {"namespace": "android_app", "package_name": "\(package)",
                     "sha256_cert_fingerprints": ["\(TestNginx.fingerprint)"]}
        }]

        """
    }

    static func manifest(host: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <application>
                <activity android:name=".MainActivity" android:exported="true">
                    <intent-filter android:autoVerify="true">
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="\(host)" />
                    </intent-filter>
                </activity>
            </application>
        </manifest>

        """
    }

    static func entitlements(_ host: String, team: String? = nil) -> String {
        let teamKey = team.map { "  <key>com.apple.developer.team-identifier</key>\n  <string>\($0)</string>\n" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(teamKey)  <key>com.apple.developer.associated-domains</key>
              <array>
                <string>applinks:\(host)</string>
              </array>
            </dict>
            </plist>

            """
    }

    /// A landing page serving a static assetlinks.json for com.example.shop, and a Gradle app.
    static func staticGradleRepository(gradle: String, host: String = "shop.example.com") -> GitFixture {
        let repo = GitFixture("local-claims-static")
        repo.write("site/public/.well-known/assetlinks.json", assetLinks("com.example.shop"))
        repo.write("site/package.json", "{ \"name\": \"site\", \"scripts\": { \"build\": \"vite build\" } }\n")
        repo.write("app/build.gradle.kts", gradle)
        repo.write("app/src/main/AndroidManifest.xml", manifest(host: host))
        repo.commit("static site and Gradle app")
        return repo
    }

    static func gradle(applicationId: String) -> String {
        """
        plugins { id("com.android.application") }

        android {
            namespace = "com.example.shop.app"
            defaultConfig {
                applicationId = "\(applicationId)"
            }
        }

        """
    }

    /// ASP.NET settings generate the documents; a MAUI head claims both platforms.
    static func mauiRepository(applicationID: String) -> GitFixture {
        let repo = GitFixture("local-claims-maui")
        repo.write("Web/Web.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n")
        repo.write(
            "Web/appsettings.json",
            """
            {
              "AppAssociation": {
                "AndroidPackageName": "com.example.conf",
                "AndroidCertFingerprints": [ "\(TestNginx.fingerprint)" ],
                "AppleAppIds": [ "ABCDE12345.com.example.conf" ],
                "ApplePaths": [ "/sessions/*" ]
              }
            }

            """)
        repo.write(
            "App/App.csproj",
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks>
                <ApplicationId>\(applicationID)</ApplicationId>
              </PropertyGroup>
            </Project>

            """)
        repo.write(
            "App/Platforms/Android/MainActivity.cs",
            """
            using Android.App;
            using Android.Content;

            [Activity(MainLauncher = true)]
            [IntentFilter(new[] { Intent.ActionView },
                Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
                DataScheme = "https", DataHost = "conf.example.com", AutoVerify = true)]
            public class MainActivity : MauiAppCompatActivity { }

            """)
        repo.write("App/Platforms/iOS/Entitlements.plist", entitlements("conf.example.com"))
        repo.commit("web host and MAUI head")
        return repo
    }

    /// nginx returns the AASA inline; an Xcode project's target claims applinks:.
    static func xcodeRepository(team: String, xcodeGen: Bool = false) -> GitFixture {
        let repo = GitFixture("local-claims-xcode")
        repo.write(
            "deploy/nginx/default.conf",
            """
            server {
                listen 8080;
                location = /.well-known/apple-app-site-association {
                    default_type application/json;
                    return 200 '{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/*"}]}]}}';
                }
            }

            """)
        repo.write("ios/Shop/Shop.entitlements", entitlements("shop.example.com"))
        if xcodeGen {
            repo.write(
                "project.yml",
                """
                name: Shop
                options:
                  bundleIdPrefix: com.example
                settings:
                  base:
                    DEVELOPMENT_TEAM: \(team)
                targets:
                  shop:
                    type: application
                    platform: iOS
                    entitlements:
                      path: ios/Shop/Shop.entitlements

                """)
        } else {
            repo.write(
                "ios/Shop.xcodeproj/project.pbxproj",
                """
                // !$*UTF8*$!
                {
                	objects = {
                		A0 /* Debug */ = {
                			isa = XCBuildConfiguration;
                			buildSettings = {
                				CODE_SIGN_ENTITLEMENTS = Shop/Shop.entitlements;
                				DEVELOPMENT_TEAM = \(team);
                				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop.debug;
                			};
                			name = Debug;
                		};
                		A1 /* Release */ = {
                			isa = XCBuildConfiguration;
                			buildSettings = {
                				CODE_SIGN_ENTITLEMENTS = Shop/Shop.entitlements;
                				DEVELOPMENT_TEAM = \(team);
                				PRODUCT_BUNDLE_IDENTIFIER = com.example.shop;
                			};
                			name = Release;
                		};
                	};
                }

                """)
        }
        repo.commit("nginx and Xcode project")
        return repo
    }

    func verify(_ repo: GitFixture, host: String = "shop.example.com") throws -> VerifyReport {
        var arguments = VerifyArguments()
        arguments.repo = repo.root
        arguments.local = true
        arguments.host = try WebHost(host)
        return try Verifier.run(try VerifyOptions.resolve(arguments))
    }

    @Test func aStaticFileGrantingTheGradleApplicationIdPasses() throws {
        let report = try verify(Self.staticGradleRepository(gradle: Self.gradle(applicationId: "com.example.shop")))
        let check = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(check.verdict == .pass, "\(report.text)")
        #expect(
            check.reason
                == "app/src/main/AndroidManifest.xml:5: com.example.shop (applicationId, app/build.gradle.kts:6) "
                + "claims App Links; static file site/public/.well-known/assetlinks.json grants it "
                + "\(Self.handleAll) in statement [0]")
        #expect(report.verdicts("claims.host") == [.pass], "\(report.text)")
        #expect(!report.failed, "\(report.text)")
    }

    @Test func aStaticFileNotGrantingTheGradleApplicationIdFailsNamingTheClaim() throws {
        let report = try verify(
            Self.staticGradleRepository(gradle: Self.gradle(applicationId: "com.example.shop.beta")))
        let check = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(check.verdict == .fail)
        #expect(
            check.reason
                == "app/src/main/AndroidManifest.xml:5: com.example.shop.beta (applicationId, app/build.gradle.kts:6) "
                + "claims App Links, but static file site/public/.well-known/assetlinks.json has no statement "
                + "granting \(Self.handleAll) to com.example.shop.beta; it grants it to com.example.shop")
        #expect(check.evidence == ["app/src/main/AndroidManifest.xml:5"])
        #expect(report.failed)
    }

    @Test func theNamespaceStandsInForAMissingApplicationIdAndSaysSo() throws {
        let gradle = "android {\n    namespace = \"com.example.shop\"\n}\n"
        let report = try verify(Self.staticGradleRepository(gradle: gradle))
        let check = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(check.verdict == .pass, "\(report.text)")
        #expect(
            check.reason.contains(
                "com.example.shop (namespace, app/build.gradle.kts:2 (the application id when none is set))"))
    }

    @Test func aGroovyBuildFileWithSingleQuotesIsRead() throws {
        let repo = Self.staticGradleRepository(gradle: "")
        _ = runGit(["rm", "-q", "app/build.gradle.kts"], in: repo.root)
        repo.write(
            "app/build.gradle", "android {\n    defaultConfig {\n        applicationId 'com.example.shop'\n    }\n}\n")
        repo.commit("groovy")
        let report = try verify(repo)
        let check = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(check.verdict == .pass, "\(report.text)")
        #expect(check.reason.contains("com.example.shop (applicationId, app/build.gradle:3)"), "\(check.reason)")
    }

    @Test func anApplicationIdRelopsCannotReadIsAWarningNotAGuess() throws {
        let gradle = "android {\n    defaultConfig {\n        applicationId = libs.versions.appId.get()\n    }\n}\n"
        let report = try verify(Self.staticGradleRepository(gradle: gradle))
        let check = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(check.verdict == .warn, "\(report.text)")
        #expect(
            check.reason.contains(
                "app/build.gradle.kts:3: applicationId is not a string literal relops can read; set app.android.package"
            ),
            "\(check.reason)")
    }

    @Test func aBuildFileRelopsMayNotReadIsNamedNotTakenForOneWithoutAnID() throws {
        let repo = Self.staticGradleRepository(gradle: "")
        _ = runGit(["rm", "-q", "app/build.gradle.kts"], in: repo.root)
        // A symlink out of the repository, to a file this test made: never followed.
        let outside = TemporaryFolder("outside")
        outside.write("build.gradle.kts", Self.gradle(applicationId: "com.example.elsewhere"))
        try FileManager.default.createSymbolicLink(
            atPath: repo.root + "/app/build.gradle.kts", withDestinationPath: outside.path + "/build.gradle.kts")
        repo.commit("symlinked build file")
        let report = try verify(repo)
        let check = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(!check.reason.contains("no applicationId or namespace in app/build.gradle.kts"), "\(check.reason)")
        #expect(check.reason.contains("app/build.gradle.kts: "), "\(check.reason)")
        #expect(check.reason.contains(": not read"), "\(check.reason)")
        #expect(!check.reason.contains("com.example.elsewhere"))
    }

    @Test func aClaimOfAnotherHostIsNamedNotPassed() throws {
        let report = try verify(
            Self.staticGradleRepository(
                gradle: Self.gradle(applicationId: "com.example.shop"), host: "old.example.com"))
        let check = try #require(report.named("claims.host").first, "\(report.text)")
        #expect(check.verdict == .warn)
        #expect(
            check.reason
                == "app/src/main/AndroidManifest.xml:5: android old.example.com points elsewhere: static file "
                + "site/public/.well-known/assetlinks.json is checked as shop.example.com's; old.example.com must "
                + "serve its own assetlinks.json (relops verify --host old.example.com)")
        // Locally the claimed host is not verified as a second host with the same documents.
        #expect(report.checks.allSatisfy { $0.url?.contains("old.example.com") != true }, "\(report.text)")
    }

    @Test func mauiHeadsMatchingTheSettingsPassOnBothPlatforms() throws {
        let report = try verify(Self.mauiRepository(applicationID: "com.example.conf"), host: "conf.example.com")
        let android = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(android.verdict == .pass, "\(report.text)")
        #expect(
            android.reason.hasPrefix(
                "App/Platforms/Android/MainActivity.cs:5: com.example.conf (ApplicationId, App/App.csproj:4)"))
        #expect(android.reason.contains("generated from the ASP.NET settings Web/appsettings.json#AppAssociation"))
        let apple = try #require(report.named("claims.ios-app-id").first, "\(report.text)")
        #expect(apple.verdict == .pass, "\(report.text)")
        #expect(
            apple.reason
                == "App/Platforms/iOS/Entitlements.plist:6: com.example.conf (ApplicationId, App/App.csproj:4; no team "
                + "id found (any team matches)) claims applinks:; generated from the ASP.NET settings "
                + "Web/appsettings.json#AppAssociation names com.example.conf in applinks.details[0]")
        #expect(report.verdicts("claims.host") == [.pass, .pass])
        #expect(!report.failed, "\(report.text)")
    }

    @Test func mauiHeadsWithAnotherApplicationIdFailOnBothPlatforms() throws {
        let report = try verify(Self.mauiRepository(applicationID: "com.example.conference"), host: "conf.example.com")
        #expect(report.verdicts("claims.android-package") == [.fail], "\(report.text)")
        #expect(report.verdicts("claims.ios-app-id") == [.fail], "\(report.text)")
        let apple = try #require(report.named("claims.ios-app-id").first)
        #expect(
            apple.reason.hasSuffix(
                "claims applinks:, but generated from the ASP.NET settings Web/appsettings.json#AppAssociation: "
                    + "applinks.details names no app id with the bundle id com.example.conference; it names "
                    + "ABCDE12345.com.example.conf"), "\(apple.reason)")
    }

    @Test func anXcodeTargetNamedInTheNginxServedDocumentPasses() throws {
        let report = try verify(Self.xcodeRepository(team: "ABCDE12345"))
        let check = try #require(report.named("claims.ios-app-id").first, "\(report.text)")
        #expect(check.verdict == .pass, "\(report.text)")
        #expect(
            check.reason
                == "ios/Shop/Shop.entitlements:6: ABCDE12345.com.example.shop (PRODUCT_BUNDLE_IDENTIFIER and "
                + "DEVELOPMENT_TEAM of Release, ios/Shop.xcodeproj/project.pbxproj:15) claims applinks:; nginx "
                + "deploy/nginx/default.conf:3 location = /.well-known/apple-app-site-association returns the "
                + "document inline names ABCDE12345.com.example.shop in applinks.details[0]")
    }

    @Test func anXcodeTargetOfAnotherTeamFails() throws {
        let report = try verify(Self.xcodeRepository(team: "ZZZZZ99999"))
        let check = try #require(report.named("claims.ios-app-id").first, "\(report.text)")
        #expect(check.verdict == .fail, "\(report.text)")
        #expect(
            check.reason.hasSuffix(
                "applinks.details names no entry for ZZZZZ99999.com.example.shop; it names ABCDE12345.com.example.shop"),
            "\(check.reason)")
        #expect(check.reason.hasPrefix("ios/Shop/Shop.entitlements:6: "))
    }

    @Test func anXcodeGenTargetGivesTheAppIdToo() throws {
        let good = try verify(Self.xcodeRepository(team: "ABCDE12345", xcodeGen: true))
        let check = try #require(good.named("claims.ios-app-id").first, "\(good.text)")
        #expect(check.verdict == .pass, "\(good.text)")
        #expect(check.reason.contains("ABCDE12345.com.example.shop (XcodeGen target shop, project.yml:"))
        let bad = try verify(Self.xcodeRepository(team: "ZZZZZ99999", xcodeGen: true))
        #expect(bad.verdicts("claims.ios-app-id") == [.fail], "\(bad.text)")
    }

    @Test func aMalformedXcodeGenSpecIsNamedInTheWarning() throws {
        let repo = Self.xcodeRepository(team: "ABCDE12345", xcodeGen: true)
        repo.write("project.yml", "targets:\n  shop: [unclosed\n")
        repo.commit("broken spec")
        let report = try verify(repo)
        let check = try #require(report.named("claims.ios-app-id").first, "\(report.text)")
        #expect(check.verdict == .warn, "\(report.text)")
        #expect(
            check.reason.hasPrefix(
                "ios/Shop/Shop.entitlements:6: no Apple app id found for the target that claims applinks: no Xcode "
                    + "project, XcodeGen project.yml or .csproj names a bundle id for ios/Shop/Shop.entitlements "
                    + "(project.yml:"), "\(check.reason)")
        #expect(check.reason.contains("malformed YAML"))
    }

    @Test func aRepositoryThatOnlyServesTheDocumentsSkipsTheClaimsSayingWhy() throws {
        let repo = GitFixture("local-claims-site-only")
        repo.write("site/public/.well-known/assetlinks.json", Self.assetLinks("com.example.shop"))
        repo.write("site/package.json", "{ \"name\": \"site\" }\n")
        repo.commit("site only")
        let report = try verify(repo)
        #expect(report.named("claims").map(\.verdict) == [.skip], "\(report.text)")
        #expect(report.named("claims").first?.reason.hasPrefix("no applinks: or verified intent filter") == true)
        #expect(!report.checks.contains { $0.verdict == .warn && $0.name.hasPrefix("claims") }, "\(report.text)")
    }

    @Test func anExternalDocumentSkipsItsClaimsWithTheReason() throws {
        let repo = Self.staticGradleRepository(gradle: Self.gradle(applicationId: "com.example.shop"))
        repo.write(".relops.yml", "app:\n  association: external\n")
        repo.commit("served elsewhere")
        let report = try verify(repo)
        let check = try #require(report.named("claims.android-package").first, "\(report.text)")
        #expect(check.verdict == .skip)
        #expect(check.reason.hasPrefix("--local: assetlinks.json is external: served by another repository"))
        #expect(check.reason.hasSuffix("the claims at app/src/main/AndroidManifest.xml:5 are checked only live"))
    }

    @Test func theBuiltBinaryChecksTheClaimsInsideTheRepository() throws {
        let good = Self.staticGradleRepository(gradle: Self.gradle(applicationId: "com.example.shop"))
        let passed = relops(["verify", "--local", "--host", "shop.example.com"], in: good.root)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("pass  claims.android-package"), "\(passed.stdout)")
        let bad = Self.staticGradleRepository(gradle: Self.gradle(applicationId: "com.example.shop.beta"))
        let failed = relops(["verify", "--local", "--host", "shop.example.com"], in: bad.root + "/app")
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(
            failed.stdout.contains("FAIL  claims.android-package"), "\(failed.stdout)")
        #expect(failed.stdout.contains("has no statement granting \(Self.handleAll) to com.example.shop.beta"))
    }
}
