import Association
import CommandLine
import Fingerprint
import Foundation
import RelopsCore

/// `relops association render`.
enum AssociationCommand: RelopsCommand {
    static let spec = CommandSpec(
        "association",
        abstract: "Render the association documents the web host serves.",
        subcommands: [
            CommandSpec(
                "render", abstract: "Print (or write) assetlinks.json and apple-app-site-association, validated.",
                discussion: """
                    Values come from the web host's AppAssociation section (the file named by --config or \
                    .relops.yml's app.android.fingerprints), with .relops.yml's app filling the gaps. The \
                    documents are checked by the validators relops verify applies to the live ones; a \
                    problem (a placeholder fingerprint, a malformed app id) exits 1.
                    """,
                options: [
                    .value("config", "FILE", help: "The web host's appsettings file."),
                    .value(
                        "key", "A:B",
                        help:
                            "The fingerprints key; its section is read (default AppAssociation:AndroidCertFingerprints)."
                    ),
                    .value("repo", "PATH", help: "The repository (default: the one enclosing the current folder)."),
                    .value(
                        "templates", "DIR",
                        help: "Read assetlinks.json and apple-app-site-association templates from DIR."),
                    .value(
                        "out", "DIR",
                        help: "Write DIR/.well-known/assetlinks.json and DIR/.well-known/apple-app-site-association."),
                    .format(["text", "json"]),
                ])
        ])

    static func run(_ arguments: ParsedArguments, _ console: Console) throws -> Int32 {
        let format = try OutputFormat.from(arguments.value("format"), allowed: [.text, .json])
        var project: Project?
        do {
            project = try Project(path: arguments.value("repo"))
        } catch {
            if arguments.value("repo") != nil || arguments.value("config") == nil { throw error }
        }
        let config = project?.config ?? ProjectConfig()
        var target: ConfigTarget?
        if arguments.value("config") != nil || config.androidFingerprints != nil {
            target = try ConfigTarget.resolve(
                config: arguments.value("config"), key: arguments.value("key"),
                projectSetting: config.androidFingerprints, root: project?.root)
        }
        let settings = try AppAssociationSettings.load(target: target, config: config)
        let templates = try arguments.value("templates").map { folder throws(Failure) in
            try AssociationTemplates.load(folder: folder)
        }
        let documents = try AssociationDocuments.render(settings, templates: templates ?? .builtIn)
        let problems = documents.problems
        let files = [
            ("assetlinks.json", documents.assetLinks),
            ("apple-app-site-association", documents.appleAppSiteAssociation),
        ]

        if let out = arguments.value("out") {
            let folder = (out as NSString).appendingPathComponent(".well-known")
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw Failure(.couldNotCheck, "\(folder): cannot create: \(error.localizedDescription)")
            }
            for case let (name, text?) in files {
                try AtomicFile.write(Array(text.utf8), to: (folder as NSString).appendingPathComponent(name))
                if format == .text { console.out("Wrote \((folder as NSString).appendingPathComponent(name))") }
            }
        }
        if format == .json {
            console.out(
                JSONValue.object([
                    ("assetlinks", .string(documents.assetLinks)),
                    ("apple_app_site_association", .string(documents.appleAppSiteAssociation)),
                    ("notes", .array(settings.notes.map { .string($0) })),
                    ("problems", .array(problems.map { .string($0.description) })),
                ]).rendered())
        } else if arguments.value("out") == nil {
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
