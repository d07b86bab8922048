import Association
import CommandLine
import Fingerprint
import Foundation
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

    /// The packages and app ids the build files name, read as `verify --local` reads them, and the
    /// iOS apps that claim Universal Links but whose team id relops could not read.
    static func buildFileIdentity(_ project: Project) throws -> (
        packages: [String], appIDs: [String], origin: String, iosWithoutTeam: [String]
    ) {
        try RepositoryIdentity.read(project, config: ProjectConfig(), readingOAuth: false).buildFileIDs()
    }

    /// `given` with what it leaves out taken from `.relops.yml`, then from the build files.
    static func filled(_ given: AssociationIdentity, _ project: Project?) throws -> AssociationIdentity {
        try filledWithGaps(given, project).identity
    }

    /// `filled`, and the iOS apps of the build files whose team id relops could not read.
    static func filledWithGaps(_ given: AssociationIdentity, _ project: Project?) throws -> (
        identity: AssociationIdentity, iosWithoutTeam: [String]
    ) {
        var identity = given
        guard let project else { return (identity, []) }
        let build = try buildFileIdentity(project)
        identity.fill(from: project.config, build: (build.packages, build.appIDs, build.origin))
        // `app.android.fingerprints` names where the expected fingerprints live, served here or not.
        if identity.fingerprints.isEmpty, let setting = project.config.androidFingerprints {
            let target = try ConfigTarget.resolve(config: nil, key: nil, projectSetting: setting, root: project.root)
            let settings = try AppAssociationSettings.load(target: target, config: project.config)
            if !settings.androidFingerprints.isEmpty {
                identity.fingerprints = settings.androidFingerprints
                identity.origins["fingerprints"] = ".relops.yml app.android.fingerprints (\(setting))"
            }
        }
        return (identity, build.iosWithoutTeam)
    }

    /// Renders both documents from `identity` (filled from the project), writes them with `--out`
    /// or prints them, and says who serves each.
    static func renderIdentity(
        _ project: Project?, _ given: AssociationIdentity, _ arguments: ParsedArguments, _ format: OutputFormat,
        _ console: Console
    ) throws -> Int32 {
        let (identity, iosWithoutTeam) = try filledWithGaps(given, project)
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
        // A document that cannot be deployed as it is exits 1, naming what it lacks: one no
        // signature matches grants nothing, and an iOS app with no readable team id gets no AASA.
        if !identity.packages.isEmpty, identity.fingerprints.isEmpty {
            problems.removeAll { $0.contains("sha256_cert_fingerprints is empty") }
            problems.append(
                "assetlinks.json: no signing fingerprint, so it grants nothing: give --fingerprint (the Play App "
                    + "Signing key's SHA-256, from the Play Console) or set app.android.fingerprints")
        }
        if rendered.appleAppSiteAssociation == nil, !iosWithoutTeam.isEmpty {
            problems.append(
                "apple-app-site-association: not rendered: no app id, since the team id of "
                    + iosWithoutTeam.joined(separator: ", ") + " could not be read; give --app-id TEAMID.BUNDLE "
                    + "or set app.ios.app_ids")
        }
        let sources = try project.map { project throws(Failure) in try AssociationSources.find(in: project) }
        let notes = sourceNotes(
            sources,
            rendered: WellKnownDocument.allCases.filter {
                ($0 == .assetLinks ? assetLinks : rendered.appleAppSiteAssociation) != nil
            })
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
            let document = AssociationRenderDocument(
                assetlinks: assetLinks, appleAppSiteAssociation: rendered.appleAppSiteAssociation,
                source: .identity(origins: origins), notes: notes, problems: problems)
            console.out(try document.jsonText())
        } else if arguments[Options.out] == nil {
            for case let (name, text?) in files {
                console.out("==> /.well-known/\(name) <== (rendered from the app's identity)")
                console.out(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            }
        }
        for origin in origins { console.error("note: \(origin)") }
        for note in notes { console.error("note: \(note)") }
        for problem in problems { console.error("error: \(problem)") }
        return problems.isEmpty ? ExitCode.ok : ExitCode.checkFailed
    }

    /// Who serves each rendered document: another team (hand them this one) or this repository (named).
    static func sourceNotes(_ sources: AssociationSources?, rendered: [WellKnownDocument]) -> [String] {
        var notes: [String] = []
        for document in rendered {
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
