import Association
import CommandLine
import Fingerprint
import Foundation
import RelopsCore
import Verify

/// `relops association render`.
enum AssociationCommand: RelopsCommand {
    enum Options {
        static let repo = RepositoryOptions.repo
        static let format = Option<String?>.format(["text", "json"])
        static let config = Option<String?>.value(
            "config", "FILE", authority: .whereItActs, help: "The web host's appsettings file.")
        static let key = Option<String?>.value(
            "key", "A:B",
            help: "The fingerprints key; its section is read (default AppAssociation:AndroidCertFingerprints).")
        static let templates = Option<String?>.value(
            "templates", "DIR", authority: .whereItActs,
            help: "Read assetlinks.json and apple-app-site-association templates from DIR.")
        static let out = Option<String?>.value(
            "out", "DIR", authority: .whereItActs,
            help: "Write DIR/.well-known/assetlinks.json and DIR/.well-known/apple-app-site-association.")
        static let package = Option<[String]>.repeatable(
            "package", "NAME", help: "An Android package (one statement each); renders from the app's identity.")
        static let fingerprint = IdentityOptions.fingerprint
        static let appID = IdentityOptions.appID
        static let paths = Option<[String]>.repeatable(
            "paths", "P,...", help: "Universal Link paths for the AASA, comma-separated (default /*).")
    }

