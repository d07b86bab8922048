import Foundation

/// git's index file (`.git/index`, versions 2 to 4, SHA-1 ids) read straight into a `FileList`:
/// the file mapped once, no allocation per entry, and no SHA-1 of the whole file (git itself
/// checks that checksum only in `git fsck`; libgit2 always does: 7% of a scan's CPU time on a
/// 22,000-file repository, all of it before the parallel part). Anything this reader does not handle (a split or sparse index, another version,
/// a malformed file) is left to libgit2, which reports it properly.
///
/// The file is mapped, as git maps it (`read-cache.c`), not read: a copy into a fresh buffer cost
/// the clearing and the faults of its pages, all before the parallel part (2.4 MB on a
/// 22,000-file repository). git replaces its index by renaming a new file over it, so the mapped
/// one does not change under the reader.
final class IndexFile {
    private let base: UnsafeRawPointer
    private let size: Int

    /// The index at `path`; nil when there is none or it cannot be mapped (libgit2 decides then).
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 32,
            let map = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0),
            map != UnsafeMutableRawPointer(bitPattern: -1)  // MAP_FAILED
        else { return nil }
        base = UnsafeRawPointer(map)
        size = Int(info.st_size)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

    /// Every entry, in index order, each conflicted path once; nil when libgit2 must read it.
    func files() -> FileList? {
        var reader = IndexReader(
            bytes: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size))
        return reader.read()
    }
}

