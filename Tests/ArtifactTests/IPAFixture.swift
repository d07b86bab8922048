import Foundation
import TestSupport

/// Builds iOS release binaries without Apple's tools, in Python (`plistlib`, `struct`) with
/// `openssl cms` for the profile and `zip` for the IPA. A spec is JSON:
/// - `macho`: `{"slices": [{"cpu": "arm64", "entitlements": {...} | null, "der": "both" | "only"}], "fat": bool}`
///   (a 64-bit Mach-O per slice: `__LINKEDIT` and, when `entitlements` is not null, an
///   `LC_CODE_SIGNATURE` to a SuperBlob of a CodeDirectory, a requirements and an entitlements blob,
///   XML by default, with `der` also or only the DER form, of `derEntitlements` when given);
/// - `ipa`: `{"bundles": [{"name", "info", "macho", "profile"}]}` (`profile` a dictionary whose
///   `ExpirationDate` is ISO 8601, or null), zipped with `zip`.
enum IPAFixture {
    /// The generator, `Tests/Fixtures/ipa_fixture.py` (the benchmark runs it too).
    static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ipa_fixture.py").path

    /// Runs the generator for `kind` (`ipa`, `macho`, `profile`) on `spec` and returns the bytes it wrote.
    static func make(_ kind: String, _ spec: [String: Any]) throws -> [UInt8] {
        let folder = TemporaryFolder("ipa-fixture")
        let specData = try JSONSerialization.data(withJSONObject: spec)
        folder.write("spec.json", bytes: Array(specData))
        let output = runProcess(
            testPython, [scriptPath, kind, folder.url("spec.json"), folder.path, folder.url("out.bin")], killAfter: 120)
        guard output.status == 0 else { throw FixtureFailure(message: output.stderr) }
        return folder.read("out.bin")
    }

    /// A ZIP of `files` (path to text), made with `zip`.
    static func zip(_ files: [String: String]) -> [UInt8] {
        let folder = TemporaryFolder("zip-fixture")
        for (path, text) in files { folder.write("files/" + path, text) }
        runProcess("zip", ["-q", "-r", "-X", folder.url("out.zip"), "."], in: folder.url("files"))
        return folder.read("out.zip")
    }

    struct FixtureFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { "fixture generator failed: \(message)" }
    }

    static var entitlements: [String: Any] {
        [
            "application-identifier": "ABCDE12345.org.example.app",
            "com.apple.developer.team-identifier": "ABCDE12345",
            "com.apple.developer.associated-domains": [
                "applinks:example.org", "applinks:www.example.org?mode=developer",
            ],
            "aps-environment": "production",
        ]
    }

    static var info: [String: Any] {
        [
            "CFBundleIdentifier": "org.example.app", "CFBundleShortVersionString": "2.4.1", "CFBundleVersion": "241",
            "CFBundleExecutable": "App",
            "CFBundleURLTypes": [
                ["CFBundleURLName": "main", "CFBundleURLSchemes": ["exampleapp", "fb12345"]],
                ["CFBundleURLSchemes": ["org.example.app.oauth"]],
            ],
        ]
    }

    static var profile: [String: Any] {
        [
            "Name": "Example App Store", "TeamIdentifier": ["ABCDE12345"], "ExpirationDate": "2027-01-31T12:00:00Z",
            "Entitlements": entitlements,
        ]
    }

    static func slices(_ cpus: [String], entitlements: [String: Any]? = IPAFixture.entitlements) -> [String: Any] {
        [
            "slices": cpus.map { ["cpu": $0, "entitlements": entitlements ?? NSNull()] as [String: Any] },
            "fat": cpus.count > 1,
        ]
    }

    /// One bundle `App.app` with a universal executable, the Info.plist above and a profile.
    static func bundle(
        name: String = "App", macho: [String: Any] = slices(["arm64", "x86_64"]),
        profile: [String: Any]? = IPAFixture.profile
    ) -> [String: Any] {
        ["name": name, "info": info, "macho": macho, "profile": profile ?? NSNull()]
    }
}
