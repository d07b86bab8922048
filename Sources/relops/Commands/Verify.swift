import Association
import CommandLine
import Fingerprint
import Foundation
import Git
import RelopsCore
import Verify

/// `relops verify`: the live association files, Google's and Apple's view, the repository's claims.
struct VerifyCommand: RelopsCommand {
    static let spec = CommandSpec(
        "verify",
        abstract:
            "Check the live assetlinks.json and apple-app-site-association the way curl, Google and Apple see them.",
        discussion: """
            HTTPS only, TLS always verified (against the system CAs or --cacert), redirects never followed, \
            every request bounded in time and size and run concurrently with the others.
            Expected values come from flags, else from .relops.yml (app.web_host, app.android.*, app.ios.*).
            When the web host's AppAssociation config is known (--config, or .relops.yml's \
            app.android.fingerprints), the documents relops association render makes from it are compared \
            with the live ones as JSON values: a difference is a failure that shows both.
            A Unicode --host (bücher.example) is checked in its punycode form.

            With --local nothing is fetched: the rendered documents stand in for what every host will \
            serve, every document check runs on them, and the HTTP-level checks (status, redirects, \
            Content-Type, size cap, TLS) are skipped. It needs a config to render from.

            Exit codes: 0 every check passed, 1 a check failed, 2 bad usage, 3 a host could not be reached.

            Example:
              relops verify --host app.example.com --package com.example.app --fingerprint AB:CD:... \\
                --app-id ABCDE12345.com.example.app --path /sessions/1
            """,
        options: [
            .value("host", "H[:PORT]", help: "The host to verify (default: app.web_host)."),
            .value(
                "resolve", "H:PORT:ADDR", repeatable: true,
                help: "Aim a host name at another address, as curl's --resolve."),
            .value(
                "connect-to", "H:PORT:H2:PORT2", repeatable: true,
                help: "Reach H:PORT at H2:PORT2, as curl's --connect-to."),
            .value(
                "cacert", "FILE",
                help: "Trust the CAs in this PEM file instead of the system's (verification stays on)."),
            .value("package", "NAME", help: "The Android package (default: app.android.package)."),
            .value(
                "fingerprint", "FP", repeatable: true,
                help:
                    "An app-signing SHA-256 fingerprint assetlinks.json must list (default: app.android.fingerprints)."),
            .value(
                "app-id", "TEAM.BUNDLE", repeatable: true,
                help: "An Apple app id the AASA must name (default: app.ios.app_ids)."),
            .value(
                "path", "PATH", repeatable: true, help: "A link the AASA must open in the app (default: app.ios.paths)."
            ),
            .flag("offline", help: "Skip Google's Digital Asset Links API and Apple's CDN."),
            .flag(
                "local",
                help:
                    "Fetch nothing: check the documents association render makes as each host's served files (implies --offline; needs --config or app.android.fingerprints)."
            ),
            .value(
                "dal-endpoint", "URL",
                help: "Digital Asset Links API base (default: https://digitalassetlinks.googleapis.com)."),
            .value(
                "apple-cdn-endpoint", "URL",
                help: "Apple CDN base; the host is appended (default: https://app-site-association.cdn-apple.com/a/v1)."
            ),
            .value("connect-timeout", "SECONDS", help: "Time allowed to connect, per request (default: 5)."),
            .value("timeout", "SECONDS", help: "Time allowed for each whole request (default: 10)."),
            .value(
                "repo", "PATH", help: "Also verify every host the repository's binaries claim, and report mismatches."),
            .value(
                "config", "FILE",
                help:
                    "The web host's appsettings file: its AppAssociation section is rendered and compared with the live files (default: app.android.fingerprints)."
            ),
            .value(
                "templates", "DIR",
                help: "Render with the assetlinks.json and apple-app-site-association templates in DIR."),
            .flag("print-curl", help: "Print the equivalent curl commands instead of running the checks."),
            .format(["text", "json"]),
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments.value("format"), allowed: [.text, .json])
        var config = ProjectConfig()
        var root: String?
        var claims: RepositoryClaims?
        if let repo = arguments.value("repo") {
            let project = try Project(path: repo)
            config = project.config
            root = project.root
            let files: FileList
            do {
                files = try project.repository.indexFiles()
            } catch {
                throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
            }
            claims = RepositoryClaims.read(root: project.root, paths: (0..<files.count).map(files.path(at:)))
        } else if let project = try enclosingProject() {
            config = project.config
            root = project.root
        }
        guard let hostText = arguments.value("host") ?? config.webHost else {
            throw Failure(.usage, "no host to verify: give --host or set app.web_host in .relops.yml")
        }
        let host = try HostSpec.normalized(hostText, option: arguments.value("host") == nil ? "app.web_host" : "--host")
        var options = VerifyOptions(host: host)
        options.resolve = arguments.all("resolve")
        options.connectTo = arguments.all("connect-to")
        options.caFile = arguments.value("cacert")
        if let ca = options.caFile, !FileManager.default.isReadableFile(atPath: ca) {
            throw Failure(.badInput, "--cacert \(ca): cannot read the file")
        }
        options.offline = arguments.flag("offline")
        options.local = arguments.flag("local")
        if let url = arguments.value("dal-endpoint") { options.dalEndpoint = try httpsURL(url, "--dal-endpoint") }
        if let url = arguments.value("apple-cdn-endpoint") {
            options.appleCDNEndpoint = try httpsURL(url, "--apple-cdn-endpoint")
        }
        options.connectTimeout = try seconds(arguments.value("connect-timeout"), "--connect-timeout", default: 5)
        options.totalTimeout = try seconds(arguments.value("timeout"), "--timeout", default: 10)
        // The web host's AppAssociation section (with .relops.yml's app filling gaps) gives the
        // expectations the flags leave out, and the documents the live ones must equal.
        var settings: AppAssociationSettings?
        var target: ConfigTarget?
        if arguments.value("config") != nil || config.androidFingerprints != nil {
            let found = try ConfigTarget.resolve(
                config: arguments.value("config"), key: nil, projectSetting: config.androidFingerprints, root: root)
            target = found
            settings = try AppAssociationSettings.load(target: found, config: config)
        }
        var fingerprints = arguments.all("fingerprint")
        if fingerprints.isEmpty, let target { fingerprints = try configuredFingerprints(target, console) }
        let paths = config.iosPaths.isEmpty ? settings?.applePaths ?? [] : config.iosPaths
        options.expectation = VerifyExpectation(
            androidPackage: arguments.value("package") ?? settings?.androidPackage ?? config.androidPackage,
            fingerprints: fingerprints,
            iosAppIDs: arguments.all("app-id").isEmpty
                ? settings?.appleAppIDs ?? config.iosAppIDs : arguments.all("app-id"),
            iosPaths: arguments.all("path").isEmpty ? paths : arguments.all("path"))
        options.claims = claims
        options.configuredWebHost = config.webHost
        if target == nil, let folder = arguments.value("templates") {
            throw Failure(
                .usage, "--templates \(folder): nothing to render; give --config FILE or set app.android.fingerprints")
        }
        if let target, let settings {
            options.expectedDocuments = try rendered(
                settings, from: target, templates: arguments.value("templates"), required: options.local, console)
        }

        if arguments.flag("print-curl") {
            for line in try CurlCommands.lines(options) { console.out(line) }
            return ExitCode.ok
        }
        console.progress(options.local ? "checking what \(host) will serve…" : "verifying \(host)…")
        let report = try Verifier.run(options)
        console.endProgress()
        switch format {
        case .json:
            console.out(
                JSONValue.object([
                    ("host", .string(host)), ("offline", .bool(options.offline || options.local)),
                    ("local", .bool(options.local)), ("fetched", .bool(!options.local)),
                ])
                .merged(with: report.json).rendered())
        default:
            render(report, local: options.local, console)
        }
        return report.failureCategory.map(ExitCode.of) ?? ExitCode.ok
    }

