import CFolderOpen
import CSystemCalls
import Foundation
import Git
import RelopsCore

/// One worker's memory of which working-tree folders it found to be real folders, so no file is
/// read through a folder that is a symlink (`a/b.txt` with `a` a symlink leading elsewhere).
/// Files come in index order, so the folder of a file is most often the folder of the last one:
/// that costs one `memcmp`. A new folder is opened with `openat2` refusing any symlink along it
/// (`RESOLVE_NO_SYMLINKS`), one system call that also gives the handle its files are opened
/// through: from the nearest folder it still holds open on the way (index order leaves a folder
/// for a subfolder and comes back), so the kernel looks up only the components past it. Only
/// when that finds a symlink (to name it), or where the kernel offers no `openat2`, each
/// component past the part shared with the last folder costs one `fstatat`. No `String` is made
/// unless a folder is a symlink.
final class WorkingTreeFolders {
    /// The folder of the last file looked at (path bytes, no trailing `/`), NUL-terminated.
    private var last: [CChar] = [0]
    /// The length of the symlinked folder in `last` (a prefix ending at a component), or -1.
    private var symlinkLength = -1
    /// Why files under the symlinked folder are not read, made once per such folder.
    private var lastRefusal = ""
    /// Folders open (`O_PATH`) along `last`, outermost first, each by the length of its path (a
    /// prefix of `last` ending at a component); the last one is `last` itself once its file is
    /// opened through it, by its name alone. At most `openLimit`, so a deep path holds few handles.
    private var opened: [(length: Int, fd: Int32)] = []
    static let openLimit = 8
    /// False once `openat2` proved unavailable (an old kernel, a seccomp filter): then every new
    /// folder is walked a component at a time.
    private var opensWithoutSymlinks: Bool
    /// True while files are opened with `O_NOATIME`; false once the kernel refused it (a file
    /// this user does not own).
    private var leavesAccessTimes = true
    /// The files read, closed a run at a time.
    private let held = HeldDescriptors()
    /// Folder handles no longer used, kept open while a batch of reads may open through them
    /// (`holdFolders`); nil when folders are closed at once.
    private var closedLater: [Int32]?

    /// `openingWithoutSymlinks: false` walks every new folder a component at a time, as on a
    /// kernel without `openat2` (tests hold the two ways to the same answers).
    init(openingWithoutSymlinks: Bool = true) { opensWithoutSymlinks = openingWithoutSymlinks }

    deinit {
        releaseFolders()
        for folder in opened { _ = relops_close_direct(folder.fd) }
    }

    /// The open folders, outermost first, by their paths' lengths (for tests).
    var openFolderLengths: [Int] { opened.map(\.length) }

    /// Opens the file at `path` (`length` bytes, relative to `rootFD`) with `flags`: through the
    /// open last folder when it is the file's, else from the root. Call after `refusal` said nil.
    /// The file's access time is left alone (`O_NOATIME`) where the kernel lets this user ask
    /// (the file's owner, or privileged): a scan changes nothing in the repository, and the
    /// kernel skips its time check on every read.
    /// Close what it opens with `close(_:)`.
    func open(_ path: UnsafePointer<CChar>, length: Int, rootFD: Int32, flags: Int32) -> Int32 {
        closingHeldWhenOut { openLeavingAccessTime(path, length: length, rootFD: rootFD, flags: flags) }
    }

    /// Closes `fd`, a file `open` opened, with the next run of them (`HeldDescriptors`).
    func close(_ fd: Int32) { held.close(fd) }

    /// `open()`'s descriptor; when the process is out of descriptors (a low `ulimit -n`), the
    /// files read already are closed and it is tried again.
    private func closingHeldWhenOut(_ open: () -> Int32) -> Int32 {
        let fd = open()
        guard fd < 0 && errno == EMFILE && held.count > 0 else { return fd }
        held.closeAll()
        return open()
    }

    private func openLeavingAccessTime(_ path: UnsafePointer<CChar>, length: Int, rootFD: Int32, flags: Int32)
        -> Int32
    {
        guard leavesAccessTimes else { return openFile(path, length: length, rootFD: rootFD, flags: flags) }
        let fd = openFile(path, length: length, rootFD: rootFD, flags: flags | noAccessTime)
        guard fd < 0 && errno == EPERM else { return fd }
        // Not this user's file: the kernel refuses the flag (as `openLeavingAccessTime`, but
        // remembered: files of one tree have one owner, and every one of them is opened here).
        leavesAccessTimes = false
        return openFile(path, length: length, rootFD: rootFD, flags: flags)
    }

    private func openFile(_ path: UnsafePointer<CChar>, length: Int, rootFD: Int32, flags: Int32) -> Int32 {
        let (folder, offset) = place(of: path, length: length, rootFD: rootFD)
        return relops_openat_direct(folder, path + offset, flags)
    }

