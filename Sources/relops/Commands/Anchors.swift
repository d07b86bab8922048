import Anchors
import CommandLine
import Foundation
import RelopsCore

/// `relops anchors audit|repin`: ADR file:line anchors checked against git history.
enum AnchorsCommand: RelopsCommand {
    enum Options {
        static let code = Option<String?>.value(
            "code", "PATH", authority: .whereItActs,
            help:
                "Checkout that unprefixed anchors point into (default: .relops.yml anchors.code, "
                + "else the documents' repository)."
        )
        static let repo = Option<[String]>.repeatable(
            "repo", "PREFIX=PATH", authority: .whereItActs,
            help:
                "Anchors whose path starts with PREFIX/ point into the checkout at PATH (also .relops.yml anchors.repos)."
        )
        static let to = Option<String?>.value(
            "to", "REV", help: "Revision of the code repository to map anchors to (default: HEAD).")
        static let includeRevisions = Flag.flag(
            "include-revisions",
            help:
                "No effect: every citation is checked, inside earlier revisions too, unless its sentence marks it "
                + "as a former position.")
        static let format = Option<String?>.format(["text", "json", "sarif", "github"])
        static let verbose = Flag.flag(
            "verbose", help: "Text: list every ok and historical anchor too, after the rest.")
        static let acceptChanged = Flag.flag(
            "accept-changed", help: "Also re-pin changed anchors to their best match by content.")
        static let revisionNote = Flag.flag(
            "revision-note", help: "Append a '## Revision (DATE)' section recording what moved.")
        static let date = Option<String?>.value(
            "date", "YYYY-MM-DD", help: "Date of the revision note (default: today, UTC).")
    }

    static let shared: [any DeclaredOption] = [Options.code, Options.repo, Options.to, Options.includeRevisions]
    static let docs = PositionalSpec(
        "doc", help: "Documents to audit (default: .relops.yml anchors.docs).", optional: true,
        variadic: true)

