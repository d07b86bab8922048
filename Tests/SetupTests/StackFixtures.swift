import TestSupport

/// Repositories of several stacks, in the shapes their tools create them.
enum StackFixtures {
    static func manifest(_ hosts: [String], verified: Bool = true) -> String {
        let data = hosts.map { "        <data android:scheme=\"https\" android:host=\"\($0)\" />" }.joined(
            separator: "\n")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application>
                <activity android:name=".MainActivity" android:exported="true">
                  <intent-filter\(verified ? " android:autoVerify=\"true\"" : "")>
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.BROWSABLE" />
            \(data)
                  </intent-filter>
                </activity>
              </application>
            </manifest>

            """
    }

    static func entitlements(_ entries: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>com.apple.developer.associated-domains</key>
          <array>
        \(entries.map { "    <string>\($0)</string>" }.joined(separator: "\n"))
          </array>
        </dict>
        </plist>

        """
    }

    static func pbxproj(entitlements: String, bundle: String, team: String) -> String {
        """
        // !$*UTF8*$!
        {
        	objects = {
        		A1B2 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				CODE_SIGN_ENTITLEMENTS = \(entitlements);
        				DEVELOPMENT_TEAM = \(team);
        				PRODUCT_BUNDLE_IDENTIFIER = \(bundle).debug;
        			};
        			name = Debug;
        		};
        		A1B3 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				CODE_SIGN_ENTITLEMENTS = \(entitlements);
        				DEVELOPMENT_TEAM = \(team);
        				PRODUCT_BUNDLE_IDENTIFIER = \(bundle);
        			};
        			name = Release;
        		};
        	};
        }

        """
    }

    /// A native Android app (Gradle) and an Xcode app; the ADR folder cites code by `path:N`.
    static func native(androidHosts: [String], iosHosts: [String]) -> GitFixture {
        let repo = GitFixture("native")
        repo.write("settings.gradle.kts", "include(\":app\")\n")
        repo.write(
            "app/build.gradle.kts",
            "plugins { id(\"com.android.application\") }\n\nandroid {\n    namespace = \"com.example.shop\"\n"
                + "    defaultConfig {\n        applicationId = \"com.example.shop\"\n    }\n}\n")
        repo.write("app/src/main/AndroidManifest.xml", manifest(androidHosts))
        repo.write("ios/Shop/Shop.entitlements", entitlements(iosHosts.map { "applinks:\($0)" }))
        repo.write(
            "ios/Shop.xcodeproj/project.pbxproj",
            pbxproj(entitlements: "Shop/Shop.entitlements", bundle: "com.example.shop", team: "ABCDE12345"))
        repo.write("docs/adr/0001-links.md", "# Links\n\nThe host is set in `app/build.gradle.kts:6`.\n")
        repo.write("docs/adr/0002-ios.md", "# iOS\n\nSee `ios/Shop/Shop.entitlements:6` for the claim.\n")
        repo.write("README.md", "# Shop\n")
        repo.commit("native app")
        return repo
    }

    /// A .NET MAUI app: `[IntentFilter]` on the activity, `Entitlements.plist`, `<ApplicationId>`.
    static func maui() -> GitFixture {
        let repo = GitFixture("maui")
        repo.write(
            "src/Shop/Shop.csproj",
            """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks>
                <ApplicationId>com.example.maui</ApplicationId>
              </PropertyGroup>
            </Project>

            """)
        repo.write(
            "src/Shop/Platforms/Android/MainActivity.cs",
            """
            using Android.App;
            using Android.Content;

            namespace Shop;

            [Activity(MainLauncher = true)]
            [IntentFilter(new[] { Intent.ActionView },
                Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
                DataScheme = "https", DataHost = LinkHost, AutoVerify = true)]
            public class MainActivity : MauiAppCompatActivity
            {
                const string LinkHost = "maui.example.com";
            }

            """)
        repo.write("src/Shop/Platforms/iOS/Entitlements.plist", entitlements(["applinks:maui.example.com"]))
        repo.commit("maui app")
        return repo
    }

