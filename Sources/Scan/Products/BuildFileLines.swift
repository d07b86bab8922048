import RelopsCore

// What one line or statement of a build file does: code generator inputs, test file names,
// `tools:` attributes, xcconfig keys, the Gradle statements that ship, Rust test items.

/// The code generator whose configuration the file is: GraphQL Code Generator and GraphQL
/// config files, Apollo's (`apollo.config.js`, Apollo iOS `apollo-codegen-config.json`),
/// openapi-generator-cli's `openapitools.json`; nil for any other file.
func codeGeneratorConfig(_ lowerName: String) -> String? { codeGeneratorConfigs[lowerName] }

/// The code generators' configuration file names (lower-case) and what each is: one lookup per occurrence.
private let codeGeneratorConfigs: [String: String] = {
    let script = [".ts", ".js", ".cjs", ".mjs"]
    var table: [String: String] = [:]
    func add(_ base: String, _ extensions: [String], _ what: String) {
        for ext in extensions { table[base + ext] = what }
    }
    add("codegen", [".yml", ".yaml", ".json"] + script, "the GraphQL Code Generator config")
    add(".graphqlrc", ["", ".yml", ".yaml", ".json"] + script, "the GraphQL config")
    add("graphql.config", [".yml", ".yaml", ".json"] + script, "the GraphQL config")
    add("apollo.config", script, "the Apollo tooling config")
    table["apollo-codegen-config.json"] = "the Apollo iOS codegen config"
    table["openapitools.json"] = "the openapi-generator config"
    return table
}()

/// The generator input the match at `column` (1-based, bytes) of `line` is, when the generator
/// only fetches it while generating: a GraphQL `schema:` source (the generated code holds the
/// types, not where they came from), Apollo iOS's schema download `endpointURL`, the Apollo
/// tooling's service `url`/`endpoint`, openapi-generator's `inputSpec` (the spec's own `servers`
/// do reach the generated client; the place it is fetched from does not). nil otherwise.
func generatorInput(_ lowerName: String, line: String, column: Int) -> String? {
    let before = String(decoding: line.utf8.prefix(max(0, column - 1)), as: UTF8.self)
    // The key, its `:` or `=`, an optional `[` and quote, an optional scheme, then the host.
    func keyed(_ keys: [String]) -> String? {
        let alternatives = keys.joined(separator: "|")
        let pattern =
            #"(?:^|[\s{,"'])("# + alternatives + #")["']?\s*[:=]\s*\[?\s*["'`]?(?:[A-Za-z][A-Za-z0-9+.-]*://)?$"#
        guard let regex = regex(pattern), let match = before.firstMatch(of: regex), match.output.count > 1,
            let key = match.output[1].substring
        else { return nil }
        return String(key)
    }
    if lowerName == "apollo-codegen-config.json" { return keyed(["endpointURL"]).map { "`\($0)` (schema download)" } }
    if lowerName == "openapitools.json" { return keyed(["inputSpec"]).map { "`\($0)`" } }
    if lowerName.hasPrefix("apollo.config.") { return keyed(["url", "endpoint"]).map { "service `\($0)`" } }
    return keyed(["schema"]).map { "`\($0)` source" }
}

/// The generator input the match at `column` of an npm script line is: openapi-generator-cli's
/// `-i`/`--input-spec`, the Apollo CLI's `--endpoint` (schema download); nil otherwise.
func scriptGeneratorInput(_ line: String, column: Int) -> String? {
    let flags: [String]
    if ByteSearch.contains("openapi-generator", in: line) {
        flags = ["-i", "--input-spec"]
    } else if ByteSearch.contains("apollo", in: line) {
        flags = ["--endpoint"]
    } else {
        return nil
    }
    let before = String(decoding: line.utf8.prefix(max(0, column - 1)), as: UTF8.self)
    let pattern = #"\s("# + flags.joined(separator: "|") + #")(?:\s+|=)\\?["']?(?:[A-Za-z][A-Za-z0-9+.-]*://)?$"#
    guard let regex = regex(pattern), let match = before.firstMatch(of: regex), match.output.count > 1,
        let flag = match.output[1].substring
    else { return nil }
    return "`\(flag)` of \(flags[0] == "--endpoint" ? "the Apollo CLI" : "openapi-generator")"
}

/// Gradle settings whose values end up in the app: build config fields, resources, manifest placeholders.
let gradleShippingSettings = ["buildConfigField", "resValue", "manifestPlaceholders", "applicationId"]

