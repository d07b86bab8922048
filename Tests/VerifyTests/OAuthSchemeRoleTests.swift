import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Which registered schemes are the OAuth callback's: one the client's callback URL uses, the
/// allowlist names, or a WebAuthenticatorCallbackActivity registers. Other schemes (a Facebook
/// SDK's, Google Sign-In's reversed client id) are listed, not checked; when relops cannot tell,
/// it warns instead of guessing.
@Suite struct OAuthSchemeRoleTests {
    static let facebook = "fb1234567890"
    static let google = "com.googleusercontent.apps.123-abc"

    @Test func sdkSchemesBesideTheCallbackSchemeAreListedNotChecked() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.infoPlist] = MauiRepository.infoPlist(
            schemes: ["atldevcon", Self.facebook, Self.google])
        let checks = try repo.checks("oauth-sdk-schemes")
        #expect(checks.failed.isEmpty && checks.warned.isEmpty, "\(checks.text)")
        #expect(checks.named("oauth.allow-listed").count == 2, "\(checks.text)")
        #expect(checks.named("oauth.allow-listed").allSatisfy { $0.verdict == .pass })
        let others = checks.named("oauth.other-scheme")
        #expect(others.map(\.verdict) == [.skip, .skip], "\(checks.text)")
        #expect(others.map(\.evidence) == [["\(MauiRepository.infoPlist):14"], ["\(MauiRepository.infoPlist):15"]])
        #expect(
            others[0].reason
                == "\(MauiRepository.infoPlist):14: the iOS head (\(MauiRepository.head)/Platforms/iOS) registers "
                + "\(Self.facebook) (CFBundleURLSchemes), the Facebook SDK's scheme (fb<app id>): "
                + "registered but not used for the OAuth callback (not checked)")
        #expect(others[1].reason.contains("\(Self.google) (CFBundleURLSchemes), Google Sign-In's reversed client id"))
        // Neither is judged for hijacking either: only the callback scheme is.
        #expect(checks.named("oauth.scheme").count == 1)
    }

    @Test func anUnusedSchemeThatIsNoKnownSDKIsListedWhenTheCallbackIsKnown() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.infoPlist] = MauiRepository.infoPlist(schemes: ["atldevcon", "com.example.share"])
        let checks = try repo.checks("oauth-unused-scheme")
        #expect(checks.failed.isEmpty && checks.warned.isEmpty, "\(checks.text)")
        let other = try #require(checks.named("oauth.other-scheme").first)
        #expect(other.verdict == .skip)
        #expect(
            other.reason.hasSuffix(
                "registers com.example.share (CFBundleURLSchemes): registered but not used for the OAuth callback "
                    + "(not checked): no callback URL uses it and no allowlist names it"))
    }

    @Test func aHeadWhoseOnlySchemeIsUsedNowhereWarnsAndDoesNotFail() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.infoPlist] = MauiRepository.infoPlist(schemes: ["com.example.share"])
        repo.files[MauiRepository.callbackActivity] = nil
        repo.files[MauiRepository.broker] = nil
        repo.files[MauiRepository.identity] = nil
        let checks = try repo.checks("oauth-cannot-tell")
        #expect(checks.failed.isEmpty, "\(checks.text)")
        let warning = try #require(checks.named("oauth.other-scheme").first)
        #expect(warning.verdict == .warn, "\(checks.text)")
        #expect(
            warning.reason
                == "\(MauiRepository.infoPlist):13: the iOS head (\(MauiRepository.head)/Platforms/iOS) registers "
                + "com.example.share (CFBundleURLSchemes), but relops cannot tell whether it is the OAuth callback "
                + "scheme: no callback URL was resolved and no OAuth:AllowedReturnUrlSchemes allowlist was found, "
                + "so it is not checked")
        #expect(checks.named("oauth.allow-listed").isEmpty)
    }

    @Test func aHeadWhoseOnlySchemeIsNotTheCallbacksWarnsThroughTheHeadsCheck() throws {
        var repo = MauiRepository()
        repo.files[MauiRepository.infoPlist] = MauiRepository.infoPlist(schemes: ["com.example.share"])
        repo.files[MauiRepository.broker] = nil
        let checks = try repo.checks("oauth-ios-other-only")
        #expect(checks.failed.isEmpty, "\(checks.text)")
        #expect(checks.named("oauth.other-scheme").map(\.verdict) == [.skip])
        let heads = try #require(checks.named("oauth.heads").first)
        #expect(heads.verdict == .warn)
        #expect(heads.reason.contains("the iOS head (\(MauiRepository.head)/Platforms/iOS) does not register it"))
    }

    @Test func aManifestFilterOnTheCallbackActivityIsTheCallbackScheme() throws {
        var repo = MauiRepository(allowlist: ["com.example.other"])
        repo.files[MauiRepository.infoPlist] = nil
        repo.files[MauiRepository.callbackActivity] = nil
        repo.files[MauiRepository.broker] = nil
        repo.files[MauiRepository.manifest] = MauiRepository.manifest(browsableScheme: "atldevcon")
            .replacingOccurrences(of: "app.CallbackActivity", with: "crc64.WebAuthenticatorCallbackActivity")
        let checks = try repo.checks("oauth-manifest-activity")
        let failed = try #require(checks.named("oauth.allow-listed").failed.first, "\(checks.text)")
        #expect(
            failed.reason.contains("(intent-filter), the callback scheme (on the WebAuthenticatorCallbackActivity)"))
    }

    @Test func theBinaryListsTheSDKSchemeAndPasses() throws {
        let repo = OAuthCommandTests().repository("oauth-sdk-binary") {
            $0.files[MauiRepository.infoPlist] = MauiRepository.infoPlist(schemes: ["atldevcon", Self.facebook])
        }
        let result = relops(["verify", "--local"], in: repo.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("skip  oauth.other-scheme") && result.stdout.contains("the Facebook SDK's scheme"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("FAIL"))
    }

    @Test(arguments: [
        ("fb1234567890", "Facebook"), ("FB123abc", "Facebook"), ("com.googleusercontent.apps.1-x", "Google"),
        ("msauth.com.example.app", "MSAL"), ("msal00000000-0000-0000-0000-000000000000", "MSAL"),
        ("vk123", "VK"), ("pdk42", "Pinterest"), ("twitterkit-key", "Twitter"), ("db-abc", "Dropbox"),
    ])
    func wellKnownSDKShapesAreNamed(scheme: String, sdk: String) {
        #expect(OAuthCallbackLeg.knownSDK(scheme)?.contains(sdk) == true)
    }

    @Test(arguments: ["fb", "fbapp", "facebook", "atldevcon", "com.example.app", "msal", "fb12-3", "vk"])
    func otherSchemesAreNoSDK(scheme: String) {
        #expect(OAuthCallbackLeg.knownSDK(scheme) == nil)
    }
}
