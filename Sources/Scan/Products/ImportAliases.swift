import RelopsCore

/// The babel configuration files whose `module-resolver` aliases Metro's imports go through.
let babelConfigNames = [
    "babel.config.js", "babel.config.cjs", "babel.config.mjs", "babel.config.json", ".babelrc", ".babelrc.js",
    ".babelrc.json",
]

/// The import aliases of a React Native or Expo project, as its build resolves them before Metro
/// looks for a file: babel's `module-resolver` plugin (`alias: { '@utils': './app/utils' }`, and
/// its `root` folders for bare names) and TypeScript's `compilerOptions.paths` (`"@utils/*":
/// ["app/utils/*"]`, from `baseUrl`), which Expo's Metro reads and bare apps mirror in babel.
/// Targets are repository paths.
struct ImportAliases: Sendable, Equatable {
    /// `@utils` -> `app/utils`: the specifier `@utils`, or `@utils/` followed by more.
    var prefixes: [(alias: String, target: String)] = []
    /// `@utils/*` -> `app/utils/*` (one `*`), or an exact name -> its targets.
    var patterns: [(pattern: String, targets: [String])] = []
    /// Folders a bare specifier is also looked for in (`root: ['./src']`).
    var roots: [String] = []

    static func == (a: ImportAliases, b: ImportAliases) -> Bool {
        a.prefixes.map { [$0.alias, $0.target] } == b.prefixes.map { [$0.alias, $0.target] }
            && a.patterns.map { [$0.pattern] + $0.targets } == b.patterns.map { [$0.pattern] + $0.targets }
            && a.roots == b.roots
    }

    var isEmpty: Bool { prefixes.isEmpty && patterns.isEmpty && roots.isEmpty }

    /// Reads the babel configuration text of a project in `folder` (repository path).
    mutating func readBabel(_ text: String, folder: String) {
        guard ByteSearch.contains("module-resolver", in: text) else { return }
        if let block = Self.block(after: "alias", in: text) {
            let pairs = Self.pairs(#"["']?([@~$A-Za-z0-9_./-]+)["']?\s*:\s*["']([^"'\n]+)["']"#, in: block)
            for (alias, target) in pairs where !alias.hasPrefix("^") {
                if let resolved = resolve(target, from: folder) { prefixes.append((alias, resolved)) }
            }
        }
        if let list = captures(#"\broot\s*:\s*\[([^\]]*)\]"#, in: text, holding: ["root"]).first {
            roots += Self.strings(in: list).compactMap { resolve($0, from: folder) }
        }
        prefixes.sort { $0.alias.count > $1.alias.count }  // the most specific alias first
    }

    /// Reads a `tsconfig.json` or `jsconfig.json` of a project in `folder`.
    mutating func readTSConfig(_ text: String, folder: String) {
        guard ByteSearch.contains("\"paths\"", in: text), let block = Self.block(after: "\"paths\"", in: text) else {
            return
        }
        let base = captures(#""baseUrl"\s*:\s*"([^"]+)""#, in: text, holding: ["baseUrl"]).first ?? "."
        guard let baseFolder = resolve(base, from: folder) else { return }
        for (pattern, list) in Self.pairs(#""([^"\n]+)"\s*:\s*\[([^\]]*)\]"#, in: block) {
            let targets = Self.strings(in: list).compactMap { resolve($0, from: baseFolder) }
            if !targets.isEmpty { patterns.append((pattern, targets)) }
        }
        patterns.sort { $0.pattern.count > $1.pattern.count }  // the most specific pattern first
    }

    /// The repository paths (without extension) `specifier` may name through an alias, most
    /// specific alias first; empty when no alias matches.
    func targets(for specifier: String) -> [String] {
        var found: [String] = []
        for (pattern, targets) in patterns {
            if let star = pattern.firstIndex(of: "*") {
                let head = pattern[..<star], tail = pattern[pattern.index(after: star)...]
                guard specifier.count >= head.count + tail.count, specifier.hasPrefix(head), specifier.hasSuffix(tail)
                else { continue }
                let middle = specifier.dropFirst(head.count).dropLast(tail.count)
                found += targets.map { $0.replacingFirst("*", with: String(middle)) }
            } else if specifier == pattern {
                found += targets
            }
        }
        for (alias, target) in prefixes {
            if specifier == alias {
                found.append(target)
            } else if specifier.hasPrefix(alias + "/") {
                found.append(target + specifier.dropFirst(alias.count))
            }
        }
        return found
    }

    /// The text between the braces of the object after `key` (`alias: { ... }`), nested braces kept.
    private static func block(after key: String, in text: String) -> String? {
        let bytes = Array(text.utf8), needle = Array(key.utf8)
        var at = 0
        while at + needle.count <= bytes.count {
            guard bytes[at..<at + needle.count].elementsEqual(needle) else {
                at += 1
                continue
            }
            var k = at + needle.count
            while k < bytes.count && (bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D) {
                k += 1
            }
            guard k < bytes.count, bytes[k] == UInt8(ascii: ":") else {
                at += 1
                continue
            }
            guard let open = bytes[k...].firstIndex(of: UInt8(ascii: "{")) else { return nil }
            var depth = 0
            for end in open..<bytes.count {
                if bytes[end] == UInt8(ascii: "{") { depth += 1 }
                if bytes[end] == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return String(decoding: bytes[(open + 1)..<end], as: UTF8.self) }
                }
            }
            return nil
        }
        return nil
    }

    /// The first two groups of each match of `pattern` in `text`.
    private static func pairs(_ pattern: String, in text: String) -> [(String, String)] {
        guard let regex = regex(pattern) else { return [] }
        return text.matches(of: regex).compactMap { match in
            guard let first = match.output[1].substring, let second = match.output[2].substring else { return nil }
            return (String(first), String(second))
        }
    }

    /// The quoted strings of a list: `'./src', "./app"` -> `["./src", "./app"]`.
    private static func strings(in list: String) -> [String] {
        captures(#"["']([^"'\n]+)["']"#, in: list, holding: []).filter { !$0.isEmpty }
    }
}

extension String {
    /// The string with its first `target` replaced by `replacement`.
    fileprivate func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let at = firstIndex(of: target) else { return self }
        return String(self[..<at]) + replacement + String(self[self.index(after: at)...])
    }
}
