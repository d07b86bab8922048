import Foundation

/// The folder of the file a worker opened last, kept open (`O_PATH`): the index lists a folder's
/// files one after the other, so the next file is usually opened by its name alone and the kernel
/// walks one path component instead of the whole path. One per worker thread.
final class OpenFolder {
    private let rootFD: Int32
    private var fd: Int32 = -1
    /// The open folder's path bytes relative to the root, NUL-terminated; empty when none is open.
    private var path: [UInt8] = []

    init(rootFD: Int32) { self.rootFD = rootFD }

    deinit { if fd >= 0 { close(fd) } }

    /// Opens the file at `path` (`length` bytes, NUL-terminated, relative to the root) with
    /// `flags`. Returns the descriptor, or -1 with `errno` set exactly as a full-path `openat`
    /// from the root would set it (a missing folder is reported by that open).
    func open(_ path: UnsafePointer<CChar>, length: Int, flags: Int32) -> Int32 {
        let bytes = UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self)
        var slash = length - 1
        while slash >= 0 && bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
        guard slash > 0 else { return openat(rootFD, path, flags) }
        if !isOpen(bytes, length: slash) {
            if fd >= 0 { close(fd) }
            self.path = Array(UnsafeBufferPointer(start: bytes, count: slash)) + [0]
            fd = self.path.withUnsafeBufferPointer { folder in
                folder.withMemoryRebound(to: CChar.self) {
                    openat(rootFD, $0.baseAddress!, folderFlags)
                }
            }
            if fd < 0 { self.path = [] }
        }
        guard fd >= 0 else { return openat(rootFD, path, flags) }
        return openat(fd, path + slash + 1, flags)
    }

    private func isOpen(_ bytes: UnsafePointer<UInt8>, length: Int) -> Bool {
        path.count == length + 1 && path.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes, length) == 0 }
    }
}

#if os(Linux)
    /// `O_PATH` (not exported to Swift by Glibc): a handle for path lookups only, no permission check on
    /// the folder's content, cheaper to open than a readable descriptor.
    private let folderFlags = Int32(0o10000000) | O_DIRECTORY | O_CLOEXEC
#else
    private let folderFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
#endif
