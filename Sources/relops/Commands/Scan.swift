import CommandLine
import Cutover
import RelopsCore
import Scan
import Setup

enum ScanCommand: RelopsCommand {
    enum Options {
        static let repo = RepositoryOptions.repo
        static let host = Option<[String]>.repeatable(
            "host", "H", help: "A host to find (default: app.web_host in .relops.yml).")
        static let rev = Option<String?>.value(
            "rev", "REV", help: "Scan the blobs of this commit instead of the working tree.")
        static let includeUntracked = Flag.flag(
            "include-untracked", help: "Also scan untracked files that git does not ignore.")
        static let verbose = Flag.flag(
            "verbose",
            help: "Text: every occurrence of each class and rule (not the first ten files), with the rule's id.")
        static let expect = Option<[String]>.repeatable(
            "expect", "CLASS=N,...", help: "Exit 1 unless the counts match ('binary' = both binary classes).")
        static let afterCutover = Flag.flag(
            "after-cutover",
            help:
                "Hold what remains against the latest applied cutover's rules: what it leaves on purpose (e-mail addresses, symlinks) is named and not counted."
        )
        static let explain = Option<String?>.value(
            "explain", "PATH[:LINE]",
            help:
                "Explain each occurrence in one file (or on one line): every rule in order, declined (and why) or decided, and the build files read."
        )
        static let format = Option<String?>.format(["text", "json", "sarif"])
    }

    static let spec = CommandSpec(
        "scan",
        abstract: "Find every occurrence of the app's web host and say where each one ships.",
        discussion: """
            Scans the files git tracks (content from the working tree), or a commit's blobs with --rev. \
            Hosts match whole names, ASCII case-insensitively; longer names that contain the host \
            (staging.HOST, HOST.evil.example) are listed as related and never rewritten; a name that \
            only shares letters (HOST.company.com, myHOST) is neither. E-mail addresses are listed \
            with encoding email; a Fediverse handle (@user@HOST) is an occurrence with encoding \
            profile; a template placeholder right before the host ({}.HOST, ${x}.HOST, %s.HOST) builds \
            a related name. A name that spells the host but names code or a bundle (a package, import \
            or namespace declaration, BuildableName = "Name.app", PRODUCT_NAME, com.HOST identifiers) is \
            listed as not the host, with the reason, and never rewritten.
            Classes: binary-config, binary-literal (both ship in the store binary), server, \
            store-listing, docs, comment, repo-meta, test, build (used while building, ships nothing), other \
            (a rule places it outside every product), unknown (no build file relops read places it: check \
            where it ships; --expect stops on it until accepted with unknown=N or classified in .relops.yml). \
            Each occurrence names the products that carry it (apps, servers, sites), read from the build files; \
            the text output opens with the total, a summary by class and product, then lists the occurrences \
            by class and rule: each rule once, then its first ten files and a count (--verbose lists all).
            --explain PATH[:LINE] (PATH relative to the repository root, as scan prints it) shows, for each \
            occurrence in that file or on that line, every rule in order: declined (with why, where the rule \
            can say), decided (class, products, evidence) or not asked, and the build files and units read \
            for the file; a file without an occurrence prints so and exits 0, a path outside the repository \
            or a file git does not list exits 2.
            """,
        options: [
            Options.repo, Options.host, Options.rev, Options.includeUntracked, Options.verbose, Options.expect,
            Options.afterCutover, Options.explain, Options.format,
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Options.format], allowed: [.text, .json, .sarif])
        let expectation = try ScanExpectation(parsing: arguments[Options.expect])
        let project = try Project(path: arguments[Options.repo])
        if arguments[Options.host].isEmpty, project.config.webHost == nil {
            throw Failure(.usage, noHostMessage(project))
        }
        let hosts = try resolveHosts(arguments[Options.host], config: project.config)
        var request = ScanRequest(
            hostNames: hosts, revision: arguments[Options.rev], includeUntracked: arguments[Options.includeUntracked])
        request.releasesCaches = false  // the process ends after this scan
        if let asked = arguments[Options.explain] {
            return try runExplain(asked, project, request, arguments, format: format, console)
        }
        // A cutover or undo cut off halfway leaves a tree mixed between two hosts: say so first, and how to end it.
        if request.revision == nil, let notice = interruptedCutoverNotice(project) {
            console.error("relops scan: note: \(notice)")
        }
        // Progress only where a person sees it: counting files for no one costs the workers a shared counter.
        var progress: (@Sendable (Int, Int) -> Void)? = nil
        if console.stderrIsTerminal {
            progress = { done, total in console.progress("scanning: \(done)/\(total) files") }
        }
        let scanned = try scan(project, request, progress: progress)
        defer { keepUntilExit(scanned) }  // thousands of occurrences: the exit frees them at once
        console.endProgress()
        let after = arguments[Options.afterCutover] ? try AfterCutover(scanned, project: project) : nil
        let result = after?.remaining ?? scanned
        // No file holds a host and no build file claims it: a typo is likelier than a clean
        // repository, so the claimed hosts are named first (exit 0 stands: none is an answer). Said
        // to a person reading text: reading the claims costs a pass over the C# files (0.3 s on a
        // 22,000-file .NET monorepo), which JSON and SARIF consumers do not pay.
        // The claims are the index's: a scan of a past revision (`--rev`) is not held against them.
        if after == nil, format == .text, request.revision == nil {
            let absent = hosts.filter { host in !scanned.occurrences.contains { $0.host == host.name } }
            if !absent.isEmpty {
                let claimed = ClaimedHosts(project)
                for host in absent { claimed.hint(for: host.name).map { console.error("relops scan: note: \($0)") } }
            }
        }

