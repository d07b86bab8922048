import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// The native OAuth callback leg: schemes registered by the heads, allow-listed by the identity
/// service, and used by the client's callback URL.
@Suite struct OAuthTests {
    @Test func aMatchingSetupPassesEveryCheck() throws {
        let checks = try MauiRepository().checks("oauth-match")
        #expect(checks.failed.isEmpty && checks.warned.isEmpty, "\(checks.text)")
        let registered = checks.named("oauth.allow-listed")
        #expect(registered.count == 2, "\(checks.text)")
        #expect(registered.allSatisfy { $0.verdict == .pass })
        #expect(registered.contains { $0.reason.hasPrefix("\(MauiRepository.infoPlist):13: the iOS head") })
        #expect(
            registered.contains {
                $0.reason.hasPrefix("\(MauiRepository.callbackActivity):7: the Android head")
                    && $0.reason.contains("[IntentFilter] DataScheme")
            })
        #expect(checks.named("oauth.heads").map(\.verdict) == [.pass])
        let callback = try #require(checks.named("oauth.callback").first)
        #expect(callback.verdict == .pass)
        #expect(callback.reason.contains("atldevcon://oauth-complete"))
        #expect(callback.evidence.first == "\(MauiRepository.broker):11")
        #expect(checks.named("oauth.scheme").map(\.verdict) == [.pass])
    }

    @Test func aSchemeMissingFromTheAllowlistFailsNamingBothSides() throws {
        let checks = try MauiRepository(allowlist: ["com.example.other"]).checks("oauth-missing")
        let failed = checks.named("oauth.allow-listed").failed
        #expect(failed.count == 2, "\(checks.text)")
        let ios = try #require(failed.first { $0.reason.contains("iOS head") })
        #expect(ios.reason.hasPrefix("\(MauiRepository.infoPlist):13: the iOS head"))
        #expect(ios.reason.contains("\(MauiRepository.identity):4"), "\(ios.reason)")
        #expect(ios.reason.contains("the completion redirect falls back to the web base URL"))
        #expect(ios.evidence == ["\(MauiRepository.infoPlist):13", "\(MauiRepository.identity):4"])
        // The allow-listed scheme no head registers warns for both heads.
        #expect(checks.named("oauth.heads").warned.count == 2)
    }

    @Test func aSchemeRegisteredOnIOSOnlyWarnsNamingTheAndroidHead() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.callbackActivity] = nil
        let checks = try repo.checks("oauth-ios-only")
        let warning = try #require(checks.named("oauth.heads").first)
        #expect(warning.verdict == .warn, "\(checks.text)")
        #expect(
            warning.reason.contains("the Android head (\(MauiRepository.head)/Platforms/Android) does not register it"))
        // The client calls back to the scheme on every head: Android's login cannot come back.
        let callback = try #require(checks.named("oauth.callback").first)
        #expect(callback.verdict == .fail)
        #expect(
            callback.reason.contains(
                "which the Android head (\(MauiRepository.head)/Platforms/Android) does not register"))
    }

    @Test func aManifestIntentFilterRegistersTheSchemeToo() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.callbackActivity] = nil
        repo.files[MauiRepository.manifest] = MauiRepository.manifest(browsableScheme: "atldevcon")
        let checks = try repo.checks("oauth-manifest")
        #expect(checks.failed.isEmpty && checks.warned.isEmpty, "\(checks.text)")
        #expect(checks.named("oauth.allow-listed").contains { $0.reason.contains("(intent-filter)") })
    }

    @Test func aCallbackFilterWithoutTheBrowsableCategoryWarns() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.callbackActivity] = MauiRepository.callbackActivity(scheme: "atldevcon")
            .replacingOccurrences(of: ", Intent.CategoryBrowsable", with: "")
        let checks = try repo.checks("oauth-not-browsable")
        let read = checks.named("oauth.read")
        #expect(read.map(\.verdict) == [.warn], "\(checks.text)")
        #expect(read.first?.reason.hasPrefix("\(MauiRepository.callbackActivity):7: the [IntentFilter] has no") == true)
        #expect(read.first?.evidence == ["\(MauiRepository.callbackActivity):7"])
    }

    @Test func aDataSchemeFromAnotherFileIsReportedNotGuessed() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.callbackActivity] = MauiRepository.callbackActivity(scheme: "atldevcon")
            .replacingOccurrences(of: "DataScheme = CallbackScheme", with: "DataScheme = AuthConstants.Scheme")
        let checks = try repo.checks("oauth-scheme-elsewhere")
        #expect(
            checks.named("oauth.read").first?.reason
                == "\(MauiRepository.callbackActivity):7: DataScheme = AuthConstants.Scheme is neither a literal nor a const string in this file; not checked",
            "\(checks.text)")
        #expect(checks.named("oauth.heads").first?.reason.contains("the Android head") == true)
    }

    @Test func aLibraryManifestIsNotAHeadButALauncherAppIs() throws {
        var repo = MauiRepository()
        repo.files["android/library/src/main/AndroidManifest.xml"] = MauiRepository.manifest(browsableScheme: nil)
        repo.files["android/app/src/main/AndroidManifest.xml"] = MauiRepository.manifest(browsableScheme: nil)
            .replacingOccurrences(
                of: "<application android:label=\"App\">",
                with: """
                    <application android:label="App"><activity android:name=".Main"><intent-filter>
                    <category android:name="android.intent.category.LAUNCHER" /></intent-filter></activity>
                    """)
        let checks = try repo.checks("oauth-manifest-heads")
        let warnings = checks.named("oauth.heads").warned.map(\.reason)
        #expect(warnings.count == 1, "\(checks.text)")
        #expect(warnings.first?.contains("the Android head (android/app/src/main) does not register it") == true)
    }

    @Test func httpsInTheAllowlistFails() throws {
        let checks = try MauiRepository(allowlist: ["atldevcon", "https"]).checks("oauth-https")
        let web = checks.named("oauth.allowlist-web")
        #expect(web.map(\.verdict) == [.fail], "\(checks.text)")
        #expect(
            web.first?.reason.hasPrefix("\(MauiRepository.identity):6: https in OAuth:AllowedReturnUrlSchemes") == true)
        #expect(web.first?.reason.contains("open redirect") == true)
        #expect(checks.named("oauth.heads").allSatisfy { $0.verdict == .pass })
    }

    @Test func aGenericSchemeWarnsAboutHijackingAndSuggestsReverseDNS() throws {
        var config = ProjectConfig()
        config.androidPackage = "com.example.conference"
        let checks = try MauiRepository(scheme: "myapp").checks("oauth-generic", config: config)
        let scheme = checks.named("oauth.scheme")
        #expect(scheme.map(\.verdict) == [.warn], "\(checks.text)")
        #expect(scheme.first?.reason.contains("myapp is generic") == true)
        #expect(scheme.first?.reason.contains("scheme hijacking") == true)
        #expect(scheme.first?.reason.contains("reverse-DNS scheme such as com.example.conference") == true)
        #expect(scheme.first?.evidence.count == 4)
        #expect(checks.failed.isEmpty)
        #expect(OAuthCallbackLeg.isGeneric("auth") && OAuthCallbackLeg.isGeneric("login"))
        #expect(!OAuthCallbackLeg.isGeneric("atldevcon") && !OAuthCallbackLeg.isGeneric("com.example.app"))
    }

    @Test func aCallbackURLFromAConstantInAnotherFileIsNotResolved() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.broker] = MauiRepository.broker(callback: "AuthConstants.CallbackUrl", constant: nil)
        repo.files[MauiRepository.head + "/Services/AuthConstants.cs"] =
            "static class AuthConstants { public const string CallbackUrl = \"wrongscheme://oauth-complete\"; }\n"
        let checks = try repo.checks("oauth-elsewhere")
        let callback = try #require(checks.named("oauth.callback").first)
        #expect(callback.verdict == .warn, "\(checks.text)")
        #expect(callback.reason.contains("`new Uri(AuthConstants.CallbackUrl)`"))
        #expect(callback.reason.contains("not resolved, so not checked"))
        // Not guessed: the other file's value appears nowhere.
        #expect(!checks.text.contains("wrongscheme"))
    }

    @Test func anAllowlistOverriddenInProductionFailsForThatEnvironment() throws {
        var repo = MauiRepository()
        let production = MauiRepository.identity.replacingOccurrences(of: ".json", with: ".Production.json")
        repo.files[production] = MauiRepository.settings(["com.example.other"])
        let checks = try repo.checks("oauth-production")
        let failed = checks.named("oauth.allow-listed").failed
        #expect(failed.count == 2, "\(checks.text)")
        let reason = try #require(failed.first?.reason)
        #expect(
            reason.contains("in Production (\(MauiRepository.identity):4 over \(production):4) lacks it"), "\(reason)")
        #expect(!reason.contains("appsettings.json (\(MauiRepository.identity)"))
        #expect(failed.first?.evidence.contains("\(production):4") == true)
    }

    @Test func anEnvironmentFileOverridesTheBaseListItemByItem() throws {
        var repo = MauiRepository(allowlist: ["legacyscheme", "atldevcon"])
        let staging = MauiRepository.identity.replacingOccurrences(of: ".json", with: ".Staging.json")
        repo.files[staging] = MauiRepository.settings(["otherscheme"])
        let committed = repo.commit("oauth-merge")
        let leg = try OAuthCallbackLeg.read(
            root: committed.root, paths: repo.files.keys.sorted(), config: ProjectConfig())
        let lists = leg.allowlists.map { "\($0.environment): \($0.entries.map(\.scheme))" }
        #expect(
            lists == [
                "\(MauiRepository.identity): [\"legacyscheme\", \"atldevcon\"]",
                "Staging: [\"otherscheme\", \"atldevcon\"]",
            ])
    }

    @Test func relopsYMLNamesAnotherKey() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.identity] = MauiRepository.settings(["atldevcon"], key: "NativeSchemes")
        var config = ProjectConfig()
        config.oauthAllowlist = MauiRepository.identity + "#OAuth:NativeSchemes"
        let checks = try repo.checks("oauth-setting", config: config)
        #expect(checks.failed.isEmpty, "\(checks.text)")
        #expect(checks.named("oauth.allow-listed").count == 2)
        let parsed = try ProjectConfig.parse("app:\n  oauth:\n    allowlist: nohash\n", path: ".relops.yml")
        #expect(parsed.oauthAllowlist == "nohash")
        #expect(throws: Failure.self) { try repo.checks("oauth-bad-setting", config: parsed) }
        #expect(throws: Failure.self) {
            try ProjectConfig.parse("app:\n  oauth:\n    allowlists: x#A:B\n", path: ".relops.yml")
        }
    }

    @Test func aRepositoryWithoutTheLegSaysSo() throws {
        let checks = try OAuthCallbackLeg.read(root: "/nonexistent", paths: [], config: ProjectConfig()).checks()
        #expect(checks.map(\.verdict) == [.skip])
        #expect(checks.first?.reason.contains("no native OAuth callback found") == true)
    }
}
