import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Verify

/// `verify --local` reads the repository's claims through `TrackedFileText`: never through a
/// folder, or a file, that is a symlink leading outside the repository.
@Suite struct TrackedFileContainmentTests {
    static func entitlements(_ host: String) -> String {
        "<plist><dict><key>com.apple.developer.associated-domains</key>\n<array><string>applinks:\(host)</string></array></dict></plist>\n"
    }

    @Test func claimsBehindASymlinkLeadingOutsideAreNeverRead() throws {
        let outside = TemporaryFolder("outside")
        outside.write("Entitlements.plist", Self.entitlements("outside.example"))
        let repo = TemporaryFolder("claims-links")
        repo.write("ios/Entitlements.plist", Self.entitlements("inside.example"))
        repo.write("mac/readme.txt", "a real folder\n")
        symlink(outside.path, repo.url("bad"))
        symlink(outside.url("Entitlements.plist"), repo.url("mac/Entitlements.plist"))
        let before = outside.read("Entitlements.plist")
        let paths = ["bad/Entitlements.plist", "ios/Entitlements.plist", "mac/Entitlements.plist"]
        let claims = RepositoryClaims.read(root: repo.path, paths: paths)
        #expect(claims.claims.map(\.host) == ["inside.example"])
        #expect(TrackedFileText.read("bad/Entitlements.plist", in: repo.path) == nil)
        #expect(TrackedFileText.read("ios/Entitlements.plist", in: repo.path)?.contains("inside.example") == true)
        #expect(outside.read("Entitlements.plist") == before)
    }

    @Test func aClaimFileRelopsMayNotReadIsANoteNotNoClaim() throws {
        let outside = TemporaryFolder("outside-note")
        outside.write("Entitlements.plist", Self.entitlements("outside.example"))
        let repo = TemporaryFolder("claims-note")
        repo.write("ios/Entitlements.plist", Self.entitlements("inside.example"))
        symlink(outside.path, repo.url("bad"))
        let paths = ["bad/Entitlements.plist", "ios/Entitlements.plist", "gone/Entitlements.plist"]
        let claims = RepositoryClaims.read(root: repo.path, paths: paths)
        #expect(claims.claims.map(\.host) == ["inside.example"])
        // The escaping file is named; a tracked file missing from the working tree holds nothing.
        #expect(claims.notes.count == 1, "\(claims.notes)")
        #expect(
            claims.notes.first?.hasPrefix("bad/Entitlements.plist: ") == true
                && claims.notes.first?.hasSuffix(": its app-link claims were not read") == true, "\(claims.notes)")
    }

    static func urlSchemes(_ scheme: String) -> String {
        "<plist><dict><key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>"
            + "<array><string>\(scheme)</string></array></dict></array></dict></plist>\n"
    }

    @Test func anInfoPlistRelopsMayNotReadIsANoteNotNoScheme() throws {
        let outside = TemporaryFolder("outside-oauth")
        outside.write("Info.plist", Self.urlSchemes("com.outside.app"))
        let repo = TemporaryFolder("oauth-note")
        repo.write("Platforms/iOS/Info.plist", Self.urlSchemes("com.inside.app"))
        symlink(outside.path, repo.url("Platforms/MacCatalyst"))
        let paths = ["Platforms/MacCatalyst/Info.plist", "Platforms/iOS/Info.plist", "gone/Info.plist"]
        let leg = try OAuthCallbackLeg.read(root: repo.path, paths: paths, config: ProjectConfig())
        #expect(leg.registrations.map(\.scheme) == ["com.inside.app"])
        #expect(leg.notes.count == 1, "\(leg.notes)")
        #expect(
            leg.notes.first?.hasPrefix("Platforms/MacCatalyst/Info.plist: ") == true
                && leg.notes.first?.hasSuffix(": its URL schemes were not read") == true, "\(leg.notes)")
        // The note is a warning line of the checklist, naming the file.
        #expect(
            leg.checks().contains { $0.name == "oauth.read" && $0.verdict == .warn && $0.reason == leg.notes.first })
    }

    @Test func anExpoConfigThatIsNotJSONOrNotReadableIsANote() {
        let outside = TemporaryFolder("outside-expo")
        outside.write("app.json", #"{"expo": {"ios": {"associatedDomains": ["applinks:outside.example"]}}}"#)
        let repo = TemporaryFolder("expo-note")
        repo.write("apps/broken/app.json", #"{"expo": {"ios": {"associatedDomains": ["applinks:x.example"]"#)
        repo.write("apps/good/app.json", #"{"expo": {"ios": {"associatedDomains": ["applinks:good.example"]}}}"#)
        symlink(outside.path, repo.url("apps/linked"))
        let paths = ["apps/broken/app.json", "apps/good/app.json", "apps/linked/app.json"]
        let claims = RepositoryClaims.readExpo(root: repo.path, paths: paths)
        #expect(claims.claims.map(\.host) == ["good.example"])
        #expect(claims.notes.count == 2, "\(claims.notes)")
        #expect(claims.notes.contains("apps/broken/app.json: not a JSON object: its app-link claims were not read"))
        #expect(
            claims.notes.contains {
                $0.hasPrefix("apps/linked/app.json: ") && $0.hasSuffix(": its app-link claims were not read")
            }, "\(claims.notes)")
    }

    @Test func aSymlinkedFolderInsideTheRepositoryIsStillRead() {
        let repo = TemporaryFolder("claims-inside-link")
        repo.write("shared/Entitlements.plist", Self.entitlements("shared.example"))
        symlink("shared", repo.url("ios"))
        let claims = RepositoryClaims.read(root: repo.path, paths: ["ios/Entitlements.plist"])
        #expect(claims.claims.map(\.host) == ["shared.example"])
    }
}
