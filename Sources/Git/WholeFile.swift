import Foundation

/// A whole file's bytes, sized by `fstat` and read in one go (the Git module cannot use
/// RelopsCore's reader: RelopsCore sits above it). Nil when the file cannot be opened or read,
/// is shorter than `minimum` or longer than `maximum` bytes, or changes size while it is read.
func readWholeFile(_ path: String, minimum: Int = 0, maximum: Int = .max) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size >= minimum, info.st_size <= maximum else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var total = 0
    while total < bytes.count {
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + total, $0.count - total) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return nil }
        total += n
    }
    return bytes
}
