import Foundation
import TestSupport
import Testing

/// Issue 38, case 7: `relops verify --artifact` on IPAs made by the test generator (a universal
/// Mach-O whose code signature carries the entitlements, a CMS-signed provisioning profile), held
/// against what the repository serves (`--local`: its static apple-app-site-association).
@Suite struct IOSArtifactCommandTests {
    func site() -> GitFixture {
        let repo = GitFixture("ipa-site")
        repo.write(
            "public/.well-known/apple-app-site-association",
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.org.example.app"], "components": [{"/": "/*"}]}]}}"#
                + "\n")
        repo.commit("Site")
        return repo
    }

    /// An IPA whose executable claims `domains`, with an App Store profile allowing `allowed`.
    func ipa(_ domains: [String], allowed: Any = "*", devices: Bool = false, in folder: TemporaryFolder) throws
        -> String
    {
        var entitlements = IPAFixture.entitlements
        entitlements["com.apple.developer.associated-domains"] = domains
        var profile = IPAFixture.profile
        var allowedEntitlements = IPAFixture.entitlements
        allowedEntitlements["com.apple.developer.associated-domains"] = allowed
        profile["Entitlements"] = allowedEntitlements
        if devices { profile["ProvisionedDevices"] = ["00008030-001A2B3C4D5E6F70"] }
        let bundle = IPAFixture.bundle(
            macho: IPAFixture.slices(["arm64"], entitlements: entitlements), profile: profile)
        folder.write("app.ipa", bytes: try IPAFixture.make("ipa", ["bundles": [bundle]]))
        return folder.url("app.ipa")
    }

    func verify(_ ipa: String, in repo: GitFixture, _ extra: [String] = []) -> ProcessOutput {
        relops(
            ["verify", "--host", "new.example.org", "--local", "--platforms", "ios", "--artifact", ipa] + extra,
            in: repo.root)
    }

    @Test func anIPASignedForTheNewHostPasses() throws {
        let folder = TemporaryFolder("ipa")
        let repo = site()
        let result = verify(
            try ipa(["applinks:new.example.org"], in: folder), in: repo,
            ["--app-id", "ABCDE12345.org.example.app", "--min-app-version", "2.4.1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for name in ["artifact.read", "artifact.hosts", "artifact.appid", "artifact.profile", "artifact.version"] {
            #expect(result.stdout.contains("pass  \(name)"), "\(name)\n\(result.stdout)")
        }
        #expect(
            result.stdout.contains("signed with the applinks:new.example.org entitlement (Payload/App.app/App (arm64))")
        )
    }

    @Test func anIPASignedOnlyForTheOldHostFailsNamingIt() throws {
        let folder = TemporaryFolder("ipa")
        let repo = site()
        let result = verify(
            try ipa(["applinks:old.example.org", "webcredentials:old.example.org"], in: folder), in: repo)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("not signed with applinks:new.example.org"), "\(result.stdout)")
        #expect(result.stdout.contains("claim only applinks:old.example.org"), "\(result.stdout)")
    }

    @Test func aProfileThatDoesNotAllowTheDomainOrListsDevicesIsNamed() throws {
        let folder = TemporaryFolder("ipa")
        let repo = site()
        let result = verify(
            try ipa(["applinks:new.example.org"], allowed: ["applinks:old.example.org"], devices: true, in: folder),
            in: repo)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("embedded.mobileprovision does not allow applinks:new.example.org"))
        #expect(result.stdout.contains("warn  artifact.profile"), "\(result.stdout)")
        #expect(result.stdout.contains("lists devices: a development or ad hoc build"))
    }

    @Test func anAppIDTheServedFileDoesNotNameFails() throws {
        let folder = TemporaryFolder("ipa")
        let repo = GitFixture("ipa-site")
        repo.write(
            "public/.well-known/apple-app-site-association",
            #"{"applinks": {"details": [{"appIDs": ["FGHIJ67890.org.example.app"], "components": [{"/": "/*"}]}]}}"#
                + "\n")
        repo.commit("Site")
        let result = verify(try ipa(["applinks:new.example.org"], in: folder), in: repo)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "apple-app-site-association names no applinks detail for ABCDE12345.org.example.app"),
            "\(result.stdout)")
    }
}
