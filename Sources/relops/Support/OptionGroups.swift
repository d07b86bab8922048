import CommandLine

/// How relops reaches a host and which third parties it asks: the live checks' options, declared
/// once for every command that makes them (`verify`, `status`). A repository cannot give them.
enum NetworkOptions {
    static let resolve = Option<[String]>.repeatable(
        "resolve", "H:PORT:ADDR", authority: .howItChecks,
        help: "Aim a host name at another address, as curl's --resolve.")
    static let connectTo = Option<[String]>.repeatable(
        "connect-to", "H:PORT:H2:PORT2", authority: .howItChecks,
        help: "Reach H:PORT at H2:PORT2, as curl's --connect-to.")
    static let cacert = Option<String?>.value(
        "cacert", "FILE", authority: .howItChecks,
        help: "Trust the CAs in this PEM file instead of the system's (verification stays on).")
    static let offline = Flag.flag(
        "offline", authority: .howItChecks, help: "Skip Google's Digital Asset Links API and Apple's CDN.")
    static let dalEndpoint = Option<String?>.value(
        "dal-endpoint", "URL", authority: .howItChecks,
        help: "Digital Asset Links API base (default: https://digitalassetlinks.googleapis.com).")
    static let appleCDNEndpoint = Option<String?>.value(
        "apple-cdn-endpoint", "URL", authority: .howItChecks,
        help: "Apple CDN base; the host is appended (default: https://app-site-association.cdn-apple.com/a/v1).")
    static let connectTimeout = Option<String?>.value(
        "connect-timeout", "SECONDS", help: "Time allowed to connect, per request (default: 5).")
    static let timeout = Option<String?>.value(
        "timeout", "SECONDS", help: "Time allowed for each whole request (default: 10).")
}

/// The app's identity given on the command line instead of `.relops.yml`'s `app.android.*` and
/// `app.ios.*`: declared once for every command that checks or renders against it (`verify`,
/// `status`, `association render`). The Android package is each command's own: `verify` checks
/// one app, `association render` writes a statement per package.
enum IdentityOptions {
    static let fingerprint = Option<[String]>.repeatable(
        "fingerprint", "FP",
        help:
            "An app-signing certificate's SHA-256 fingerprint, any spelling (AB:CD:..., abcd...); default: app.android.fingerprints."
    )
    static let appID = Option<[String]>.repeatable(
        "app-id", "TEAM.BUNDLE", help: "An Apple app id (default: app.ios.app_ids).")
}
