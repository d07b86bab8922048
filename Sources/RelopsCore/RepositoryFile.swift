import Foundation
import Git

/// The one reader of a repository file relops parses (configurations, served documents, build
/// files it follows): the path goes through `RepositoryPath.resolve`, only a regular file is read
/// (a FIFO, socket or device is refused without blocking on it), and never more than a limit.
public enum RepositoryFile {
    /// The size limits, one per kind of file, the same on every command.
    public enum Limit {
        /// A served association document (`assetlinks.json`, `apple-app-site-association`): 1 MiB.
        public static let associationDocument = 1 << 20
        /// A settings file (`appsettings.json`) or web server configuration: 4 MiB.
        public static let configuration = 4 << 20
        /// A Dockerfile or compose file: 1 MiB.
        public static let buildFile = 1 << 20
        /// A project's build file that `scan`, `init` and `verify` read for products and claims
        /// (Gradle scripts, manifests, `.csproj`, `project.pbxproj`, which runs to several MB in a
        /// large app): 16 MiB.
        public static let projectFile = 16 << 20
        /// `.relops.yml`, a runbook, a run state: 1 MiB.
        public static let relopsFile = 1 << 20
    }

    /// The bytes of `path` (relative to the repository `root`), at most `limit` of them.
    public static func read(_ path: String, in root: String, limit: Int) throws(RepositoryPathError) -> [UInt8] {
        let full = try RepositoryPath.resolve(path, in: root)
        return try read(resolved: full, named: path, limit: limit)
    }

    /// The bytes of `full`, a path `RepositoryPath.resolve` returned, named `name` in errors. The
    /// last component is opened without following a symlink and without blocking (`O_NOFOLLOW`,
    /// `O_NONBLOCK`), and `fstat` of the open file decides: a regular file or nothing. Reading it
    /// leaves its access time (`O_NOATIME`) unless the kernel refuses that to this user.
    public static func read(resolved full: String, named name: String, limit: Int) throws(RepositoryPathError)
        -> [UInt8]
    {
        var info = stat()
        if withFileSystemPath(full, { lstat($0, &info) }) == 0, let what = irregularKind(info.st_mode) {
            // Not even opened: opening a device can have effects.
            throw RepositoryPathError(path: name, kind: .notRegular(kind: what))
        }
        let fd = withFileSystemPath(full) { path in
            openLeavingAccessTime(O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) { open(path, $0) }
        }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw RepositoryPathError(path: name, kind: .missing) }
            if code == ELOOP { throw RepositoryPathError(path: name, kind: .notRegular(kind: "a symlink")) }
            throw RepositoryPathError(path: name, kind: .unreadable(errnoText(code)))
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw RepositoryPathError(path: name, kind: .unreadable(errnoText())) }
        return try read(opened: fd, info, named: name, limit: limit)
    }

    /// The bytes of the open file `fd`, whose `fstat` is `info`, named `name` in errors: refused
    /// unless it is a regular file of at most `limit` bytes. The caller closes `fd`.
    public static func read(opened fd: Int32, _ info: stat, named name: String, limit: Int)
        throws(RepositoryPathError) -> [UInt8]
    {
        if let what = irregularKind(info.st_mode) {
            throw RepositoryPathError(path: name, kind: .notRegular(kind: what))
        }
        guard Int(info.st_size) <= limit else {
            throw RepositoryPathError(path: name, kind: .tooLarge(size: Int(info.st_size), limit: limit))
        }
        // Up to one byte past the limit, so a file that grew while it was read is caught too.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit) + 1)
        var total = 0
        while total < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + total, $0.count - total) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RepositoryPathError(path: name, kind: .unreadable(errnoText()))
            }
            if n == 0 { break }
            total += n
            if total == bytes.count && total <= limit {
                bytes.append(contentsOf: repeatElement(0, count: min(max(4096, total), limit + 1 - total)))
            }
        }
        guard total <= limit else {
            throw RepositoryPathError(path: name, kind: .tooLarge(size: total, limit: limit))
        }
        bytes.removeSubrange(total...)
        return bytes
    }

    /// Writes `bytes` at `path` (relative to the repository `root`) with `AtomicFile`, under the
    /// containment rule `read` follows: every component resolved (`RepositoryPath`), a symlink
    /// leading outside refused, missing folders created inside the repository, and anything but
    /// a regular file (or nothing) at the path refused, never replaced. Returns the path written.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, in root: String, newFileMode: mode_t = 0o644)
        throws(Failure) -> String
    {
        let full: String
        do {
            full = try RepositoryPath.resolve(path, in: root, missingAllowed: true)
        } catch {
            throw Failure(error.category, error.description)
        }
        var info = stat()
        if withFileSystemPath(full, { lstat($0, &info) }) == 0, let what = irregularKind(info.st_mode) {
            throw Failure(.badInput, RepositoryPathError(path: path, kind: .notRegular(kind: what)).description)
        }
        let folder = folderOf(full)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(.couldNotCheck, "\(folder): cannot create: \(error.localizedDescription)")
        }
        try AtomicFile.write(bytes, to: full, newFileMode: newFileMode)
        return full
    }

    /// `a FIFO`, `a socket`, ... for anything but a regular file; nil for a regular file.
    public static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symlink"
        default: return "not a file"
        }
    }
}

/// `O_NOATIME` (Linux), which the Swift C library module does not export: a read that leaves the
/// file's access time alone, allowed to the file's owner or a privileged user.
public let noAccessTime: Int32 = 0o1000000

/// `open(flags)` with `O_NOATIME`, and again without it where the kernel refuses it to this user
/// (`EPERM`: not the file's owner): how relops opens a file to read it.
public func openLeavingAccessTime(_ flags: Int32, _ open: (Int32) -> Int32) -> Int32 {
    let fd = open(flags | noAccessTime)
    return fd < 0 && errno == EPERM ? open(flags) : fd
}
