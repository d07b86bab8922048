import RelopsCore

/// One line of a unified diff.
public struct DiffLine: Sendable, Equatable {
    public enum Kind: Sendable { case fileHeader, hunkHeader, context, removed, added }
    public let kind: Kind
    public let text: String
}

/// A unified diff (3 lines of context) between two versions of a file whose line structure is
/// the same, as a cutover's in-line replacements leave it. Line ends are not shown.
public func unifiedDiff(path: String, old: [UInt8], new: [UInt8], context: Int = 3) -> [DiffLine] {
    let a = splitLines(old), b = splitLines(new)
    // Quoted and escaped as git does when the name holds a newline, a quote or a backslash.
    let headers = [
        DiffLine(kind: .fileHeader, text: "--- " + escapedText("a/" + path)),
        DiffLine(kind: .fileHeader, text: "+++ " + escapedText("b/" + path)),
    ]
    guard a.count == b.count else {
        return headers + a.map { DiffLine(kind: .removed, text: "-" + $0) }
            + b.map { DiffLine(kind: .added, text: "+" + $0) }
    }
    let changed = a.indices.filter { a[$0] != b[$0] }
    guard !changed.isEmpty else { return [] }
    var lines = headers
    var i = 0
    while i < changed.count {
        var j = i
        while j + 1 < changed.count && changed[j + 1] - changed[j] <= 2 * context + 1 { j += 1 }
        let start = max(0, changed[i] - context), end = min(a.count - 1, changed[j] + context)
        let length = end - start + 1
        lines.append(DiffLine(kind: .hunkHeader, text: "@@ -\(start + 1),\(length) +\(start + 1),\(length) @@"))
        for k in start...end {
            if a[k] == b[k] {
                lines.append(DiffLine(kind: .context, text: " " + a[k]))
            } else {
                lines.append(DiffLine(kind: .removed, text: "-" + a[k]))
                lines.append(DiffLine(kind: .added, text: "+" + b[k]))
            }
        }
        i = j + 1
    }
    return lines
}

private func splitLines(_ bytes: [UInt8]) -> [String] {
    // A UTF-16 or UTF-32 file shows as its text, where the cutover edits it.
    if TextEncoding(announcedBy: bytes) != nil { return splitUTF8Lines(searchedText(bytes)) }
    return splitUTF8Lines(bytes)
}

private func splitUTF8Lines(_ bytes: [UInt8]) -> [String] {
    var lines: [String] = []
    var start = 0
    for (i, byte) in bytes.enumerated() where byte == 0x0A {
        var end = i
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
        start = i + 1
    }
    if start < bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
    return lines
}