/// The parser behind `IndexFile`: a cursor over the file's bytes.
private struct IndexReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the entries and extensions end: the trailing checksum starts here.
    var end: Int { bytes.count - 20 }

    func be32(_ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    func be16(_ at: Int) -> UInt16 { UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) }

    mutating func read() -> FileList? {
        guard bytes.count >= 32, be32(0) == 0x4449_5243 else { return nil }  // "DIRC"
        let version = be32(4)
        guard (2...4).contains(version) else { return nil }
        let count = Int(be32(8))
        guard count <= (end - 12) / 62 else { return nil }  // every entry takes at least 62 bytes
        if version != 4 { return readWholePaths(count: count, version: version) }
        var list = FileList()
        list.reserveCapacity(entries: count, pathBytes: count * 48)
        var path: [UInt8] = []  // the previous entry's path, NUL-terminated (version 4 compresses it)
        var at = 12
        for _ in 0..<count {
            guard at + 62 <= end else { return nil }
            let mode = be32(at + 24), size = be32(at + 36)
            guard mode & 0o170000 != 0o040000 else { return nil }  // a sparse-index folder entry: libgit2's business
            let id = ObjectID(raw: bytes.baseAddress! + at + 40)
            let flags = be16(at + 60)
            let name = at + 62 + (flags & 0x4000 != 0 ? 2 : 0)
            let entry = (kind: EntryKind(mode: mode), id: id, size: size, stage: (flags >> 12) & 3)
            // The previous path minus `strip` bytes, then this entry's suffix.
            guard let (strip, suffix) = varint(name), path.isEmpty ? strip == 0 : strip < path.count,
                let nul = nulIndex(from: suffix)
            else { return nil }
            path.removeLast(path.isEmpty ? 0 : strip + 1)
            path.append(contentsOf: bytes[suffix..<(nul + 1)])
            path.withUnsafeBufferPointer {
                keep(UnsafeBufferPointer(rebasing: $0.dropLast()), entry, into: &list)
            }
            at = nul + 1
        }
        return extensionsAreReadable(from: at) ? list : nil
    }

    /// Versions 2 and 3, where each entry holds its whole path: the list's arrays are made at
    /// their final size and filled in place, with no append per entry (the index is read before
    /// any file, on one core: appending cost 100 ns an entry, 2 ms on a 22,000-file repository).
    /// A path's length is in its entry's flags (up to 0xFFF, git's mark for "longer"): a NUL found
    /// there, with none before it, ends the path; else its first NUL does.
    private func readWholePaths(count: Int, version: UInt32) -> FileList? {
        // Each entry's path and its NUL lie in what follows its 62 fixed bytes.
        let pathCapacity = end - 12 - count * 62
        guard pathCapacity >= count else { return nil }
        var starts = [Int32](repeating: 0, count: count), sizes = [UInt32](repeating: 0, count: count)
        var kinds = [EntryKind](repeating: .file, count: count), ids = [ObjectID](repeating: .zero, count: count)
        var kept = 0, at = 12
        var readable = true
        let base = bytes.baseAddress!
        let pathBytes = [UInt8](unsafeUninitializedCapacity: pathCapacity) { out, written in
            written = 0
            for _ in 0..<count {
                let mode = at + 62 <= end ? be32(at + 24) : 0
                let flags = at + 62 <= end ? be16(at + 60) : 0
                var name = at + 62
                if flags & 0x4000 != 0 { name += 2 }
                let stated = name + Int(flags & 0xFFF)
                let nul =
                    stated < end && bytes[stated] == 0
                        && memchr(base + name, 0, stated - name) == nil ? stated : nulIndex(from: name)
                // A sparse-index folder entry (libgit2's business), an extended entry before
                // version 3, a path without its NUL or longer than the room: not this reader's.
                guard at + 62 <= end, mode & 0o170000 != 0o040000, flags & 0x4000 == 0 || version >= 3,
                    let nul, written + nul - name < pathCapacity
                else {
                    readable = false
                    return
                }
                let length = nul - name
                // A conflicted path appears once per stage; only one is kept.
                let duplicate =
                    (flags >> 12) & 3 != 0 && kept > 0 && written - Int(starts[kept - 1]) - 1 == length
                    && memcmp(out.baseAddress! + Int(starts[kept - 1]), base + name, length) == 0
                if !duplicate {
                    (out.baseAddress! + written).initialize(from: base + name, count: length)
                    out[written + length] = 0
                    starts[kept] = Int32(written)
                    kinds[kept] = EntryKind(mode: mode)
                    ids[kept] = ObjectID(raw: base + at + 40)
                    sizes[kept] = be32(at + 36)
                    written += length + 1
                    kept += 1
                }
                at += (nul - at + 8) & ~7
            }
        }
        guard readable, extensionsAreReadable(from: at) else { return nil }
        if kept < count {
            starts.removeLast(count - kept)
            kinds.removeLast(count - kept)
            ids.removeLast(count - kept)
            sizes.removeLast(count - kept)
        }
        return FileList(pathBytes: pathBytes, starts: starts, kinds: kinds, ids: ids, sizes: sizes)
    }

    /// Adds an entry to `list`; a conflicted path appears once per stage, and only one is kept.
    /// (A method, not a function nested in `read`: one that captured `list` made every entry pay
    /// for a run-time exclusivity check.)
    private func keep(
        _ entryPath: UnsafeBufferPointer<UInt8>, _ entry: (kind: EntryKind, id: ObjectID, size: UInt32, stage: UInt16),
        into list: inout FileList
    ) {
        if entry.stage != 0, let start = entryPath.baseAddress,
            isLastPath(of: list, start, length: entryPath.count)
        {
            return
        }
        list.append(pathBytes: entryPath, kind: entry.kind, id: entry.id, size: entry.size)
    }

    func isLastPath(of list: FileList, _ path: UnsafePointer<UInt8>, length: Int) -> Bool {
        guard list.count > 0, list.pathLength(at: list.count - 1) == length else { return false }
        let start = Int(list.starts[list.count - 1])
        return list.pathBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, path, length) == 0 }
    }

    /// False when an extension changes what the entries mean: a split index (`link`) keeps entries
    /// in another file, a sparse index (`sdir`) lists folders.
    func extensionsAreReadable(from start: Int) -> Bool {
        var at = start
        while at + 8 <= end {
            let signature = be32(at)
            if signature == 0x6C69_6E6B || signature == 0x7364_6972 { return false }  // "link", "sdir"
            at += 8 + Int(be32(at + 4))
        }
        return true
    }

    func nulIndex(from start: Int) -> Int? {
        guard start < end, let nul = memchr(bytes.baseAddress! + start, 0, end - start) else { return nil }
        return UnsafeRawPointer(nul) - UnsafeRawPointer(bytes.baseAddress!)
    }

    /// git's offset varint (version 4 path compression): the value and where the suffix starts.
    func varint(_ start: Int) -> (Int, Int)? {
        var at = start
        guard at < end else { return nil }
        var byte = bytes[at]
        var value = Int(byte & 0x7F)
        while byte & 0x80 != 0 {
            at += 1
            guard at < end, value < 1 << 40 else { return nil }
            byte = bytes[at]
            value = ((value + 1) << 7) | Int(byte & 0x7F)
        }
        return (value, at + 1)
    }
}
