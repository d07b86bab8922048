/// The sample repository `relops demo` builds in a temporary folder: a MAUI-style app whose web
/// host hides in a config value, an iOS entitlement and an Android constant, a web host that serves
/// the association files (first with the placeholder fingerprint, then a real one), a release
/// runbook that repeats the host, and an ADR whose anchors later commits moved. Its history is
/// data; writing it as commits is the demo's job (through libgit2, never the git CLI).
public enum SampleRepository {
    /// The host the sample app rides: a cloud provider's default domain.
    public static let oldHost = "adc-ui.kindrock-1234.eastus.azurecontainerapps.io"
    /// The custom domain the demo cuts over to.
    public static let newHost = "app.example.com"
    /// The app signing fingerprint the web host serves after the "Set the served fingerprint" commit.
    public static let servedFingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    /// The fingerprint of `newCertificatePEM`, the key the rotation moves to.
    public static let newFingerprint =
        "50:49:86:BA:2E:2B:B2:2F:8F:D7:BC:8F:81:44:1E:55:98:6F:E4:CC:F7:A5:4E:10:26:D8:CB:9C:A5:83:14:F9"

    /// One commit of the sample history.
    public struct Commit: Sendable {
        public let message: String
        /// ISO 8601, for author and committer.
        public let date: String
        /// Files written (created or replaced) by this commit, relative to the repository root.
        public let files: [(path: String, content: String)]
    }

    /// The history, oldest first. Each commit's files are the full new contents.
    public static let history: [Commit] = [
        Commit(
            message: "Sample conference app: MAUI head, web host, release runbook", date: "2026-07-01T10:00:00Z",
            files: [
                (".relops.yml", relopsYML),
                ("Source/Hosts/UI/App.UI/App.UI.csproj", mauiProject),
                ("Source/Hosts/UI/App.UI/appsettings.json", mauiSettings),
                ("Source/Hosts/UI/App.UI/Platforms/iOS/Entitlements.plist", entitlements),
                ("Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs", mainActivity(logging: false)),
                ("Source/Hosts/UI/App.UI.Web/App.UI.Web.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n"),
                (
                    "Source/Hosts/UI/App.UI.Web/appsettings.json",
                    webSettings("REPLACE_WITH_PLAY_APP_SIGNING_SHA256_FINGERPRINT")
                ),
                ("Source/Hosts/UI/App.UI.Web/Program.cs", program(healthChecks: false)),
                ("Docs/MobileReleaseRunbook.md", releaseRunbook),
            ] + oauthCallbackFiles),
        Commit(
            message: "ADR-043: mobile deep links and app association", date: "2026-07-15T09:00:00Z",
            files: [
                ("Docs/adr/043-mobile-deep-links.md", adr)
            ]),
        Commit(
            message: "Set the served fingerprint (#80)", date: "2026-07-28T16:00:00Z",
            files: [
                ("Source/Hosts/UI/App.UI.Web/appsettings.json", webSettings(servedFingerprint))
            ]),
        Commit(
            message: "Add health checks to the web host (#155)", date: "2026-08-20T11:00:00Z",
            files: [
                ("Source/Hosts/UI/App.UI.Web/Program.cs", program(healthChecks: true))
            ]),
        Commit(
            message: "Log verified deep links (#161)", date: "2026-08-27T14:00:00Z",
            files: [
                ("Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs", mainActivity(logging: true))
            ]),
    ]

