import RelopsCore

/// What a `Package.swift` declares, read statically (the manifest is never run): its products
/// (`.library(name:targets:)`, `.executable(name:targets:)`) and targets (`.target`,
/// `.executableTarget`, `.testTarget`, `.macro`, `.plugin`) with their paths (`path:`, else
/// `Sources/<name>`, `Tests/<name>` for a test target), local dependencies and `resources:`.
struct SwiftPackageManifest: Sendable, Equatable {
    /// One target of the package.
    struct Target: Sendable, Equatable {
        enum Kind: String, Sendable {
            case regular = "target"
            case executable = "executableTarget"
            case test = "testTarget"
            case macro
            case plugin
        }
        let name: String
        let kind: Kind
        /// The target's folder, relative to the package folder.
        let path: String
        /// Targets of this package it depends on (`"A"`, `.target(name: "B")`, `.byName(name: "C")`).
        let targets: [String]
        /// Products of other packages it depends on (`.product(name: "Vapor", package: "vapor")`).
        let products: [String]
        /// The `resources:` entries (`.process("Public")`, `.copy("Views")`), relative to the target's folder.
        let resources: [String]
    }

    /// Product name -> the targets it is made of.
    var products: [(name: String, targets: [String])] = []
    /// Products whose `targets:` is an expression this reader could not resolve.
    var unresolvedProducts: [String] = []
    var targets: [Target] = []
    /// True when the text holds a `Package(` call: a manifest that was read. A read manifest with
    /// no targets is a placeholder that builds nothing.
    var read = false

    static func == (a: SwiftPackageManifest, b: SwiftPackageManifest) -> Bool {
        a.targets == b.targets && a.read == b.read && a.products.map(\.name) == b.products.map(\.name)
            && a.products.map(\.targets) == b.products.map(\.targets)
    }

    init(_ text: String) {
        read = ByteSearch.contains("Package(", in: text)
        let calls = SwiftCalls(text)
        for (_, body) in calls.calls(named: ["library", "executable"]) {
            guard let product = firstString(after: "name:", in: body) else { continue }
            let named = constantTargets(of: body, in: text)
            // `targets: someFunction()` or a constant this reader cannot find: what it holds is unknown.
            if named == nil { unresolvedProducts.append(product) }
            products.append((product, strings(inArray: "targets:", of: body) + (named ?? [])))
        }
        for (call, body) in calls.calls(named: ["target", "executableTarget", "testTarget", "macro", "plugin"]) {
            guard let kind = Target.Kind(rawValue: call), let name = firstString(after: "name:", in: body) else {
                continue
            }
            let dependencies = SwiftCalls(arrayText("dependencies:", of: body) ?? "")
            let targetNames =
                strings(inArray: "dependencies:", of: body, bareOnly: true)
                + dependencies.calls(named: ["target", "byName"]).compactMap { firstString(after: "name:", in: $0.1) }
            let productNames = dependencies.calls(named: ["product"]).compactMap {
                firstString(after: "name:", in: $0.1)
            }
            let resources = SwiftCalls(arrayText("resources:", of: body) ?? "").calls(named: [
                "process", "copy", "embedInCode",
            ])
            .compactMap { firstString(after: "", in: $0.1) }
            let path = firstString(after: "path:", in: body) ?? ((kind == .test ? "Tests/" : "Sources/") + name)
            targets.append(
                Target(
                    name: name, kind: kind, path: path, targets: targetNames, products: productNames,
                    resources: resources))
        }
    }

    /// The targets `names` (products or targets of this package) build, with every target of this
    /// package they depend on.
    func closure(of names: [String]) -> [Target] {
        var queue = names.flatMap { name in products.first { $0.name == name }?.targets ?? [name] }
        var seen = Set<String>()
        var result: [Target] = []
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let target = targets.first(where: { $0.name == name }) else { continue }
            result.append(target)
            queue += target.targets
        }
        return result
    }

    /// The target whose folder holds `relativePath` (a path inside the package folder).
    func target(holding relativePath: String) -> Target? {
        targets.filter { relativePath.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
    }
}

/// The targets a product names through the manifest's own string-array constants:
/// `targets: publicTargets` or `targets: publicTargets + ["Extra"]`, with `let publicTargets =
/// ["Core", "UI"]` in the manifest.
/// Nil when `targets:` is no array literal and names something else (a call, an unknown name).
private func constantTargets(of body: String, in manifest: String) -> [String]? {
    guard ByteSearch.contains("targets:", in: body), arrayText("targets:", of: body) == nil else { return [] }
    let pattern = #"\btargets:\s*([A-Za-z_][A-Za-z0-9_]*(?:\s*\+\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*(?:[,)\]\n]|$)"#
    guard let expression = captures(pattern, in: body, holding: ["targets:"]).first else { return nil }
    var found: [String] = []
    for part in expression.split(separator: "+") {
        guard let strings = constantStrings(String(part).trimmingWhitespace(), in: manifest) else { return nil }
        found += strings
    }
    return found
}

/// The string literals of the manifest's array constant `name` (`let name = ["A", "B"]`), nil
/// when it has none.
private func constantStrings(_ name: String, in manifest: String) -> [String]? {
    for keyword in ["let ", "var "] {
        var searchFrom = manifest.startIndex
        while let found = manifest.range(of: keyword + name, range: searchFrom..<manifest.endIndex) {
            searchFrom = found.upperBound
            // The whole name: `publicTargets`, not `publicTargetsForTests`.
            if let next = manifest[found.upperBound...].first, next.isLetter || next.isNumber || next == "_" {
                continue
            }
            let declaration = String(manifest[found.upperBound...])
            guard arrayText("=", of: declaration) != nil else { return nil }
            return strings(inArray: "=", of: declaration)
        }
    }
    return nil
}