    static let spec = CommandSpec(
        "anchors",
        abstract: "Audit and re-pin ADR file:line anchors through git history.",
        subcommands: [
            CommandSpec(
                "audit", abstract: "Report anchors that drifted since they were written.",
                discussion: """
                    Text output opens with the counts and what to do (repositories to map, anchors a re-pin \
                    fixes), then the anchors that need a person, then those a re-pin fixes. Exit 1 when any \
                    anchor is not ok or historical.
                    """,
                options: shared + [Options.format, Options.verbose], positionals: [docs]),
            CommandSpec(
                "repin",
                abstract: "Rewrite moved and renamed anchors in place and record them in .relops/anchors.lock.",
                discussion: """
                    Only anchor bytes change. lost, invalid and unresolved anchors (and changed ones without \
                    --accept-changed) are listed for a person; exit 1 when there are any. Run again on an \
                    unchanged tree, it writes nothing; a note for a date that already has a Revision section \
                    amends that section.
                    """,
                options: shared + [Options.acceptChanged, Options.revisionNote, Options.date], positionals: [docs],
                writes: .always),
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let repin = arguments.subcommand == "repin"
        let format: OutputFormat =
            try repin ? .text : OutputFormat.from(arguments[Options.format], allowed: [.text, .json, .sarif, .github])
        let options = try AnchorAuditOptions.resolve(
            documents: arguments.positionals, code: arguments[Options.code], repos: arguments[Options.repo],
            target: arguments[Options.to],
            workingDirectory: FileManager.default.currentDirectoryPath, command: arguments.subcommand ?? "audit")
        if arguments[Options.includeRevisions] {
            console.error(
                "note: --include-revisions has no effect: citations inside earlier revisions are always checked and "
                    + "re-pinned; only a citation its sentence marks as a former position is historical")
        }
        let root = options.root ?? FileManager.default.currentDirectoryPath
        // A repin writes documents and the anchor lock: one writer per repository at a time.
        let repositoryLock =
            repin
            ? try RepositoryLock(folder: RepositoryLock.folder(forRepositoryRoot: root), purpose: "anchors repin") : nil
        defer { repositoryLock?.release() }
        let lock = try AnchorLock.load(root: root)
        let audit = try AnchorAudit(options: options, lock: lock)
        let result = try audit.run()
        if !repin {
            try render(result, format: format, console: console, verbose: arguments[Options.verbose])
            return result.allAcceptable ? ExitCode.ok : ExitCode.checkFailed
        }
        var note: RevisionNote?
        if arguments[Options.revisionNote] {
            let date = try arguments[Options.date].map(validDate) ?? today()
            let override = "Templates/adr-revision.md"
            note = RevisionNote(
                date: date, template: try revisionTemplate(override, in: root) ?? RevisionNote.defaultTemplate,
                path: root + "/" + override)
        } else if arguments[Options.date] != nil {
            throw Failure(.usage, "--date only goes with --revision-note")
        }
        let planned = try AnchorRepin.plan(
            result, acceptChanged: arguments[Options.acceptChanged], note: note,
            label: audit.shortestLabel)
        _ = try AnchorRepin.apply(planned, result: result, root: root, lock: lock)
        var needsPerson = 0
        for document in planned {
            console.out(
                "\(document.path): re-pinned \(document.rewritten.count) anchor\(document.rewritten.count == 1 ? "" : "s")"
                    + (document.isChanged ? "" : " (unchanged)"))
            let place = Self.places(document.rewritten + document.needsPerson)
            for drift in document.rewritten {
                console.out("  \(place(drift))  \(drift.anchor.text) -> \(drift.newPosition ?? "?")")
            }
            for drift in document.needsPerson {
                console.out("  \(place(drift))  \(drift.anchor.text)  needs a person: \(drift.explanation)")
            }
            needsPerson += document.needsPerson.count
        }
        console.out("lock: \(AnchorLock.relativePath)")
        return needsPerson == 0 ? ExitCode.ok : ExitCode.checkFailed
    }

    /// The repository's own revision-note template, read as every repository file is (inside the
    /// repository, a regular file, bounded); nil when it has none.
    static func revisionTemplate(_ path: String, in root: String) throws(Failure) -> String? {
        do {
            return String(
                decoding: try RepositoryFile.read(path, in: root, limit: RepositoryFile.Limit.relopsFile), as: UTF8.self
            )
        } catch  where error.kind == .missing {
            return nil
        } catch {
            throw Failure(error.category, error.description)
        }
    }

    static func validDate(_ value: String) throws(Failure) -> String {
        let parts = value.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let m = Int(parts[1]), let d = Int(parts[2]), Int(parts[0]) != nil, (1...12).contains(m),
            (1...31).contains(d)
        else { throw Failure(.usage, "--date \(value): expected YYYY-MM-DD") }
        return value
    }

    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    // MARK: Rendering

    static func render(_ result: AnchorAuditResult, format: OutputFormat, console: Console, verbose: Bool) throws {
        switch format {
        case .json: console.out(try result.document.jsonText())
        case .sarif: console.out(result.sarif(toolVersion: relopsVersion).rendered())
        case .github:
            // Anchors into unmapped repositories are one line each in the summary, not one per anchor.
            for drift in result.drifts where !drift.status.isAcceptable && drift.unmappedRepository == nil {
                console.out(
                    "::warning file=\(property(drift.doc)),line=\(drift.anchor.line),col=\(drift.anchor.column),"
                        + "title=\(property("anchor \(drift.status.rawValue)"))::\(escape("\(drift.anchor.text) \(drift.explanation)"))"
                )
            }
            console.out(summary(result).joined(separator: "\n"))
        case .text:
            renderText(result, console: console, verbose: verbose)
        }
    }

    /// GitHub workflow-command escaping for a message and for a property value.
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ s: String) -> String {
        escape(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