    /// Where `open` opens the file at `path` (`length` bytes, relative to `rootFD`): the open
    /// last folder's handle and the offset of the file's name, when it is the file's folder,
    /// else the root's handle and 0.
    private func place(of path: UnsafePointer<CChar>, length: Int, rootFD: Int32) -> (folder: Int32, offset: Int) {
        let folderLength = last.count - 1
        guard folderLength > 0, length > folderLength, path[folderLength] == 0x2F,
            memcmp(last, path, folderLength) == 0
        else { return (rootFD, 0) }
        if opened.last?.length != folderLength {
            let fd = relops_openat_direct(rootFD, last, 0o10000000 /* O_PATH */ | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { return (rootFD, 0) }
            keepOpen(fd, length: folderLength)
        }
        return (opened[opened.count - 1].fd, folderLength + 1)
    }

    /// What a batch of reads (`FileRing`) opens the file at `path` with, as `open` would open
    /// it: the folder's handle, the offset of the rest of the path, and `flags` with what this
    /// worker adds. Call after `refusal` said nil, between `holdFolders` and `releaseFolders`.
    func openArguments(_ path: UnsafePointer<CChar>, length: Int, rootFD: Int32, flags: Int32)
        -> (folder: Int32, offset: Int, flags: Int32)
    {
        let (folder, offset) = place(of: path, length: length, rootFD: rootFD)
        return (folder, offset, leavesAccessTimes ? flags | noAccessTime : flags)
    }

    /// From now on a folder handle is closed only by `releaseFolders`: a batch of reads queued
    /// with `openArguments` opens relative to handles that a later file's folders would close
    /// (and whose numbers a new folder would then take).
    func holdFolders() { closedLater = [] }

    /// Closes the folder handles that `holdFolders` kept open past their use.
    func releaseFolders() {
        for fd in closedLater ?? [] { _ = relops_close_direct(fd) }
        closedLater = nil
    }

    /// Closes a folder's handle, or keeps it for `releaseFolders`.
    private func closeFolder(_ fd: Int32) {
        if closedLater != nil { closedLater?.append(fd) } else { _ = relops_close_direct(fd) }
    }

    /// Holds `fd`, the folder `last[0..<length]`, as the innermost open folder.
    private func keepOpen(_ fd: Int32, length: Int) {
        if opened.count == Self.openLimit { closeFolder(opened.removeFirst().fd) }
        opened.append((length, fd))
    }

    /// Opens the folder in `last` refusing any symlink along it: from the innermost folder still
    /// open on its way, by the components past it. -1 with `errno` set when that fails.
    private func openFolder(rootFD: Int32) -> Int32 {
        guard let base = opened.last, base.length < last.count - 1 else {
            return relops_open_folder_without_symlinks(rootFD, last)
        }
        return last.withUnsafeBufferPointer {
            relops_open_folder_without_symlinks(base.fd, $0.baseAddress! + base.length + 1)
        }
    }

    /// Nil when every folder along `path` (relative to `rootFD`, `length` bytes) is a real folder or
    /// absent (the open then says the file is gone); else why the file is not read, naming the
    /// first folder that is a symlink and where it leads (`root` is the repository, for that).
    func refusal(for path: UnsafePointer<CChar>, length: Int, rootFD: Int32, root: String) -> String? {
        var folderLength = length - 1
        while folderLength >= 0 && path[folderLength] != 0x2F { folderLength -= 1 }
        guard folderLength > 0 else { return nil }
        let lastLength = last.count - 1
        if folderLength == lastLength && memcmp(last, path, folderLength) == 0 {
            return symlinkLength >= 0 ? lastRefusal : nil
        }
        // How much of the last folder, ending at a component, this folder shares.
        var same = 0
        while same < lastLength && same < folderLength && last[same] == path[same] { same += 1 }
        let shared =
            same == 0
            || (same == lastLength || last[same] == 0x2F) && (same == folderLength || path[same] == 0x2F)
        if !shared {
            repeat { same -= 1 } while same > 0 && path[same] != 0x2F
        }
        // The folders open on the way to the last folder that are not on the way to this one.
        while let folder = opened.last, folder.length > same {
            closeFolder(folder.fd)
            opened.removeLast()
        }
        last.removeAll(keepingCapacity: true)
        last.append(contentsOf: UnsafeBufferPointer(start: path, count: folderLength))
        last.append(0)
        if symlinkLength >= 0 && symlinkLength <= same { return lastRefusal }
        symlinkLength = -1
        // Back in a folder still open (a subfolder's files came between): checked when it was opened.
        if opened.last?.length == folderLength { return nil }
        if opensWithoutSymlinks {
            let fd = closingHeldWhenOut { openFolder(rootFD: rootFD) }
            if fd >= 0 {
                keepOpen(fd, length: folderLength)
                return nil
            }
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }  // not there: the file's own open says so
            // A symlink along it (ELOOP): the walk names which; any other failure, it decides.
            if openat2IsRefused(code) { opensWithoutSymlinks = false }
        }
        var end = same == 0 ? 0 : same + 1
        while end <= folderLength {
            while end < folderLength && last[end] != 0x2F { end += 1 }
            last[end] = 0
            var info = stat()
            let found = fstatat(rootFD, last, &info, AT_SYMLINK_NOFOLLOW)
            if end < folderLength { last[end] = 0x2F }
            let type = info.st_mode & S_IFMT
            if found == 0 && type == S_IFLNK {
                symlinkLength = end
                lastRefusal = Self.refusal(folder: decodeFolder(end), root: root)
                return lastRefusal
            }
            // Absent or not a folder: the file's own open reports it as gone.
            guard found == 0 && type == S_IFDIR else { break }
            end += 1
        }
        return nil
    }

    private func decodeFolder(_ length: Int) -> String {
        decodePath(last[0..<length].map { UInt8(bitPattern: $0) })
    }

    /// Why a file under the symlinked `folder` is not read: where the link leads, in the
    /// containment rule's words (`RepositoryPath`).
    static func refusal(folder: String, root: String) -> String {
        do {
            let inside = try RepositoryPath.resolve(folder, in: root)
            let target = RepositoryPath.relativePath(of: inside, inRepository: root) ?? inside
            return "folder \(folder) is a symlink (to \(target.isEmpty ? "." : target)): not scanned through it "
                + "(git does not follow it either; its own files are scanned where they are tracked)"
        } catch {
            if case .leaves(_, let destination) = error.kind {
                return "folder \(folder) is a symlink leading outside the repository (to \(destination)): not scanned"
            }
            return "folder \(folder) is a symlink: not scanned through it (\(error.reason))"
        }
    }
}