    /// The fingerprints the web host's config holds. The placeholder is not expected live (a
    /// warning says so, and the rendered document fails on it); a malformed value is bad input
    /// naming the file.
    static func configuredFingerprints(_ target: ConfigTarget, _ console: Console) throws(Failure) -> [String] {
        var out: [String] = []
        for value in try target.values() {
            if FingerprintNormalizer.isPlaceholder(value) {
                console.error(
                    "warning: \(target.displayPath): \(target.key) still holds the placeholder \(value); "
                        + "no fingerprint is expected live (relops fingerprint rotate sets the real one)")
                continue
            }
            do {
                out.append(try FingerprintNormalizer.sha256(value).canonical)
            } catch {
                throw Failure(.badInput, "\(target.displayPath): \(target.key): \(error.description)")
            }
        }
        return out
    }

    /// What `relops association render` makes of the web host's config, or nil when the config
    /// names neither an Android package nor an Apple app id (nothing to render; bad input when
    /// `required`, as for `--local`).
    static func rendered(
        _ settings: AppAssociationSettings, from target: ConfigTarget, templates folder: String?, required: Bool,
        _ console: Console
    ) throws(Failure) -> ExpectedDocuments? {
        guard required || settings.androidPackage != nil || !settings.appleAppIDs.isEmpty else { return nil }
        let templates = try folder.map { folder throws(Failure) in try AssociationTemplates.load(folder: folder) }
        for note in settings.notes { console.error("warning: \(note)") }
        return ExpectedDocuments(
            rendered: try AssociationDocuments.render(settings, templates: templates ?? .builtIn),
            source: target.displayPath)
    }

