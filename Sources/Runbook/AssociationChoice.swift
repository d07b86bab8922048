import Association
import Foundation
import RelopsCore

/// Where a run's association documents come from, from a `kind: association-source` variable held
/// against what the repository serves (`relops association sources`), so the runbook and the
/// commands its steps run agree. Empty means "as found"; `external` or `none` means another
/// repository serves them; a file must be one the repository serves them from.
public enum AssociationChoice: Sendable, Equatable {
    /// This repository serves them; `summary` names the sources.
    case local(summary: String)
    /// Another repository serves them: local steps are skipped for `reason`, the live checks carry the work.
    case external(reason: String)

    /// The words that mean "served by another repository".
    static let externalWords: Set<String> = ["external", "none"]

    /// Resolves variable `name`'s `value` in the repository at `root`. A value that does not fit
    /// is bad input naming it and what relops finds instead.
    static func resolve(value: String, name: String, root: String) throws(Failure) -> AssociationChoice {
        let project = try Project(path: root)
        let found = try AssociationSources.find(in: project)
        let local = found.documents.flatMap { entry in entry.sources.filter { !$0.isExternal } }
        let given = value.trimmingCharacters(in: .whitespaces)
        let what = "\(name)=\(given)"
        let foundSummary = local.map(\.summary).joined(separator: "; ")
        if given.isEmpty {
            guard !local.isEmpty else {
                let reason = found.documents.first?.sources.first?.summary ?? "external"
                return .external(reason: reason)
            }
            return .local(summary: foundSummary)
        }
        if externalWords.contains(given.lowercased()) {
            guard local.isEmpty else {
                throw Failure(
                    .badInput,
                    "\(what): this repository serves the association files itself (\(foundSummary)), and relops commands use them; leave \(name) empty, or set app.association: external in .relops.yml if they are not what is deployed"
                )
            }
            return .external(reason: "`\(name)` is `\(given)`: another repository serves the association files")
        }
        let relative = try repositoryPath(given, root: project.root, what: what)
        let matching = local.filter { source in source.repositoryFiles.contains(relative) }
        guard let source = matching.first else {
            throw Failure(
                .badInput, "\(what): \(describe(relative, root: project.root)); \(foundElsewhere(foundSummary))")
        }
        for entry in found.documents where entry.sources.contains(source) {
            if entry.sources.count > 1 {
                throw Failure(
                    .badInput,
                    "\(what): \(entry.document.rawValue) has \(entry.sources.count) sources (\(entry.sources.map(\.summary).joined(separator: "; "))); set app.association: \(relative) in .relops.yml so every relops command uses the one you mean"
                )
            }
            let document = try AssociationSources.read(entry.document, from: source, project: project)
            if let problem = document.problems.first {
                throw Failure(.badInput, "\(what): \(document.document.rawValue) from it does not validate: \(problem)")
            }
        }
        return .local(summary: matching.map(\.summary).joined(separator: "; "))
    }

    /// `path` relative to the repository root; a file outside it or missing is bad input.
    static func repositoryPath(_ path: String, root: String, what: String) throws(Failure) -> String {
        let full = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: root + "/")).standardizedFileURL.path
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        guard full.hasPrefix(base + "/") else {
            throw Failure(.badInput, "\(what): outside the repository \(base)")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
            throw Failure(
                .badInput,
                "\(what): no such file in the repository (give a settings file or a served document, `external` when another repository serves them, or leave it empty to use what relops finds)"
            )
        }
        let relative = String(full.dropFirst(base.count + 1))
        do {
            // No folder of the path may lead outside either (a symlinked `Web/`).
            _ = try RepositoryPath.resolve(relative, in: root)
        } catch {
            throw Failure(error.category, "\(what): \(error.description)")
        }
        return relative
    }

    /// What the file is, for a message saying it is not where the documents come from.
    static func describe(_ path: String, root: String) -> String {
        let bytes =
            (try? RepositoryFile.read(path, in: root, limit: RepositoryFile.Limit.configuration)) ?? []
        if String(decoding: bytes, as: UTF8.self).contains("\"AppAssociation\"") {
            return "\(path) holds an AppAssociation section, but relops does not serve the documents from it"
        }
        if let links = try? AssetLinksDocument.parse(bytes), links.errors.isEmpty {
            return "\(path) is an assetlinks.json document, but nothing in the repository serves it"
        }
        if let aasa = try? AppSiteAssociation.parse(bytes), aasa.errors.isEmpty {
            return "\(path) is an apple-app-site-association document, but nothing in the repository serves it"
        }
        return
            "\(path) is neither a settings file with an AppAssociation section nor a valid assetlinks.json or apple-app-site-association document"
    }

    static func foundElsewhere(_ summary: String) -> String {
        summary.isEmpty
            ? "relops finds no association source in this repository (pass `external`, or leave it empty)"
            : "relops finds them in: \(summary) (leave it empty to use that, or set app.association: PATH in .relops.yml to pick the served one)"
    }
}
