import Foundation
import TestSupport
import Testing

/// A placeholder in an environment override (`appsettings.Production.json`) fails `association
/// render` and `verify --local`, naming the file and line: that environment would serve it.
@Suite struct EnvironmentOverrideTests {
    let home = TemporaryFolder("home")
    var environment: [String: String] { ["HOME": home.path] }
    let production = "Source/Hosts/UI/App.UI.Web/appsettings.Production.json"

    @Test func aPlaceholderInAnOverrideFailsRenderAndLocalVerify() throws {
        let cert = TestCertificate("served")
        let repo = sampleRepository(fingerprints: [cert.sha256])
        let clean = relops(["association", "render"], in: repo.root, environment: environment)
        #expect(clean.status == 0, "\(clean.stderr)")
        repo.write(
            production,
            "{\n  \"AppAssociation\": {\n    \"AndroidCertFingerprints\": [\n      \"\(placeholder)\"\n    ]\n  }\n}\n")
        let expected =
            "\(production):4: AppAssociation:AndroidCertFingerprints holds the placeholder \"\(placeholder)\": "
            + "the Production environment would serve"
        let render = relops(["association", "render"], in: repo.root, environment: environment)
        #expect(render.status == 1)
        #expect(render.stderr.contains(expected), "\(render.stderr)")
        let local = relops(
            ["verify", "--local", "--host", "app.example.com", "--repo", repo.root], environment: environment)
        #expect(local.status == 1, "\(local.stdout)\(local.stderr)")
        #expect((local.stdout + local.stderr).contains(expected), "\(local.stdout)\(local.stderr)")
    }

    @Test func anOverrideThatDoesNotParseIsReported() throws {
        let cert = TestCertificate("served")
        let repo = sampleRepository(fingerprints: [cert.sha256])
        repo.write(production, "{ \"AppAssociation\": ")
        let render = relops(["association", "render"], in: repo.root, environment: environment)
        #expect(render.status == 1)
        #expect(render.stderr.contains("\(production): the Production environment override does not parse"))
    }

    @Test func anOverrideThatCannotBeReadIsReportedNotSkipped() throws {
        let cert = TestCertificate("served")
        let repo = sampleRepository(fingerprints: [cert.sha256])
        // A folder where the override file should be: listed as an override, but not readable as one.
        let staging = "Source/Hosts/UI/App.UI.Web/appsettings.Staging.json"
        try FileManager.default.createDirectory(atPath: repo.root + "/" + staging, withIntermediateDirectories: true)
        let render = relops(["association", "render"], in: repo.root, environment: environment)
        #expect(render.status == 1)
        #expect(
            render.stderr.contains("\(staging): the Staging environment override cannot be read"),
            "\(render.stderr)")
    }
}
