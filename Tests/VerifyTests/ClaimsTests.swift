import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// Every host the repository claims is verified; mismatches between platforms are reported.
@Suite struct ClaimsTests {
    func claimed(_ android: [String], _ appLinks: [String]) throws -> VerifyOptions {
        let nginx = try server()
        var o = try options("good")
        var claims: [RepositoryClaims.Claim] = android.map {
            .init(host: "\($0).relops.test", kind: .android, location: "MainActivity.cs:1")
        }
        claims += appLinks.map { .init(host: "\($0).relops.test", kind: .appLinks, location: "Entitlements.plist:1") }
        claims.append(.init(host: "good.relops.test", kind: .webCredentials, location: "Entitlements.plist:2"))
        o.claims = RepositoryClaims(claims: claims)
        o.configuredWebHost = try WebHost("good.relops.test")
        // Claimed hosts are real names on port 443: aim them at the test nginx.
        o.connectTo = (android + appLinks).map { "\($0).relops.test:443:127.0.0.1:\(nginx.port)" }
        return o
    }

    @Test func everyClaimedHostIsVerified() throws {
        let report = try Verifier.run(try claimed(["good", "second"], ["good", "legacy"]))
        #expect(
            report.named("assetlinks.grant").compactMap(\.url) == [
                try server().origin("good") + "/.well-known/assetlinks.json",
                "https://second.relops.test/.well-known/assetlinks.json",
            ], "\(report.text)")
        #expect(report.named("aasa.appid").count == 2)
        // Only good.relops.test claims webcredentials; legacy's file has none and needs none.
        #expect(report.verdicts("aasa.webcredentials") == [.pass])
        #expect(report.verdicts("claims.android-all-hosts") == [.pass])
        let platform = report.named("claims.platforms").map(\.reason)
        #expect(platform.count == 2)
        #expect(platform.contains { $0.contains("android second.relops.test: claimed by Android, not by iOS") })
        #expect(
            platform.contains { $0.contains("applinks legacy.relops.test: claimed by iOS applinks:, not by Android") })
        #expect(!report.failed, "\(report.text)")
    }

    @Test func onAndroid11EveryHostMustVerify() throws {
        let report = try Verifier.run(try claimed(["good", "wrongpkg"], ["good"]))
        let check = try #require(report.named("claims.android-all-hosts").first)
        #expect(check.verdict == .fail)
        #expect(check.reason.hasSuffix("failing: wrongpkg.relops.test"), "\(check.reason)")
    }

    @Test func aRequiredWebCredentialsEntryMustListTheApp() throws {
        var o = try claimed([], ["legacy"])
        o.claims?.claims.append(
            .init(host: "legacy.relops.test", kind: .webCredentials, location: "Entitlements.plist:3"))
        let report = try Verifier.run(o)
        #expect(
            report.named("aasa.webcredentials").contains {
                $0.verdict == .fail && $0.reason.contains("no webcredentials.apps")
            },
            "\(report.text)")
    }
}

extension ClaimsTests {
    @Test func aWebCredentialsOnlyHostIsNotHeldToApplinks() throws {
        let nginx = try server()
        var o = try options("good")
        o.claims = RepositoryClaims(claims: [
            .init(host: "second.relops.test", kind: .webCredentials, location: "E.plist:1")
        ])
        o.connectTo = ["second.relops.test:443:127.0.0.1:\(nginx.port)"]
        let report = try Verifier.run(o)
        let second = report.checks.filter { $0.url?.hasPrefix("https://second.relops.test/") == true }
        #expect(second.map(\.name) == ["aasa.status", "aasa.content-type", "aasa.webcredentials"], "\(report.text)")
    }
}
