import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Expo's `ios.associatedDomains` and `android.intentFilters` are claims: EAS builds them into the
/// apps, so `verify --local` checks them like an entitlements file or a manifest.
@Suite struct ExpoClaimsTests {
    static let appJSON = """
        {
          "expo": {
            "name": "Shop",
            "scheme": "shop",
            "ios": { "bundleIdentifier": "com.example.shop", "associatedDomains": ["applinks:shop.example.com"] },
            "android": {
              "package": "com.example.shop",
              "intentFilters": [
                { "action": "VIEW", "autoVerify": true, "data": [{ "scheme": "https", "host": "shop.example.com" }] },
                { "action": "VIEW", "data": [{ "scheme": "https", "host": "old.example.com" }] }
              ]
            }
          }
        }

        """

    @Test func appJsonClaimsAreReadWithTheirLines() throws {
        let folder = TemporaryFolder()
        folder.write("app.json", Self.appJSON)
        let found = RepositoryClaims.readExpo(root: folder.path, paths: ["app.json", "README.md"])
        #expect(
            found.claims == [
                .init(host: "shop.example.com", kind: .appLinks, location: "app.json:5"),
                .init(host: "shop.example.com", kind: .android, location: "app.json:9"),
            ])
        #expect(
            found.notes == [
                "app.json:10: intentFilters entry for old.example.com has no \"autoVerify\": true: Android will not verify it"
            ])
    }

    @Test func appConfigTsLiteralsAreRead() throws {
        let folder = TemporaryFolder()
        folder.write(
            "app.config.ts",
            """
            export default {
              name: 'Shop',
              ios: { associatedDomains: ['applinks:shop.example.com'] },
              android: { intentFilters: [{ autoVerify: true, data: [{ scheme: 'https', host: 'shop.example.com' }] }] },
            };

            """)
        let found = RepositoryClaims.readExpo(root: folder.path, paths: ["app.config.ts"])
        #expect(
            found.claims == [
                .init(host: "shop.example.com", kind: .appLinks, location: "app.config.ts:3"),
                .init(host: "shop.example.com", kind: .android, location: "app.config.ts:4"),
            ])
    }

    @Test func aBrokenAppJsonOrOneWithoutExpoClaimsNothing() throws {
        let folder = TemporaryFolder()
        folder.write("app.json", "{ \"expo\": { \"ios\": { \"associatedDomains\": [\"applinks:x.example.com\" ] }\n")
        folder.write("tool/app.json", "{ \"name\": \"applinks:y.example.com\" }\n")
        let found = RepositoryClaims.readExpo(root: folder.path, paths: ["app.json", "tool/app.json"])
        #expect(found.claims.isEmpty)
    }

    @Test func verifyLocalChecksTheExpoClaimsAgainstTheServedFile() throws {
        let repo = GitFixture("expo-local")
        repo.write("app.json", Self.appJSON)
        repo.write("package.json", "{ \"name\": \"shop\", \"dependencies\": { \"expo\": \"~51.0.0\" } }\n")
        repo.write("site/public/.well-known/assetlinks.json", LocalClaimsTests.assetLinks("com.example.shop"))
        repo.commit("expo")
        var arguments = VerifyArguments()
        arguments.repo = repo.root
        arguments.local = true
        arguments.host = try WebHost("shop.example.com")
        let report = try Verifier.run(try VerifyOptions.resolve(arguments))
        #expect(report.text.contains("app.json:5"), "\(report.text)")
        #expect(report.verdicts("claims.host").contains(.pass), "\(report.text)")
    }
}
