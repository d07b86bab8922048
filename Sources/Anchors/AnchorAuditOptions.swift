import Foundation
import Git
import RelopsCore

/// What to audit: the documents, where unprefixed and prefixed anchors point, and the target.
public struct AnchorAuditOptions: Sendable {
    /// Absolute paths of the documents.
    public var documents: [String]
    /// The checkout unprefixed anchors point into (absolute); nil for the documents' repository.
    /// When set (`--code` or `anchors.code`), a path found both there and in the documents'
    /// repository is taken from here.
    public var codePath: String?
    /// Anchor prefixes and the checkouts they name (absolute paths).
    public var repos: [(prefix: String, path: String)]
    /// The revision of the code repository to map anchors to; nil for its HEAD.
    public var target: String?
    /// The documents' repository root, when `resolve` found it.
    public var root: String?

    public init(
        documents: [String], codePath: String? = nil, repos: [(prefix: String, path: String)] = [],
        target: String? = nil
    ) {
        self.documents = documents
        self.codePath = codePath
        self.repos = repos
        self.target = target
    }

    /// The options a command line asks for, completed from `.relops.yml` (`anchors.docs`,
    /// `anchors.repos`, `anchors.code`): documents named (relative to `workingDirectory`) or
    /// found by the configured globs among tracked files, `--repo PREFIX=PATH` values overriding
    /// configured prefixes, paths made absolute. `command` names the subcommand in messages.
    public static func resolve(
        documents named: [String], code: String?, repos repoValues: [String], target: String?,
        workingDirectory cwd: String, command: String
    ) throws(Failure) -> AnchorAuditOptions {
        let documents = named.map { absolute($0, from: cwd) }
        let start = documents.first.map { ($0 as NSString).deletingLastPathComponent }
        let project = try Project(path: start.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil } ?? cwd)
        var docs = documents
        if docs.isEmpty {
            let globs = project.config.anchorDocs.map(Glob.init)
            guard !globs.isEmpty else {
                throw Failure(
                    .usage,
                    "no documents: name them (relops anchors \(command) DOC...) or set anchors.docs in .relops.yml")
            }
            let files: FileList
            do {
                files = try project.repository.indexFiles()
            } catch {
                throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
            }
            docs = (0..<files.count).map { files.path(at: $0) }.filter { p in globs.contains { $0.matches(p) } }.map {
                project.root + "/" + $0
            }
        }
        var seen = Set<String>()
        docs = docs.filter { seen.insert($0).inserted }
        for doc in docs { _ = try containedDocument(doc, root: project.root) }
        var repos = project.config.anchorRepos.map { ($0.prefix, absolute($0.path, from: project.root)) }
        for value in repoValues {
            guard let eq = value.firstIndex(of: "="), eq != value.startIndex, value.index(after: eq) != value.endIndex
            else { throw Failure(.usage, "--repo \(value): expected PREFIX=PATH") }
            let prefix = String(value[..<eq])
            repos.removeAll { $0.0 == prefix }
            repos.append((prefix, absolute(String(value[value.index(after: eq)...]), from: cwd)))
        }
        let codePath =
            code.map { absolute($0, from: cwd) }
            ?? project.config.anchorCode.map { absolute($0, from: project.root) }
        var options = AnchorAuditOptions(
            documents: docs, codePath: codePath, repos: repos, target: target)
        options.root = project.root
        return options
    }

    /// The path of the document `absolutePath` relative to the documents' repository `root`, checked
    /// by the repository's containment rule: a document outside the repository, or reached through
    /// a symlink (a document's folder, say) that leads outside it, is bad input naming the path;
    /// so is a document that is not there.
    public static func containedDocument(_ absolutePath: String, root: String) throws(Failure) -> String {
        guard let relative = relativePath(of: absolutePath, root: root) else {
            throw Failure(
                .badInput,
                "\(absolutePath): not in the documents' repository \(root); relops audits documents inside it")
        }
        do {
            _ = try RepositoryPath.resolve(relative, in: root)
        } catch {
            if case .missing = error.kind { throw Failure(.badInput, "\(absolutePath): no such document") }
            throw Failure(error.category, error.description)
        }
        return relative
    }

    /// `absolutePath` relative to `root`: after the shortest leading folders that are the root
    /// (the operator may name the repository through a symlink of their own). Symlinks below the
    /// root are the repository's: `RepositoryPath` judges those.
    static func relativePath(of absolutePath: String, root: String) -> String? {
        if let relative = RepositoryPath.relativePath(of: absolutePath, inRepository: root) { return relative }
        let parts = absolutePath.split(separator: "/")
        let real = RepositoryPath.canonical(root)
        for count in stride(from: 1, to: parts.count, by: 1)
        where RepositoryPath.canonical("/" + parts[..<count].joined(separator: "/")) == real {
            return parts[count...].joined(separator: "/")
        }
        return nil
    }

    /// `path` made absolute from `base`, lexically: a symlink in it is left for the containment
    /// rule to judge, never resolved on the way in.
    static func absolute(_ path: String, from base: String) -> String {
        RepositoryPath.lexical(path.hasPrefix("/") ? path : base + "/" + path)
    }
}
