import CSystemCalls
import Foundation

/// A whole file's bytes, sized by `fstat` and read in one go (the Git module cannot use
/// RelopsCore's reader: RelopsCore sits above it). Nil when the file cannot be opened or read,
/// is longer than `maximum` bytes, or changes size while it is read.
func readWholeFile(_ path: String, maximum: Int = .max) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size <= maximum else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    let (total, error) = bytes.withUnsafeMutableBytes { readFromFile(fd, into: $0, at: 0) }
    guard error == 0, total == bytes.count else { return nil }
    return bytes
}

/// The one read loop of relops: reads the open file `fd` into `buffer` from offset `start` until
/// the buffer is full, the file ends, or a read brings the count to `stop` (a size the caller
/// knows, which saves the read that would only see the end); an interrupted read is retried.
/// Returns how many bytes the buffer holds, and 0 or the `errno` of a read that failed. Whole files
/// (`readWholeFile`, RelopsCore's `readFile`) and scan's reusable buffer are read through it, with
/// the system call made directly (no cancellation point: see `CSystemCalls`).
public func readFromFile(
    _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at start: Int, stoppingAt stop: Int = -1
)
    -> (count: Int, error: Int32)
{
    guard let base = buffer.baseAddress else { return (start, 0) }
    var count = start
    while count < buffer.count {
        let n = relops_read_direct(fd, base + count, buffer.count - count)
        if n < 0 {
            if errno == EINTR { continue }
            return (count, errno)
        }
        if n == 0 { break }
        count += n
        if count == stop { break }
    }
    return (count, 0)
}
