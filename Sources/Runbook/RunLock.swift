import Foundation
import RelopsCore

/// Stops two runs of the same runbook at once: `.relops/runs/<runbook>.lock`, created with
/// `O_EXCL` and holding the owner's pid. A lock whose process is gone is stale and taken over; an
/// empty one is being written (and stale after 10 s); one relops cannot read as a file (a folder,
/// a FIFO, a symlink leading outside) is named and left alone.
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
        for _ in 0..<50 {
            if try create(runbook: runbook, store: store) { return }
            let content: [UInt8]
            do {
                content = try RepositoryFile.read(resolved: path, named: path, limit: 4096)
            } catch {
                if case .missing = error.kind { continue }  // released meanwhile: try again
                throw Failure(
                    .couldNotCheck,
                    "\(path): not a lock relops can read (\(error.reason)); remove it if no run of \(runbook) is in progress"
                )
            }
            let text = String(decoding: content, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let owner = Int32(text), owner > 0 {
                if RunLock.isAlive(owner) {
                    throw Failure(
                        .couldNotCheck,
                        "another run of \(runbook) is in progress (pid \(owner), lock \(path)); wait for it to finish, or remove the lock if that process is not relops"
                    )
                }
                unlink(path)  // stale: its process is gone. Only one taker wins the O_EXCL race that follows.
            } else if RunLock.secondsSinceModified(path) > 10 {
                unlink(path)  // empty or damaged for 10 s: its writer died between creating and writing it
            } else {
                usleep(20_000)  // its writer is between creating and writing it
            }
        }
        throw Failure(
            .couldNotCheck,
            "\(path): could not take the lock (another run keeps taking it, or is still writing it); try again")
    }

    /// Creates the lock with this process's pid, then takes the repository lock; false when the
    /// runbook's lock already exists.
    private func create(runbook: String, store: RunStore) throws(Failure) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { return false }
            throw Failure(.couldNotCheck, "\(path): cannot create the lock: \(errnoText())")
        }
        let text = Array("\(getpid())\n".utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        fsync(fd)
        close(fd)
        held = true
        // `<root>/.relops/runs` -> `<root>`.
        let root = folderOf(folderOf(store.folder))
        repositoryLock = try RepositoryLock(
            folder: RepositoryLock.folder(forRepositoryRoot: root), purpose: "runbook run \(runbook)")
        return true
    }

    /// Seconds since `path` last changed (0 when it cannot be looked at).
    static func secondsSinceModified(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return time(nil) - info.st_mtim.tv_sec
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