    /// Kotlin Multiplatform: the host in `manifestPlaceholders` and in an `.xcconfig`.
    static func kmp() -> GitFixture {
        let repo = GitFixture("kmp")
        repo.write(
            "androidApp/build.gradle.kts",
            """
            android {
                namespace = "com.example.kmp.android"
                defaultConfig {
                    applicationId = "com.example.kmp"
                    manifestPlaceholders["appLinkHost"] = "kmp.example.com"
                }
            }

            """)
        repo.write("androidApp/src/main/AndroidManifest.xml", manifest(["${appLinkHost}"]))
        repo.write("iosApp/Configuration/Config.xcconfig", "TEAM_ID=FGHIJ67890\nAPP_LINK_HOST = kmp.example.com\n")
        repo.write("iosApp/iosApp/iosApp.entitlements", entitlements(["applinks:$(APP_LINK_HOST)"]))
        repo.write(
            "iosApp/iosApp.xcodeproj/project.pbxproj",
            pbxproj(entitlements: "iosApp/iosApp.entitlements", bundle: "com.example.kmp", team: "FGHIJ67890"))
        repo.commit("kmp app")
        return repo
    }

    /// Expo's `app.json`: associated domains, intent filters, package and bundle id.
    static func expo() -> GitFixture {
        let repo = GitFixture("expo")
        repo.write(
            "app.json",
            """
            {
              "expo": {
                "name": "shop",
                "slug": "shop",
                "ios": {
                  "bundleIdentifier": "com.example.expo",
                  "appleTeamId": "KLMNO12345",
                  "associatedDomains": ["applinks:expo.example.com", "webcredentials:expo.example.com"]
                },
                "android": {
                  "package": "com.example.expo",
                  "intentFilters": [
                    {
                      "action": "VIEW",
                      "autoVerify": true,
                      "data": [{ "scheme": "https", "host": "expo.example.com", "pathPrefix": "/items" }],
                      "category": ["BROWSABLE", "DEFAULT"]
                    }
                  ]
                }
              }
            }

            """)
        repo.write("package.json", "{\"name\": \"shop\", \"dependencies\": {\"expo\": \"~51.0.0\"}}\n")
        repo.commit("expo app")
        return repo
    }
}

extension StackFixtures {
    /// Flutter's generated shape: `android/app/build.gradle` (Groovy), `ios/Runner`.
    static func flutter() -> GitFixture {
        let repo = GitFixture("flutter")
        repo.write("pubspec.yaml", "name: shop\nflutter:\n  uses-material-design: true\n")
        repo.write("lib/main.dart", "void main() {}\n")
        repo.write(
            "android/app/build.gradle",
            "android {\n    namespace \"com.example.flutter_shop\"\n    defaultConfig {\n"
                + "        applicationId \"com.example.flutter_shop\"\n    }\n}\n")
        repo.write("android/app/src/main/AndroidManifest.xml", manifest(["flutter.example.com"]))
        repo.write(
            "ios/Runner/Runner.entitlements",
            entitlements(["applinks:flutter.example.com", "webcredentials:flutter.example.com"]))
        repo.write(
            "ios/Runner.xcodeproj/project.pbxproj",
            pbxproj(entitlements: "Runner/Runner.entitlements", bundle: "com.example.flutterShop", team: "PQRST12345"))
        repo.commit("flutter app")
        return repo
    }

    /// Two Android apps (a phone and a Wear OS module) claiming one host, and two static sites
    /// serving assetlinks.json.
    static func twoApps() -> GitFixture {
        let repo = GitFixture("two-apps")
        for (module, id) in [("app", "com.example.shop"), ("wear", "com.example.shop.wear")] {
            repo.write(
                "\(module)/build.gradle.kts",
                "android {\n    defaultConfig {\n        applicationId = \"\(id)\"\n    }\n}\n")
            repo.write("\(module)/src/main/AndroidManifest.xml", manifest(["shop.example.com"]))
        }
        repo.write("landing/public/.well-known/assetlinks.json", "[]\n")
        repo.write("web/static/.well-known/assetlinks.json", "[]\n")
        repo.commit("two apps, two sites")
        return repo
    }
}
