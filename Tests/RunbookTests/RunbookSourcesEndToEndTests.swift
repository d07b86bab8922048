import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped `domain-cutover` and `fingerprint-rotation`, run by the built binary without
/// `.relops.yml` on the demo's app with each way of serving the association files: a static file
/// in the web host's `wwwroot`, the ASP.NET `AppAssociation` settings, an nginx configuration that
/// serves tracked files, and another repository (nothing in this one). The hosts are nginx on
/// loopback with a test CA; a deploy is `association render --out` (or, for the external source,
/// the serving team writing the files). Each cutover stops, resumes, completes and rolls back.
@Suite(.relopsCommands) struct RunbookSourcesEndToEndTests {
    enum Source: String, CaseIterable, CustomStringConvertible {
        case staticFile = "static", settings, nginx, external
        var description: String { rawValue }
    }

    let old = SampleRepository.oldHost
    let new = SampleRepository.newHost
    let webSettings = "Source/Hosts/UI/App.UI.Web/appsettings.json"

    /// The demo's app without `.relops.yml`, serving its association files from `source`, with an
    /// identity service and an e-mail address the cutover leaves alone.
    func makeRepository(_ source: Source) throws -> GitFixture {
        let repo = makeSampleRepository("source-\(source)")
        _ = repo.git("rm", "-q", ".relops.yml")
        repo.write(
            "Source/Services/Identity/appsettings.json",
            """
            {
              "OAuth": { "RedirectUris": [ "https://\(old)/signin-oidc" ] },
              "Support": "help@\(old)"
            }

            """)
        repo.commit("Identity service")
        guard source != .settings else { return repo }
        // The documents the settings made, moved to where this source serves them from.
        let rendered = TemporaryFolder("rendered")
        let render = relops(["association", "render", "--out", rendered.path], in: repo.root)
        #expect(render.status == 0, "\(render.stderr)")
        repo.write(webSettings, "{\n  \"PublicSite\": { \"BaseUrl\": \"https://\(old)\" }\n}\n")
        let names = ["assetlinks.json", "apple-app-site-association"]
        switch source {
        case .staticFile:
            for name in names {
                repo.write(
                    "Source/Hosts/UI/App.UI.Web/wwwroot/.well-known/\(name)", rendered.readText(".well-known/\(name)"))
            }
        case .nginx:
            for name in names { repo.write("deploy/association/\(name)", rendered.readText(".well-known/\(name)")) }
            repo.write(
                "deploy/nginx/default.conf",
                """
                server {
                    listen 8080;
                    location = /.well-known/assetlinks.json {
                        default_type application/json;
                        alias /srv/association/assetlinks.json;
                    }
                    location = /.well-known/apple-app-site-association {
                        default_type application/json;
                        alias /srv/association/apple-app-site-association;
                    }
                }

                """)
            repo.write(
                "deploy/Dockerfile",
                """
                FROM nginx:1.27
                COPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf
                COPY deploy/association/ /srv/association/

                """)
        case .external, .settings: break
        }
        repo.commit("Serve the association files: \(source)")
        return repo
    }

    /// What the hosts serve: rendered from the repository, or the serving team's files.
    func deploy(_ repo: GitFixture, _ source: Source, _ web: SampleWebHost, fingerprints: [String]? = nil) {
        for host in web.hosts {
            if source == .external {
                web.serve(
                    host, "assetlinks.json", servedAssetLinks(fingerprints ?? [SampleRepository.servedFingerprint]))
                web.serve(host, "apple-app-site-association", servedAASA)
            } else {
                let deployed = web.deploy(repo, to: host)
                #expect(deployed.status == 0, "\(deployed.stdout)\(deployed.stderr)")
            }
        }
    }

