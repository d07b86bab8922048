/// A `Revision (DATE)` section already in a document: where it is and what it lists.
struct RevisionSection {
    /// The text of each numbered item (`3. text` gives `text`), in order.
    let items: [String]
    /// The highest item number, and the end (after its line ending) of the last item's line.
    let lastNumber: Int
    let insertAt: Int
}

extension RevisionNote {
    /// The `Revision (DATE)` section of this note's date, if the document has one.
    func revisionSection(in bytes: [UInt8]) -> RevisionSection? {
        let lines = splitLines(bytes)
        guard let heading = lines.firstIndex(where: { revisionHeading(bytes[$0.range]) == date }) else { return nil }
        var items: [String] = []
        var lastNumber = 0
        var insertAt = fullEnd(lines[heading], bytes)
        for index in heading..<lines.count {
            let line = lines[index]
            if index > heading && (bytes[line.range].first == 0x23 || revisionHeading(bytes[line.range]) != nil) {
                break
            }
            guard let (number, text) = numberedItem(bytes[line.range]) else { continue }
            items.append(text)
            lastNumber = max(lastNumber, number)
            insertAt = fullEnd(line, bytes)
        }
        return RevisionSection(items: items, lastNumber: lastNumber, insertAt: insertAt)
    }

    /// Adds the items the section does not list yet after its last item, numbered on, and
    /// raises the count of the Status paragraph's "Revised DATE (N anchors re-pinned" by the
    /// anchors re-pinned now. Nothing new leaves the bytes as they are.
    func amend(_ bytes: [UInt8], section: RevisionSection, lineEnding: String, items: [String], rewritten: Int)
        -> [UInt8]
    {
        let fresh = items.filter { !section.items.contains($0) }
        guard !fresh.isEmpty else { return bytes }
        var text: [UInt8] = []
        if section.insertAt == bytes.count, let last = bytes.last, last != 0x0A { text += Array(lineEnding.utf8) }
        for (offset, item) in fresh.enumerated() {
            text += Array("\(section.lastNumber + offset + 1). \(item)\(lineEnding)".utf8)
        }
        var out = bytes
        out.insert(contentsOf: text, at: section.insertAt)
        return raisedRevisedCount(out, by: rewritten)
    }

    /// "Revised DATE (N anchors re-pinned" with N raised by `count`; the bytes as they are when
    /// the document has no such sentence.
    private func raisedRevisedCount(_ bytes: [UInt8], by count: Int) -> [UInt8] {
        let marker = Array("Revised \(date) (".utf8)
        guard count > 0, let at = firstIndex(of: marker, in: bytes) else { return bytes }
        let digits = at + marker.count
        var end = digits
        while end < bytes.count && isDigit(bytes[end]) { end += 1 }
        guard end > digits, let old = Int(String(decoding: bytes[digits..<end], as: UTF8.self)),
            bytes[end...].starts(with: Array(" anchor".utf8))
        else { return bytes }
        var out = bytes
        var replacement = Array("\(old + count) anchor".utf8)
        var tail = end + " anchor".utf8.count
        if old == 1 && tail < out.count && out[tail] != 0x73 { replacement += [0x73] }
        if old != 1 && tail < out.count && out[tail] == 0x73 { tail += 1; replacement += [0x73] }
        out.replaceSubrange(digits..<tail, with: replacement)
        return out
    }
}

/// `N. text` as (N, text); nil for any other line.
func numberedItem(_ line: ArraySlice<UInt8>) -> (Int, String)? {
    var i = line.startIndex
    while i < line.endIndex && isDigit(line[i]) { i += 1 }
    guard i > line.startIndex, i + 1 < line.endIndex, line[i] == 0x2E, line[i + 1] == 0x20,
        let number = Int(String(decoding: line[line.startIndex..<i], as: UTF8.self))
    else { return nil }
    return (number, String(decoding: line[(i + 2)...], as: UTF8.self))
}

/// The end of a line including its line ending.
private func fullEnd(_ line: LineSpan, _ bytes: [UInt8]) -> Int {
    var end = line.range.upperBound
    if end < bytes.count && bytes[end] == 0x0D { end += 1 }
    if end < bytes.count && bytes[end] == 0x0A { end += 1 }
    return end
}

/// The first offset of `needle` in `haystack`.
private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard let first = needle.first, needle.count <= haystack.count else { return nil }
    for i in 0...(haystack.count - needle.count) where haystack[i] == first {
        if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
    }
    return nil
}