        switch format {
        case .json:
            if let after {
                console.out(try AfterCutoverDocument(after).jsonText())
            } else {
                console.out(chunks: result.jsonChunks)
            }
        case .sarif: console.out(result.sarif(toolVersion: relopsVersion).rendered())
        default:
            renderText(result, console, verbose: arguments[Options.verbose])
            if let after { renderLeftOnPurpose(after, console) }
        }
        for problem in result.problems where problem.isError {
            console.error("relops scan: \(problem.path): \(problem.message)")
        }
        let differences = expectation.differences(in: result)
        for difference in differences { console.error("relops scan: --expect: \(difference)") }
        if result.isIncomplete {
            console.error(
                "relops scan: \(result.problems.filter(\.isError).count) file(s) could not be read; the result is incomplete"
            )
            return ExitCode.couldNotCheck
        }
        return differences.isEmpty ? ExitCode.ok : ExitCode.checkFailed
    }

    /// No `--host` and no `app.web_host`: the hosts the build files claim, and `relops init`.
    /// A repository whose build files cannot be read gets the plain message: the error is the missing host.
    static func noHostMessage(_ project: Project) -> String {
        let claimed = (try? RepositorySetup.read(project))?.webHost.candidates ?? []
        let base = "no host to scan for: pass --host H or set app.web_host in .relops.yml"
        guard !claimed.isEmpty else { return base + " (the build files claim no host; relops init writes the file)" }
        let named = claimed.map { "\($0.value) (\($0.evidence.first ?? ""))" }.joined(separator: ", ")
        return base + "\nthe build files claim \(named)\nrun relops init to write .relops.yml from them"
    }

    /// `--host` values, else `app.web_host`, validated and without duplicates.
    static func resolveHosts(_ given: [String], config: ProjectConfig) throws(Failure) -> [HostName] {
        var hosts: [HostName] = []
        if given.isEmpty {
            guard let configured = config.webHost else {
                throw Failure(.usage, "no host to scan for: pass --host H or set app.web_host in .relops.yml")
            }
            hosts.append(configured.host)
        } else {
            for value in given {
                let host = try HostName(value)
                if !hosts.contains(host) { hosts.append(host) }
            }
        }
        return hosts
    }

    static func renderText(_ result: ScanResult, _ console: Console, verbose: Bool = false) {
        // Answer first: the one-line total opens the output (and closes it, after the lists).
        console.out(totalLine(result))
        renderSummary(result, console)
        renderGroups(result, console, verbose: verbose)
        if !result.related.isEmpty {
            console.out(
                console.styled(
                    "== related hosts: \(result.related.count) (longer names; never occurrences, never rewritten)",
                    .bold))
            for r in result.related {
                console.out("\(escapedText(r.path)):\(r.line):\(r.column): \(r.found) (contains \(r.host))")
            }
        }
        if !result.notHost.isEmpty {
            console.out(
                console.styled(
                    "== not the host: \(result.notHost.count) (names of code or bundles that spell it; never occurrences, never rewritten)",
                    .bold))
            for t in result.notHost {
                console.out(
                    "\(escapedText(t.path)):\(t.line):\(t.column): \(t.found) (\(t.reason.description), not \(t.host))")
            }
        }
        let redirects = result.redirectURIs
        if !redirects.isEmpty {
            console.out(
                console.styled(
                    "== identity provider redirect URIs: \(redirects.count) (register the new ones with each provider before a cutover)",
                    .bold))
            for o in redirects { console.out("\(o.path):\(o.line): \(o.redirectURI ?? "")") }
        }
        if !result.binaryFiles.isEmpty {
            console.out(
                console.styled(
                    "== binary files: \(result.binaryFiles.count) (hold the host; cannot be rewritten, regenerate them)",
                    .bold))
            for b in result.binaryFiles { console.out("\(escapedText(b.path)): \(b.host)") }
        }
        let skipped = result.problems.filter { !$0.isError }
        if !skipped.isEmpty {
            console.out(console.styled("== not scanned: \(skipped.count)", .bold))
            for p in skipped { console.out("\(escapedText(p.path)): \(p.message)") }
        }
        console.out(totalLine(result))
    }

    /// `5 occurrences of host.com in 12 files: binary-config 0, ...`: every class, zero or not.
    static func totalLine(_ result: ScanResult) -> String {
        let counts = result.counts.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        let n = result.occurrences.count
        return
            "\(n) occurrence\(n == 1 ? "" : "s") of \(result.hosts.joined(separator: ", ")) in \(result.filesScanned) files: \(counts)"
    }

    /// What the cutover left on purpose: expected to remain, each with why.
    static func renderLeftOnPurpose(_ after: AfterCutover, _ console: Console) {
        let count = after.leftOnPurpose.count
        console.out(
            console.styled(
                "== left on purpose by cutover \(after.journal.id) (\(after.journal.from) -> \(after.journal.to)): \(count) (expected to remain, not counted)",
                .bold))
        for (o, reason) in after.leftOnPurpose {
            console.out("\(escapedText(o.path)):\(o.line):\(o.column): \(o.text)")
            console.out(console.styled("    \(reason)", .dim))
        }
    }

    /// Per class, then per product: what each product carries, and what no product does.
    static func renderSummary(_ result: ScanResult, _ console: Console) {
        for (cls, count) in result.counts where count > 0 {
            console.out(console.styled("== \(cls.rawValue): \(count) (\(classDescription(cls)))", .bold))
        }
        guard !result.occurrences.isEmpty else { return }
        console.out(console.styled("== products (read from the build files):", .bold))
        for (product, _) in result.products {
            let carried = result.occurrences.filter { $0.products.contains(product) }
            console.out("  \(product.label) (\(escapedText(product.file))): \(perClass(carried))")
        }
        let none = result.occurrences.filter(\.products.isEmpty)
        if !none.isEmpty { console.out("  in no product: \(perClass(none))") }
    }

    /// `binary-literal 2, server 1`: the classes present, in class order.
    static func perClass(_ occurrences: [HostOccurrence]) -> String {
        OccurrenceClass.allCases.compactMap { cls in
            let n = occurrences.count { $0.occurrenceClass == cls }
            return n == 0 ? nil : "\(cls.rawValue) \(n)"
        }.joined(separator: ", ")
    }

    static func highlight(_ o: HostOccurrence, _ console: Console) -> String {
        guard console.colourOut, let range = o.text.range(of: o.found) else { return o.text }
        return o.text.replacingCharacters(in: range, with: console.styled(o.found, .red))
    }
}
