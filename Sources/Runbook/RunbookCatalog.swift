import Foundation
import RelopsCore

/// Where the runbooks and templates that ship with relops live: `Runbooks/` and `Templates/`
/// beside each other in the source tree, or in `share/relops` next to an installed binary.
public struct ShippedFiles: Sendable {
    /// The folder holding `Runbooks/` and `Templates/`.
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public var runbooksFolder: String { root + "/Runbooks" }
    public var reportTemplatePath: String { root + "/Templates/run-report.md" }

    /// Reads and parses `Templates/run-report.md`.
    public func reportTemplate() throws(Failure) -> ReportTemplate {
        let path = reportTemplatePath
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(.couldNotCheck, "\(path): cannot read")
        }
        return try ReportTemplate(String(decoding: data, as: UTF8.self), path: path)
    }

    /// Finds the shipped files: `RELOPS_SHARE`, else the folders above the executable (a build in
    /// `.build/debug/relops` finds the source tree), else `../share/relops` beside it.
    public static func locate(executable: String, environment: [String: String]) -> ShippedFiles? {
        candidates(executable: executable, environment: environment).first { candidate in
            FileManager.default.fileExists(atPath: candidate + "/Templates/run-report.md")
                && FileManager.default.fileExists(atPath: candidate + "/Runbooks")
        }.map(ShippedFiles.init(root:))
    }

    /// Every folder `locate` looks in, in order, each once and as a real path (symlinks and `..`
    /// resolved): `RELOPS_SHARE` alone when it is set; else `share/relops` beside the binary's
    /// folder, then the binary's folder and up to five above it, up to `/`.
    public static func candidates(executable: String, environment: [String: String]) -> [String] {
        if let explicit = environment["RELOPS_SHARE"], !explicit.isEmpty { return [realPath(explicit)] }
        var folder = parent(realPath(executable))
        var candidates = [realPath(joined(parent(folder), "share/relops"))]
        for _ in 0..<6 {
            if !candidates.contains(folder) { candidates.append(folder) }
            guard folder != "/" else { break }
            folder = parent(folder)
        }
        return candidates
    }

    /// The error when no shipped files are found (exit 3): the real folders `locate` looked in, and
    /// the two ways to give it the runbooks.
    public static func notFound(executable: String, environment: [String: String]) -> Failure {
        let looked = candidates(executable: executable, environment: environment)
        let wanted = "Runbooks/ and Templates/run-report.md"
        if let explicit = environment["RELOPS_SHARE"], !explicit.isEmpty {
            let shown = looked[0] == explicit ? explicit : "\(explicit) (\(looked[0]))"
            return Failure(
                .couldNotCheck,
                "cannot find the shipped runbooks: RELOPS_SHARE=\(shown) holds no \(wanted); set RELOPS_SHARE "
                    + "to the folder that holds them (a source checkout of relops, or PREFIX/share/relops after "
                    + "`make install`), or unset it to look beside the binary")
        }
        return Failure(
            .couldNotCheck,
            "cannot find the shipped runbooks: no \(wanted) in \(looked.joined(separator: ", ")); set RELOPS_SHARE "
                + "to the folder that holds them (a source checkout of relops), or install relops with "
                + "`make install PREFIX=...`, which puts them in PREFIX/share/relops beside PREFIX/bin/relops")
    }

    /// `path` made absolute, with `.`, `..`, repeated slashes and symlinks resolved (as far as it exists).
    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func parent(_ path: String) -> String {
        path == "/" ? "/" : (path as NSString).deletingLastPathComponent
    }

    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// A runbook that can be run by name.
public struct RunbookEntry: Sendable {
    public let name: String
    public let title: String
    public let path: String
    /// `shipped` or `repository`.
    public let origin: String
}

/// The runbooks a repository can run: its own (`Runbooks/*.md`, `.relops/runbooks/*.md`), then
/// the shipped ones; a repository runbook hides a shipped one of the same name.
public struct RunbookCatalog: Sendable {
    public let repositoryRoot: String
    public let shipped: ShippedFiles?
    /// Why there are no shipped runbooks (where they were looked for), when `shipped` is nil.
    public let notShipped: Failure?

    public init(repositoryRoot: String, shipped: ShippedFiles?, notShipped: Failure? = nil) {
        self.repositoryRoot = repositoryRoot
        self.shipped = shipped
        self.notShipped = notShipped
    }

