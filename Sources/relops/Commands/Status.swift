import CommandLine
import Foundation
import RelopsCore
import Status

/// `relops status`: one screen for the release, from the checks that exist.
enum StatusCommand: RelopsCommand {
    enum Options {
        static let repo = RepositoryOptions.repo
        static let host = Option<[String]>.repeatable(
            "host", "H[:PORT]",
            help: "A host to report on (default: the run in progress, the applied cutover, app.web_host).")
        static let local = Flag.flag(
            "local", authority: .howItChecks, help: "Fetch nothing: what can be known without the network.")
        static let allowUnchecked = Flag.flag(
            "allow-unchecked", authority: .howItChecks,
            help: "Report, but do not fail on, a demanded check relops could not make (as relops verify).")
        // The live checks are verify's: the same network and identity options, declared once.
        static let resolve = NetworkOptions.resolve
        static let connectTo = NetworkOptions.connectTo
        static let cacert = NetworkOptions.cacert
        static let dalEndpoint = NetworkOptions.dalEndpoint
        static let appleCDNEndpoint = NetworkOptions.appleCDNEndpoint
        static let offline = NetworkOptions.offline
        static let fingerprint = IdentityOptions.fingerprint
        static let appID = IdentityOptions.appID
        static let format = Option<String?>.format(["text", "json", "markdown"])
    }

    static let spec = CommandSpec(
        "status",
        abstract:
            "One screen for the release: what is left in the repository, what each host serves, the runbook's next step.",
        discussion: """
            For the old and the new host (--host, repeatable; else the domain-cutover run in progress, \
            the applied cutover and app.web_host in .relops.yml): the occurrences left in the repository \
            by class and product (held against the applied cutover's own rule, so what it kept is not \
            left over); what the host serves live, as relops verify checks it (both documents' HTTP \
            status, grants, fingerprints and app ids, and whether they match the repository in effect); \
            Google's Digital Asset Links answer and Apple's CDN copy; the OAuth callback leg; and the \
            runbook in progress with its last completed and next step. It adds no rule of its own.
            The answer comes first: whether everything checked agrees, then what disagrees, then detail.
            --local checks only what can be known without the network (the rendered documents stand in \
            for each host's files). --format markdown writes it for a pull request or a chat message.

            Exit codes: 0 everything checked agrees, 1 something disagrees or a demanded check could not \
            be made (reported only with --allow-unchecked), 2 bad usage or bad input.
            """,
        options: [
            Options.repo, Options.host, Options.local, Options.allowUnchecked, Options.resolve, Options.connectTo,
            Options.cacert, Options.dalEndpoint, Options.appleCDNEndpoint, Options.offline, Options.fingerprint,
            Options.appID, Options.format,
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        // Markdown is this command's alone, so it is not one of the shared output formats.
        let markdown = arguments[Options.format] == "markdown"
        guard markdown || ["text", "json", nil].contains(arguments[Options.format]) else {
            throw Failure(
                .usage,
                "--format \(arguments[Options.format] ?? "") is not supported here; use one of text, json, markdown")
        }
        let project = try Project(path: arguments[Options.repo])
        var request = StatusRequest()
        request.hosts = try arguments[Options.host].map { text throws(Failure) in try WebHost(text, option: "--host") }
        request.local = arguments[Options.local]
        request.allowUnchecked = arguments[Options.allowUnchecked]
        request.resolve = arguments[Options.resolve]
        request.connectTo = arguments[Options.connectTo]
        request.caFile = arguments[Options.cacert]
        request.dalEndpoint = arguments[Options.dalEndpoint]
        request.appleCDNEndpoint = arguments[Options.appleCDNEndpoint]
        request.offline = arguments[Options.offline]
        request.fingerprints = arguments[Options.fingerprint]
        request.appIDs = arguments[Options.appID]
        console.progress(request.local ? "gathering the status (nothing fetched)…" : "gathering the status…")
        let status = try ReleaseStatus.gather(project, request)
        console.endProgress()
        if markdown {
            console.out(StatusScreen.markdown(status))
        } else if arguments[Options.format] == "json" {
            console.out(try StatusDocument(status).jsonText())
        } else {
            StatusScreen.text(status, console)
        }
        return status.agrees ? ExitCode.ok : ExitCode.checkFailed
    }
}
