import Foundation
import TestSupport
import Testing

/// The bytes `--format json` prints for `association sources`, `fingerprint rotate` (preview,
/// applied, retiring, and for a document another repository serves) and `init --print`, against
/// goldens recorded from the hand-built writers before each output became a `Codable` type; the
/// `"schema_version"` each adds first is compared apart.
@Suite(.serialized) struct SourcesRotateInitGoldenTests {
    typealias Sample = JSONOutputGoldenTests.Sample

    static let newFingerprint =
        "3B:1F:0C:7E:52:A4:9D:66:E0:18:C3:4B:9A:27:F5:81:0D:6C:B2:43:E9:75:1A:8F:C6:30:5E:D7:92:04:BB:68"
    /// The fingerprint the sample repository serves.
    static let sampleFingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    func expectOutput(
        _ printed: String, _ sample: Sample, golden name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        JSONOutputGoldenTests().expectOutput(
            printed, sample, golden: name, sourceLocation: sourceLocation)
    }

    /// A repository that serves assetlinks.json twice (a static file and an nginx alias), the AASA
    /// inline from nginx, and holds association files that are not served (fixtures, docs).
    func severalSourcesRepository() -> GitFixture {
        let repo = GitFixture("several-sources")
        repo.write("public/.well-known/assetlinks.json", "[]\n")
        repo.write("public/package.json", "{ \"name\": \"site\", \"scripts\": { \"build\": \"vite build\" } }\n")
        repo.write("docs/examples/.well-known/assetlinks.json", "[]\n")
        repo.write("tests/fixtures/.well-known/apple-app-site-association", "{}\n")
        repo.write(
            "deploy/nginx/default.conf",
            """
            server {
                listen 8080;
                location = /.well-known/assetlinks.json {
                    alias /srv/association/assetlinks.json;
                }
                location = /.well-known/apple-app-site-association {
                    default_type application/json;
                    return 200 '{"applinks": {"details": []}}';
                }
            }

            """)
        repo.write(
            "deploy/Dockerfile",
            "FROM nginx:1.27\nCOPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf\n"
                + "COPY association/ /srv/association/\n")
        repo.write("association/assetlinks.json", "[]\n")
        repo.commit("two sources")
        return repo
    }

    @Test func associationSources() throws {
        let sample = try Sample()
        let result = sample.run(["association", "sources", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        expectOutput(result.stdout, sample, golden: "association-sources")

        let repo = severalSourcesRepository()
        let several = relops(["association", "sources", "--format", "json"], in: repo.root)
        #expect(several.status == 1, "\(several.stderr)")
        expectOutput(several.stdout, sample, golden: "association-sources-several")
    }

    @Test func fingerprintRotatePreviewRetireAndApply() throws {
        let sample = try Sample()
        let preview = sample.run([
            "fingerprint", "rotate", "--to", Self.newFingerprint, "--keep-old", "--format", "json",
        ])
        #expect(preview.status == 0, "\(preview.stderr)")
        expectOutput(preview.stdout, sample, golden: "fingerprint-rotate-preview")
        let applied = sample.run([
            "fingerprint", "rotate", "--to", Self.newFingerprint, "--keep-old", "--apply", "--format", "json",
        ])
        #expect(applied.status == 0, "\(applied.stderr)")
        expectOutput(applied.stdout, sample, golden: "fingerprint-rotate-applied")
        // What a retirement leaves behind: settings that override the served key, documentation
        // that still names the retired fingerprint.
        let web = sample.repository + "/Source/Hosts/UI/App.UI.Web/"
        try Data(
            "{ \"AppAssociation\": { \"AndroidCertFingerprints\": [ \"\(Self.sampleFingerprint)\" ] } }\n".utf8
        ).write(to: URL(fileURLWithPath: web + "appsettings.Production.json"))
        try Data("AppAssociation__AndroidCertFingerprints__0=\(Self.sampleFingerprint)\n".utf8)
            .write(to: URL(fileURLWithPath: sample.repository + "/.env"))
        try Data("# Signing\n\nThe app signing key is \(Self.sampleFingerprint).\n".utf8)
            .write(to: URL(fileURLWithPath: sample.repository + "/SIGNING.md"))
        let retire = sample.run(["fingerprint", "rotate", "--retire", Self.sampleFingerprint, "--format", "json"])
        #expect(retire.status == 0, "\(retire.stderr)")
        expectOutput(retire.stdout, sample, golden: "fingerprint-rotate-retire")
    }

    @Test func fingerprintRotateForAnExternalDocument() throws {
        let sample = try Sample()
        let repo = GitFixture("external")
        repo.write(
            ".relops.yml",
            "app:\n  web_host: app.example.com\n  association: external\n  android:\n    package: com.example.app\n")
        repo.commit("external")
        let result = relops(
            ["fingerprint", "rotate", "--to", Self.newFingerprint, "--keep-old", "--format", "json"], in: repo.root,
            environment: ["HOME": sample.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        expectOutput(
            result.stdout.replacingOccurrences(of: repo.root, with: "$EXTERNAL"), sample,
            golden: "fingerprint-rotate-external")

        let nothing = GitFixture("nothing-serves")
        nothing.write("README.md", "x\n")
        nothing.commit("init")
        let retire = relops(
            ["fingerprint", "rotate", "--retire", Self.newFingerprint, "--format", "json"], in: nothing.root,
            environment: ["HOME": sample.folder.path])
        #expect(retire.status == 0, "\(retire.stderr)")
        expectOutput(retire.stdout, sample, golden: "fingerprint-rotate-external-retire")
    }

    @Test func initPrint() throws {
        let sample = try Sample()
        let result = sample.run(["init", "--print", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        expectOutput(result.stdout, sample, golden: "init-print")
    }
}
