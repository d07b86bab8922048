/// Why a name that spells a scanned host is not the host: it names code or a bundle, so a scan
/// never counts it and a cutover never rewrites it.
public enum NotHostReason: String, Sendable, CaseIterable {
    /// The dotted name of a package, import, `using`, namespace or module declaration:
    /// `package com.example.app`, `import example.app`, `using Example.App;`.
    case declaration = "declaration"
    /// The file name of a bundle or product: `BuildableName = "Example.app"`, `PRODUCT_NAME`,
    /// `path = Example.app;` and `/* Example.app */` in an Xcode project.
    case bundleName = "bundle-name"
    /// A reverse-DNS identifier: `applicationId "com.example.app"`, `PRODUCT_BUNDLE_IDENTIFIER`,
    /// a manifest's `package=`, or any name that starts with a generic top-level domain (`com.`).
    case identifier = "identifier"

    /// What the reason means, in a few words a release manager reads.
    public var description: String {
        switch self {
        case .declaration: return "a package, import or namespace declaration"
        case .bundleName: return "a bundle or product file name"
        case .identifier: return "a reverse-DNS identifier"
        }
    }
}

/// A name that spells a scanned host but names code or a bundle (`package com.example.app`,
/// `BuildableName = "Example.app"`): never an occurrence, never rewritten.
public struct NotHostToken: Sendable, Equatable {
    /// The host searched for.
    public let host: String
    /// The whole name found (lowercase).
    public let found: String
    public let path: String
    public let line: Int
    public let column: Int
    public let reason: NotHostReason
}

