import Foundation

/// Writes files so that a reader (or a crash) only ever sees the whole old or the whole new
/// content: a temporary file in the same folder, flushed with `fsync`, then `rename` over the
/// original, keeping its permission bits. The folder is synced too so the rename survives a crash.
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes`. A new file gets `newFileMode`.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, newFileMode: mode_t = 0o644)
        throws(Failure)
    {
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try StagedWrite.stage(Array(bytes), for: path, tag: tag, newFileMode: newFileMode, sync: true).commit()
        let folder = folderOf(path)
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
