import Foundation
import Git

/// Reads a whole file with open/fstat/read; nil when it cannot be opened or read. Cheaper than
/// `FileManager.contents(atPath:)` for the many small files a cutover reads.
public func readFile(_ path: String) -> [UInt8]? {
    readFileAndStatus(path)?.bytes
}

/// Reads a whole file and returns its `fstat` from the same open file, so the status describes the
/// bytes read (taken again when the file grew or shrank while it was read); nil when it cannot be
/// opened or read.
public func readFileAndStatus(_ path: String) -> (bytes: [UInt8], status: stat)? {
    let fd = withFileSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    // One byte more than the size, so a file read whole needs no second buffer to see its end.
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var total = 0
    while true {
        if total == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
        let (count, error) = bytes.withUnsafeMutableBytes { readFromFile(fd, into: $0, at: total) }
        guard error == 0 else { return nil }
        total = count
        // Short of full: the file ended.
        if total < bytes.count { break }
    }
    bytes.removeSubrange(total...)
    if total != Int(info.st_size) { fstat(fd, &info) }
    return (bytes, info)
}

/// The folder part of a `/`-separated path ("" when there is none), without Foundation's bridging.
/// The slash is found in the UTF-8 bytes (a `Character` search costs ~4,000 instructions a path).
public func folderOf(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: 0x2F) else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last component of a `/`-separated path.
public func nameOf(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: 0x2F) else { return path }
    return String(path[path.utf8.index(after: slash)...])
}
