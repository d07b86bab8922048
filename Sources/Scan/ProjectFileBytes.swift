import RelopsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lookups over a project file's UTF-8 bytes (`.csproj`, `build.gradle`): no `String` of the
/// whole file. Project files are small; each lookup is one exact search over the bytes, or over
/// a copy with ASCII capitals made small when it ignores case (made once, with the value).
struct ProjectFileBytes {
    let bytes: [UInt8]
    /// `bytes` with `A`-`Z` as `a`-`z` and every other byte as it is.
    private let folded: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A plain loop over the buffers, which the compiler turns into vector code (`map` with a
        // closure is one byte at a time).
        folded = [UInt8](unsafeUninitializedCapacity: bytes.count) { out, count in
            bytes.withUnsafeBufferPointer { from in
                for i in 0..<from.count { out[i] = ByteSearch.fold(from[i]) }
            }
            count = bytes.count
        }
    }

    /// True when `needle` occurs; with `ignoringCase`, ASCII letters match either case
    /// (`needle` must then be lower-case ASCII).
    func contains(_ needle: String, ignoringCase: Bool = false) -> Bool {
        firstIndex(of: Array(needle.utf8), from: 0, to: bytes.count, ignoringCase: ignoringCase) != nil
    }

    /// Calls `body` with the bytes, ASCII capitals made small.
    func withFoldedBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { folded.withUnsafeBufferPointer(body) }

    /// Where `needle` first starts in `bytes[from..<to]` (with `ignoringCase`, see `contains`).
    func firstIndex(of needle: [UInt8], from: Int, to: Int, ignoringCase: Bool = false) -> Int? {
        guard !needle.isEmpty, from >= 0, to <= bytes.count, to - from >= needle.count else { return nil }
        // Case-blind is exact over the folded copy: the needle is folded already.
        return (ignoringCase ? folded : bytes).withUnsafeBufferPointer {
            ByteSearch.firstIndex(of: needle, in: $0, from: from, to: to, ignoringCase: false)
        }
    }

    /// The values of `attributes` on every `<element ...>` tag (MSBuild items such as
    /// `<EmbeddedResource Include="a.json;b.json" />`), split at `;` and trimmed, in file order per
    /// tag. Element names are case-sensitive, as MSBuild writes them.
    func attributeValues(element: String, attributes: [String]) -> [String] {
        attributeValues(elements: [element], attributes: attributes)[0]
    }

    /// `attributeValues(element:attributes:)` of each of `elements`, from one pass over the tags
    /// (a project file is full of them: one search per element would stop at each).
    func attributeValues(elements: [String], attributes: [String]) -> [[String]] {
        attributeValues(TagQuery(elements.map { ($0, attributes) }))
    }

    /// The values of each element's own attributes (`TagQuery`), from one pass over the tags.
    func attributeValues(_ query: TagQuery) -> [[String]] {
        let opens = query.opens, names = query.names
        var values = [[String]](repeating: [], count: opens.count)
        // Where each element's next tag may start: past the last one's `>`.
        var resume = [Int](repeating: 0, count: opens.count)
        bytes.withUnsafeBufferPointer { hay in
            guard let base = hay.baseAddress else { return }
            var at = 0
            while at < hay.count, let found = memchr(base + at, 0x3C, hay.count - at) {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                at = start + 1
                // Most tags name no element asked for: their first letter tells, without a compare.
                guard at < hay.count, query.firstBytes[Int(hay[at])] else { continue }
                for (e, open) in opens.enumerated() where start >= resume[e] {
                    let after = start + 1 + open.count
                    guard after < hay.count, memcmp(base + start + 1, open, open.count) == 0, isSpace(hay[after]),
                        let close = memchr(base + after, 0x3E, hay.count - after)
                    else { continue }
                    let end = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
                    for (name, quote) in names[e] {
                        values[e] += attributeValue(name, quote: quote, tag: after..<end)
                    }
                    resume[e] = end
                }
            }
        }
        return values
    }

    /// `name` (`attribute=quote`) inside `tag`, after a space, newline or tab: its value up to the
    /// closing `quote`, split at `;`.
    private func attributeValue(_ name: [UInt8], quote: UInt8, tag: Range<Int>) -> [String] {
        var valueStart: Int?
        var from = tag.lowerBound + 1
        while let found = firstIndex(of: name, from: from, to: tag.upperBound) {
            let before = bytes[found - 1]
            if before == 0x20 || before == 0x0A || before == 0x09 {
                valueStart = found + name.count
                break
            }
            from = found + 1
        }
        guard let valueStart, let end = bytes[valueStart..<tag.upperBound].firstIndex(of: quote) else {
            return []
        }
        return bytes[valueStart..<end].split(separator: UInt8(ascii: ";")).map {
            String(decoding: $0, as: UTF8.self).trimmingWhitespace()
        }
    }
}

/// The attributes of MSBuild elements that one pass over a project file's tags reads
/// (`ProjectFileBytes.attributeValues(_:)`), as bytes, made once.
struct TagQuery {
    /// Each element's name.
    let opens: [[UInt8]]
    /// Each element's `Name="` and `Name='` for each of its attributes, with the quote.
    let names: [[(name: [UInt8], quote: UInt8)]]
    /// Whether a byte starts one of the elements' names, by byte value.
    let firstBytes: [Bool]

    init(_ wanted: [(element: String, attributes: [String])]) {
        opens = wanted.map { Array($0.element.utf8) }
        names = wanted.map { _, attributes in
            attributes.flatMap { attribute in
                [UInt8(ascii: "\""), UInt8(ascii: "'")].map { (Array(attribute.utf8) + [UInt8(ascii: "="), $0], $0) }
            }
        }
        var first = [Bool](repeating: false, count: 256)
        for open in opens { if let byte = open.first { first[Int(byte)] = true } }
        firstBytes = first
    }
}

@inline(__always) private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}