/// Why the name at `base[lo..<hi]` (which spells a host, whole or inside a longer name) is an
/// identifier and not the host, from the bytes of its line alone; nil when it may be the host.
/// Only the line around the name is read, at most 256 bytes back.
func notHostReason(_ lo: Int, _ hi: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> NotHostReason? {
    if isDeclaredName(lo, hi, base, count) { return .declaration }
    if let reason = keyedReason(lo, hi, base) { return reason }
    return startsWithGenericTLD(lo, hi, base) ? .identifier : nil
}

/// Keys whose value names a bundle or product file (Xcode schemes, projects and settings).
private let bundleNameKeys: Set<[UInt8]> = Set(
    [
        "BuildableName", "BlueprintName", "PRODUCT_NAME", "FULL_PRODUCT_NAME", "WRAPPER_NAME", "TEST_HOST",
        "BUNDLE_LOADER", "productName", "PRODUCT_MODULE_NAME", "EXECUTABLE_NAME", "TARGET_NAME",
    ].map { Array($0.utf8) })

/// Keys whose value is a reverse-DNS app or package identifier (Gradle, Xcode, Android, .NET,
/// Capacitor, Expo).
private let identifierKeys: Set<[UInt8]> = Set(
    [
        "applicationId", "testApplicationId", "namespace", "package", "PRODUCT_BUNDLE_IDENTIFIER",
        "CFBundleIdentifier", "ApplicationId", "appId", "bundleId", "bundleIdentifier", "packageName",
    ].map { Array($0.utf8) })

/// Last labels of bundle file names: `Example.app`, `Share.appex`.
private let bundleExtensions: [[UInt8]] = ["app", "appex", "framework", "bundle", "xctest", "ipa", "apk", "aab"].map {
    Array($0.utf8)
}

/// First labels that start a reverse-DNS identifier, never a subdomain (`com.example.app`).
private let genericTLDs: [[UInt8]] = ["com", "org", "net", "edu", "gov"].map { Array($0.utf8) }

@inline(__always) private func isWordByte(_ b: UInt8) -> Bool {
    (b &- 0x30) < 10 || ((b | 0x20) &- 0x61) < 26 || b == UInt8(ascii: "_")
}

@inline(__always) private func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

/// True when `base[from..<to]` is one of `words` (lowercase), ASCII case-insensitively; nothing
/// is allocated (this runs at every match).
private func isOneOf(_ words: [[UInt8]], _ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
    words.contains { word in
        word.count == to - from
            && word.indices.allSatisfy { k in
                let b = base[from + k]
                return ((b &- 0x41) < 26 ? b | 0x20 : b) == word[k]
            }
    }
}

/// True when the longer name starts with a generic top-level domain: `com.example.app` holding
/// `example.app` is an identifier, since no one serves a subdomain named `com`.
private func startsWithGenericTLD(_ lo: Int, _ hi: Int, _ base: UnsafePointer<UInt8>) -> Bool {
    var k = lo
    while k < hi && base[k] != UInt8(ascii: ".") { k += 1 }
    return k < hi && isOneOf(genericTLDs, base, lo, k)
}

/// True when the last label of `base[lo..<hi]` is a bundle's extension (`Example.app`).
private func endsInBundleExtension(_ lo: Int, _ hi: Int, _ base: UnsafePointer<UInt8>) -> Bool {
    var k = hi
    while k > lo && base[k - 1] != UInt8(ascii: ".") { k -= 1 }
    return isOneOf(bundleExtensions, base, k, hi)
}

/// The reason when the name is the value of a key that names a bundle or an identifier
/// (`BuildableName = "Example.app"`, `applicationId "com.example.app"`, `<ApplicationId>`,
/// `TEST_HOST = "$(BUILT_PRODUCTS_DIR)/Example.app/Example"`), an Xcode project's
/// `/* Example.app */` file comment, or a bundle at the end of a file path (`build/Example.app`).
private func keyedReason(_ lo: Int, _ hi: Int, _ base: UnsafePointer<UInt8>) -> NotHostReason? {
    var k = lo
    var inPath = false
    if k > 0 && base[k - 1] == UInt8(ascii: "/") {
        // A file path: `$(BUILT_PRODUCTS_DIR)/Example.app`; a URL's `//` makes it no file path.
        while k > 0 && lo - k < 256 && !isBlank(base[k - 1]) && base[k - 1] != UInt8(ascii: "\"")
            && base[k - 1] != UInt8(ascii: "'") && base[k - 1] != UInt8(ascii: "=") && base[k - 1] != 0x0A
        {
            if base[k - 1] == UInt8(ascii: "/") && k > 1 && base[k - 2] == UInt8(ascii: "/") { return nil }
            k -= 1
        }
        // A first segment that is a name (`example.app/app.example.app`) makes a URL without its scheme.
        var dot = k
        while dot < lo && base[dot] != UInt8(ascii: "/") {
            if base[dot] == UInt8(ascii: "."), dot > k, isWordByte(base[dot - 1]), isWordByte(base[dot + 1]) {
                return nil
            }
            dot += 1
        }
        inPath = true
    }
    let isBundleFile = endsInBundleExtension(lo, hi, base)
    if inPath && isBundleFile { return .bundleName }
    if !inPath && isBundleFile && k >= 3 && base[k - 1] == 0x20 && base[k - 2] == UInt8(ascii: "*")
        && base[k - 3] == UInt8(ascii: "/")
    {
        return .bundleName
    }
    let quoted = k > 0 && (base[k - 1] == UInt8(ascii: "\"") || base[k - 1] == UInt8(ascii: "'"))
    if quoted { k -= 1 }
    guard let key = keyBefore(k, base, spaceSeparates: quoted) else { return nil }
    if bundleNameKeys.contains(key) { return .bundleName }
    if key == Array("path".utf8) { return isBundleFile ? .bundleName : nil }
    return !inPath && identifierKeys.contains(key) ? .identifier : nil
}

/// The key whose value starts at `end`: `KEY = `, `KEY: `, `KEY(`, an XML element `<KEY>`, or,
/// when `spaceSeparates` (a quoted value: Gradle's `applicationId "x"`), `KEY `; prose
/// (`the package example.app`) has no key.
private func keyBefore(_ end: Int, _ base: UnsafePointer<UInt8>, spaceSeparates: Bool) -> [UInt8]? {
    var k = end
    if k > 0 && base[k - 1] == UInt8(ascii: ">") {
        var open = k - 1
        while open > 0 && isWordByte(base[open - 1]) { open -= 1 }
        guard open > 0, base[open - 1] == UInt8(ascii: "<") else { return nil }
        let element = Array(UnsafeBufferPointer(start: base + open, count: k - 1 - open))
        // A property list's value: its key is the `<key>` before it, on this line or the one above.
        if element == Array("string".utf8), let key = propertyListKey(before: open - 1, base) { return key }
        return element
    }
    while k > 0 && isBlank(base[k - 1]) { k -= 1 }
    if k > 0
        && (base[k - 1] == UInt8(ascii: "=") || base[k - 1] == UInt8(ascii: ":") || base[k - 1] == UInt8(ascii: "("))
    {
        k -= 1
        while k > 0 && isBlank(base[k - 1]) { k -= 1 }
    } else if k == end || !spaceSeparates {
        return nil  // the name runs into the key, or only a space stands before an unquoted name
    }
    if k > 0 && base[k - 1] == UInt8(ascii: "\"") { k -= 1 }  // a JSON key: `"appId": "x"`
    let keyEnd = k
    while k > 0 && keyEnd - k < 64 && isWordByte(base[k - 1]) { k -= 1 }
    guard k < keyEnd else { return nil }
    return Array(UnsafeBufferPointer(start: base + k, count: keyEnd - k))
}

/// The text of the `<key>KEY</key>` that ends right before `end` (blanks and one line break
/// between them), as a property list writes it: `<key>CFBundleIdentifier</key>` then
/// `<string>example.app</string>`. nil when something else stands there.
private func propertyListKey(before end: Int, _ base: UnsafePointer<UInt8>) -> [UInt8]? {
    var k = end
    var breaks = 0
    while k > 0 && end - k < 256 && (isBlank(base[k - 1]) || base[k - 1] == 0x0A || base[k - 1] == 0x0D) {
        if base[k - 1] == 0x0A { breaks += 1 }
        k -= 1
    }
    let close = Array("</key>".utf8), open = Array("<key>".utf8)
    guard breaks <= 1, k >= close.count + open.count,
        (0..<close.count).allSatisfy({ base[k - close.count + $0] == close[$0] })
    else { return nil }
    let keyEnd = k - close.count
    var start = keyEnd
    while start > 0 && keyEnd - start < 64 && isWordByte(base[start - 1]) { start -= 1 }
    guard start < keyEnd, start >= open.count,
        (0..<open.count).allSatisfy({ base[start - open.count + $0] == open[$0] })
    else { return nil }
    return Array(UnsafeBufferPointer(start: base + start, count: keyEnd - start))
}

/// Words that open a declaration of a dotted code name (Kotlin, Java, Swift, C#, Python, Dart).
private let declarationKeywords: [[UInt8]] = [
    "package", "import", "using", "namespace", "module", "from", "library", "requires", "exports", "opens",
].map { Array($0.utf8) }

/// Words that may stand between the keyword and the name: `import static`, `global using`,
/// Swift's `import struct`, `@testable import`.
private let declarationModifiers: Set<[UInt8]> = Set(
    ["static", "global", "struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "open"].map {
        Array($0.utf8)
    })

/// True when `base[lo..<hi]` is inside the dotted name a line declares: `package com.example.app`,
/// `import example.app.ui.*`, `using static Example.App.Strings;`, `using Alias = Example.App;`.
private func isDeclaredName(_ lo: Int, _ hi: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var start = lo
    while start > 0 && (isWordByte(base[start - 1]) || base[start - 1] == UInt8(ascii: ".")) { start -= 1 }
    guard start > 0, isBlank(base[start - 1]) else { return false }
    var lineStart = start
    while lineStart > 0 && base[lineStart - 1] != 0x0A {
        guard start - lineStart < 256 else { return false }
        lineStart -= 1
    }
    // Most lines open with no declaration keyword: look at the first word before collecting words.
    var first = lineStart
    while first < start && isBlank(base[first]) { first += 1 }
    var firstEnd = first
    while firstEnd < start && isWordByte(base[firstEnd]) { firstEnd += 1 }
    guard
        base[first] == UInt8(ascii: "@") || isOneOf(declarationKeywords, base, first, firstEnd)
            || isOneOf([Array("global".utf8)], base, first, firstEnd)
    else { return false }
    var words: [[UInt8]] = []
    var k = lineStart
    while k < start {
        while k < start && isBlank(base[k]) { k += 1 }
        let wordStart = k
        while k < start && !isBlank(base[k]) { k += 1 }
        if k > wordStart { words.append(Array(UnsafeBufferPointer(start: base + wordStart, count: k - wordStart))) }
    }
    while let first = words.first, first.first == UInt8(ascii: "@") || first == Array("global".utf8) {
        words.removeFirst()
    }
    guard let keyword = words.first, declarationKeywords.contains(keyword) else { return false }
    let rest = words.dropFirst()
    if rest.count == 2 && rest.last == [UInt8(ascii: "=")] {  // a C# alias: `using Alias = Example.App;`
        guard rest.first?.allSatisfy(isWordByte) == true else { return false }
    } else if !rest.allSatisfy({ declarationModifiers.contains($0) }) {
        return false
    }
    return endsDeclaration(at: hi, fromImport: keyword == Array("from".utf8), base, count)
}

/// True when what follows a declared name ends the declaration: the line's end, `;`, `{`, a
/// wildcard (`.*`), an alias (`as X`), Haskell's `where`, Java's `exports x to y;`, or, after
/// Python's `from`, `import`. A line of prose that starts with `from` or `using` goes on otherwise.
private func endsDeclaration(
    at hi: Int, fromImport: Bool, _ base: UnsafePointer<UInt8>, _ count: Int
) -> Bool {
    var p = hi
    if p + 1 < count && base[p] == UInt8(ascii: ".") && base[p + 1] == UInt8(ascii: "*") { p += 2 }
    while p < count && isBlank(base[p]) { p += 1 }
    var wordEnd = p
    while wordEnd < count && isWordByte(base[wordEnd]) { wordEnd += 1 }
    if fromImport { return isOneOf([Array("import".utf8)], base, p, wordEnd) }
    guard p < count else { return true }
    switch base[p] {
    case 0x0A, 0x0D, 0x00, UInt8(ascii: ";"), UInt8(ascii: "{"): return true
    default: return isOneOf(["as", "where", "to"].map { Array($0.utf8) }, base, p, wordEnd)
    }
}
