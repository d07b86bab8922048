import Association
import CommandLine
import Foundation
import RelopsCore
import Verify

/// `relops verify`: the live association files, Google's and Apple's view, the repository's claims.
struct VerifyCommand: RelopsCommand {
    enum Options {
        static let host = Option<String?>.value("host", "H[:PORT]", help: "The host to verify (default: app.web_host).")
        static let resolve = NetworkOptions.resolve
        static let connectTo = NetworkOptions.connectTo
        static let cacert = NetworkOptions.cacert
        static let package = Option<String?>.value(
            "package", "NAME", help: "The Android package (default: app.android.package).")
        static let fingerprint = IdentityOptions.fingerprint
        static let appID = IdentityOptions.appID
        static let path = Option<[String]>.repeatable(
            "path", "PATH", help: "A link the AASA must open in the app (default: app.ios.paths).")
        static let platforms = Option<String?>.value(
            "platforms", "LIST",
            help: "The app's platforms (android, ios): the host must serve only their documents (default: both).")
        static let offline = NetworkOptions.offline
        static let allowUnchecked = Flag.flag(
            "allow-unchecked", authority: .howItChecks,
            help:
                "Report, but do not fail on, a demanded check relops could not make or a run in which every check was skipped."
        )
        static let local = Flag.flag(
            "local", authority: .howItChecks,
            help:
                "Fetch nothing: check the documents association render makes as each host's served files (implies --offline; needs --config or a repository; an external document is skipped)."
        )
        static let dalEndpoint = NetworkOptions.dalEndpoint
        static let appleCDNEndpoint = NetworkOptions.appleCDNEndpoint
        static let connectTimeout = NetworkOptions.connectTimeout
        static let timeout = NetworkOptions.timeout
        static let repo = Option<String?>.value(
            "repo", "PATH", authority: .whereItActs,
            help: "Also verify every host the repository's binaries claim, and report mismatches.")
        static let config = Option<String?>.value(
            "config", "FILE", authority: .whereItActs,
            help:
                "The web host's appsettings file: its AppAssociation section is rendered and compared with the live files (default: app.android.fingerprints)."
        )
        static let templates = Option<String?>.value(
            "templates", "DIR", authority: .whereItActs,
            help: "Render with the assetlinks.json and apple-app-site-association templates in DIR."
        )
        static let printCurl = Flag.flag(
            "print-curl", authority: .howItChecks,
            help: "Print the equivalent curl commands instead of running the checks.")
        static let tlsOnly = Flag.flag(
            "tls-only", authority: .howItChecks,
            help:
                "Only resolve the host and complete a verified TLS handshake; report the certificate's names and expiry."
        )
        static let wait = Option<String?>.value(
            "wait", "DURATION",
            help:
                "Re-check until every check passes or DURATION (90s, 10m, 1h) runs out (exit 1 then); print each round's changes."
        )
        static let interval = Option<String?>.value(
            "interval", "D", help: "Time between rounds of --wait (default: 30s).")
        // Which binary is checked decides what a passed step means: the operator's to say, never a
        // repository's (a committed "good" APK would pass the rebuild step for any build).
        static let artifact = Option<[String]>.repeatable(
            "artifact", "FILE", authority: .howItChecks,
            help: "A release binary (APK, AAB or IPA) to check against the host, its files and the app's identity.")
        static let debugKeystore = FingerprintCommand.RotateOptions.debugKeystore
        static let minAppVersion = Option<String?>.value(
            "min-app-version", "V", help: "With --artifact: the first app version that names the host.")
        static let format = Option<String?>.format(["text", "json"])
    }

