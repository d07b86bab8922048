import Foundation
import Git

/// A file written next to its target under a temporary name, not yet renamed over it. Many
/// staged writes share one `syncFileSystem` before their renames, instead of one fsync each;
/// each rename is still atomic, so every target is wholly old or wholly new at any moment.
public struct StagedWrite: Sendable {
    /// The file to replace.
    public let target: String
    /// The temporary file beside it.
    public let temporary: String

    /// A staged write whose temporary file already exists (found again after an interruption).
    public init(target: String, temporary: String) {
        self.target = target
        self.temporary = temporary
    }

    /// The temporary name used for `target` under `tag`, so a later run can find and remove
    /// leftovers of an interrupted one.
    public static func temporaryPath(for target: String, tag: String) -> String {
        let folder = folderOf(target)
        return (folder.isEmpty ? "." : folder) + "/.\(nameOf(target)).relops-\(tag).tmp"
    }

    /// Whether a file name (its last component) is one of these temporary files:
    /// `.<name>.relops-<tag>.tmp`. A scan never counts them.
    public static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".relops-")
    }

    /// Writes `bytes` to the temporary file with the target's permission bits (or `newFileMode`);
    /// `sync` flushes it to disk before returning (for a single write; many share one sync).
    public static func stage(
        _ bytes: [UInt8], for target: String, tag: String, newFileMode: mode_t = 0o644,
        sync: Bool = false
    ) throws(Failure) -> StagedWrite {
        var mode = newFileMode
        var info = stat()
        if withFileSystemPath(target, { lstat($0, &info) }) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw Failure(.badInput, "\(target): not a regular file; refusing to replace it")
            }
            mode = info.st_mode & 0o7777
        }
        let temporary = temporaryPath(for: target, tag: tag)
        let create = { withFileSystemPath(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) } }
        var fd = create()
        if fd < 0 && errno == EEXIST {  // a leftover of an interrupted run with the same tag
            removeFile(temporary)
            fd = create()
        }
        guard fd >= 0 else { throw Failure(.couldNotCheck, "\(temporary): cannot create: \(errnoText())") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errnoText()
                removeFile(temporary)
                throw Failure(.couldNotCheck, "\(temporary): write failed: \(reason)")
            }
            written += n
        }
        if mode & processUmask != 0 { fchmod(fd, mode) }  // open() applied the umask: put the bits back
        if sync && fsync(fd) != 0 {
            let reason = errnoText()
            removeFile(temporary)
            throw Failure(.couldNotCheck, "\(temporary): fsync failed: \(reason)")
        }
        return StagedWrite(target: target, temporary: temporary)
    }

    /// Renames the temporary file over the target.
    public func commit() throws(Failure) {
        let code = withFileSystemPath(temporary) { from in withFileSystemPath(target) { rename(from, $0) } }
        guard code == 0 else {
            throw Failure(.couldNotCheck, "\(target): cannot replace: \(errnoText())")
        }
    }

    /// Removes the temporary file (a write that will not happen).
    public func discard() { removeFile(temporary) }

    /// Flushes every file of the filesystem holding `path` to disk (one `syncfs`).
    public static func syncFileSystem(containing path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = linuxSyncfs(fd)
            close(fd)
        } else {
            sync()
        }
    }
}

/// glibc's `syncfs(2)`, which Swift's Glibc module does not export (it needs _GNU_SOURCE).
@_silgen_name("syncfs")
private func linuxSyncfs(_ fd: Int32) -> Int32

/// The process's umask, read once (reading it means setting it, so it is put straight back).
private let processUmask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
}()

/// Removes a file (`unlink`), its path given as `decodePath` keeps it.
public func removeFile(_ path: String) { _ = withFileSystemPath(path) { unlink($0) } }

/// `lstat` of a path given as `decodePath` keeps it; nil when it fails (`errno` says why).
public func fileStatus(_ path: String) -> stat? {
    var info = stat()
    return withFileSystemPath(path) { lstat($0, &info) } == 0 ? info : nil
}
