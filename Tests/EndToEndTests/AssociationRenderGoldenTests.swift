import Foundation
import TestSupport
import Testing

/// The bytes `association render --format json` prints for each way it renders: from the sources
/// the repository serves, from a settings file (`--config`), and from the app's identity given as
/// flags; against goldens recorded from the hand-built writers before the output became a
/// `Codable` type. The `"schema_version"` it adds first is compared apart.
@Suite(.serialized) struct AssociationRenderGoldenTests {
    typealias Sample = JSONOutputGoldenTests.Sample

    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    func expectOutput(
        _ printed: String, _ sample: Sample, golden name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var text = sample.normalised(printed)
        let version = "{\n  \"schema_version\": 1,"
        #expect(text.hasPrefix(version), "no schema version first", sourceLocation: sourceLocation)
        if text.hasPrefix(version) { text = "{" + text.dropFirst(version.count) }
        expectGolden(text, at: "Tests/Golden/EndToEndTests/\(name).json", sourceLocation: sourceLocation)
    }

    @Test func fromTheServedSources() throws {
        let sample = try Sample()
        let repo = GitFixture("render-sources-golden")
        repo.write(
            "public/.well-known/assetlinks.json",
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", \
            "package_name": "com.example.web", "sha256_cert_fingerprints": ["\(Self.fingerprint)"]}}]

            """)
        repo.write(
            "public/.well-known/apple-app-site-association",
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.web"], "components": [{"/": "/items/*"}]}]}}"#
                + "\n")
        repo.write("public/package.json", "{ \"name\": \"site\", \"scripts\": { \"build\": \"vite build\" } }\n")
        repo.commit("static documents")
        let result = relops(
            ["association", "render", "--format", "json"], in: repo.root, environment: ["HOME": sample.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"documents\": ["), "\(result.stdout)")
        expectOutput(result.stdout, sample, golden: "association-render-sources")
    }

    @Test func fromASettingsFile() throws {
        let sample = try Sample()
        let result = sample.run([
            "association", "render", "--config", "Source/Hosts/UI/App.UI.Web/appsettings.json", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"source\": {"), "\(result.stdout)")
        expectOutput(result.stdout, sample, golden: "association-render-settings")
    }

    @Test func fromTheIdentityGivenAsFlags() throws {
        let sample = try Sample()
        let folder = TemporaryFolder("render-identity-golden")
        let result = relops(
            [
                "association", "render", "--package", "com.example.web", "--fingerprint", Self.fingerprint,
                "--app-id", "ABCDE12345.com.example.web", "--paths", "/items/*,/share/*", "--format", "json",
            ], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"kind\": \"identity\""), "\(result.stdout)")
        expectOutput(result.stdout, sample, golden: "association-render-identity")
    }
}
