/// The module paths named by `project(':a:b')`, `project(path: ':a')`, `project(path = ":a")` in a
/// Gradle build file, as written after the first `:` (`a:b`), in file order: what the regular
/// expression `project\(\s*(?:path\s*[:=]\s*)?["']:([^"']+)["']` captures, found on the bytes.
/// A file with a non-ASCII byte goes through the regular expression itself (its `\s` and its
/// characters are Unicode's); nil then means: use it.
func gradleProjectCalls(in text: String) -> [String]? {
    ByteSearch.withBytes(of: text) { bytes -> [String]? in
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let call = Array("project(".utf8)
        var modules: [String] = []
        var at = 0
        while let start = ByteSearch.firstIndex(of: call, in: bytes, from: at, to: bytes.count, ignoringCase: false) {
            if let (module, end) = projectCall(bytes, from: start + call.count) {
                modules.append(module)
                at = end
            } else {
                at = start + 1
            }
        }
        return modules
    }
}

/// After `project(`: the module and where the match ends, or nil when the call names none.
private func projectCall(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (String, Int)? {
    func isSpace(_ k: Int) -> Bool { k < bytes.count && (bytes[k] == 0x20 || (bytes[k] >= 0x09 && bytes[k] <= 0x0D)) }
    func isQuote(_ k: Int) -> Bool { k < bytes.count && (bytes[k] == 0x22 || bytes[k] == 0x27) }
    var k = from
    while isSpace(k) { k += 1 }
    if !isQuote(k) {
        // `path`, spaces, `:` or `=`, spaces: the optional group.
        guard k + 4 <= bytes.count, bytes[k..<(k + 4)].elementsEqual("path".utf8) else { return nil }
        k += 4
        while isSpace(k) { k += 1 }
        guard k < bytes.count, bytes[k] == UInt8(ascii: ":") || bytes[k] == UInt8(ascii: "=") else { return nil }
        k += 1
        while isSpace(k) { k += 1 }
    }
    guard isQuote(k), k + 1 < bytes.count, bytes[k + 1] == UInt8(ascii: ":") else { return nil }
    let moduleStart = k + 2
    var end = moduleStart
    while end < bytes.count && !isQuote(end) { end += 1 }
    guard end > moduleStart, end < bytes.count else { return nil }
    return (String(decoding: UnsafeBufferPointer(rebasing: bytes[moduleStart..<end]), as: UTF8.self), end + 1)
}

/// The module paths of `project(':a:b')` / `project(path: ":a")` in a Gradle build file, as `a/b`:
/// the one reader of Gradle project references (`gradleProjectCalls`), as folder paths.
func gradleModules(in bytes: [UInt8]) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self)
    let calls = gradleProjectCalls(in: text) ?? captures(gradleProjectCallPattern, in: text, holding: ["project("])
    return calls.map { $0.split(separator: ":").joined(separator: "/") }.filter { !$0.isEmpty }
}

/// Gradle's type-safe accessor name of a folder: `feature-login` -> `featureLogin`.
func camelCase(_ name: String) -> String {
    var result = ""
    var upper = false
    for c in name {
        if c == "-" || c == "_" {
            upper = true
        } else {
            result.append(upper ? Character(c.uppercased()) : c)
            upper = false
        }
    }
    return result
}
