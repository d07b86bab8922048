import Foundation
import TestSupport
import Testing

/// `association render` from the app's identity (flags, `.relops.yml`, build files) for every
/// source kind, bad flag values, and `verify --print-curl` with configured endpoints.
@Suite struct RenderIdentityCommandTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test func externalSourceRendersFromTheBuildFiles() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        let result = relops(["association", "render", "--repo", repo.root, "--fingerprint", Self.fingerprint])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"package_name\": \"com.example.shop\""))
        #expect(result.stdout.contains("ABCDE12345.com.example.shop"))
        #expect(result.stdout.contains(Self.fingerprint))
        #expect(result.stderr.contains("assetlinks.json: external: nothing in this repository serves it"))
        #expect(result.stderr.contains("packages from the build files (applicationId, app/build.gradle.kts:6"))
    }

    @Test func flagsAloneOutsideARepositoryWriteBothDocuments() throws {
        let folder = TemporaryFolder("render-flags")
        let out = folder.path + "/handover"
        let result = relops(
            [
                "association", "render", "--package", "com.example.web", "--fingerprint",
                Self.fingerprint.replacingOccurrences(of: ":", with: "").lowercased(), "--app-id",
                "ABCDE12345.com.example.web", "--paths", "/items/*,/share/*", "--out", out,
            ], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let assetLinks = try String(contentsOfFile: out + "/.well-known/assetlinks.json", encoding: .utf8)
        #expect(assetLinks.contains("com.example.web") && assetLinks.contains(Self.fingerprint))
        let aasa = try String(contentsOfFile: out + "/.well-known/apple-app-site-association", encoding: .utf8)
        #expect(aasa.contains("\"/\": \"/items/*\"") && aasa.contains("\"/\": \"/share/*\""))
        #expect(result.stderr.contains("hand them this document"))
    }

    @Test func staticSourceWithFlagsRendersFromTheIdentityAndNamesTheServedFile() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        repo.write("site/public/.well-known/assetlinks.json", "[]\n")
        repo.commit("static site")
        let result = relops([
            "association", "render", "--repo", repo.root, "--package", "com.example.other", "--fingerprint",
            Self.fingerprint,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("com.example.other"))
        #expect(
            result.stderr.contains("this repository serves it from static file site/public/.well-known/assetlinks.json")
        )
        // Without flags, the served file is printed as it is (as before).
        let plain = relops(["association", "render", "--repo", repo.root])
        #expect(plain.stdout.contains("static file site/public/.well-known/assetlinks.json"))
        #expect(!plain.stdout.contains("com.example.other"))
    }

    @Test func nginxSourceWithFlags() {
        let repo = StackFixtures.native(androidHosts: ["shop.example.com"], iosHosts: ["shop.example.com"])
        repo.write(
            "deploy/nginx.conf",
            """
            server {
                listen 443 ssl;
                location = /.well-known/assetlinks.json {
                    default_type application/json;
                    return 200 '[]';
                }
            }

            """)
        repo.commit("nginx")
        let result = relops([
            "association", "render", "--repo", repo.root, "--fingerprint", Self.fingerprint, "--app-id",
            "ABCDE12345.com.example.shop",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("this repository serves it from nginx deploy/nginx.conf:3"))
        #expect(result.stdout.contains("\"package_name\": \"com.example.shop\""))
    }

    @Test func settingsSourceTheFlagsWin() {
        let repo = GitFixture("settings")
        repo.write(
            "Web/appsettings.json",
            """
            {
              "AppAssociation": {
                "AndroidPackageName": "com.example.served",
                "AndroidCertFingerprints": ["\(Self.fingerprint)"],
                "AppleAppIds": ["ABCDE12345.com.example.served"],
                "ApplePaths": ["/*"]
              }
            }

            """)
        repo.write(
            ".relops.yml",
            "app:\n  android:\n    fingerprints: Web/appsettings.json#AppAssociation:AndroidCertFingerprints\n")
        repo.commit("settings")
        let served = relops(["association", "render", "--repo", repo.root])
        #expect(served.status == 0, "\(served.stderr)")
        #expect(served.stdout.contains("com.example.served"))
        let flagged = relops(["association", "render", "--repo", repo.root, "--package", "com.example.flagged"])
        #expect(flagged.status == 0, "\(flagged.stderr)")
        #expect(flagged.stdout.contains("com.example.flagged") && !flagged.stdout.contains("\"com.example.served\""))
        #expect(flagged.stdout.contains("ABCDE12345.com.example.served"))
    }

    @Test func badFlagValuesExitTwo() {
        let folder = TemporaryFolder("render-bad")
        for (arguments, message) in [
            (["--package", "1com.example"], "--package 1com.example: not an Android package name"),
            (["--package", "com.example.app", "--fingerprint", "AB:CD"], "--fingerprint"),
            (["--app-id", "com.example.app"], "--app-id com.example.app: not TEAMID.bundle.id"),
            (["--app-id", "ABCDE12345.com.example.app", "--paths", "items"], "--paths items: a path starts with /"),
        ] {
            let result = relops(["association", "render"] + arguments, in: folder.path)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func printCurlUsesTheConfiguredEndpoints() {
        let folder = TemporaryFolder("print-curl")
        let result = relops(
            [
                "verify", "--host", "shop.example.com", "--package", "com.example.shop", "--fingerprint",
                Self.fingerprint, "--app-id", "ABCDE12345.com.example.shop", "--dal-endpoint",
                "https://127.0.0.1:8443/dal", "--apple-cdn-endpoint", "https://127.0.0.1:8443/cdn", "--print-curl",
            ], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("https://127.0.0.1:8443/dal/v1/assetlinks:check?"))
        #expect(result.stdout.contains("https://127.0.0.1:8443/dal/v1/statements:list?"))
        #expect(result.stdout.contains("https://127.0.0.1:8443/cdn/shop.example.com"))
        #expect(!result.stdout.contains("googleapis.com"))
        #expect(!result.stdout.contains("cdn-apple.com"))
    }
}