    /// The new app signing certificate (self-signed, made for the demo), as Play Console's
    /// `deployment_cert` would be downloaded; the demo writes it outside the repository.
    public static let newCertificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIDWzCCAkOgAwIBAgICICYwDQYJKoZIhvcNAQELBQAwRjEkMCIGA1UEAwwbU2Ft
        cGxlIEFwcCBTaWduaW5nIEtleSAyMDI2MR4wHAYDVQQKDBVTYW1wbGUgQ29uZmVy
        ZW5jZSBBcHAwHhcNMjYxMTI5MTc1MjI1WhcNMzYxMTI2MTc1MjI1WjBGMSQwIgYD
        VQQDDBtTYW1wbGUgQXBwIFNpZ25pbmcgS2V5IDIwMjYxHjAcBgNVBAoMFVNhbXBs
        ZSBDb25mZXJlbmNlIEFwcDCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEB
        AKmOVySbJWSlJ7X4jrZY+GCxotBZ+LchUi2BWGVs9+nsoEhZyVobwTLbrnYSroh2
        1H/v1yVoAQAPBxKMb8G8PjCZS7YD2gQ8Xu5B4nmfV+4zn/8WHgqu3ZzbvFFPebQm
        NfJlzU+f8gOeAP1aV7rvySk/0xzLvhHgoU/zXOhO8pDaaIQmZZuGlSmPt0HGIJx6
        0mi61a4erLTIg9CGJneBVO3BCNarWI193Co8d5RqTEpZufyOzz1ar1X9zGwDz/63
        fD9E6yrnO9COE/Y96UZKhIChZXMYmDZw/BKZ1j8FtiWI1LHxfQjI9Y8Kn/Uw/7b+
        Dgf8FTdD45UEqPj4zODFJLECAwEAAaNTMFEwHQYDVR0OBBYEFFPs0e97ukI5NLKo
        fJE0OpMpZnrwMB8GA1UdIwQYMBaAFFPs0e97ukI5NLKofJE0OpMpZnrwMA8GA1Ud
        EwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEBAHdHH1oCcvN/Qqr/Px4yqhSU
        0clbX+G3IBvE36+rD2b3imX5dZ51w4FWDZx0QZRpisMwtfK2yvMqIFbjPmjqLhKy
        PMzVQtesxCJ4ryt592JfghKmnNFlJKbCrL4AnKS+VYVt9PT2cDrHyw3Lli26j6dd
        UfQQXTjY/naHD9Kr9x4nNskLDtprM06youGDzA2wwXNIWQxvCiAroJ67eZmZGFqb
        snkJiqu9RQT1TBlwljawIgU8/R5hDea2t9eY/pINYPV4+r10inT0iFmKF47a9qRZ
        Yz357GYX2I5YBIxE2XN1J0p/MF2T09idkizypg+C5DuxkejqjsuuNEJqTzvO8z4=
        -----END CERTIFICATE-----

        """

    /// The sample's occurrences of `oldHost` per scan class before the cutover: the three binary
    /// places (config value, entitlement, Android constant), the web host's own config, the two
    /// verification commands in the release runbook, and `.relops.yml` itself (class `other`).
    public static let expectedCounts = (binary: 3, server: 1, docs: 2, other: 1)

    /// One shipped runbook run of the demo: its `--var` values and the steps a person would confirm.
    public struct DemoRun: Sendable {
        public let runbook: String
        public let vars: [String]
        public let confirm: [String]
        /// `--skip STEP=REASON` values.
        public var skip: [String] = []
        /// `--accept-counts`: the `auto` expectations take the counts the scan finds.
        public var acceptCounts = false
        /// Steps whose work the operator commits before confirming them (they say `evidence:
        /// committed`), with the commit message.
        public var commitBefore: [Int: String] = [:]
    }

    /// The three shipped runbooks as the demo runs them, non-interactively, in this order.
    /// `certificatePath` is where the demo wrote `newCertificatePEM`; `verifyFlags` are the options
    /// every `relops verify` needs to reach the demo's host (e.g. `--offline --cacert ... --resolve ...`).
    public static func runs(certificatePath: String, verifyFlags: String, date: String = "2026-08-31") -> [DemoRun] {
        [
            DemoRun(
                runbook: "domain-cutover",
                vars: [
                    "old_host=\(oldHost)", "new_host=\(newHost)",
                    "association_config=Source/Hosts/UI/App.UI.Web/appsettings.json",
                    "android_package=com.example.conference", "min_app_version=2.0", "verify_flags=\(verifyFlags)",
                ],
                confirm: ["7", "8", "9", "10", "14", "15"],
                skip: ["12=the demo has no Android device", "13=the demo has no iOS device"],
                acceptCounts: true),
            DemoRun(
                runbook: "fingerprint-rotation",
                vars: [
                    "new_cert=\(certificatePath)", "android_package=com.example.conference",
                    "old_fingerprint=\(servedFingerprint)",
                    "new_fingerprint=\(newFingerprint)", "web_host=\(newHost)", "verify_flags=\(verifyFlags)",
                ],
                confirm: ["1", "3", "5", "6", "7"],
                commitBefore: [
                    3: "Serve the new app signing fingerprint beside the old one",
                    6: "Retire the old app signing fingerprint",
                ]),
            DemoRun(runbook: "adr-anchor-audit", vars: ["repin_flags=--date \(date)"], confirm: ["3"]),
        ]
    }

    static let relopsYML = """
        app:
          web_host: \(oldHost)
          android:
            package: com.example.conference
            fingerprints: Source/Hosts/UI/App.UI.Web/appsettings.json#AppAssociation:AndroidCertFingerprints
          ios:
            app_ids: [ABCDE12345.com.example.conference]
            paths: ["/sessions/*", "/speakers/*"]
        anchors:
          docs: ["Docs/adr/*.md"]

