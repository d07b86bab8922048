import CommandLine
import Foundation
import RelopsCore
import Setup

/// `relops init`.
enum InitCommand: RelopsCommand {
    enum Options {
        static let repo = RepositoryOptions.repo
        static let print = Flag.flag("print", help: "Print the file instead of writing it.")
        static let force = Flag.flag(
            "force", help: "Replace an existing .relops.yml; write a --web-host no build file claims.")
        static let webHost = Option<String?>.value(
            "web-host", "H", help: "The app.web_host to write when several hosts are claimed.")
        static let package = Option<String?>.value(
            "package", "NAME", help: "The app.android.package to write when several apps are found.")
        static let association = Option<String?>.value(
            "association", "PATH", help: "The source to use (app.association) when a document has several.")
        static let format = Option<String?>.format(["text", "json"])
    }

    static let spec = CommandSpec(
        "init",
        abstract: "Write .relops.yml from what the build files claim, each value with where it was read.",
        discussion: """
            Reads the tracked files (the git index), as verify --repo does: the hosts each platform claims \
            (AndroidManifest.xml intent filters with autoVerify, their manifestPlaceholders, iOS and .NET MAUI \
            entitlements applinks:/webcredentials: with .xcconfig values, C# [IntentFilter] DataHost, Expo \
            app.json/app.config.json ios.associatedDomains and android.intentFilters), the Android package \
            and Apple app ids behind them, the platforms, the source of each association document, the OAuth \
            callback schemes and allowlist, and the Markdown documents holding path:N code anchors. Each \
            value is followed by `# from path:line`. \
            When several values fit one key (app.web_host, app.android.package, app.association), the first \
            is taken only when it is the one every platform claims; otherwise init asks on a terminal, or \
            exits 2 naming the candidates and the flag that picks one. \
            Not read: Expo app.config.js/ts (code), Flutter's Dart code (its android/ and ios/ folders are read \
            as native apps), hosts computed by build scripts, signing fingerprints. \
            An existing .relops.yml is kept unless --force; the file is written atomically, and only after \
            relops has read it back as a configuration.
            """,
        options: [
            Options.repo, Options.print, Options.force, Options.webHost, Options.package, Options.association,
            Options.format,
        ],
        writes: .unless(Options.print))

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Options.format], allowed: [.text, .json])
        let printOnly = arguments[Options.print]
        if format == .json, !printOnly { throw Failure(.usage, "--format json goes with --print") }
        let project = try Project(path: arguments[Options.repo], readingConfiguration: false)
        let target = try RepositoryPath.resolve(ProjectConfig.fileName, in: project.root, missingAllowed: true)
        if !printOnly, !arguments[Options.force], FileManager.default.fileExists(atPath: target) {
            throw Failure(
                .usage,
                "\(target): already exists; relops init keeps it (see what it would write with --print, "
                    + "replace it with --force)")
        }
        console.progress("reading the build files…")
        var setup = try RepositorySetup.read(project)
        console.endProgress()
        // A --web-host no build file claims is likelier a typo than a choice: named, unless --force.
        if let host = arguments[Options.webHost], !arguments[Options.force],
            let hint = ClaimedHosts(candidates: setup.webHost.candidates).hint(for: host)
        {
            throw Failure(.usage, "--web-host \(host): \(hint); pass --force to write it anyway")
        }
        for option in [Options.webHost, Options.package, Options.association] {
            if let value = arguments[option] {
                let flag = "--" + option.spec.name
                try setup.pick(value, flag: flag, source: flag)
            }
        }
        try settle(&setup, console)
        let text = setup.fileText
        // What init writes must read back as a configuration: checked before anything is written.
        _ = try ProjectConfig.parse(text, path: "relops init's \(ProjectConfig.fileName)")
        if printOnly {
            if format == .json {
                console.out(try JSONValueEncoder().text(SetupDocument(setup), "the setup"))
            } else {
                console.out(text, terminator: "")
            }
            return ExitCode.ok
        }
        try AtomicFile.write(Array(text.utf8), to: target)
        console.out("Wrote \(target)")
        for choice in [setup.webHost, setup.androidPackage, setup.association] where choice.chosen != nil {
            console.out("  \(choice.key): \(choice.chosen ?? "") (\(choice.reason))")
        }
        console.out("Next: relops scan, then relops runbook run domain-cutover")
        return ExitCode.ok
    }

    /// Each open choice asked on a terminal; without one, exit 2 naming the candidates.
    static func settle(_ setup: inout RepositorySetup, _ console: Console) throws {
        let open = setup.openChoices
        guard !open.isEmpty else { return }
        guard isatty(STDIN_FILENO) == 1 else {
            throw Failure(.usage, open.map(\.openMessage).joined(separator: "\n"))
        }
        for choice in open {
            console.error("\(choice.key): several candidates:")
            for (i, candidate) in choice.candidates.enumerated() {
                let platforms = candidate.platforms.isEmpty ? "" : " (\(candidate.platformNames))"
                console.error(
                    "  \(i + 1). \(candidate.value)\(platforms): \(candidate.evidence.joined(separator: "; "))")
            }
            while true {
                console.prompt("Which \(choice.key)? [1-\(choice.candidates.count)] ")
                guard let answer = readLine()?.trimmingCharacters(in: .whitespaces) else {
                    throw Failure(.usage, "no answer for \(choice.key); pick one with \(choice.flag)")
                }
                if let n = Int(answer), n >= 1, n <= choice.candidates.count {
                    try setup.pick(choice.candidates[n - 1].value, flag: choice.flag, source: "picked on the terminal")
                    break
                }
                if choice.candidates.contains(where: { $0.value == answer }) {
                    try setup.pick(answer, flag: choice.flag, source: "picked on the terminal")
                    break
                }
            }
        }
    }
}
