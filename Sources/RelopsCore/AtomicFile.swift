import Foundation

/// Writes files so that a reader (or a crash) only ever sees the whole old or the whole new
/// content: a temporary file in the same folder, flushed with `fsync`, then `rename` over the
/// original, keeping its permission bits. The folder is synced too so the rename survives a crash.
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes`. A new file gets `newFileMode`.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, newFileMode: mode_t = 0o644) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var mode = newFileMode
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw Failure(.badInput, "\(path): not a regular file; refusing to replace it")
            }
            mode = info.st_mode & 0o7777
        }
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).relops-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(.couldNotCheck, "\(temporary): cannot create: \(errnoText())") }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        let content = Array(bytes)
        var written = 0
        while written < content.count {
            let n = content.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errnoText()
                close(fd)
                throw Failure(.couldNotCheck, "\(temporary): write failed: \(reason)")
            }
            written += n
        }
        fchmod(fd, mode)
        if fsync(fd) != 0 {
            let reason = errnoText()
            close(fd)
            throw Failure(.couldNotCheck, "\(temporary): fsync failed: \(reason)")
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            throw Failure(.couldNotCheck, "\(path): cannot replace: \(errnoText())")
        }
        ok = true
        syncFolder(folder.isEmpty ? "." : folder)
    }

    /// Flushes a folder's entries (a completed rename) to disk.
    public static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}

/// `strerror(errno)` as a String.
public func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
