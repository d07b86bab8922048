import Foundation
import Testing

@testable import Artifact

@Suite struct IOSAppTests {
    static let expectedDomains = ["applinks:example.org", "applinks:www.example.org?mode=developer"]

    @Test func readsTheFactsOfAUniversalSignedApp() throws {
        let ipa = try IPAFixture.make("ipa", ["bundles": [IPAFixture.bundle()]])
        let app = try IOSApp(ipa: ipa)
        #expect(app.bundlePath == "Payload/App.app")
        #expect(app.bundleID == "org.example.app")
        #expect(app.shortVersion == "2.4.1")
        #expect(app.buildVersion == "241")
        #expect(app.urlSchemes == ["exampleapp", "fb12345", "org.example.app.oauth"])
        let entitlements = try #require(app.entitlements)
        #expect(entitlements.applicationIdentifier == "ABCDE12345.org.example.app")
        #expect(entitlements.teamIdentifier == "ABCDE12345")
        #expect(entitlements.associatedDomains == Self.expectedDomains)
        #expect(entitlements.appLinkHosts == ["example.org", "www.example.org"])
        #expect(entitlements.source == "Payload/App.app/App (arm64, x86_64)")
        let profile = try #require(app.profile)
        #expect(profile.name == "Example App Store")
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.expirationDate == "2027-01-31T12:00:00Z")
        #expect(profile.listsDevices == false)
        #expect(profile.entitlements.applicationIdentifier == "ABCDE12345.org.example.app")
        #expect(profile.entitlements.associatedDomains == Self.expectedDomains)
        #expect(profile.entitlements.source == "Payload/App.app/embedded.mobileprovision")
    }

    @Test func aThinExecutableNamesItsOneArchitecture() throws {
        let bundle = IPAFixture.bundle(macho: IPAFixture.slices(["arm64"]), profile: nil)
        let app = try IOSApp(ipa: try IPAFixture.make("ipa", ["bundles": [bundle]]))
        #expect(app.entitlements?.source == "Payload/App.app/App (arm64)")
        #expect(app.entitlements?.teamIdentifier == "ABCDE12345")
        #expect(app.profile == nil)
    }

    @Test func aDevelopmentProfileListsDevices() throws {
        var profile = IPAFixture.profile
        profile["ProvisionedDevices"] = ["00008030-001A2B3C4D5E6F70"]
        profile["Entitlements"] = ["application-identifier": "ABCDE12345.org.example.app"]
        let bytes = try IPAFixture.make("profile", profile)
        let read = try ProvisioningProfile(cms: bytes, path: "embedded.mobileprovision")
        #expect(read.listsDevices)
        #expect(read.entitlements.associatedDomains == [])
        #expect(read.entitlements.teamIdentifier == nil)
    }

    @Test func aStreamedBERProfileIsReadLikeADEROne() throws {
        var profile = IPAFixture.profile
        profile["streamed"] = true
        let bytes = try IPAFixture.make("profile", profile)
        // openssl's -stream writes indefinite lengths (0x80) and a constructed OCTET STRING.
        #expect(bytes.prefix(2) == [0x30, 0x80])
        let read = try ProvisioningProfile(cms: bytes, path: "embedded.mobileprovision")
        #expect(read.name == "Example App Store")
        #expect(read.entitlements.associatedDomains == Self.expectedDomains)
        #expect(read.expirationDate == "2027-01-31T12:00:00Z")
    }

    @Test func anUnsignedExecutableHasNoEntitlements() throws {
        let bundle = IPAFixture.bundle(macho: IPAFixture.slices(["arm64", "x86_64"], entitlements: nil), profile: nil)
        let app = try IOSApp(ipa: try IPAFixture.make("ipa", ["bundles": [bundle]]))
        #expect(app.entitlements == nil)
        #expect(app.bundleID == "org.example.app")
    }

    @Test func slicesThatDisagreeAreRefusedByName() throws {
        var other = IPAFixture.entitlements
        other["com.apple.developer.associated-domains"] = ["applinks:staging.example.org"]
        let macho: [String: Any] = [
            "fat": true,
            "slices": [
                ["cpu": "arm64", "entitlements": IPAFixture.entitlements], ["cpu": "x86_64", "entitlements": other],
            ],
        ]
        let ipa = try IPAFixture.make("ipa", ["bundles": [IPAFixture.bundle(macho: macho, profile: nil)]])
        let problem = #expect(throws: ArtifactProblem.self) { try IOSApp(ipa: ipa) }
        #expect(problem?.reason.contains("the arm64 and x86_64 slices are signed with different entitlements") == true)
        #expect(problem?.reason.contains("staging.example.org") == true)
    }

    @Test func oneSignedSliceAndOneUnsignedDisagree() throws {
        let macho: [String: Any] = [
            "fat": true,
            "slices": [
                ["cpu": "arm64", "entitlements": IPAFixture.entitlements], ["cpu": "x86_64", "entitlements": NSNull()],
            ],
        ]
        let bytes = try IPAFixture.make("macho", macho)
        let problem = #expect(throws: ArtifactProblem.self) { try Entitlements.executable(bytes, path: "App") }
        #expect(problem?.reason.contains("no entitlements") == true)
    }

    @Test func derEntitlementsAreReadWhenThereIsNoXML() throws {
        var entitlements = IPAFixture.entitlements
        entitlements["get-task-allow"] = false
        entitlements["com.apple.developer.icloud-container-environment"] = ["Production", -300, true, ["nested": 1]]
        let bytes = try IPAFixture.make(
            "macho", ["slices": [["cpu": "arm64", "entitlements": entitlements, "der": "only"]]])
        let read = try #require(try Entitlements.executable(bytes, path: "App"))
        #expect(read.applicationIdentifier == "ABCDE12345.org.example.app")
        #expect(read.teamIdentifier == "ABCDE12345")
        #expect(read.associatedDomains == Self.expectedDomains)
        let signature = try #require(try MachOSlice.slices(bytes, name: "App").first?.entitlements(name: "App"))
        #expect(signature["get-task-allow"] == .boolean(false))
        #expect(
            signature["com.apple.developer.icloud-container-environment"]
                == .array([.string("Production"), .integer(-300), .boolean(true), .dictionary(["nested": .integer(1)])])
        )
    }

    @Test func theXMLEntitlementsAreReadWhenBothFormsAreThere() throws {
        var onlyDER = IPAFixture.entitlements
        onlyDER["application-identifier"] = "OTHER.org.example.app"
        let slice: [String: Any] = [
            "cpu": "arm64", "entitlements": IPAFixture.entitlements, "der": "both", "derEntitlements": onlyDER,
        ]
        let bytes = try IPAFixture.make("macho", ["slices": [slice]])
        #expect(try Entitlements.executable(bytes, path: "App")?.applicationIdentifier == "ABCDE12345.org.example.app")
    }

    @Test func twoAppBundlesAreRefusedNamingBoth() throws {
        let ipa = try IPAFixture.make(
            "ipa", ["bundles": [IPAFixture.bundle(profile: nil), IPAFixture.bundle(name: "Other", profile: nil)]])
        let problem = #expect(throws: ArtifactProblem.self) { try IOSApp(ipa: ipa) }
        #expect(problem?.reason.contains("Payload/App.app") == true)
        #expect(problem?.reason.contains("Payload/Other.app") == true)
    }

    @Test func anArchiveWithoutABundleIsNotAnIPA() throws {
        let ipa = IPAFixture.zip(["README.txt": "hi", "Payload/App.app": "a file, not a folder"])
        let problem = #expect(throws: ArtifactProblem.self) { try IOSApp(ipa: ipa) }
        #expect(problem?.reason.contains("no Payload/<Name>.app/ bundle") == true)
    }

    @Test func aMissingExecutableIsNamed() throws {
        var bundle = IPAFixture.bundle(profile: nil)
        bundle["macho"] = NSNull()
        let ipa = try IPAFixture.make("ipa", ["bundles": [bundle]])
        let problem = #expect(throws: ArtifactProblem.self) { try IOSApp(ipa: ipa) }
        #expect(problem?.reason == "Payload/App.app/App: the main executable is not in the IPA")
    }

    @Test func anInfoPlistWithoutABundleIdentifierIsAProblem() throws {
        var bundle = IPAFixture.bundle(profile: nil)
        bundle["info"] = ["CFBundleExecutable": "App", "CFBundleVersion": "1"]
        let ipa = try IPAFixture.make("ipa", ["bundles": [bundle]])
        let problem = #expect(throws: ArtifactProblem.self) { try IOSApp(ipa: ipa) }
        #expect(problem?.reason == "Payload/App.app/Info.plist: no CFBundleIdentifier")
    }

    @Test func anOversizedInfoPlistIsNotRead() throws {
        var bundle = IPAFixture.bundle(profile: nil)
        var info = IPAFixture.info
        info["Padding"] = String(repeating: "x", count: 2 << 20)
        bundle["info"] = info
        let ipa = try IPAFixture.make("ipa", ["bundles": [bundle]])
        let problem = #expect(throws: ArtifactProblem.self) { try IOSApp(ipa: ipa) }
        #expect(problem?.reason.contains("more than the 1048576-byte limit for an Info.plist") == true)
    }

    @Test func aFileThatIsNotAZIPIsNotAnIPA() {
        let problem = #expect(throws: ArtifactProblem.self) { try IOSApp(ipa: Array("not a zip".utf8)) }
        #expect(problem?.reason.hasPrefix("not an IPA") == true)
    }
}
