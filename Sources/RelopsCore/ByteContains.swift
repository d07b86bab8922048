import Foundation

/// True when `haystack` holds `needle`'s UTF-8 bytes: `memchr` finds each candidate first byte
/// (vectorised in libc), `memcmp` checks the rest. For looking for a marker in a file's bytes
/// before any `String` is made.
public func bytesContain(_ haystack: some ContiguousBytes, _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return true }
    return haystack.withUnsafeBytes { bytes in
        pattern.withUnsafeBytes { p in
            guard let base = bytes.baseAddress, let n = p.baseAddress else { return false }
            var offset = 0
            while bytes.count - offset >= pattern.count,
                let hit = memchr(base + offset, Int32(first), bytes.count - offset - pattern.count + 1)
            {
                if memcmp(hit, n, pattern.count) == 0 { return true }
                offset = base.distance(to: UnsafeRawPointer(hit)) + 1
            }
            return false
        }
    }
}

/// True when `text` holds `needle` byte for byte, with no Foundation `String` search (which
/// bridges to `CFStringFind`, and compares canonically equivalent characters as equal): for paths
/// and ASCII markers.
public func textContains(_ text: String, _ needle: String) -> Bool {
    var text = text
    return text.withUTF8 { bytesContain(UnsafeRawBufferPointer($0), needle) }
}
