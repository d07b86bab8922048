import RelopsCore

/// A JavaScript or TypeScript config file read as data (`webpack.config.js`, `vite.config.ts`):
/// its comments blanked, the values of its object keys found by name with brackets balanced.
/// Nothing is evaluated: a value that is not a string literal, or a
/// `path.resolve(__dirname, '...')`/`path.join(...)` of them, is computed and reads as nil.
struct JSConfigText {
    let bytes: [UInt8]

    init(_ text: String) {
        var out = Array(text.utf8.prefix(512 * 1024))
        var k = 0
        var quote: UInt8 = 0
        while k < out.count {
            let b = out[k]
            if quote != 0 {
                if b == UInt8(ascii: "\\") {
                    k += 2
                    continue
                }
                if b == quote || b == 0x0A { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "`") {
                quote = b
            } else if b == UInt8(ascii: "/"), k + 1 < out.count, out[k + 1] == UInt8(ascii: "/") {
                while k < out.count && out[k] != 0x0A {
                    out[k] = 0x20
                    k += 1
                }
                continue
            } else if b == UInt8(ascii: "/"), k + 1 < out.count, out[k + 1] == UInt8(ascii: "*") {
                while k < out.count
                    && !(out[k] == UInt8(ascii: "*") && k + 1 < out.count && out[k + 1] == UInt8(ascii: "/"))
                {
                    if out[k] != 0x0A { out[k] = 0x20 }
                    k += 1
                }
                if k + 1 < out.count { (out[k], out[k + 1]) = (0x20, 0x20) }
                k += 2
                continue
            }
            k += 1
        }
        bytes = out
    }

    /// The source text of every value of key `key` (`key: value`, `"key": value`), brackets balanced.
    func values(of key: String) -> [String] {
        let name = Array(key.utf8)
        var found: [String] = []
        var k = 0
        while k + name.count <= bytes.count {
            defer { k += 1 }
            guard bytes[k..<(k + name.count)].elementsEqual(name) else { continue }
            if k > 0, isIdentifier(bytes[k - 1]) { continue }
            var at = k + name.count
            if at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") {
                guard k > 0, bytes[k - 1] == bytes[at] else { continue }
                at += 1
            } else if k > 0, bytes[k - 1] == UInt8(ascii: "\"") || bytes[k - 1] == UInt8(ascii: "'") {
                continue
            }
            while at < bytes.count && (bytes[at] == 0x20 || bytes[at] == 0x09) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { continue }
            at += 1
            found.append(valueText(from: at))
        }
        return found
    }

    /// The text from `start` to the `,`, `}` or `]` that ends the value at depth 0.
    private func valueText(from start: Int) -> String {
        var depth = 0
        var quote: UInt8 = 0
        var k = start
        while k < bytes.count {
            let b = bytes[k]
            if quote != 0 {
                if b == UInt8(ascii: "\\") { k += 1 } else if b == quote { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "`") {
                quote = b
            } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") || b == UInt8(ascii: "(") {
                depth += 1
            } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
            } else if (b == UInt8(ascii: ",") || b == UInt8(ascii: ";")) && depth == 0 {
                break
            }
            k += 1
        }
        return String(decoding: bytes[start..<k], as: UTF8.self).trimmingWhitespace()
    }

    private func isIdentifier(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "$") || b == UInt8(ascii: ".")
    }
}

/// The string literals of a value's text, in order (`'./src/a.js'`, `"b"`; a template literal
/// with `${` is none).
func stringLiterals(_ value: String) -> [String] {
    var found: [String] = []
    var current: [UInt8] = []
    var quote: UInt8 = 0
    var templated = false
    var bytes = Array(value.utf8).makeIterator()
    while let b = bytes.next() {
        if quote == 0 {
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "`") {
                (quote, current) = (b, [])
            }
            continue
        }
        if b == UInt8(ascii: "\\"), let next = bytes.next() {
            current.append(next)
        } else if b == quote {
            if !templated { found.append(String(decoding: current, as: UTF8.self)) }
            (quote, templated) = (0, false)
        } else {
            if b == UInt8(ascii: "{"), quote == UInt8(ascii: "`"), current.last == UInt8(ascii: "$") {
                templated = true
            }
            current.append(b)
        }
    }
    return found
}

/// A path value of a config in `folder`, read as data: `'dist'`, `path.resolve(__dirname, 'dist')`,
/// `path.join(__dirname, '..', 'www')`, `resolve(__dirname, 'www')`, `fileURLToPath(new URL('./www',
/// import.meta.url))`. nil when computed (a variable, `process.env`, a call of anything else) or
/// outside the repository.
func configPath(_ value: String, folder: String) -> String? {
    let literals = stringLiterals(value)
    let plain = value.first == "'" || value.first == "\"" || value.first == "`"
    if plain {
        guard literals.count == 1, value.utf8.count == literals[0].utf8.count + 2 else { return nil }
        return resolve(literals[0], from: folder)
    }
    let calls = ["path.resolve(__dirname", "path.join(__dirname", "resolve(__dirname", "join(__dirname"]
    let urls = ["fileURLToPath(new URL(", "new URL("]
    let compact = value.filter { $0 != " " && $0 != "\n" && $0 != "\t" }
    guard calls.contains(where: { compact.hasPrefix($0 + ",") }) || urls.contains(where: { compact.hasPrefix($0) }),
        !literals.isEmpty, !compact.contains("process.env"), !compact.contains("${")
    else { return nil }
    let parts = urls.contains(where: { compact.hasPrefix($0) }) ? [literals[0]] : literals
    return resolve(parts.joined(separator: "/"), from: folder)
}