    static let spec = CommandSpec(
        "association",
        abstract: "Find how the repository serves the association documents, and render them.",
        subcommands: [
            CommandSpec(
                "sources", abstract: "Say how this repository serves assetlinks.json and apple-app-site-association.",
                discussion: """
                    Reads the tracked files (the git index): a static file in a .well-known folder \
                    (public/, static/, wwwroot/, a site's output folder), the ASP.NET AppAssociation settings \
                    section (.relops.yml's app.android.fingerprints, else a tracked appsettings.json holding \
                    one), an nginx location for /.well-known/... followed to the file it serves (through the \
                    repository's Dockerfile COPY and compose volumes) or its return body, or external: \
                    .relops.yml's app.association: external, or nothing found. Test fixtures and \
                    documentation are listed as skipped, with why. Exit 1 when a source cannot be followed \
                    or a document has more than one source.
                    """,
                options: [Options.repo, Options.format]),
            CommandSpec(
                "render", abstract: "Print (or write) assetlinks.json and apple-app-site-association, validated.",
                discussion: """
                    Values come from the web host's AppAssociation section (the file named by --config or \
                    .relops.yml's app.android.fingerprints), with .relops.yml's app filling the gaps. The \
                    documents are checked by the validators relops verify applies to the live ones; a \
                    problem (a placeholder fingerprint, a malformed app id) exits 1. With neither --config \
                    nor app.android.fingerprints, each document comes from where the repository serves it \
                    (relops association sources): a static or nginx-served file byte for byte, an nginx \
                    return body. \
                    For any stack, --package, --fingerprint, --app-id and --paths give the app's identity; what \
                    they leave out comes from .relops.yml (app.android.package, app.ios.app_ids, app.ios.paths), \
                    then from the build files (the readers of verify --local). With a settings source the flags \
                    win over the section's values; with a static or nginx source the documents are rendered from \
                    the identity and the served file is named. When another team serves the documents (an \
                    external source, or nothing in the repository), the two documents they must serve are \
                    printed, or written with --out, from .relops.yml and the build files even without flags.
                    """,
                options: [
                    Options.config, Options.key, Options.repo, Options.templates, Options.out, Options.package,
                    Options.fingerprint, Options.appID, Options.paths, Options.format,
                ],
                // It prints the documents; with --out it writes them into DIR.
                writes: .when(Options.out)),
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments[Options.format], allowed: [.text, .json])
        if arguments.subcommand == "sources" { return try sources(arguments, format, console) }
        let identity = try identityFlags(arguments)
        var project: Project?
        do {
            project = try Project(path: arguments[Options.repo], readingConfiguration: false)
        } catch {
            // Standalone (--config or identity flags) outside any repository: there is none to read.
            let standalone = arguments[Options.config] != nil || !identity.isEmpty
            if arguments[Options.repo] != nil || !standalone { throw error }
        }
        // Inside a repository its `.relops.yml` is read whatever the flags: one that cannot be read
        // stops the command (exit 2) and `--out` stays contained, as everywhere else.
        project = try project?.readingConfiguration()
        let config = project?.config ?? ProjectConfig()
        if arguments[Options.config] == nil, config.servedSettings == nil {
            if arguments[Options.key] != nil {
                throw Failure(.usage, "--key names a key of a settings file: give --config FILE with it")
            }
            guard let project, identity.isEmpty else {
                return try renderIdentity(project, identity, arguments, format, console)
            }
            let sources = try AssociationSources.find(in: project)
            // Another team serves both: the documents to hand them, when the app's identity is known.
            if sources.documents.allSatisfy({ $0.sources.allSatisfy(\.isExternal) }),
                try !filled(identity, project).isUnknown
            {
                return try renderIdentity(project, identity, arguments, format, console)
            }
            return try renderSources(project, arguments, format, console)
        }
        var target: ConfigTarget?
        if arguments[Options.config] != nil || config.servedSettings != nil {
            target = try ConfigTarget.resolve(
                config: arguments[Options.config], key: arguments[Options.key],
                projectSetting: config.servedSettings, root: project?.root)
        }
        let settings = identity.applied(to: try AppAssociationSettings.load(target: target, config: config))
        let templates = try arguments[Options.templates].map { folder throws(Failure) in
            try AssociationTemplates.load(folder: folder)
        }
        let documents = try AssociationDocuments.render(settings, templates: templates ?? .builtIn)
        let problems = documents.problems
        let files = [
            ("assetlinks.json", documents.assetLinks),
            ("apple-app-site-association", documents.appleAppSiteAssociation),
        ]

        if let out = arguments[Options.out] {
            let folder = try wellKnownFolder(in: out, repositoryRoot: project?.root)
            for case let (name, text?) in files {
                try AtomicFile.write(Array(text.utf8), to: (folder as NSString).appendingPathComponent(name))
                if format == .text { console.out("Wrote \((folder as NSString).appendingPathComponent(name))") }
            }
        }
        if format == .json {
            let source = target.map { target in
                AssociationRenderDocument.Origin.settings(
                    AssociationSource.settings(
                        path: target.displayPath,
                        section: target.keyPath.count > 1
                            ? target.keyPath.dropLast().joined(separator: ":") : "AppAssociation"))
            }
            let document = AssociationRenderDocument(
                assetlinks: documents.assetLinks, appleAppSiteAssociation: documents.appleAppSiteAssociation,
                source: source ?? .relopsYml, notes: settings.notes, problems: problems.map(\.description))
            console.out(try document.jsonText())
        } else if arguments[Options.out] == nil {
            for case let (name, text?) in files {
                console.out("==> /.well-known/\(name) <==")
                console.out(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            }
        }
        for note in settings.notes { console.error("warning: \(note)") }
        for problem in problems { console.error("error: \(problem)") }
        return problems.isEmpty ? ExitCode.ok : ExitCode.checkFailed
    }
}

extension AssociationCommand {
    /// `association render` on the sources the repository has: each document as it will be served.
    /// `OUT/.well-known`, created with its parents: where `--out` writes the documents.
    /// `--out` may lie outside the repository, but a folder inside it is resolved through
    /// `RepositoryPath`, so a symlink planted there (`site/.well-known -> ../../outside`) is refused.
    static func wellKnownFolder(in out: String, repositoryRoot root: String?) throws -> String {
        var folder = (out as NSString).appendingPathComponent(".well-known")
        let absolute =
            folder.hasPrefix("/")
            ? folder
            : (FileManager.default.currentDirectoryPath as NSString)
                .appendingPathComponent(folder)
        if let root, let inside = RepositoryPath.relativePath(of: absolute, inRepository: root) {
            do {
                folder = try RepositoryPath.resolve(inside, in: root, missingAllowed: true)
            } catch {
                throw Failure(error.category, "--out \(out): \(error.description)")
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(folder): cannot create: \(error.localizedDescription)")
        }
        return folder
    }

    static func renderSources(
        _ project: Project, _ arguments: ParsedArguments, _ format: OutputFormat, _ console: Console
    ) throws -> Int32 {
        let templates = try arguments[Options.templates].map { folder throws(Failure) in
            try AssociationTemplates.load(folder: folder)
        }
        let documents = try AssociationSources.find(in: project).served(in: project, templates: templates ?? .builtIn)
        if let folder = arguments[Options.templates] {
            for document in documents where document.text != nil && document.source.kind != .settings {
                console.error(
                    "warning: --templates \(folder) does not apply to \(document.document.rawValue): "
                        + "it is served as it is from \(document.origin)")
            }
        }
        if let out = arguments[Options.out] {
            let folder = try wellKnownFolder(in: out, repositoryRoot: project.root)
            for document in documents {
                guard let text = document.text else { continue }
                let path = (folder as NSString).appendingPathComponent(document.document.rawValue)
                try AtomicFile.write(Array(text.utf8), to: path)
                if format == .text { console.out("Wrote \(path) (from \(document.origin))") }
            }
        }
        let problems = documents.flatMap(\.problems)
        if format == .json {
            console.out(try AssociationRenderDocument(served: documents).jsonText())
        } else if arguments[Options.out] == nil {
            for document in documents {
                guard let text = document.text else { continue }
                console.out("==> \(document.document.urlPath) <== (\(document.source.summary))")
                console.out(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            }
        }
        for document in documents where document.text == nil {
            console.error("note: \(document.document.rawValue): \(document.source.summary)")
        }
        for note in documents.flatMap(\.notes) { console.error("warning: \(note)") }
        for problem in problems { console.error("error: \(problem)") }
        return problems.isEmpty ? ExitCode.ok : ExitCode.checkFailed
    }

    /// `relops association sources`.
    static func sources(_ arguments: ParsedArguments, _ format: OutputFormat, _ console: Console) throws -> Int32 {
        let project = try Project(path: arguments[Options.repo])
        let found = try AssociationSources.find(in: project)
        let unclear = found.documents.contains { entry in
            entry.sources.count > 1
                || entry.sources.contains {
                    if case .nginx(_, _, _, .unresolved) = $0 { return true }
                    return false
                }
        }
        if format == .json {
            console.out(try JSONValueEncoder().text(AssociationSourcesDocument(found), "the association sources"))
        } else {
            for entry in found.documents {
                if entry.sources.count == 1 {
                    console.out("\(entry.document.rawValue): \(entry.sources[0].summary)")
                } else {
                    console.out(
                        "\(entry.document.rawValue): \(entry.sources.count) sources, relops cannot tell which is deployed:"
                    )
                    for source in entry.sources { console.out("  \(source.summary)") }
                }
            }
            for item in found.skipped { console.out("skipped: \(item.path): \(item.reason)") }
        }
        return unclear ? ExitCode.checkFailed : ExitCode.ok
    }
}
