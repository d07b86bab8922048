import Foundation
import Git

/// One writer per working tree: `.git/relops/lock`, created with `O_CREAT|O_EXCL` and holding
/// the owner's pid, host, what it is doing and since when. Taken by `cutover --apply`, `cutover
/// undo` (and the recovery of an interrupted cutover), `runbook run` and `anchors repin`; a
/// second writer is refused (exit 3) with the owner's details.
///
/// A lock is stale only when its host is this host and its pid is gone: then it is taken over
/// (under a short-lived `lock.takeover` guard, so two takers cannot remove each other's fresh
/// lock). A lock held by another host is never taken over. A process started by the holder (a
/// runbook's `relops cutover --apply` step) works under the holder's lock: the holder's pid is
/// one of its ancestors (Linux: `/proc`), and it neither takes nor releases the lock.
public final class RepositoryLock {
    /// The lock file's path.
    public let path: String
    /// False until this process created the lock (and for a nested run under an ancestor's lock):
    /// only a lock this process created is removed on release.
    private var held = false
    private let token: String

    /// The folder holding the lock of the repository enclosing `root` (`<git dir>/relops`), or
    /// `<root>/.relops` for a folder outside any repository. A repository that cannot be opened
    /// (libgit2 cannot be loaded, a broken `.git`) cannot be checked: a lock elsewhere would not
    /// keep out the writers that can open it.
    public static func folder(forRepositoryRoot root: String) throws(Failure) -> String {
        do {
            return try Repository(discovering: root).gitDirectory + "/relops"
        } catch  where error.kind == .notARepository {
            return root + "/.relops"
        } catch {
            throw Failure(.couldNotCheck, "\(root): cannot open the repository to lock it: \(error.message)")
        }
    }

    /// Takes the lock of `project`'s repository for `purpose` (such as `cutover --apply`).
    public convenience init(project: Project, purpose: String) throws(Failure) {
        try self.init(folder: project.repository.gitDirectory + "/relops", purpose: purpose)
    }

    /// Takes the lock in `folder`, or throws (exit 3) naming who holds it.
    public init(folder: String, purpose: String) throws(Failure) {
        path = folder + "/lock"
        token = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(folder): cannot create: \(error.localizedDescription)")
        }
        let record = LockRecord(
            pid: getpid(), host: LockRecord.thisHost, purpose: purpose, since: Date().ISO8601Format(), token: token)
        for _ in 0..<20 {
            if try create(record) {
                held = true
                return
            }
            let owner = LockRecord.read(path)
            switch owner?.isStale(lockPath: path) {
            case .some(true): takeOver()
            case .some(false):
                guard let owner else { continue }
                if owner.pid == 0 {  // its writer is between creating and filling it
                    usleep(20_000)
                    continue
                }
                if owner.host == LockRecord.thisHost, isAncestor(owner.pid) { return }  // nested: the holder started us
                throw Failure(
                    .couldNotCheck,
                    "the repository is locked by `relops \(owner.purpose)` (pid \(owner.pid) on host \(owner.host), since \(owner.since)); "
                        + "wait for it to finish. The lock is \(path); remove it only if that process is gone")
            case nil: continue  // removed between our attempt and our read: try again
            }
        }
        throw Failure(.couldNotCheck, "\(path): could not take the lock (other runs keep taking it)")
    }

    /// Creates the lock file with `record`; false when it already exists.
    private func create(_ record: LockRecord) throws(Failure) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { return false }
            throw Failure(.couldNotCheck, "\(path): cannot create the lock: \(errnoText())")
        }
        // Not synced: a lock only matters while its process lives, and after a crash of the machine
        // its pid is gone (or the file is empty), so it is stale either way.
        let bytes = Array(record.text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return true
    }

    /// Removes a stale lock, holding the takeover guard; the lock is read again under the guard,
    /// so a fresh lock created meanwhile is never removed.
    private func takeOver() {
        let guardPath = path + ".takeover"
        let fd = open(guardPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            // Another process is taking over; a guard left by a crashed taker is removed after 10 s.
            var info = stat()
            if lstat(guardPath, &info) == 0, time(nil) - info.st_mtim.tv_sec > 10 { unlink(guardPath) }
            usleep(20_000)
            return
        }
        close(fd)
        defer { unlink(guardPath) }
        if LockRecord.read(path)?.isStale(lockPath: path) == true { unlink(path) }
    }

    /// Releases the lock (also done when the lock is released from memory).
    public func release() {
        guard held else { return }
        held = false
        if LockRecord.read(path)?.token == token { unlink(path) }
    }

    deinit { release() }
}

/// The content of a lock file: `key=value` lines.
struct LockRecord {
    let pid: Int32
    let host: String
    let purpose: String
    let since: String
    let token: String

    static let thisHost: String = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "localhost" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    var text: String { "pid=\(pid)\nhost=\(host)\npurpose=\(purpose)\nsince=\(since)\ntoken=\(token)\n" }

    /// The record in `path`; nil when there is no such file. An empty or damaged file reads as
    /// pid 0 (its writer may be between creating and writing it).
    static func read(_ path: String) -> LockRecord? {
        guard let bytes = readFile(path) else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return LockRecord(
            pid: fields["pid"].flatMap { Int32($0) } ?? 0, host: fields["host"] ?? thisHost,
            purpose: fields["purpose"] ?? "(unknown)", since: fields["since"] ?? "(unknown)",
            token: fields["token"] ?? "")
    }

    /// Stale: this host's process is gone, or the file stayed empty or damaged for 10 seconds.
    func isStale(lockPath: String) -> Bool {
        guard pid > 0 else {
            var info = stat()
            return lstat(lockPath, &info) == 0 && time(nil) - info.st_mtim.tv_sec > 10
        }
        guard host == LockRecord.thisHost else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}

/// Whether `pid` is this process's parent, grandparent and so on (Linux: read from `/proc`;
/// elsewhere never, so a nested run is refused rather than wrongly let through).
func isAncestor(_ pid: Int32) -> Bool {
    #if os(Linux)
        var current = getppid()
        for _ in 0..<64 where current > 1 {
            if current == pid { return true }
            guard let stat = readFile("/proc/\(current)/stat") else { return false }
            // `pid (name) state ppid ...`: the name may hold spaces, so read after the last `)`.
            let text = String(decoding: stat, as: UTF8.self)
            guard let close = text.lastIndex(of: ")") else { return false }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]) else { return false }
            current = parent
        }
        return false
    #else
        return false
    #endif
}
