import RelopsCore

/// Lookups over a project file's UTF-8 bytes (`.csproj`, `build.gradle`): no `String` of the
/// whole file, no lower-cased copy. Project files are small; each lookup is one pass.
struct ProjectFileBytes {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// True when `needle` occurs; with `ignoringCase`, ASCII letters match either case
    /// (`needle` must then be lower-case ASCII).
    func contains(_ needle: String, ignoringCase: Bool = false) -> Bool {
        firstIndex(of: Array(needle.utf8), from: 0, to: bytes.count, ignoringCase: ignoringCase) != nil
    }

    /// Where `needle` first starts in `bytes[from..<to]` (with `ignoringCase`, see `contains`).
    func firstIndex(of needle: [UInt8], from: Int, to: Int, ignoringCase: Bool = false) -> Int? {
        bytes.withUnsafeBufferPointer {
            ByteSearch.firstIndex(of: needle, in: $0, from: from, to: to, ignoringCase: ignoringCase)
        }
    }

    /// The values of `attributes` on every `<element ...>` tag (MSBuild items such as
    /// `<EmbeddedResource Include="a.json;b.json" />`), split at `;` and trimmed, in file order per
    /// tag. Element names are case-sensitive, as MSBuild writes them.
    func attributeValues(element: String, attributes: [String]) -> [String] {
        let open = Array(("<" + element).utf8)
        var values: [String] = []
        var at = 0
        while let start = firstIndex(of: open, from: at, to: bytes.count) {
            let after = start + open.count
            guard after < bytes.count, isSpace(bytes[after]),
                let close = firstIndex(of: [UInt8(ascii: ">")], from: after, to: bytes.count)
            else {
                at = after
                continue
            }
            for attribute in attributes {
                for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                    values += attributeValue(attribute, quote: quote, tag: after..<close)
                }
            }
            at = close
        }
        return values
    }

    /// `attribute=quote...quote` inside `tag` (after a space, newline or tab), split at `;`.
    private func attributeValue(_ attribute: String, quote: UInt8, tag: Range<Int>) -> [String] {
        let name = Array(attribute.utf8) + [UInt8(ascii: "="), quote]
        var valueStart: Int?
        for space in [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")] {
            if let found = firstIndex(of: [space] + name, from: tag.lowerBound, to: tag.upperBound) {
                valueStart = found + 1 + name.count
                break
            }
        }
        guard let valueStart, let end = firstIndex(of: [quote], from: valueStart, to: tag.upperBound) else {
            return []
        }
        return bytes[valueStart..<end].split(separator: UInt8(ascii: ";")).map {
            String(decoding: $0, as: UTF8.self).trimmingWhitespace()
        }
    }
}

@inline(__always) private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}
