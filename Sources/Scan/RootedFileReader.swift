import CFolderOpen
import Foundation
import RelopsCore

/// Reads the build files the classifier follows, under `RepositoryFile`'s containment rule, in
/// fewer system calls. A plain path (no `.`, `..` or empty part) is opened under a handle on the
/// repository's root with `openat2`, refusing any symlink along it and any way out
/// (`RESOLVE_NO_SYMLINKS`, `RESOLVE_BENEATH`): one call where `RepositoryPath.resolve` makes one
/// `lstat` of the whole path per component. What that does not settle (a symlink anywhere on the
/// path, anything but a regular file, a missing file, a kernel without `openat2`) goes the whole
/// way through `RepositoryFile.read`, so its answers and its refusals' words stay the same.
final class RootedFileReader {
    let root: String
    /// The repository's root, opened once (`O_PATH`); -1 when it could not be: every read then
    /// goes the whole way.
    private let rootFD: Int32
    /// False once `openat2` proved unavailable (an old kernel, a seccomp filter): then every read
    /// goes the whole way, without first trying.
    private var opensBeneath = true

    init(root: String) {
        self.root = root
        rootFD = open(root, 0o10000000 /* O_PATH */ | O_DIRECTORY | O_CLOEXEC)
    }

    deinit { if rootFD >= 0 { close(rootFD) } }

    /// The bytes of `path` (relative to the root), at most `limit` of them.
    func read(_ path: String, limit: Int) throws(RepositoryPathError) -> [UInt8] {
        if rootFD >= 0, opensBeneath, isPlain(path), let bytes = try readBeneath(path, limit: limit) { return bytes }
        return try RepositoryFile.read(path, in: root, limit: limit)
    }

    /// The file read through the root's handle; nil when this way does not settle it. The file is
    /// opened as the scan's workers open every tracked file (`O_NONBLOCK`, `O_NOCTTY`, no symlink
    /// followed), so a FIFO or a device is never waited on nor made the terminal, and what was
    /// opened is then looked at: anything but a regular file goes the whole way, to be refused in
    /// `RepositoryFile`'s words. No `lstat` first: it walked the whole path again for every build
    /// file, two thirds of what reading one cost. Its access time is left alone, as `RepositoryFile`
    /// leaves it.
    func readBeneath(_ path: String, limit: Int) throws(RepositoryPathError) -> [UInt8]? {
        var info = stat()
        let fd: Int32 = path.withCString { name in
            let fd = openLeavingAccessTime(O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK) {
                relops_open_beneath_without_symlinks(rootFD, name, $0)
            }
            // Refused even without `O_NOATIME`: no `openat2` here, never try it again.
            if fd < 0 && openat2IsRefused(errno) { opensBeneath = false }
            return fd
        }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, RepositoryFile.irregularKind(info.st_mode) == nil else { return nil }
        return try RepositoryFile.read(opened: fd, info, named: path, limit: limit)
    }
}

/// True when `openat2` failed with `code` because this kernel or its seccomp filter does not offer
/// it (`ENOSYS`, `EPERM`, or `EINVAL` for flags it does not know): the old walk then serves.
func openat2IsRefused(_ code: Int32) -> Bool { code == ENOSYS || code == EPERM || code == EINVAL }

/// True for a relative path whose every part is a name: no leading `/`, no empty part, no `.`
/// or `..` (which `RepositoryPath` settles by its own rules), no NUL.
func isPlain(_ path: String) -> Bool {
    var utf8 = path.utf8[...]
    guard !utf8.isEmpty else { return false }
    while true {
        let end = utf8.firstIndex(of: 0x2F) ?? utf8.endIndex
        let part = utf8[utf8.startIndex..<end]
        if part.isEmpty || part.elementsEqual(".".utf8) || part.elementsEqual("..".utf8) || part.contains(0) {
            return false
        }
        guard end < utf8.endIndex else { return true }
        utf8 = utf8[utf8.index(after: end)...]
    }
}
