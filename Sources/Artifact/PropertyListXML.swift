import Foundation

/// Reads an XML property list (`<plist><dict><key>…`): the prolog (`<?xml?>`, `<!DOCTYPE>`,
/// comments), then one value of `dict`, `array`, `string`, `integer`, `real`, `true`, `false`,
/// `date` and `data`. Text takes the five named entities, character references and CDATA. One pass
/// over the bytes, nesting bounded by `PropertyList.depthCap` and values by `objectCap`.
struct XMLPropertyListReader {
    let bytes: [UInt8]
    let name: String
    var cursor = 0
    var objectsRead = 0

    init(_ bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// The `<plist>` element's one value.
    mutating func document() throws(ArtifactProblem) -> PropertyList {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { cursor = 3 }
        skipMarkup()
        let plist = try openTag()
        guard plist.name == "plist", !plist.empty else { throw problem("expected <plist>") }
        skipMarkup()
        let value = try value(depth: 0)
        skipMarkup()
        try closeTag("plist")
        skipMarkup()
        guard cursor == bytes.count else { throw problem("text after </plist>") }
        return value
    }

    mutating func value(depth: Int) throws(ArtifactProblem) -> PropertyList {
        guard depth < PropertyList.depthCap else {
            throw problem("nests deeper than \(PropertyList.depthCap) levels")
        }
        objectsRead += 1
        guard objectsRead <= PropertyList.objectCap else {
            throw problem("holds more than \(PropertyList.objectCap) values")
        }
        let tag = try openTag()
        switch tag.name {
        case "true", "false":
            if !tag.empty { try closeTag(tag.name) }
            return .boolean(tag.name == "true")
        case "dict": return tag.empty ? .dictionary([:]) : try dictionary(depth: depth)
        case "array":
            var items: [PropertyList] = []
            guard !tag.empty else { return .array(items) }
            while true {
                skipMarkup()
                if atCloseTag { break }
                items.append(try value(depth: depth + 1))
            }
            try closeTag("array")
            return .array(items)
        case "string": return .string(tag.empty ? "" : try text(closing: "string"))
        case "integer": return try integer(tag.empty ? "" : try text(closing: "integer"))
        case "real":
            guard !tag.empty, let value = Double(try text(closing: "real").trimmed) else {
                throw problem("a <real> that is not a number")
            }
            return .real(value)
        case "date":
            let formatter = ISO8601DateFormatter()
            guard !tag.empty, let date = formatter.date(from: try text(closing: "date").trimmed) else {
                throw problem("a <date> that is not ISO 8601 (2027-01-31T12:00:00Z)")
            }
            return .date(date.timeIntervalSinceReferenceDate)
        case "data":
            let encoded = tag.empty ? "" : try text(closing: "data")
            guard let decoded = Data(base64Encoded: String(encoded.unicodeScalars.filter { $0.value > 0x20 })) else {
                throw problem("a <data> that is not base64")
            }
            return .data(Array(decoded))
        default: throw problem("unknown element <\(tag.name)>")
        }
    }

    mutating func dictionary(depth: Int) throws(ArtifactProblem) -> PropertyList {
        var entries: [String: PropertyList] = [:]
        while true {
            skipMarkup()
            if atCloseTag { break }
            let tag = try openTag()
            guard tag.name == "key" else { throw problem("<\(tag.name)> where a <dict> expects <key>") }
            let key = tag.empty ? "" : try text(closing: "key")
            skipMarkup()
            let value = try value(depth: depth + 1)
            guard entries.updateValue(value, forKey: key) == nil else { throw problem("the key \"\(key)\" twice") }
        }
        try closeTag("dict")
        return .dictionary(entries)
    }

    func integer(_ text: String) throws(ArtifactProblem) -> PropertyList {
        let digits = text.trimmed
        if let value = Int64(digits) { return .integer(value) }
        if let value = UInt64(digits) { return .unsignedInteger(value) }
        throw problem("an <integer> \"\(digits.prefix(40))\" that is not a 64-bit integer")
    }

    var atCloseTag: Bool { cursor + 1 < bytes.count && bytes[cursor] == UInt8(ascii: "<") && bytes[cursor + 1] == 0x2F }

    /// Skips white space, `<?…?>`, `<!DOCTYPE …>` and `<!-- … -->`.
    mutating func skipMarkup() {
        while cursor < bytes.count {
            if isSpace(bytes[cursor]) {
                cursor += 1
            } else if starts("<!--") {
                cursor = end(of: "-->", from: cursor + 4) ?? bytes.count
            } else if starts("<?") {
                cursor = end(of: "?>", from: cursor + 2) ?? bytes.count
            } else if starts("<!DOCTYPE") {
                cursor = end(of: ">", from: cursor + 9) ?? bytes.count
            } else {
                return
            }
        }
    }

    /// `<name attributes…>` or `<name …/>`.
    mutating func openTag() throws(ArtifactProblem) -> (name: String, empty: Bool) {
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "<"), !atCloseTag else {
            throw problem("expected an element")
        }
        let nameStart = cursor + 1
        var index = nameStart
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != 0x2F, bytes[index] != UInt8(ascii: ">") {
            index += 1
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        guard index < bytes.count else { throw problem("<\(name.prefix(40)) is not closed") }
        cursor = index + 1
        return (name, bytes[index - 1] == 0x2F)
    }

    mutating func closeTag(_ name: String) throws(ArtifactProblem) {
        guard starts("</" + name) else { throw problem("expected </\(name)>") }
        var index = cursor + 2 + name.utf8.count
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw problem("expected </\(name)>") }
        cursor = index + 1
    }

    /// The text up to `</name>`, entities and CDATA sections resolved.
    mutating func text(closing name: String) throws(ArtifactProblem) -> String {
        var out: [UInt8] = []
        while cursor < bytes.count {
            if starts("<![CDATA[") {
                guard let close = end(of: "]]>", from: cursor + 9) else { throw problem("an unclosed CDATA section") }
                out += bytes[(cursor + 9)..<(close - 3)]
                cursor = close
            } else if bytes[cursor] == UInt8(ascii: "<") {
                break
            } else if bytes[cursor] == UInt8(ascii: "&") {
                out += try entity()
            } else {
                out.append(bytes[cursor])
                cursor += 1
            }
        }
        try closeTag(name)
        guard let text = String(validating: out, as: UTF8.self) else { throw problem("<\(name)> text is not UTF-8") }
        return text
    }

    /// `&lt;`, `&#233;`, `&#xE9;` … at the cursor, as UTF-8.
    mutating func entity() throws(ArtifactProblem) -> [UInt8] {
        var index = cursor + 1
        while index < bytes.count, index - cursor <= 12, bytes[index] != UInt8(ascii: ";") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw problem("an unterminated &entity") }
        let body = String(decoding: bytes[(cursor + 1)..<index], as: UTF8.self)
        cursor = index + 1
        let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let text = named[body] { return Array(text.utf8) }
        var scalar: UInt32?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            scalar = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            scalar = UInt32(body.dropFirst())
        }
        guard let scalar, let character = Unicode.Scalar(scalar) else { throw problem("an unknown entity &\(body);") }
        return Array(String(character).utf8)
    }

    /// The index just past the next `marker` from `start`; nil when there is none.
    func end(of marker: String, from start: Int) -> Int? {
        let pattern = Array(marker.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index + pattern.count
            }
            index += 1
        }
        return nil
    }

    func starts(_ marker: String) -> Bool { bytes[cursor...].starts(with: marker.utf8) }

    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    func problem(_ what: String) -> ArtifactProblem {
        ArtifactProblem("\(name): XML plist at byte \(cursor): \(what)")
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
