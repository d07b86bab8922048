import Foundation
import TestSupport
import Testing

/// The built binary: exit codes, stdout and stderr, including for bad input.
@Suite struct FingerprintCommandTests {
    let home = TemporaryFolder("home")
    var environment: [String: String] { ["HOME": home.path] }

    @Test func showPrintsKeytoolFormAndJSON() throws {
        let cert = TestCertificate("deployment_cert")
        let text = relops(["fingerprint", "show", "--cert", cert.derPath])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  SHA256: \(cert.sha256)\n"))
        #expect(text.stdout.contains("  SHA1:   \(cert.sha1)\n"))
        let json = relops(
            ["fingerprint", "show", "--p12", cert.pkcs12("pw"), "--password-env", "P12_PASSWORD", "--format", "json"],
            environment: ["P12_PASSWORD": "pw"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"sha256\": \"\(cert.sha256)\""))
    }

    @Test func showRefusesBadUsageAndBadInput() throws {
        let cert = TestCertificate("c")
        let none = relops(["fingerprint", "show"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("give exactly one of --cert, --p12, --jks, --apk"))
        let unset = relops([
            "fingerprint", "show", "--p12", cert.pkcs12("pw"), "--password-env", "RELOPS_TEST_UNSET_VARIABLE",
        ])
        #expect(unset.status == 2)
        #expect(unset.stderr.contains("RELOPS_TEST_UNSET_VARIABLE: the environment variable is not set"))
        let wrong = relops(
            ["fingerprint", "show", "--p12", cert.pkcs12("pw"), "--password-env", "P"], environment: ["P": "no"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("the password does not open it"))
        let notAPK = relops(["fingerprint", "show", "--apk", cert.derPath])
        #expect(notAPK.status == 2)
        #expect(notAPK.stderr.contains("\(cert.derPath): not an APK"))
    }

    @Test func rotatePreviewsThenApplies() throws {
        let repo = sampleRepository()
        repo.commit("sample")
        let cert = TestCertificate("app-signing")
        let before = repo.readText(webSettings)
        let preview = relops(
            ["fingerprint", "rotate", "--cert", cert.derPath], in: repo.root, environment: environment)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("+      \"\(cert.sha256)\""))
        #expect(preview.stdout.contains("Dockerfile:2: warning: also sets AppAssociation:AndroidCertFingerprints"))
        #expect(
            preview.stdout.contains(
                "Docs/MobileReleaseRunbook.md:3: warning: documentation still holds the placeholder"))
        #expect(repo.readText(webSettings) == before)
        let applied = relops(
            ["fingerprint", "rotate", "--to", "sha256 Fingerprint=" + cert.sha256, "--apply"], in: repo.root,
            environment: environment)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(repo.readText(webSettings) == before.replacingOccurrences(of: placeholder, with: cert.sha256))
        let render = relops(["association", "render"], in: repo.root, environment: environment)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("\"\(cert.sha256)\""))
    }

    @Test(arguments: [
        (["--to", placeholder], "is the placeholder, not a fingerprint"),
        (["--to", "AB:CD:EF"], "has 3 bytes; a SHA-256 fingerprint has 32"),
        (["--to", "A2:22:8C:F4:A4:F8:13:41:AA:0C:5C:C8:85:D2:EA:1D:2D:48:9A:2D"], "is a SHA-1 fingerprint"),
        (["--keep-old", "--retire", "AB"], "--keep-old and --retire do not go together"),
        ([], "nothing to do"),
    ])
    func rotateRefusesWithExitTwo(_ extra: [String], _ message: String) throws {
        let repo = sampleRepository()
        let before = repo.readText(webSettings)
        let result = relops(["fingerprint", "rotate", "--apply"] + extra, in: repo.root, environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(repo.readText(webSettings) == before)
    }

    @Test func rotateTakesConfigRelativeToTheCurrentFolderAndPrintsJSON() throws {
        let repo = sampleRepository()
        let cert = TestCertificate("app-signing")
        let result = relops(
            [
                "fingerprint", "rotate", "--config", "appsettings.json", "--key",
                "AppAssociation:AndroidCertFingerprints",
                "--to", cert.sha256, "--format", "json",
            ],
            in: repo.folder.url("Source/Hosts/UI/App.UI.Web"), environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"config\": \"\(webSettings)\""))
        #expect(result.stdout.contains("\"after\": [\n    \"\(cert.sha256)\"\n  ]"))
        #expect(result.stdout.contains("\"applied\": false"))
        #expect(result.stdout.contains("\"path\": \"Dockerfile\""))
    }

    @Test func rotateRefusesTheUploadKeyEndToEnd() throws {
        let repo = sampleRepository()
        let upload = makeJavaKeyStore(at: repo.folder.url("upload.keystore"), alias: "upload")
        let result = relops(
            ["fingerprint", "rotate", "--to", upload, "--apply"], in: repo.root, environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is the upload key (upload.keystore alias upload)"))
        #expect(repo.readText(webSettings).contains(placeholder))
    }

    @Test func renderFailsOnThePlaceholderAndWritesFiles() throws {
        let repo = sampleRepository()
        let out = TemporaryFolder("site")
        let result = relops(["association", "render", "--out", out.path], in: repo.root, environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: assetlinks.json: [0].target.sha256_cert_fingerprints[0]"))
        #expect(out.readText(".well-known/assetlinks.json").contains(placeholder))
        #expect(out.readText(".well-known/apple-app-site-association").contains("\"ABCDE12345.com.example.app\""))
    }
}
