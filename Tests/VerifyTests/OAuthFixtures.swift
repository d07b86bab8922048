import Foundation
import RelopsCore
import TestSupport

@testable import Verify

/// A MAUI-shaped repository: an iOS head and an Android head of one app project, a client broker
/// that calls WebAuthenticator, and an identity service whose appsettings allow-list the scheme.
struct MauiRepository {
    static let head = "Source/Hosts/UI/App.UI"
    static let infoPlist = head + "/Platforms/iOS/Info.plist"
    static let callbackActivity = head + "/Platforms/Android/WebAuthenticatorCallbackActivity.cs"
    static let mainActivity = head + "/Platforms/Android/MainActivity.cs"
    static let manifest = head + "/Platforms/Android/AndroidManifest.xml"
    static let broker = head + "/Services/ExternalAuthBroker.cs"
    static let identity = "Source/Services/App.Identity.Service/appsettings.json"

    var files: [String: String] = [:]

    /// Both heads register `scheme`, the client calls back to `scheme://oauth-complete`, and the
    /// identity service allow-lists `allowlist` (default: the scheme).
    init(scheme: String = "atldevcon", allowlist: [String]? = nil) {
        files[Self.infoPlist] = Self.infoPlist(schemes: [scheme])
        files[Self.callbackActivity] = Self.callbackActivity(scheme: scheme)
        files[Self.mainActivity] = "namespace App;\npublic class MainActivity : MauiAppCompatActivity { }\n"
        files[Self.manifest] = Self.manifest(browsableScheme: nil)
        files[Self.broker] = Self.broker(callback: "CallbackUrl", constant: "\(scheme)://oauth-complete")
        files[Self.identity] = Self.settings(allowlist ?? [scheme])
        files[Self.head + "/App.UI.csproj"] = "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n"
    }

    static func infoPlist(schemes: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>CFBundleIdentifier</key>
          <string>com.example.conference</string>
          <key>CFBundleURLTypes</key>
          <array>
            <dict>
              <key>CFBundleURLName</key>
              <string>oauth callback</string>
              <key>CFBundleURLSchemes</key>
              <array>
        \(schemes.map { "        <string>\($0)</string>" }.joined(separator: "\n"))
              </array>
            </dict>
          </array>
        </dict>
        </plist>

        """
    }

    static func callbackActivity(scheme: String) -> String {
        """
        using Android.App;
        using Android.Content;

        namespace App.Platforms.Android;

        [Activity(NoHistory = true, Exported = true)]
        [IntentFilter(new[] { Intent.ActionView },
            Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
            DataScheme = CallbackScheme)]
        public class WebAuthenticatorCallbackActivity : Microsoft.Maui.Authentication.WebAuthenticatorCallbackActivity
        {
            const string CallbackScheme = "\(scheme)";
        }

        """
    }

    static func manifest(browsableScheme: String?) -> String {
        let filter =
            browsableScheme.map {
                """
                    <activity android:name="app.CallbackActivity" android:exported="true">
                      <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="\($0)" />
                      </intent-filter>
                    </activity>

                """
            } ?? ""
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application android:label="App">
            \(filter)  </application>
              <uses-permission android:name="android.permission.INTERNET" />
            </manifest>

            """
    }

    /// The broker: `callback` is the expression passed as the callback URL; `constant`, when set,
    /// is the value of `const string CallbackUrl` in the same file.
    static func broker(callback: String, constant: String?) -> String {
        let declaration = constant.map { "    const string CallbackUrl = \"\($0)\";\n" } ?? ""
        return """
            using Microsoft.Maui.Authentication;

            namespace App.Services;

            public sealed class ExternalAuthBroker
            {
            \(declaration)
                public async Task<string?> SignInAsync(string gateway, string provider)
                {
                    var result = await WebAuthenticator.Default.AuthenticateAsync(
                        new Uri($"{gateway}/auth/oauth/{provider}?returnUrl={Uri.EscapeDataString(CallbackUrl)}"),
                        new Uri(\(callback)));
                    return result.Properties.TryGetValue("code", out var code) ? code : null;
                }
            }

            """
    }

    static func settings(_ schemes: [String], key: String = "AllowedReturnUrlSchemes") -> String {
        """
        {
          "OAuth": {
            "UIBaseUrl": "https://app.example.com",
            "\(key)": [
        \(schemes.map { "      \"\($0)\"" }.joined(separator: ",\n"))
            ]
          }
        }

        """
    }

    /// Writes and commits the repository; returns it.
    func commit(_ label: String) -> GitFixture {
        let repo = GitFixture(label)
        for (path, text) in files { repo.write(path, text) }
        repo.commit("app")
        return repo
    }

    /// The leg as verify reads it from the committed repository, and its checks.
    func checks(_ label: String, config: ProjectConfig = ProjectConfig()) throws -> [Check] {
        let repo = commit(label)
        return try OAuthCallbackLeg.read(root: repo.root, paths: files.keys.sorted(), config: config).checks()
    }
}

extension [Check] {
    func named(_ name: String) -> [Check] { filter { $0.name == name } }
    var failed: [Check] { filter { $0.verdict == .fail } }
    var warned: [Check] { filter { $0.verdict == .warn } }
    var text: String { map { "\($0.verdict) \($0.name): \($0.reason)" }.joined(separator: "\n") }
}
