import RelopsCore

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
        let open = Array(("<" + element).utf8)
        // `Name="` and `Name='` of each attribute, made once for every tag.
        let names = attributes.flatMap { attribute in
            [UInt8(ascii: "\""), UInt8(ascii: "'")].map { (Array(attribute.utf8) + [UInt8(ascii: "="), $0], $0) }
        }
        var values: [String] = []
        var at = 0
        while let start = firstIndex(of: open, from: at, to: bytes.count) {
            let after = start + open.count
            guard after < bytes.count, isSpace(bytes[after]),
                let close = firstIndex(of: closingBracket, from: after, to: bytes.count)
            else {
                at = after
                continue
            }
            for (name, quote) in names {
                values += attributeValue(name, quote: quote, tag: after..<close)
            }
            at = close
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

private let closingBracket = [UInt8(ascii: ">")]

@inline(__always) private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}
