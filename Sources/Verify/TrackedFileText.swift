import Foundation

/// Reading tracked files for the repository checks: the bytes are searched for a marker before any
/// `String` is made, so the thousands of source files that hold none cost one read and one
/// `memmem` each.
enum TrackedFileText {
    /// Files larger than this are not read (4 MiB: no manifest, plist or settings file is that big).
    static let sizeCap = 4 << 20

    /// The file's text when it holds one of `markers` (any, when `markers` is empty); nil when it
    /// is unreadable, too big, or holds none.
    static func read(_ path: String, containing markers: [String] = []) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= sizeCap else { return nil }
        guard markers.isEmpty || markers.contains(where: { contains(data, $0) }) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// True when `data` holds `needle`'s UTF-8 bytes.
    static func contains(_ data: Data, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        return data.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { bytes in
                guard let base = haystack.baseAddress, let p = bytes.baseAddress else { return false }
                // memchr finds each candidate first byte (vectorised in libc), memcmp checks the rest.
                var offset = 0
                while haystack.count - offset >= pattern.count,
                    let hit = memchr(base + offset, Int32(first), haystack.count - offset - pattern.count + 1)
                {
                    if memcmp(hit, p, pattern.count) == 0 { return true }
                    offset = base.distance(to: UnsafeRawPointer(hit)) + 1
                }
                return false
            }
        }
    }
}