    func servedAssetLinks(_ fingerprints: [String]) -> String {
        let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.conference",
                         "sha256_cert_fingerprints": [\(list)]}}]

            """
    }

    let servedAASA = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.conference"],
          "components": [{"/": "/sessions/*"}, {"/": "/speakers/*"}]}]}}

        """

    func run(_ runbook: String, _ extra: [String], _ repo: GitFixture) -> ProcessOutput {
        relops(["runbook", "run", runbook, "--non-interactive"] + extra, in: repo.root)
    }

    func state(_ repo: GitFixture) throws -> RunState { try RunStore(repositoryRoot: repo.root).find(nil) }

    @Test(arguments: Source.allCases)
    func domainCutoverStopsResumesCompletesAndRollsBack(_ source: Source) throws {
        let repo = try makeRepository(source)
        let web = try SampleWebHost()
        deploy(repo, source, web)
        let book = "domain-cutover"
        let vars = [
            "old_host=\(old)", "new_host=\(new)", "android_package=com.example.conference", "min_app_version=2.0",
            "verify_flags=\(web.verifyFlags)",
            // Issue 38: the identity the association steps compare against (the app has no .relops.yml).
            "android_fingerprints=\(SampleRepository.servedFingerprint)",
            "ios_app_ids=ABCDE12345.com.example.conference",
        ].flatMap { ["--var", $0] }

        // Stop: the `auto` counts need a person (or --accept-counts).
        let first = run(book, vars, repo)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("for the `auto` expectations; accept them with --accept-counts"))

        // Resume: through the apply, to the identity provider, which needs a person.
        let second = run(book, ["--accept-counts"], repo)
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("Resuming run domain-cutover-"))
        #expect(second.stdout.contains("Step 7 failed: needs a person to confirm \"Registered with the identity"))
        let sources = try #require(try state(repo).steps[2].checks.first?.excerpt)
        switch source {
        case .staticFile:
            #expect(sources.contains("assetlinks.json: static file Source/Hosts/UI/App.UI.Web/wwwroot/.well-known/"))
        case .settings: #expect(sources.contains("generated from the ASP.NET settings \(webSettings)#AppAssociation"))
        case .nginx:
            #expect(sources.contains("nginx deploy/nginx/default.conf:3 location = /.well-known/assetlinks.json"))
        case .external: #expect(sources.contains("assetlinks.json: external: nothing in this repository serves it"))
        }
        // The e-mail address the cutover leaves is expected to remain, and named.
        let after = try state(repo).steps[5]
        #expect(after.status == .passed, "\(after)")
        #expect(after.checks.first?.excerpt?.contains("e-mail address: left alone") == true)

        let third = run(
            book,
            [
                "--confirm", "7", "--confirm", "8", "--confirm", "9", "--confirm", "10", "--confirm", "14", "--confirm",
                "15",
            ]
                + ["--skip", "12=no Android device in CI", "--skip", "13=no iOS device in CI"], repo)
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        #expect(
            try state(repo).steps.map(\.status) == [
                .passed, .passed, .passed, .passed, .passed, .passed, .confirmed, .confirmed, .confirmed,
                .confirmed, .skipped, .skipped, .skipped, .confirmed, .confirmed, .skipped, .skipped, .skipped,
            ])

        // Rollback: only its steps show. Step 17 records the undo as a commit (`cutover undo --commit`,
        // issue 30), so step 18's evidence holds on the files it restored.
        let undo = run(book, ["--rollback", "--confirm", "16", "--confirm", "18"], repo)
        #expect(undo.status == 0, "\(undo.stdout)\(undo.stderr)")
        #expect(!undo.stdout.contains("does not apply"))
        #expect(repo.readText(webSettings).contains(old) && !repo.readText(webSettings).contains(new))
        #expect(repo.git("log", "-1", "--format=%s").hasPrefix("Revert \"Cut over from \(old)"))
        #expect(repo.git("status", "--porcelain").isEmpty)
        #expect(try state(repo).steps.suffix(3).map(\.status) == [.confirmed, .passed, .confirmed])
    }

    @Test(arguments: Source.allCases)
    func fingerprintRotationOnEachSource(_ source: Source) throws {
        let repo = try makeRepository(source)
        let web = try SampleWebHost(hosts: [old])
        deploy(repo, source, web)
        let certificate = TemporaryFolder("play-console")
        certificate.write("deployment_cert.pem", SampleRepository.newCertificatePEM)
        let oldFP = SampleRepository.servedFingerprint
        let newFP = SampleRepository.newFingerprint
        let vars = [
            "new_cert=\(certificate.url("deployment_cert.pem"))", "old_fingerprint=\(oldFP)",
            "android_package=com.example.conference",
            "new_fingerprint=\(newFP)", "web_host=\(old)", "verify_flags=\(web.verifyFlags)",
        ].flatMap { ["--var", $0] }
        func rotate(_ confirm: [String]) -> ProcessOutput {
            run("fingerprint-rotation", confirm.flatMap { ["--confirm", $0] } + vars, repo)
        }
        let external = source == .external
        let edited = external ? .skipped : StepStatus.passed

        let first = rotate(["1"])
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(try state(repo).steps.prefix(3).map(\.status) == [.confirmed, edited, .failed])
        if external {
            #expect(
                try state(repo).steps[1].note?.hasPrefix(
                    "does not apply: `when: local-association` and the association files are not served from this repository (external: nothing in this repository serves it"
                ) == true)
        }
        repo.commit("Serve the new fingerprint beside the old one")
        deploy(repo, source, web, fingerprints: [oldFP, newFP])
        #expect(web.served(old, "assetlinks.json").contains(newFP))

        let second = rotate(["3"])
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        let retire = try state(repo).steps[4]
        #expect(retire.status == (external ? .skipped : .failed))
        if external {
            // The retirement is the serving team's; step 6 waits for a person.
            #expect(second.stdout.contains("Step 6 failed: needs a person"))
        } else {
            let third = rotate(["5"])
            #expect(third.status == 1, "\(third.stdout)\(third.stderr)")
            #expect(try state(repo).steps[4].status == .confirmed)
            repo.commit("Retire the old fingerprint")
        }
        deploy(repo, source, web, fingerprints: [newFP])
        #expect(!web.served(old, "assetlinks.json").contains(oldFP))
        let last = rotate(["6", "7"])
        #expect(last.status == 0, "\(last.stdout)\(last.stderr)")
        #expect(
            try state(repo).steps.map(\.status) == [
                .confirmed, edited, .confirmed, .passed, external ? .skipped : .confirmed, .confirmed,
                external ? .skipped : .confirmed,
            ])
    }

    @Test func aSourceGivenThatIsNotTheServedOneStopsTheRunBeforeTheFirstStep() throws {
        let repo = try makeRepository(.staticFile)
        repo.write("assetlinks.json", servedAssetLinks([SampleRepository.servedFingerprint]))
        repo.write("Docs/notes.txt", "not JSON at all\n")
        repo.commit("stray files")
        let vars = [
            "old_host=\(old)", "new_host=\(new)", "android_package=com.example.conference", "min_app_version=2.0",
        ].flatMap { ["--var", $0] }
        for (value, message) in [
            ("none", "association_config=none: this repository serves the association files itself (static file"),
            ("Docs/notes.txt", "association_config=Docs/notes.txt: Docs/notes.txt is neither a settings file"),
            (
                "assetlinks.json",
                "association_config=assetlinks.json: assetlinks.json is an assetlinks.json document, but nothing in the repository serves it; relops finds them in: static file"
            ),
            ("missing.json", "association_config=missing.json: no such file in the repository"),
            ("../../etc/hosts", "association_config=../../etc/hosts: outside the repository"),
        ] {
            let refused = run("domain-cutover", vars + ["--var", "association_config=\(value)"], repo)
            #expect(refused.status == 2, "\(value): \(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains("domain-cutover was given a value that does not fit:"), "\(value)")
            #expect(refused.stderr.contains(message), "\(value): \(refused.stderr)")
            #expect(try RunStore(repositoryRoot: repo.root).all().isEmpty, "\(value)")  // nothing recorded
        }
        // The served file itself is accepted.
        let served = "Source/Hosts/UI/App.UI.Web/wwwroot/.well-known/assetlinks.json"
        let accepted = run("domain-cutover", vars + ["--var", "association_config=\(served)"], repo)
        #expect(accepted.status == 1, "\(accepted.stdout)\(accepted.stderr)")  // stops at the auto counts
        #expect(accepted.stdout.contains("accept them with --accept-counts"))

        // With nothing served here, `none` is the external source, not a file name.
        let elsewhere = try makeRepository(.external)
        let external = run("domain-cutover", vars + ["--var", "association_config=none"], elsewhere)
        #expect(external.status == 1, "\(external.stdout)\(external.stderr)")
        #expect(external.stdout.contains("accept them with --accept-counts"))
    }
}

