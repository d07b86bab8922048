import Foundation
import TestSupport
import Testing

/// The built binary on a repository of each source: `association sources`, `association render`,
/// `verify --local` and `fingerprint rotate`, with exit codes, stdout and stderr.
@Suite struct AssociationSourceCommandTests {
    let home = TemporaryFolder("home")
    var environment: [String: String] { ["HOME": home.path] }

    func run(_ arguments: [String], _ repo: GitFixture) -> ProcessOutput {
        relops(arguments, in: repo.root, environment: environment)
    }

    @Test func aStaticSiteFileGoesThroughEveryCommand() throws {
        let repo = staticSiteRepository()
        let sources = run(["association", "sources"], repo)
        #expect(sources.status == 0, "\(sources.stderr)")
        #expect(sources.stdout.hasPrefix("assetlinks.json: static file \(staticAssetLinksPath)\n"))
        #expect(
            sources.stdout.contains(
                "skipped: shared/src/commonTest/resources/.well-known/assetlinks.json: a test fixture"))

        let render = run(["association", "render"], repo)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(
            render.stdout
                == "==> /.well-known/assetlinks.json <== (static file \(staticAssetLinksPath))\n"
                + repo.readText(staticAssetLinksPath))
        #expect(
            render.stderr.contains("note: apple-app-site-association: external: nothing in this repository serves it"))
        let templates = TemporaryFolder("templates")
        templates.write("assetlinks.json", "[]\n")
        templates.write("apple-app-site-association", "{}\n")
        let templated = run(["association", "render", "--templates", templates.path], repo)
        #expect(templated.stdout == render.stdout)
        #expect(
            templated.stderr.contains(
                "warning: --templates \(templates.path) does not apply to assetlinks.json: it is served as it is "
                    + "from \(staticAssetLinksPath)"))

        let verify = run(["verify", "--local", "--host", "app.example.com", "--package", "com.example.kmp"], repo)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("pass  assetlinks.grant"))
        #expect(verify.stdout.contains("skip  aasa.local"))
        // With --repo, the app that claims App Links is held against the static document too.
        repo.write(
            "androidApp/src/main/AndroidManifest.xml",
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application><activity android:name=".Main">
                <intent-filter android:autoVerify="true">
                  <action android:name="android.intent.action.VIEW" />
                  <category android:name="android.intent.category.BROWSABLE" />
                  <data android:scheme="https" android:host="links.example.com" />
                </intent-filter>
              </activity></application>
            </manifest>

            """)
        repo.commit("claims")
        let claimed = run(
            ["verify", "--local", "--repo", repo.root, "--host", "app.example.com", "--package", "com.example.kmp"],
            repo)
        #expect(claimed.status == 0, "\(claimed.stdout)\(claimed.stderr)")
        #expect(
            claimed.stdout.contains(
                "pass  claims.android-package   androidApp/src/main/AndroidManifest.xml:3: com.example.kmp (--package) "
                    + "claims App Links; static file \(staticAssetLinksPath) grants it "
                    + "delegate_permission/common.handle_all_urls in statement [0]"), "\(claimed.stdout)")
        #expect(
            claimed.stdout.contains(
                "warn  claims.host              androidApp/src/main/AndroidManifest.xml:3: "
                    + "android links.example.com points elsewhere"))
        let wrongPackage = run(
            ["verify", "--local", "--host", "app.example.com", "--package", "com.example.other"], repo)
        #expect(wrongPackage.status == 1, "\(wrongPackage.stdout)")

        let cert = TestCertificate("play-app-signing")
        let rotate = run(
            ["fingerprint", "rotate", "--cert", cert.derPath, "--keep-old", "--apply", "--format", "json"], repo)
        #expect(rotate.status == 0, "\(rotate.stderr)")
        #expect(rotate.stdout.contains("\"kind\": \"static\""))
        #expect(rotate.stdout.contains("\"key\": \"[0].target.sha256_cert_fingerprints\""))
        #expect(repo.readText(staticAssetLinksPath).contains("\"\(cert.sha256)\""))
        // Issue 30: a fingerprint is checked paired with a package (without one it is bad usage).
        let unpaired = run(["verify", "--local", "--host", "app.example.com", "--fingerprint", cert.sha256], repo)
        #expect(unpaired.status == 2, "\(unpaired.stdout)\(unpaired.stderr)")
        #expect(unpaired.stderr.contains("no Android package to pair it with; give --package NAME"))
        let verifyRotated = run(
            [
                "verify", "--local", "--host", "app.example.com", "--package", "com.example.kmp", "--fingerprint",
                cert.sha256, "--format", "json",
            ], repo)
        #expect(verifyRotated.status == 0, "\(verifyRotated.stdout)\(verifyRotated.stderr)")
        #expect(verifyRotated.stdout.contains("\"path\": \"\(staticAssetLinksPath)\""))
    }

    @Test func externalSaysSoInEveryCommand() throws {
        let repo = staticSiteRepository()
        repo.write(
            ".relops.yml",
            "app:\n  web_host: app.example.com\n  association: external\n  android:\n    package: com.example.app\n")
        repo.commit("served elsewhere")
        let render = run(["association", "render"], repo)
        // Issue 38: without a signing fingerprint the document grants nothing: shown, but exit 1.
        #expect(render.status == 1, "\(render.stderr)")
        #expect(render.stderr.contains("error: assetlinks.json: no signing fingerprint, so it grants nothing"))
        // Issue 33: for another team's server, render prints the document they must serve.
        #expect(render.stdout.contains("\"package_name\": \"com.example.app\""))
        #expect(
            render.stderr.contains(
                "note: assetlinks.json: external: served by another repository (app.association: external, .relops.yml:3)"
            ))
        #expect(render.stderr.contains("hand them this document to serve at /.well-known/assetlinks.json"))

        // Issue 30: nothing here can be checked with --local, so the command says so first and exits 1.
        let verify = run(["verify", "--local"], repo)
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("UNCHECKED: could not check .relops.yml app.android.package com.example.app"))
        #expect(verify.stdout.contains("skip  assetlinks.local"))
        #expect(verify.stdout.contains("skip  aasa.local"))
        #expect(!verify.stdout.contains("FAIL"))

        let cert = TestCertificate("new-key")
        let before = repo.readText(staticAssetLinksPath)
        let rotate = run(["fingerprint", "rotate", "--cert", cert.derPath, "--keep-old", "--apply"], repo)
        #expect(rotate.status == 0, "\(rotate.stderr)")
        #expect(
            rotate.stdout.contains(
                "Ask the team that serves https://app.example.com/.well-known/assetlinks.json to:\n  add to the "
                    + "sha256_cert_fingerprints of com.example.app's statement, keeping the values already there: \(cert.sha256)"
            ))
        #expect(
            rotate.stdout.contains(
                "relops verify --host app.example.com --fingerprint \(cert.sha256) --package com.example.app"))
        #expect(rotate.stderr.contains("--apply writes nothing"))
        #expect(repo.readText(staticAssetLinksPath) == before)

        let upload = makeJavaKeyStore(at: repo.folder.url("androidApp/upload.jks"), alias: "upload")
        let refused = run(["fingerprint", "rotate", "--to", upload], repo)
        #expect(refused.status == 2, "\(refused.stdout)")
        #expect(refused.stderr.contains("is the upload key"))
    }

    @Test func externalWinsOverASettingsFileNamedInRelopsYml() throws {
        let repo = sampleRepository()
        repo.write(
            ".relops.yml",
            repo.readText(".relops.yml") + "  association: external\n  web_host: app.example.com\n")
        repo.commit("moved to another repository")
        let before = repo.readText(webSettings)
        let render = run(["association", "render"], repo)
        // Issue 38: the fingerprints .relops.yml names are still the placeholder: shown, exit 1.
        #expect(render.status == 1, "\(render.stderr)")
        #expect(render.stderr.contains("\"REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT\" is the placeholder"))
        // Issue 33: the documents the other repository must serve, from the identity .relops.yml names.
        #expect(render.stdout.contains("==> /.well-known/assetlinks.json <== (rendered from the app's identity)"))
        let rotate = run(["fingerprint", "rotate", "--to", AssociationTests.fingerprint, "--apply"], repo)
        #expect(rotate.status == 0, "\(rotate.stderr)")
        #expect(rotate.stdout.contains("Nothing was changed here."))
        #expect(repo.readText(webSettings) == before)
        // Issue 30: a run that checks nothing exits 1 unless --allow-unchecked.
        let verify = run(["verify", "--local"], repo)
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("skip  assetlinks.local"))
        let allowed = run(["verify", "--local", "--allow-unchecked"], repo)
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
    }

    @Test func theASPNETSectionWithoutRelopsYmlIsRotatedInPlace() throws {
        let repo = sampleRepository()
        try FileManager.default.removeItem(atPath: repo.folder.url(".relops.yml"))
        repo.commit("no config")
        let sources = run(["association", "sources", "--format", "json"], repo)
        #expect(sources.stdout.contains("\"source\": \"\(webSettings)#AppAssociation\""))
        let cert = TestCertificate("signing")
        let rotate = run(["fingerprint", "rotate", "--cert", cert.derPath, "--apply"], repo)
        #expect(rotate.status == 0, "\(rotate.stderr)")
        #expect(repo.readText(webSettings).contains("      \"\(cert.sha256)\"\n"))
        let render = run(["association", "render", "--format", "json"], repo)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("\"kind\": \"settings\""))
        let verify = run(
            [
                "verify", "--local", "--host", "app.example.com", "--fingerprint", cert.sha256, "--package",
                "com.example.app",
            ],
            repo)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("the documents rendered from \(webSettings)#AppAssociation"))
        #expect(verify.stdout.contains("pass  aasa.appid "))
    }

    @Test func anNginxSiteIsVerifiedLocallyFromWhatItServes() throws {
        let repo = nginxRepository()
        let verify = run(
            [
                "verify", "--local", "--host", "app.example.com", "--package", "com.example.app", "--app-id",
                "ABCDE12345.com.example.app", "--path", "/sessions/1", "--format", "json",
            ], repo)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("\"kind\": \"nginx\""))
        #expect(verify.stdout.contains("\"path\": \"association/assetlinks.json\""))
        let wrongApp = run(
            ["verify", "--local", "--host", "app.example.com", "--app-id", "ZZZZZ99999.com.other"], repo)
        #expect(wrongApp.status == 1, "\(wrongApp.stdout)")
    }

    @Test func badSourcesAreNamed() throws {
        let missing = nginxRepository(aliasTarget: "/srv/association/missing.json")
        let sources = run(["association", "sources"], missing)
        #expect(sources.status == 1)
        #expect(sources.stdout.contains("not a tracked file (missing or untracked)"))
        let render = run(["association", "render"], missing)
        #expect(render.status == 2)
        #expect(render.stderr.contains("deploy/nginx/default.conf:10: location = /.well-known/assetlinks.json serves"))

        for command in [["association", "render"], ["fingerprint", "rotate", "--to", AssociationTests.fingerprint]] {
            let key = run(command + ["--key", "AppAssociation:AndroidCertFingerprints"], missing)
            #expect(key.status == 2, "\(key.stdout)")
            #expect(key.stderr.contains("--key names a key of a settings file: give --config FILE with it"))
        }

        let broken = GitFixture("broken")
        broken.write("web/public/.well-known/assetlinks.json", "[{\"relation\": [}]\n")
        broken.commit("broken")
        let rendered = run(["association", "render"], broken)
        #expect(rendered.status == 1)
        #expect(rendered.stderr.contains("error: web/public/.well-known/assetlinks.json:1:16: not valid JSON"))
        let rotate = run(["fingerprint", "rotate", "--to", AssociationTests.fingerprint], broken)
        #expect(rotate.status == 2)
        #expect(rotate.stderr.contains("web/public/.well-known/assetlinks.json:1:16: "))
        let verify = run(["verify", "--local", "--host", "app.example.com"], broken)
        #expect(verify.status == 1, "\(verify.stdout)")
    }

    /// nginx itself is the oracle: what it serves through a prefix `alias` and a regex location with
    /// a capture is byte for byte what `association render` says it serves.
    @Test func whatRealNginxServesIsWhatRenderPrints() throws {
        let repo = GitFixture("nginx-oracle")
        repo.write("site/wk/assetlinks.json", "[]\n")
        repo.write("site/ios/apple-app-site-association.json", "{\"applinks\": {\"details\": []}}\n")
        let server: NginxServer
        do {
            server = try NginxServer(label: "relops-oracle") { _, port, _ in
                repo.write(
                    "deploy/site.conf",
                    """
                    server {
                        listen 127.0.0.1:\(port);
                        location /.well-known/ {
                            alias \(repo.root)/site/wk/;
                        }
                        location ~ ^/\\.well-known/(apple-app-site-association)$ {
                            default_type application/json;
                            alias \(repo.root)/site/ios/$1.json;
                        }
                    }

                    """)
                return "include \(repo.root)/deploy/site.conf;"
            }
        } catch {
            Issue.record("nginx: \(error)")
            return
        }
        repo.commit("nginx")
        let render = run(["association", "render", "--format", "json"], repo)
        for (document, file) in [
            ("assetlinks.json", "site/wk/assetlinks.json"),
            ("apple-app-site-association", "site/ios/apple-app-site-association.json"),
        ] {
            let served = runProcess(
                "curl", ["-sS", "--fail", "http://127.0.0.1:\(server.port)/.well-known/\(document)"])
            #expect(served.status == 0, "\(served.stderr)")
            #expect(served.stdout == repo.readText(file))
            #expect(render.stdout.contains("\"path\": \"\(file)\""), "\(render.stdout)\(render.stderr)")
        }
    }
}