    static let spec = CommandSpec(
        "verify",
        abstract:
            "Check the live assetlinks.json and apple-app-site-association the way curl, Google and Apple see them.",
        discussion: """
            HTTPS only, TLS always verified (against the system CAs or --cacert), redirects never followed, \
            every request bounded in time and size and run concurrently with the others.
            Expected values come from flags, else from .relops.yml (app.web_host, app.android.*, app.ios.*).
            When the web host's AppAssociation config is known (--config, or .relops.yml's \
            app.android.fingerprints), or the repository's association sources generate the files, the \
            documents relops association render makes are compared with the live ones in effect: the \
            grants of assetlinks.json after its includes, and which URLs open which app in the AASA. A \
            difference in effect fails ("live grants com.x/AB:CD... that the repository does not"); one in \
            form only (an include, the legacy paths form, layout) passes, naming it.
            A Unicode --host (bücher.example) is checked in its punycode form.

            With --local nothing is fetched: the rendered documents stand in for what every host will \
            serve, every document check runs on them, and the HTTP-level checks (status, redirects, \
            Content-Type, size cap, TLS) are skipped. It needs a config to render from, or a repository: \
            with no settings file named, the documents come from its association sources (relops \
            association sources), and one another repository serves is skipped, saying so. Inside a \
            repository (or with --repo) they are held against its claims: the package of each app whose \
            intent filter claims App Links must be granted handle_all_urls, the app id of each target whose \
            entitlements claim applinks: must be in applinks.details (from --package/--app-id, .relops.yml, \
            else Gradle, the manifest, a .csproj, the Xcode project or XcodeGen), and a claim of another \
            host is named.

            The repository's native OAuth callback leg is checked with --repo, and with --local inside a \
            repository: the custom schemes the iOS (CFBundleURLSchemes) and Android (WebAuthenticatorCallbackActivity \
            or a BROWSABLE intent filter) heads register, the schemes the identity service allow-lists \
            (OAuth:AllowedReturnUrlSchemes in every appsettings*.json, or app.oauth.allowlist: path#Section:Key; \
            none found, or app.oauth.allowlist: external, is "not checked here", never a failure), and the \
            callback URL the client passes to WebAuthenticator.

            --tls-only checks a new host before anything is served on it: DNS, a verified TLS handshake, \
            the certificate's names and expiry. --wait re-runs the checks until they all pass, printing \
            only what changed each round and when they first passed.

            What relops could not check fails the command. Every expected value given (--package, \
            --fingerprint, --app-id, --path, --platforms, or the same in .relops.yml or the settings) is a \
            demand: one that cannot be checked with the inputs given (a fingerprint with no package to pair \
            it with, an app id with --platforms android) exits 2 before anything is fetched; one whose checks \
            reached no verdict (nothing fetched, the document not read), and a run in which every check was \
            skipped, exit 1 unless --allow-unchecked. The first line of output says what could not be \
            checked and the flag or key that would make it checkable. With --repo the package, app ids and \
            platforms come from the build files when no flag or .relops.yml gives them, as with --local.

            Exit codes: 0 every check passed, 1 a check failed or a demanded check could not be made, \
            2 bad usage or a missing input, 3 a host could not be reached.

            Example:
              relops verify --host app.example.com --package com.example.app --fingerprint AB:CD:... \\
                --app-id ABCDE12345.com.example.app --path /sessions/1
            """,
        options: [
            Options.host, Options.resolve, Options.connectTo, Options.cacert, Options.package, Options.fingerprint,
            Options.appID, Options.path, Options.platforms, Options.offline, Options.allowUnchecked, Options.local,
            Options.dalEndpoint, Options.appleCDNEndpoint, Options.connectTimeout, Options.timeout, Options.repo,
            Options.config, Options.templates, Options.printCurl, Options.tlsOnly, Options.wait, Options.interval,
            Options.artifact, Options.minAppVersion, Options.debugKeystore, Options.format,
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Options.format], allowed: [.text, .json])
        let options = try VerifyOptions.resolve(try verifyArguments(arguments))
        for note in options.notes { console.error("warning: \(note)") }
        if arguments[Options.printCurl] {
            if options.tlsOnly { throw Failure(.usage, "--print-curl does not apply to --tls-only") }
            for line in try CurlCommands.lines(options) { console.out(line) }
            return ExitCode.ok
        }
        let round = { () throws(Failure) -> VerifyReport in
            options.tlsOnly ? try Verifier.tlsOnly(options) : try Verifier.run(options)
        }
        if let wait = options.wait { return try VerifyWaitScreen.run(wait, round, options, format: format, console) }
        console.progress(options.local ? "checking what \(options.host) will serve…" : "verifying \(options.host)…")
        let report = try round()
        console.endProgress()
        try writeOutcome(report)
        switch format {
        case .json:
            console.out(try VerifyDocument(options, report: report).jsonText())
        default:
            render(report, local: options.local, console)
        }
        return report.failureCategory.map(ExitCode.of) ?? ExitCode.ok
    }

    /// What the checks of `report` reached, for a runbook step (`RELOPS_CHECK_OUTCOME`).
    static func writeOutcome(_ report: VerifyReport) throws(Failure) {
        try CheckOutcome(report.checks.map { ($0.name, $0.verdict == .skip, $0.reason) })
            .write(environment: ProcessInfo.processInfo.environment)
    }

    static func verifyArguments(_ arguments: ParsedArguments) throws(Failure) -> VerifyArguments {
        var out = VerifyArguments()
        out.host = try arguments[Options.host].map { text throws(Failure) in try WebHost(text, option: "--host") }
        out.resolve = arguments[Options.resolve]
        out.connectTo = arguments[Options.connectTo]
        out.caFile = arguments[Options.cacert]
        out.package = arguments[Options.package]
        out.fingerprints = arguments[Options.fingerprint]
        out.appIDs = arguments[Options.appID]
        out.paths = arguments[Options.path]
        out.offline = arguments[Options.offline]
        out.local = arguments[Options.local]
        out.dalEndpoint = arguments[Options.dalEndpoint]
        out.appleCDNEndpoint = arguments[Options.appleCDNEndpoint]
        out.connectTimeout = arguments[Options.connectTimeout]
        out.timeout = arguments[Options.timeout]
        out.repo = arguments[Options.repo]
        out.config = arguments[Options.config]
        out.templates = arguments[Options.templates]
        out.tlsOnly = arguments[Options.tlsOnly]
        out.wait = arguments[Options.wait]
        out.interval = arguments[Options.interval]
        out.platforms = arguments[Options.platforms]
        out.allowUnchecked = arguments[Options.allowUnchecked]
        out.artifacts = arguments[Options.artifact]
        out.minAppVersion = arguments[Options.minAppVersion]
        out.debugKeystore = arguments[Options.debugKeystore]
        return out
    }

    static func render(_ report: VerifyReport, local: Bool, _ console: Console) {
        // What could not be checked comes first: it decides the exit code as much as a failure.
        let label = console.styled(report.allowUnchecked ? "UNCHECKED (allowed)" : "UNCHECKED", .red)
        for line in report.unchecked { console.out("\(label): \(line)") }
        let width = report.checks.map(\.name.count).max() ?? 0
        for check in report.checks { console.out(line(check, width: width, console)) }
        let count = { (v: Check.Verdict) in report.checks.filter { $0.verdict == v }.count }
        var summary =
            "\(count(.pass)) passed, \(count(.warn)) warnings, \(count(.fail)) failed, \(count(.skip)) skipped"
        if report.unreachable { summary += "; a host could not be reached" }
        if local { summary += "; nothing fetched (--local)" }
        if !report.unchecked.isEmpty { summary += "; \(report.unchecked.count) demanded check(s) not made" }
        console.out(summary)
    }

    static func label(_ verdict: Check.Verdict, _ console: Console) -> String {
        switch verdict {
        case .pass: return console.styled("pass", .green)
        case .warn: return console.styled("warn", .yellow)
        case .fail: return console.styled("FAIL", .red)
        case .skip: return console.styled("skip", .dim)
        }
    }

    /// `pass  name  url: reason`, the name padded to `width`.
    static func line(_ check: Check, width: Int, _ console: Console) -> String {
        let name = check.name.padding(toLength: width, withPad: " ", startingAt: 0)
        return "\(label(check.verdict, console))  \(name)  \(check.url.map { "\($0): " } ?? "")\(check.reason)"
    }
}
