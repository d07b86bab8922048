import Fingerprint
import Foundation
import RelopsCore

/// One association document as this repository will serve it, read from its source.
public struct SourcedDocument: Sendable {
    /// Which document.
    public let document: WellKnownDocument
    /// Where it was read from.
    public let source: AssociationSource
    /// The served text; nil when another repository serves it.
    public let text: String?
    /// What validating the text found: a parse error reads `path:line:col`.
    public let problems: [AssociationProblem]
    /// Warnings: disagreements between settings and `.relops.yml`.
    public let notes: [String]
    /// For a document served by code: the ids its string literals name (what `verify --local`
    /// holds the claims against); nil for any other source.
    public var codeIDs: CodeLiteralIDs?

    /// Where the text comes from, for messages: `web/.well-known/assetlinks.json`,
    /// `Web/appsettings.json#AppAssociation`, `nginx.conf:12`.
    public var origin: String {
        switch source {
        case .staticFile(let path): return path
        case .settings(let path, let section): return "\(path)#\(section)"
        case .nginx(let config, let line, _, .file(let path)): return "\(path) (nginx \(config):\(line))"
        case .nginx(let config, let line, _, _): return "\(config):\(line)"
        case .code(let path, let line, _): return "\(path):\(line)"
        case .external: return "another repository"
        }
    }
}

extension AssociationSources {
    /// Each document as it will be served, read from its one source: a static or nginx-served file
    /// byte for byte (a symlink leading outside the repository is refused), an nginx `return` body,
    /// or the settings section rendered with `templates`. An nginx location relops cannot follow,
    /// and a document with several sources, are bad input naming them.
    public func served(in project: Project, templates: AssociationTemplates = .builtIn) throws(Failure)
        -> [SourcedDocument]
    {
        var out: [SourcedDocument] = []
        for entry in documents {
            let source = try entry.only()
            out.append(try Self.read(entry.document, from: source, project: project, templates: templates))
        }
        return out
    }

    /// One document from `source`.
    public static func read(
        _ document: WellKnownDocument, from source: AssociationSource, project: Project,
        templates: AssociationTemplates = .builtIn
    ) throws(Failure) -> SourcedDocument {
        switch source {
        case .external:
            return SourcedDocument(document: document, source: source, text: nil, problems: [], notes: [])
        case .code(let path, _, _):
            // Code is not rendered: its literal ids stand in for the claims check.
            let bytes = try ServedFile.read(path, root: project.root)
            var sourced = SourcedDocument(document: document, source: source, text: nil, problems: [], notes: [])
            sourced.codeIDs = CodeLiteralIDs(String(decoding: bytes, as: UTF8.self))
            return sourced
        case .staticFile(let path), .nginx(_, _, _, .file(let path)):
            let bytes = try ServedFile.read(path, root: project.root)
            // The strict reader `fingerprint rotate` edits with: the same refusal on every path.
            var problems: [AssociationProblem] = []
            if let problem = ServedFile.strictRead(bytes, path: path).problem { problems.append(problem) }
            return SourcedDocument(
                document: document, source: source, text: String(decoding: bytes, as: UTF8.self),
                problems: problems
                    + validate(bytes, document, name: path, config: project.config).filter {
                        problems.isEmpty || !$0.description.contains("not valid JSON")
                    },
                notes: [])
        case .nginx(let config, let line, _, .body(let body)):
            let name = "\(config):\(line)"
            return SourcedDocument(
                document: document, source: source, text: body,
                problems: validate(Array(body.utf8), document, name: name, config: project.config), notes: [])
        case .nginx(let config, let line, let location, .unresolved(let why)):
            throw Failure(.badInput, "\(config):\(line): location \(location) \(why)")
        case .settings(let path, let section):
            let target = try ConfigTarget.inRepository(
                path, root: project.root,
                keyPath: section.split(separator: ":").map(String.init) + ["AndroidCertFingerprints"])
            let settings = try AppAssociationSettings.load(target: target, config: project.config)
            let rendered = try AssociationDocuments.render(settings, templates: templates)
            let text = document == .assetLinks ? rendered.assetLinks : rendered.appleAppSiteAssociation
            let mine = rendered.problems.filter { problem in
                document == .assetLinks
                    ? !problem.document.hasPrefix(WellKnownDocument.appleAppSiteAssociation.rawValue)
                    : problem.document.hasPrefix(document.rawValue)
            }
            return SourcedDocument(
                document: document, source: source, text: text, problems: mine, notes: settings.notes)
        }
    }

    /// The validators `verify` applies to a live document, with a parse error located as
    /// `path:line:col` and the package and app ids `.relops.yml` names expected.
    static func validate(_ bytes: [UInt8], _ document: WellKnownDocument, name: String, config: ProjectConfig)
        -> [AssociationProblem]
    {
        let problems =
            document == .assetLinks
            ? AssociationValidator.assetLinks(bytes, document: name, expectedPackage: config.androidPackage).problems
            : AssociationValidator.appleAppSiteAssociation(bytes, document: name, expectedAppIDs: config.iosAppIDs)
                .problems
        return problems.map { problem in
            let isPosition =
                problem.location.split(separator: ":").count == 2
                && problem.location.split(separator: ":").allSatisfy { $0.allSatisfy(\.isNumber) }
            guard isPosition else { return problem }
            return AssociationProblem(document: "\(name):\(problem.location)", location: "", message: problem.message)
        }
    }
}
