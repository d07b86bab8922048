import Foundation
import Git

/// Reads a whole file with open/fstat/read; nil when it cannot be opened or read. Cheaper than
/// `FileManager.contents(atPath:)` for the many small files a cutover reads.
public func readFile(_ path: String) -> [UInt8]? {
    let fd = withFileSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
    var total = 0
    while true {
        if total == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
        if n < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if n == 0 { break }
        total += n
    }
    bytes.removeSubrange(total...)
    return bytes
}

/// The folder part of a `/`-separated path ("" when there is none), without Foundation's bridging.
public func folderOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last component of a `/`-separated path.
public func nameOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
