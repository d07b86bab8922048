import Foundation

/// A JAR manifest or signature file (`META-INF/MANIFEST.MF`, `META-INF/*.SF`): a main section and
/// named sections, each kept with its exact bytes, since the signature file digests them.
struct JarManifest {
    struct Section {
        /// The `Name:` attribute; nil for the main section.
        let name: String?
        /// Attribute names (as written) and values, continuation lines joined.
        let attributes: [(name: String, value: String)]
        /// The section's bytes, its terminating empty line included.
        let bytes: ArraySlice<UInt8>

        func value(_ name: String) -> String? {
            attributes.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    let bytes: [UInt8]
    let main: Section
    let sections: [Section]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var sections: [Section] = []
        var start = 0
        var lines: [[UInt8]] = []
        var i = 0
        func close(_ end: Int) {
            if !lines.isEmpty || end > start {
                sections.append(JarManifest.section(lines, bytes: bytes[start..<end]))
            }
            lines = []
            start = end
        }
        while i < bytes.count {
            var end = i
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            let line = Array(bytes[i..<end])
            var next = end
            if next < bytes.count && bytes[next] == 0x0D { next += 1 }
            if next < bytes.count && bytes[next] == 0x0A { next += 1 }
            i = next
            if line.isEmpty {
                close(min(i, bytes.count))
            } else if line.first == 0x20, !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(line)
            }
        }
        close(bytes.count)
        main = sections.first ?? Section(name: nil, attributes: [], bytes: [])
        self.sections = Array(sections.dropFirst())
    }

    static func section(_ lines: [[UInt8]], bytes: ArraySlice<UInt8>) -> Section {
        var attributes: [(String, String)] = []
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.range(of: ": ") else { continue }
            attributes.append((String(text[..<colon.lowerBound]), String(text[colon.upperBound...])))
        }
        let name = attributes.first { $0.0.caseInsensitiveCompare("Name") == .orderedSame }?.1
        return Section(name: name, attributes: attributes, bytes: bytes)
    }

    func section(named name: String) -> Section? { sections.first { $0.name == name } }
}
