import Foundation
import RelopsCore

/// Stops two runs of the same runbook at once: `.relops/runs/<runbook>.lock`, created with
/// `O_EXCL` and holding the owner's pid. A lock whose process is gone is stale and taken over.
public final class RunLock {
    /// The lock file's path.
    public let path: String
    // False until the lock is taken: a throwing init still runs deinit, which must not remove
    // another run's lock.
    private var held = false
    /// The repository-wide lock, taken after the runbook's own (one writer per repository).
    private var repositoryLock: RepositoryLock?

    /// Takes the lock for `runbook` in `store`, or throws naming the process that holds it.
    public init(runbook: String, store: RunStore) throws(Failure) {
        try store.createFolder()
        path = store.folder + "/" + runbook + ".lock"
        for _ in 0..<3 {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 {
                let text = Array("\(getpid())\n".utf8)
                _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                fsync(fd)
                close(fd)
                held = true
                // `<root>/.relops/runs` -> `<root>`.
                let root = folderOf(folderOf(store.folder))
                repositoryLock = try RepositoryLock(
                    folder: RepositoryLock.folder(forRepositoryRoot: root), purpose: "runbook run \(runbook)")
                return
            }
            guard errno == EEXIST else {
                throw Failure(.couldNotCheck, "\(path): cannot create the lock: \(errnoText())")
            }
            let content =
                (try? RepositoryFile.read(resolved: path, named: path, limit: 4096)).map {
                    String(decoding: $0, as: UTF8.self)
                } ?? ""
            let owner = Int32(content.trimmingCharacters(in: .whitespacesAndNewlines))
            if let owner, owner > 0, RunLock.isAlive(owner) {
                throw Failure(
                    .couldNotCheck,
                    "another run of \(runbook) is in progress (pid \(owner), lock \(path)); wait for it to finish, or remove the lock if that process is not relops"
                )
            }
            // Stale (its process is gone) or unreadable: take it over. Only one taker wins the
            // O_EXCL race that follows.
            unlink(path)
        }
        throw Failure(.couldNotCheck, "\(path): could not take the lock (another run keeps taking it)")
    }

    /// Releases the lock (also done when the lock is released from memory).
    public func release() {
        guard held else { return }
        held = false
        repositoryLock?.release()
        repositoryLock = nil
        unlink(path)
    }

    deinit { release() }

    static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