        """

    static let mauiProject = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks>
            <UseMaui>true</UseMaui>
          </PropertyGroup>
          <ItemGroup>
            <EmbeddedResource Include="appsettings.json" />
          </ItemGroup>
        </Project>

        """

    static let mauiSettings = """
        {
          "PublicSite": {
            "BaseUrl": "https://\(oldHost)"
          }
        }

        """

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>com.apple.developer.associated-domains</key>
          <array>
            <string>applinks:\(oldHost)</string>
          </array>
        </dict>
        </plist>

        """

    static func mainActivity(logging: Bool) -> String {
        let log =
            logging
            ? """
                private static readonly ILogger Log = LoggerFactory.Create(_ => { }).CreateLogger("DeepLinks");

                // Verified links are logged before they are dispatched.

            """ : ""
        return """
            using Android.App;
            using Android.Content;
            using Microsoft.Extensions.Logging;

            namespace Sample.Conference.Platforms.Android;

            [Activity(MainLauncher = true)]
            [IntentFilter(new[] { Intent.ActionView },
                Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
                DataScheme = "https",
                DataHost = PublicWebHost,
                AutoVerify = true)]
            public class MainActivity : MauiAppCompatActivity
            {
            \(log)    // The public web host: a compile-time constant, because an attribute cannot read config.
                public const string PublicWebHost = "\(oldHost)";
            }

            """
    }

    static func webSettings(_ fingerprint: String) -> String {
        """
        {
          "AppAssociation": {
            "AndroidPackageName": "com.example.conference",
            "AndroidCertFingerprints": [
              "\(fingerprint)"
            ],
            "AppleAppIds": [ "ABCDE12345.com.example.conference" ],
            "ApplePaths": [ "/sessions/*", "/speakers/*" ],
            "Host": "\(oldHost)"
          }
        }

        """
    }

    static func program(healthChecks: Bool) -> String {
        let health =
            healthChecks
            ? """
            builder.Services.AddHealthChecks();
            builder.Services.AddProblemDetails();
            builder.Services.AddOutputCache();

            """ : ""
        return """
            var builder = WebApplication.CreateBuilder(args);
            builder.Services.AddRazorComponents();
            \(health)
            var app = builder.Build();
            app.UseStaticFiles();

            // Both association documents, served directly (no redirect) by this host.
            app.MapAppAssociationEndpoints(builder.Configuration.GetSection("AppAssociation"));

            app.MapRazorComponents<App>();
            app.Run();

            """
    }

    static let releaseRunbook = """
        # Mobile release runbook

        ## Verify the association files

        ```sh
        curl -sS https://\(oldHost)/.well-known/assetlinks.json
        ```

        ```sh
        curl -sS "https://digitalassetlinks.googleapis.com/v1/statements:list?source.web.site=https://\(oldHost)&relation=delegate_permission/common.handle_all_urls"
        ```

        Staging lives at staging.\(oldHost) and is not ours to move.

        """

    static let adr = """
        # ADR-043: Mobile deep links, app association and the native OAuth callback

        ## Status

        Accepted (2026-07-15).

        ## Decision

        The web host serves both association documents itself
        (`Source/Hosts/UI/App.UI.Web/Program.cs:8`), from the `AppAssociation` section
        (`Source/Hosts/UI/App.UI.Web/appsettings.json:4-6`).

        Android declares its App Links intent filter as an attribute on MainActivity
        (`Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs:8-12`), bound to the public web
        host constant (:16). iOS lists the host in its associated-domains entitlement
        (`Source/Hosts/UI/App.UI/Platforms/iOS/Entitlements.plist:7`), and the MAUI head keeps
        `PublicSite:BaseUrl` in `Source/Hosts/UI/App.UI/appsettings.json:3`.

        """
}