    /// The repository around the current folder, or nil outside one (flags alone then). A malformed
    /// `.relops.yml` is still an error.
    static func enclosingProject() throws(Failure) -> Project? {
        let result = Result { () throws(Failure) in try Project(path: nil) }
        switch result {
        case .success(let project): return project
        case .failure(let failure):
            if failure.category == .couldNotCheck { return nil }
            throw failure
        }
    }

    static func render(_ report: VerifyReport, local: Bool, _ console: Console) {
        let width = report.checks.map(\.name.count).max() ?? 0
        for check in report.checks {
            let label: String
            switch check.verdict {
            case .pass: label = console.styled("pass", .green)
            case .warn: label = console.styled("warn", .yellow)
            case .fail: label = console.styled("FAIL", .red)
            case .skip: label = console.styled("skip", .dim)
            }
            let name = check.name.padding(toLength: width, withPad: " ", startingAt: 0)
            console.out("\(label)  \(name)  \(check.url.map { "\($0): " } ?? "")\(check.reason)")
        }
        let count = { (v: Check.Verdict) in report.checks.filter { $0.verdict == v }.count }
        var summary =
            "\(count(.pass)) passed, \(count(.warn)) warnings, \(count(.fail)) failed, \(count(.skip)) skipped"
        if report.unreachable { summary += "; a host could not be reached" }
        if local { summary += "; nothing fetched (--local)" }
        console.out(summary)
    }

    static func seconds(_ text: String?, _ flag: String, default value: Double) throws(Failure) -> Double {
        guard let text else { return value }
        guard let s = Double(text), s > 0, s <= 600 else {
            throw Failure(.usage, "\(flag) \(text): expected a number of seconds from 0 to 600")
        }
        return s
    }

    static func httpsURL(_ text: String, _ flag: String) throws(Failure) -> String {
        guard text.lowercased().hasPrefix("https://"), text.count > 8 else {
            throw Failure(.usage, "\(flag) \(text): expected an https:// URL")
        }
        return text
    }
}

extension JSONValue {
    /// The pairs of two objects, `self`'s first.
    fileprivate func merged(with other: JSONValue) -> JSONValue {
        guard case .object(let a) = self, case .object(let b) = other else { return self }
        return .object(a + b)
    }
}
