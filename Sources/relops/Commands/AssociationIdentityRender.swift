import Association
import CommandLine
import Foundation
internal import Git
import RelopsCore
import Verify

/// `association render` from the app's identity: flags, then `.relops.yml`, then the build files.
/// For any stack and any source: what the serving team must serve when another repository (or
/// nobody yet) serves the documents; what relops would render beside a served file otherwise.
extension AssociationCommand {
    /// The identity flags, validated.
    static func identityFlags(_ arguments: ParsedArguments) throws(Failure) -> AssociationIdentity {
        try AssociationIdentity.fromFlags(
            packages: arguments[Options.package], fingerprints: arguments[Options.fingerprint],
            appIDs: arguments[Options.appID], paths: arguments[Options.paths])
    }

    /// The packages and app ids the build files name, read as `verify --local` reads them.
    static func buildFileIdentity(_ project: Project) throws -> (packages: [String], appIDs: [String], origin: String) {
        let files: FileList
        do {
            files = try project.repository.indexFiles()
        } catch {
            throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
        }
        let paths = (0..<files.count).map(files.path(at:))
        let claims = RepositoryClaims.read(root: project.root, paths: paths)
        let apps = ClaimingApp.read(claims, root: project.root, paths: paths, config: ProjectConfig())
        var packages: [String] = []
        var appIDs: [String] = []
        var origins: [String] = []
        for app in apps where !app.ids.isEmpty && (app.claim.kind == .android || app.teamKnown) {
            for id in app.ids {
                if app.claim.kind == .android, !packages.contains(id) { packages.append(id) }
                if app.claim.kind == .appLinks, !appIDs.contains(id) { appIDs.append(id) }
            }
            if !origins.contains(app.origin) { origins.append(app.origin) }
        }
        return (packages, appIDs, "the build files (" + origins.joined(separator: "; ") + ")")
    }

    /// `given` with what it leaves out taken from `.relops.yml`, then from the build files.
    static func filled(_ given: AssociationIdentity, _ project: Project?) throws -> AssociationIdentity {
        var identity = given
        if let project { identity.fill(from: project.config, build: try buildFileIdentity(project)) }
        return identity
    }

    /// Renders both documents from `identity` (filled from the project), writes them with `--out`
    /// or prints them, and says who serves each.
    static func renderIdentity(
        _ project: Project?, _ given: AssociationIdentity, _ arguments: ParsedArguments, _ format: OutputFormat,
        _ console: Console
    ) throws -> Int32 {
        let identity = try filled(given, project)
        guard !identity.isUnknown else {
            throw Failure(
                .usage,
                "nothing to render: give --package (with --fingerprint) and/or --app-id, or set app.android.package "
                    + "and app.ios.app_ids in .relops.yml (relops init writes them from the build files)")
        }
        let templates = try arguments[Options.templates].map { folder throws(Failure) in
            try AssociationTemplates.load(folder: folder)
        }
        let rendered = try AssociationDocuments.render(identity.settings, templates: templates ?? .builtIn)
        let assetLinks = identity.packages.count > 1 ? identity.assetLinks() : rendered.assetLinks
        var problems = rendered.problems.map(\.description)
        var warnings: [String] = []
        if !identity.packages.isEmpty, identity.fingerprints.isEmpty {
            // Asked for with flags, a document no signature matches is a failure; rendered on its own
            // for another team (no flag given), it is what is known, and the gap is named.
            let missing =
                "assetlinks.json: no signing fingerprint: give --fingerprint (the Play App Signing key's SHA-256)"
            problems.removeAll { $0.contains("sha256_cert_fingerprints is empty") }
            if given.isEmpty {
                warnings.append(missing + "; the serving team must fill sha256_cert_fingerprints")
            } else {
                problems.append(missing)
            }
        }
        let sources = try project.map { project throws(Failure) in try AssociationSources.find(in: project) }
        let notes = sourceNotes(sources)
        let origins = ["packages", "appIDs", "fingerprints", "paths"].compactMap { key in
            identity.origins[key].map { "\(key) from \($0)" }
        }
        let files = [("assetlinks.json", assetLinks), ("apple-app-site-association", rendered.appleAppSiteAssociation)]
        if let out = arguments[Options.out] {
            let folder = try wellKnownFolder(in: out, repositoryRoot: project?.root)
            for case let (name, text?) in files {
                let path = (folder as NSString).appendingPathComponent(name)
                try AtomicFile.write(Array(text.utf8), to: path)
                if format == .text { console.out("Wrote \(path)") }
            }
        }
        if format == .json {
            console.out(
                JSONValue.object([
                    ("assetlinks", .string(assetLinks)),
                    ("apple_app_site_association", .string(rendered.appleAppSiteAssociation)),
                    (
                        "source",
                        .object([("kind", .string("identity")), ("origins", .array(origins.map { .string($0) }))])
                    ),
                    ("notes", .array((notes + warnings).map { .string($0) })),
                    ("problems", .array(problems.map { .string($0) })),
                ]).rendered())
        } else if arguments[Options.out] == nil {
            for case let (name, text?) in files {
                console.out("==> /.well-known/\(name) <== (rendered from the app's identity)")
                console.out(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            }
        }
        for origin in origins { console.error("note: \(origin)") }
        for note in notes { console.error("note: \(note)") }
        for warning in warnings { console.error("warning: \(warning)") }
        for problem in problems { console.error("error: \(problem)") }
        return problems.isEmpty ? ExitCode.ok : ExitCode.checkFailed
    }

    /// Who serves each document: another team (hand them this one) or this repository (named).
    static func sourceNotes(_ sources: AssociationSources?) -> [String] {
        var notes: [String] = []
        for document in WellKnownDocument.allCases {
            let entry = sources?.source(of: document).sources ?? [.external(.nothingFound)]
            if entry.allSatisfy(\.isExternal) {
                let why = entry.first?.summary ?? "external"
                notes.append("\(document.rawValue): \(why): hand them this document to serve at \(document.urlPath)")
            } else {
                notes.append(
                    "\(document.rawValue): this repository serves it from \(entry.map(\.summary).joined(separator: "; ")); "
                        + "this one is rendered from the app's identity, not from that source")
            }
        }
        return notes
    }
}