/// An Android-only app (Kotlin, a static assetlinks.json on its landing page, no iOS app) runs the
/// domain cutover without a single Apple step, and no check asks for an apple-app-site-association.
@Suite(.relopsCommands) struct AndroidOnlyRunbookTests {
    let old = "links.old-example.com"
    let new = "links.example.app"

    @Test func anAndroidOnlyAppRunsNoAppleStep() throws {
        let repo = GitFixture("android-only")
        repo.write(
            "androidApp/build.gradle.kts",
            "plugins {\n    id(\"com.android.application\")\n}\nandroid { namespace = \"com.example.kmp\" }\n")
        repo.write(
            "androidApp/src/main/AndroidManifest.xml",
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application>
                <activity android:name=".MainActivity" android:exported="true">
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" android:host="\(old)" />
                  </intent-filter>
                </activity>
              </application>
            </manifest>

            """)
        let assetLinks = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.kmp",
                         "sha256_cert_fingerprints": ["\(SampleRepository.servedFingerprint)"]}}]

            """
        repo.write("landing-page/public/.well-known/assetlinks.json", assetLinks)
        repo.write("landing-page/index.html", "<a href=\"https://\(old)/\">open</a>\n")
        repo.commit("Android app and landing page")
        let web = try SampleWebHost(hosts: [old, new])
        for host in [old, new] { web.serve(host, "assetlinks.json", assetLinks) }
        let vars = [
            "old_host=\(old)", "new_host=\(new)", "android_package=com.example.kmp", "min_app_version=2.0",
            "verify_flags=\(web.verifyFlags)", "android_fingerprints=\(SampleRepository.servedFingerprint)",
            // landing-page/index.html is outside the site (landing-page/public/): no build file
            // places it, so it is `unknown` (issue 29), and a person accepts it.
            "expect_unknown=1",
        ].flatMap { ["--var", $0] }
        let run = relops(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--accept-counts"]
                + ["--confirm", "7", "--confirm", "8", "--confirm", "9", "--confirm", "14", "--confirm", "15"]
                + ["--skip", "12=no Android device in CI"] + vars, in: repo.root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let state = try RunStore(repositoryRoot: repo.root).find(nil)
        for number in [10, 11, 13] {
            #expect(state.steps[number - 1].status == .skipped)
            #expect(
                state.steps[number - 1].note?.hasPrefix(
                    "does not apply: `when: ios` and the app's platforms are android (androidApp/build.gradle.kts builds an Android app"
                )
                    == true, "\(number)")
        }
        #expect(state.steps[8].status == .confirmed)  // the Android rebuild
        // The platforms were found in the build files and handed to every association check.
        #expect(state.vars.first { $0.name == "platforms" }?.value == "android")
        #expect(state.steps[2].checks.last?.text.contains("verify --host \(new) --platforms android") == true)
        #expect(state.steps[2].checks.last?.excerpt?.contains("aasa") == false)

        // Both documents are asked for when both platforms are named, and a platform relops does not know is refused.
        let both = relops(
            ["verify", "--host", new, "--platforms", "android,ios"]
                + web.verifyFlags.split(separator: " ").map(String.init), in: repo.root)
        #expect(both.status == 1, "\(both.stdout)")
        #expect(both.stdout.contains("apple-app-site-association: HTTP 404, expected 200"))
        // `both`, the runbook's own word for its `platforms` variable, asks for the same.
        let bothWord = relops(
            ["verify", "--host", new, "--platforms", "both"]
                + web.verifyFlags.split(separator: " ").map(String.init), in: repo.root)
        #expect(bothWord.status == 1, "\(bothWord.stderr)")
        #expect(bothWord.stdout.contains("apple-app-site-association: HTTP 404, expected 200"))
        let unknown = relops(["verify", "--host", new, "--platforms", "android,windows"], in: repo.root)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("--platforms android,windows: unknown platform `windows` (known: android, ios)"))
    }
}
