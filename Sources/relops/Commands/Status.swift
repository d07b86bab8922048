import CommandLine
import Foundation
import RelopsCore
import Status

/// `relops status`: one screen for the release, from the checks that exist.
enum StatusCommand: RelopsCommand {
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
            .value("repo", "PATH", help: "The repository (default: the one enclosing the current folder)."),
            .value(
                "host", "H[:PORT]", repeatable: true,
                help: "A host to report on (default: the run in progress, the applied cutover, app.web_host)."),
            .flag("local", help: "Fetch nothing: what can be known without the network."),
            .flag(
                "allow-unchecked",
                help: "Report, but do not fail on, a demanded check relops could not make (as relops verify)."),
            .value(
                "resolve", "H:PORT:ADDR", repeatable: true,
                help: "Aim a host name at another address, as curl's --resolve."),
            .value(
                "connect-to", "H:PORT:H2:PORT2", repeatable: true,
                help: "Reach H:PORT at H2:PORT2, as curl's --connect-to."),
            .value(
                "cacert", "FILE",
                help: "Trust the CAs in this PEM file instead of the system's (verification stays on)."),
            .value(
                "dal-endpoint", "URL",
                help: "Digital Asset Links API base (default: https://digitalassetlinks.googleapis.com)."),
            .value(
                "apple-cdn-endpoint", "URL",
                help: "Apple CDN base; the host is appended (default: https://app-site-association.cdn-apple.com/a/v1)."
            ),
            .format(["text", "json", "markdown"]),
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        // Markdown is this command's alone, so it is not one of the shared output formats.
        let markdown = arguments.value("format") == "markdown"
        guard markdown || ["text", "json", nil].contains(arguments.value("format")) else {
            throw Failure(
                .usage,
                "--format \(arguments.value("format") ?? "") is not supported here; use one of text, json, markdown")
        }
        let project = try Project(path: arguments.value("repo"))
        var request = StatusRequest()
        request.hosts = arguments.all("host")
        request.local = arguments.flag("local")
        request.allowUnchecked = arguments.flag("allow-unchecked")
        request.resolve = arguments.all("resolve")
        request.connectTo = arguments.all("connect-to")
        request.caFile = arguments.value("cacert")
        request.dalEndpoint = arguments.value("dal-endpoint")
        request.appleCDNEndpoint = arguments.value("apple-cdn-endpoint")
        console.progress(request.local ? "gathering the status (nothing fetched)…" : "gathering the status…")
        let status = try ReleaseStatus.gather(project, request)
        console.endProgress()
        if markdown {
            console.out(StatusScreen.markdown(status))
        } else if arguments.value("format") == "json" {
            console.out(status.json.rendered())
        } else {
            StatusScreen.text(status, console)
        }
        return status.agrees ? ExitCode.ok : ExitCode.checkFailed
    }
}
