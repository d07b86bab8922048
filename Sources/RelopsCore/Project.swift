import Foundation
import Git

/// The repository a command works on and its `.relops.yml`.
public struct Project {
    /// The working tree's root folder (absolute, no trailing slash).
    public let root: String
    /// The opened repository.
    public let repository: Repository
    /// `.relops.yml`, or an empty configuration when there is none.
    public let config: ProjectConfig

    /// Opens the repository enclosing `path` (the current folder when nil) and reads its config.
    /// A missing folder is bad input (exit 2); a folder outside any repository cannot be checked (exit 3).
    /// With `readingConfiguration` false the `.relops.yml` is not read (`relops init`, which writes
    /// it, must work beside a broken one): `config` is empty.
    public init(path: String?, readingConfiguration: Bool = true) throws(Failure) {
        let start = path ?? FileManager.default.currentDirectoryPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: start, isDirectory: &isFolder) else {
            throw Failure(.badInput, "\(start): no such folder")
        }
        guard isFolder.boolValue else { throw Failure(.badInput, "\(start): not a folder") }
        do {
            repository = try Repository(discovering: start)
        } catch {
            if error.kind == .notARepository {
                throw Failure(.couldNotCheck, "\(start): not a git repository (or any of its parent folders)")
            }
            throw Failure(.couldNotCheck, "\(start): cannot open the repository: \(error.message)")
        }
        guard let workdir = repository.workingDirectory else {
            throw Failure(.couldNotCheck, "\(start): a bare repository has no working tree to work on")
        }
        root = workdir
        config = readingConfiguration ? try ProjectConfig.load(repositoryRoot: workdir) : ProjectConfig()
    }

    private init(root: String, repository: Repository, config: ProjectConfig) {
        self.root = root
        self.repository = repository
        self.config = config
    }

    /// The same repository with its `.relops.yml` read, for a command that opened it with
    /// `readingConfiguration: false` to tell "no repository" from "a configuration that cannot be
    /// read": the second is bad input (exit 2) as on every other command, never ignored.
    public func readingConfiguration() throws(Failure) -> Project {
        Project(root: root, repository: repository, config: try ProjectConfig.load(repositoryRoot: root))
    }
}