    var repositoryFolders: [String] { [repositoryRoot + "/Runbooks", repositoryRoot + "/.relops/runbooks"] }

    /// Every runbook with its title; a file that does not parse is listed with the error as its title.
    public func entries() -> [RunbookEntry] {
        var entries: [RunbookEntry] = []
        var seen = Set<String>()
        let sources =
            repositoryFolders.map { ($0, "repository") } + (shipped.map { [($0.runbooksFolder, "shipped")] } ?? [])
        for (folder, origin) in sources {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".md")
            }.sorted()
            for file in names {
                let path = folder + "/" + file
                let name = String(file.dropLast(3))
                // The relops source tree is its own repository: its Runbooks are the shipped ones.
                guard seen.insert(name).inserted else { continue }
                let title: String
                do {
                    if origin == "repository" { try checkRepositoryRunbook(path) }
                    title = try Runbook(contentsOf: path).title
                } catch {
                    title = "(does not parse: \(error.message))"
                }
                entries.append(RunbookEntry(name: name, title: title, path: path, origin: origin))
            }
        }
        return entries
    }

    /// The runbook `reference` names: a path to a `.md` file, or a name from `entries()`.
    public func resolve(_ reference: String) throws(Failure) -> Runbook {
        if reference.contains("/") || reference.hasSuffix(".md") {
            let path = reference.hasPrefix("/") ? reference : FileManager.default.currentDirectoryPath + "/" + reference
            guard FileManager.default.fileExists(atPath: path) else {
                throw Failure(.badInput, "\(reference): no such runbook file")
            }
            var runbook = try Runbook(contentsOf: path)
            // A file inside the repository is the repository's, however the operator named it.
            let real = ShippedFiles.realPath(path)
            let root = ShippedFiles.realPath(repositoryRoot)
            if real.hasPrefix(root == "/" ? "/" : root + "/") {
                runbook.repositoryRelativePath = String(real.dropFirst(root == "/" ? 1 : root.count + 1))
                runbook.origin = .repository(shadowsShipped: false)
            }
            return runbook
        }
        let all = entries()
        guard let entry = all.first(where: { $0.name == reference }) else {
            if shipped == nil, let notShipped { throw notShipped }
            let names = all.map(\.name)
            let hint = closest(reference, in: names).map { " (did you mean `\($0)`?)" } ?? ""
            let known = names.isEmpty ? "no runbooks found" : "runbooks: \(names.joined(separator: ", "))"
            throw Failure(.usage, "no runbook `\(reference)`\(hint); \(known)")
        }
        var runbook: Runbook
        if entry.origin == "repository" && !isShippedFile(entry.path) {
            try checkRepositoryRunbook(entry.path)
            runbook = try Runbook(contentsOf: entry.path)
            runbook.repositoryRelativePath = String(entry.path.dropFirst(repositoryRoot.count + 1))
            runbook.origin = .repository(shadowsShipped: shipsRunbook(named: entry.name))
        } else {
            runbook = try Runbook(contentsOf: entry.path)
            runbook.origin = .shipped
        }
        return runbook
    }

    /// True when `path` is one of the shipped runbooks itself (relops's own source tree is a
    /// repository whose `Runbooks/` are the shipped ones).
    func isShippedFile(_ path: String) -> Bool {
        guard let shipped else { return false }
        return ShippedFiles.parent(ShippedFiles.realPath(path)) == ShippedFiles.realPath(shipped.runbooksFolder)
    }

    /// True when relops ships a runbook called `name`.
    func shipsRunbook(named name: String) -> Bool {
        guard let shipped else { return false }
        return FileManager.default.fileExists(atPath: shipped.runbooksFolder + "/" + name + ".md")
    }

    /// A repository's runbook is read only when it stays inside the repository (no symlinked
    /// `Runbooks/` or `.relops/runbooks` leading out) and is a regular file (never a FIFO).
    func checkRepositoryRunbook(_ path: String) throws(Failure) {
        guard path.hasPrefix(repositoryRoot + "/") else { return }
        let relative = String(path.dropFirst(repositoryRoot.count + 1))
        do {
            let full = try RepositoryPath.resolve(relative, in: repositoryRoot)
            _ = try RepositoryFile.read(resolved: full, named: relative, limit: RepositoryFile.Limit.relopsFile)
        } catch {
            throw Failure(error.category, error.description)
        }
    }
}
