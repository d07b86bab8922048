import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Expo's `scheme` is a callback registration on both apps, from `app.json` and `app.config.ts`.
@Suite struct ExpoSchemeTests {
    @Test func anAppJsonSchemeIsRegisteredOnBothPlatforms() throws {
        let repo = GitFixture("expo-scheme-json")
        repo.write(
            "app.json",
            """
            {
              "expo": {
                "name": "Shop",
                "scheme": "shopapp",
                "android": { "package": "com.example.shop" },
                "ios": { "bundleIdentifier": "com.example.shop.ios" }
              }
            }
            """)
        repo.write("node_modules/x/app.json", #"{ "expo": { "scheme": "vendored" } }"#)
        repo.commit("expo")
        let leg = try OAuthCallbackLeg.read(
            root: repo.root, paths: ["app.json", "node_modules/x/app.json"], config: ProjectConfig())
        let registered = leg.registrations.map {
            "\($0.scheme) \($0.head.platform.rawValue) \($0.location) \($0.source)"
        }
        #expect(registered == ["shopapp iOS app.json:4 Expo scheme", "shopapp Android app.json:4 Expo scheme"])
        #expect(leg.suggestedScheme == "com.example.shop")
    }

    @Test func anAppConfigTsSchemeIsRead() throws {
        let repo = GitFixture("expo-scheme-ts")
        repo.write(
            "apps/mobile/app.config.ts",
            """
            export default {
              name: 'Shop',
              scheme: 'shopapp',
              ios: { bundleIdentifier: 'com.example.shop' },
            };
            """)
        repo.write("app.json", #"{ "name": "not expo", "scheme": "ignored" }"#)
        repo.commit("expo ts")
        let leg = try OAuthCallbackLeg.read(
            root: repo.root, paths: ["app.json", "apps/mobile/app.config.ts"], config: ProjectConfig())
        #expect(leg.registrations.map(\.scheme) == ["shopapp", "shopapp"])
        #expect(leg.registrations.map(\.location) == ["apps/mobile/app.config.ts:3", "apps/mobile/app.config.ts:3"])
        #expect(Set(leg.heads.map(\.platform)) == [.iOS, .android])
        #expect(leg.suggestedScheme == "com.example.shop")
    }
}