/// `*_test.rs`, `*_test.go`, `*.test.ts`, `*.spec.js`, `*Test.kt` and the like: the form matched, else nil.
func testFileName(_ lowerName: String) -> String? {
    for suffix in ["_test.rs", "_tests.rs", "_test.go", "_test.py", "_spec.rb", "_test.dart"]
    where lowerName.hasSuffix(suffix) {
        return "*" + suffix
    }
    if lowerName.hasPrefix("test_") && lowerName.hasSuffix(".py") { return "test_*.py" }
    // Jest's default `?(*.)+(spec|test).[jt]s?(x)`: `test.ts` alone too.
    for bare in ["test.", "spec."] where lowerName.hasPrefix(bare) {
        let ext = extensionOf(lowerName)
        if lowerName == bare.dropLast() + ext, sourceLanguages["Node"]!.contains(ext) { return lowerName }
    }
    for infix in [".test.", ".spec."] where ByteSearch.contains(infix, in: lowerName) {
        let ext = extensionOf(lowerName)
        if sourceLanguages["Node"]!.contains(ext) { return "*\(infix.dropLast())\(ext)" }
    }
    return nil
}

/// Markdown and other prose: documentation wherever it is.
func isProse(_ lowerName: String) -> Bool {
    [".md", ".markdown", ".rst", ".adoc"].contains { lowerName.hasSuffix($0) }
}

/// `tools:text` when the match at `column` (1-based, in bytes) is inside a `tools:` attribute's value.
func toolsAttribute(_ line: String, column: Int) -> String? {
    let bytes = Array(line.utf8.prefix(max(0, column - 1)))
    guard let quote = bytes.lastIndex(where: { $0 == 0x22 || $0 == 0x27 }) else { return nil }
    var k = quote - 1
    while k >= 0 && bytes[k] == 0x20 { k -= 1 }
    guard k >= 0, bytes[k] == UInt8(ascii: "=") else { return nil }
    k -= 1
    while k >= 0 && bytes[k] == 0x20 { k -= 1 }
    var start = k
    while start >= 0 && bytes[start] != 0x20 && bytes[start] != 0x09 && bytes[start] != UInt8(ascii: "<") { start -= 1 }
    let name = String(decoding: bytes[(start + 1)...k], as: UTF8.self)
    return name.hasPrefix("tools:") ? name : nil
}

/// `HOST_NAME` for `HOST_NAME = app.example.com` or `HOST_NAME[config=Debug] = ...`.
func xcconfigKey(_ line: String) -> String? {
    let trimmed = line.trimmingWhitespace()
    guard let eq = trimmed.firstIndex(of: "=") else { return nil }
    let key = trimmed[..<eq].prefix { $0 != "[" && $0 != " " }
    guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    return String(key)
}

/// The statements of a Gradle script that set what ships (`gradleShippingSettings`): each from the
/// setting's name to the first line end outside brackets and string literals, so a
/// `manifestPlaceholders += mapOf(` spread over lines is one region.
func gradleShippingRegions(_ bytes: [UInt8]) -> [(setting: String, range: Range<Int>)] {
    var regions: [(String, Range<Int>)] = []
    for setting in gradleShippingSettings {
        let needle = Array(setting.utf8)
        var at = 0
        while let start = bytes.withUnsafeBufferPointer({
            ByteSearch.firstIndex(of: needle, in: $0, from: at, to: $0.count, ignoringCase: false)
        }) {
            var k = start + needle.count
            var depth = 0
            while k < bytes.count {
                let b = bytes[k]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    let quote = b
                    k += 1
                    while k < bytes.count && bytes[k] != quote && bytes[k] != 0x0A {
                        k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1
                    }
                } else if b == UInt8(ascii: "(") || b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                    depth += 1
                } else if b == UInt8(ascii: ")") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                    depth -= 1
                    if depth < 0 { break }  // the block that holds the setting ends
                } else if b == 0x0A && depth <= 0 {
                    break
                }
                k += 1
            }
            regions.append((setting, start..<min(k, bytes.count)))
            at = start + needle.count
        }
    }
    return regions
}

/// The byte ranges of Rust items under `#[cfg(test)]` (the attribute through the item's closing
/// brace), found by counting braces outside string literals and comments.
func rustTestRegions(_ bytes: [UInt8]) -> [Range<Int>] {
    let attribute = Array("#[cfg(test)]".utf8)
    var regions: [Range<Int>] = []
    var at = 0
    func next(_ from: Int) -> Int? {
        bytes.withUnsafeBufferPointer {
            ByteSearch.firstIndex(of: attribute, in: $0, from: from, to: $0.count, ignoringCase: false)
        }
    }
    while let start = next(at) {
        var k = start + attribute.count
        var depth = 0
        var end: Int?
        while k < bytes.count {
            let b = bytes[k]
            if b == UInt8(ascii: "\"") {  // a string literal: skip to its closing quote
                k += 1
                while k < bytes.count && bytes[k] != UInt8(ascii: "\"") { k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1 }
            } else if b == UInt8(ascii: "/") && k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "/") {
                while k < bytes.count && bytes[k] != 0x0A { k += 1 }
            } else if b == UInt8(ascii: "{") {
                depth += 1
            } else if b == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 {
                    end = k + 1
                    break
                }
            } else if b == UInt8(ascii: ";") && depth == 0 {
                end = k + 1  // `#[cfg(test)] use x;` or `mod tests;`
                break
            }
            k += 1
        }
        regions.append(start..<(end ?? bytes.count))
        at = end ?? bytes.count
    }
    return regions
}