/// The first string literal after `label` in `text` (`name: "Core"` -> `Core`).
private func firstString(after label: String, in text: String) -> String? {
    let pattern = label.isEmpty ? #"^\s*"([^"]*)""# : #"\b"# + label + #"\s*"([^"]*)""#
    return captures(pattern, in: text, holding: label.isEmpty ? ["\""] : [label]).first
}

/// The text inside the `[ ... ]` after `label` (`targets: ["A", "B"]`), nil when there is none.
private func arrayText(_ label: String, of text: String) -> String? {
    guard let range = text.range(of: label) else { return nil }
    let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
    guard rest.first == "[" else { return nil }
    var depth = 0
    var inString = false
    for index in rest.indices {
        let c = rest[index]
        if c == "\"" { inString.toggle() }
        if inString { continue }
        if c == "[" { depth += 1 }
        if c == "]" {
            depth -= 1
            if depth == 0 { return String(rest[rest.index(after: rest.startIndex)..<index]) }
        }
    }
    return nil
}

/// The string literals of the array after `label`; with `bareOnly`, only those outside any call
/// (`"A"` but not the `"vapor"` of `.product(name: "Vapor", package: "vapor")`).
private func strings(inArray label: String, of text: String, bareOnly: Bool = false) -> [String] {
    guard let array = arrayText(label, of: text) else { return [] }
    var found: [String] = []
    var depth = 0
    var current: String?
    for c in array {
        if var literal = current {
            if c == "\"" {
                if depth == 0 || !bareOnly { found.append(literal) }
                current = nil
            } else {
                literal.append(c)
                current = literal
            }
            continue
        }
        if c == "\"" { current = "" }
        if c == "(" { depth += 1 }
        if c == ")" { depth -= 1 }
    }
    return found
}

/// The `.name(...)` calls at the top level of a Swift text, in order, each with its argument text;
/// nested calls are inside their caller's arguments, never found on their own.
struct SwiftCalls {
    private let chars: [Character]

    init(_ text: String) { chars = Array(text) }

    func calls(named names: Set<String>) -> [(String, String)] {
        var found: [(String, String)] = []
        var i = 0
        var inString = false
        while i < chars.count {
            let c = chars[i]
            if c == "\"" { inString.toggle() }
            if inString || c != "." {
                i += 1
                continue
            }
            var k = i + 1
            while k < chars.count && (chars[k].isLetter || chars[k].isNumber) { k += 1 }
            let name = String(chars[(i + 1)..<k])
            guard k < chars.count, chars[k] == "(", let end = closing(from: k) else {
                i = k
                continue
            }
            if names.contains(name) {
                found.append((name, String(chars[(k + 1)..<end])))
                i = end + 1
            } else {
                i = k + 1
            }
        }
        return found
    }

    /// The index of the `)` that closes the `(` at `open`, skipping string literals.
    private func closing(from open: Int) -> Int? {
        var depth = 0
        var inString = false
        for k in open..<chars.count {
            let c = chars[k]
            if c == "\"" { inString.toggle() }
            if inString { continue }
            if c == "(" { depth += 1 }
            if c == ")" {
                depth -= 1
                if depth == 0 { return k }
            }
        }
        return nil
    }
}

extension SwiftPackageManifest {
    /// The server framework an executable target depends on (Vapor, Hummingbird, SwiftNIO's HTTP,
    /// swift-web), nil when none does.
    var serverFramework: String? {
        for target in targets where target.kind == .executable {
            if let framework = swiftServerProducts.first(where: { target.products.contains($0.product) }) {
                return framework.framework
            }
        }
        return nil
    }
}

/// Products of Swift server frameworks and the framework each belongs to.
let swiftServerProducts: [(product: String, framework: String)] = [
    ("Vapor", "Vapor"), ("Hummingbird", "Hummingbird"), ("HummingbirdCore", "Hummingbird"),
    ("NIOHTTP1", "SwiftNIO HTTP"), ("NIOHTTP2", "SwiftNIO HTTP"), ("HttpPipeline", "swift-web"),
    ("Kitura", "Kitura"),
]

extension BuildUnit.Facts {
    /// False for a Swift package whose manifest was read when `path` lies in none of its targets'
    /// folders (nor is one of its own manifests): a placeholder `Package.swift` holds nothing, and
    /// a package beside an Xcode project holds only its targets. Every other unit holds the path.
    func holdsByTarget(_ path: String) -> Bool {
        guard kind == .swiftPackage, let manifest = swiftManifest, manifest.read, deploys == nil else { return true }
        let relative = root.isEmpty ? path : String(path.dropFirst(root.count + 1))
        if relative.hasPrefix("Package.swift") || relative.hasPrefix("Package@swift") { return true }
        return manifest.target(holding: relative) != nil
    }
}

/// The products an Xcode project takes from Swift packages that are not remote
/// (`XCSwiftPackageProductDependency` whose `package` is a local reference or is not given: a
/// package the workspace or the folder holds).
func localSwiftProducts(in project: PBXDocument) -> [String] {
    var found: [String] = []
    for id in project.ids {
        guard let object = project[id], object.isa == "XCSwiftPackageProductDependency",
            let name = object.fields.string("productName"), !found.contains(name)
        else { continue }
        if let package = object.fields.string("package"), project[package]?.isa == "XCRemoteSwiftPackageReference" {
            continue
        }
        found.append(name)
    }
    return found
}
