import Git
import RelopsCore

/// The rules that come from the product graph and from what one line of a build file does.
extension Classifier {
    /// The products an occurrence of class `cls` in the file at `path` names: every product that
    /// carries the file for a binary class or `server` (a shared library may ship in an app and
    /// deploy with a server), none for the classes that ship nothing.
    func products(of path: String, class cls: OccurrenceClass, in file: inout FileClassification) -> [Product] {
        guard cls.isBinary || cls == .server else { return [] }
        let links = file.links ?? graph.links(of: path)
        file.links = links
        var unique: [Product] = []
        for p in links.map(\.product) where !unique.contains(p) { unique.append(p) }
        return unique
    }

    /// `Android` for a `manifestPlaceholders` value of a module whose manifest takes an intent
    /// filter's host from a placeholder; `iOS` for an `.xcconfig` setting an `applinks:` entry
    /// reads; nil otherwise.
    func placeholderClaim(_ rule: String, _ file: FileClassification, line: String) -> String? {
        if file.parts.lowerName.hasSuffix(".xcconfig") {
            return xcconfigKey(line).map(buildSettings.isClaim) == true ? "iOS" : nil
        }
        guard rule.hasPrefix("`manifestPlaceholders`") else { return nil }
        let folder = folderOf(file.parts.path)
        return buildSettings.manifestTakesHostFromPlaceholder(moduleFolder: folder) ? "Android" : nil
    }

    /// `server` for a file that only servers or sites carry, with the chain; nil otherwise.
    func deployedOnly(_ path: String) -> (OccurrenceClass, String)? {
        let links = graph.links(of: path)
        guard let first = links.first, links.allSatisfy({ $0.product.kind != .app }) else { return nil }
        let names = links.map(\.product.label).joined(separator: ", ")
        return (
            .server,
            "in \(names) (\(first.text(from: path))): deployed with the \(first.product.kind == .site ? "site" : "service"), not a store release"
        )
    }

    /// A file of a .NET console app (`OutputType` `Exe`, no web or worker SDK): `server` when a
    /// server references it or a Dockerfile builds or runs it (`Tool.csproj`, `Tool.dll`), else
    /// `other`: a tool, not a deployed service.
    func consoleApp(_ path: String, _ projectFile: String) -> (OccurrenceClass, String) {
        if let served = deployedOnly(path) { return served }
        let name = String(nameOf(projectFile).dropLast(".csproj".count))
        if let dockerfile = buildSettings.dockerfile(naming: [nameOf(projectFile), name + ".dll"]) {
            return (
                .server,
                "in console app \(projectFile), which \(dockerfile) builds or runs: deployed with it, not a store release"
            )
        }
        return (
            .other,
            "in console app \(projectFile) (`OutputType` `Exe`, no web or worker SDK), which no server references and no Dockerfile builds or runs: a tool, not a deployed service; check where it runs"
        )
    }

    /// A Cordova app's files: its `config.xml` (preferences, `allow-navigation`, `access`) and
    /// its `www/` web content ship in the apps; nil for its other files (hooks, scripts).
    func cordovaFile(_ path: String, _ owner: BuildUnit) -> (OccurrenceClass, String)? {
        let platforms =
            owner.appPlatforms.joined(separator: " and ") + (owner.appPlatforms.count == 1 ? " app" : " apps")
        if path == owner.file {
            return (.binaryConfig, "Cordova \(owner.file): copied into the \(platforms) it builds")
        }
        let www = owner.root.isEmpty ? "www/" : owner.root + "/www/"
        guard path.hasPrefix(www), !isProse(nameOf(path).lowercased()) else { return nil }
        return (.binaryLiteral, "web content (`\(www)`) of Cordova \(owner.file): packaged into the \(platforms)")
    }

    /// A Kotlin Multiplatform source set that no app compiles (`jvmMain`, `jsMain`): the servers
    /// and sites that carry it, else a rule saying it ships in no app; nil for any other file.
    func kmpNonAppSourceSet(_ path: String, _ owner: BuildUnit) -> (OccurrenceClass, String)? {
        guard case .gradle(_, true, _) = owner.kind, let set = kmpSourceSet(path, root: owner.root) else { return nil }
        let lower = set.lowercased()
        guard lower.hasPrefix("jvm") || lower.hasPrefix("js") || lower.hasPrefix("wasm") else { return nil }
        if let served = deployedOnly(path) { return served }
        return (.other, "in Kotlin Multiplatform source set `\(set)` of \(owner.file), which no app or server compiles")
    }

    /// The Xcode test target (`AppTests`, `AppUITests`) whose folder holds the file, read from the
    /// project's `PBXNativeTarget`s; nil when the owner is no Xcode project or the file is in none.
    func xcodeTestTarget(_ parts: PathParts, _ owner: BuildUnit) -> String? {
        guard owner.kind == .xcodeProject, !owner.testTargets.isEmpty else { return nil }
        let relative =
            owner.root.isEmpty
            ? parts.segments : Array(parts.segments.dropFirst(owner.root.split(separator: "/").count))
        return relative.dropLast().first { owner.testTargets.contains($0) }
    }

    /// What one line changes about its file's class: a `#[cfg(test)]` module, a Gradle script line
    /// that configures the build rather than the app, an Android `tools:` attribute, an `.xcconfig`
    /// setting that Info.plist reads.
    func refine(_ decided: (OccurrenceClass, String), _ site: OccurrenceSite, _ file: FileClassification) -> (
        OccurrenceClass, String
    ) {
        switch decided.0 {
        case .test, .comment, .docs, .repoMeta, .storeListing, .build: return decided
        default: break
        }
        let lowerName = file.parts.lowerName
        if file.facts.testRegions.contains(where: { $0.contains(site.offset) }) {
            return (.test, "inside a `#[cfg(test)]` item: compiled only for tests")
        }
        if lowerName == "package.json", let input = scriptGeneratorInput(site.line, column: site.column) {
            return (
                .build, "\(input) in an npm script of \(file.parts.name): fetched while generating code, ships nothing"
            )
        }
        if let generator = codeGeneratorConfig(lowerName) {
            if let input = generatorInput(lowerName, line: site.line, column: site.column) {
                return (
                    .build, "\(input) in \(generator) \(file.parts.name): fetched while generating code, ships nothing"
                )
            }
            return (
                decided.0,
                "\(decided.1) (in \(generator) \(file.parts.name), but not its schema or spec source: the value may reach the generated code, so the class stays)"
            )
        }
        if lowerName.hasSuffix(".gradle") || lowerName.hasSuffix(".gradle.kts") {
            if let setting = file.facts.shippingRegions.first(where: { $0.range.contains(site.offset) })?.setting
                ?? gradleShippingSettings.first(where: { site.line.contains($0) })
            {
                return decided.0.isBinary
                    ? (decided.0, "`\(setting)` in \(file.parts.name): \(decided.1)") : decided
            }
            return (
                .build,
                "Gradle build script \(file.parts.name) outside `buildConfigField`, `resValue` and `manifestPlaceholders`: used while building, ships nothing"
            )
        }
        if lowerName.hasSuffix(".xml"), let attribute = toolsAttribute(site.line, column: site.column) {
            return (.build, "Android `\(attribute)` attribute: design-time only, stripped at build")
        }
        if lowerName.hasSuffix(".xcconfig"), let key = xcconfigKey(site.line),
            let reader = buildSettings.reader(of: key)
        {
            return (
                .binaryLiteral,
                "xcconfig setting `\(key)`, read by \(reader) as $(\(key)): compiled into the app bundle"
            )
        }
        return decided
    }
}

/// The code generator whose configuration the file is: GraphQL Code Generator and GraphQL
/// config files, Apollo's (`apollo.config.js`, Apollo iOS `apollo-codegen-config.json`),
/// openapi-generator-cli's `openapitools.json`; nil for any other file.
func codeGeneratorConfig(_ lowerName: String) -> String? {
    let script = [".ts", ".js", ".cjs", ".mjs"]
    func named(_ base: String, _ extensions: [String]) -> Bool { extensions.contains { lowerName == base + $0 } }
    if named("codegen", [".yml", ".yaml", ".json"] + script) { return "the GraphQL Code Generator config" }
    if lowerName == ".graphqlrc" || named(".graphqlrc", [".yml", ".yaml", ".json"] + script)
        || named("graphql.config", [".yml", ".yaml", ".json"] + script)
    {
        return "the GraphQL config"
    }
    if named("apollo.config", script) { return "the Apollo tooling config" }
    if lowerName == "apollo-codegen-config.json" { return "the Apollo iOS codegen config" }
    if lowerName == "openapitools.json" { return "the openapi-generator config" }
    return nil
}

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
        guard let regex = try? Regex(pattern), let match = before.firstMatch(of: regex), match.output.count > 1,
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
    guard let regex = try? Regex(pattern), let match = before.firstMatch(of: regex), match.output.count > 1,
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
    for infix in [".test.", ".spec."] where lowerName.contains(infix) {
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

/// Who reads a build setting: the Info.plist files and entitlements that name it as `$(KEY)` or
/// `${KEY}`, and the `INFOPLIST_KEY_*` settings of Xcode projects. Read on the first `.xcconfig`
/// occurrence, once.
final class BuildSettingReaders {
    private let files: FileList
    private let read: ProjectFileReader
    private var readers: [String: String]?

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// The settings that an `applinks:` or `webcredentials:` entry reads (`applinks:$(HOST_NAME)`).
    private var claimKeys: Set<String> = []

    /// The first file that reads `key`, else nil.
    func reader(of key: String) -> String? {
        if readers == nil { readers = collect() }
        return readers?[key]
    }

    /// True when an entitlements entry (`applinks:$(KEY)`) reads `key`: its value is an iOS app-link claim.
    func isClaim(_ key: String) -> Bool {
        if readers == nil { readers = collect() }
        return claimKeys.contains(key)
    }

    /// True when the Android manifest of the Gradle module in `folder` (`src/main/AndroidManifest.xml`)
    /// takes an intent filter's host from a placeholder (`android:host="${appLinkHost}"`): the
    /// module's `manifestPlaceholders` values are then app-link claims.
    func manifestTakesHostFromPlaceholder(moduleFolder folder: String) -> Bool {
        if let known = placeholderHosts[folder] { return known }
        let manifest = (folder.isEmpty ? "" : folder + "/") + "src/main/AndroidManifest.xml"
        var found = false
        for i in 0..<files.count where files.path(at: i) == manifest {
            if let bytes = read(i, manifest) {
                found = ProjectFileBytes(bytes).contains("android:host=\"${")
            }
            break
        }
        placeholderHosts[folder] = found
        return found
    }

    private var placeholderHosts: [String: Bool] = [:]
    /// The Dockerfiles' paths and texts, read on the first question about them.
    private var dockerfiles: [(path: String, text: String)]?

    /// The first Dockerfile (`Dockerfile`, `*.dockerfile`, `Dockerfile.*`) that names one of
    /// `names` (`Tool.csproj`, `Tool.dll`), else nil.
    func dockerfile(naming names: [String]) -> String? {
        if dockerfiles == nil {
            var found: [(String, String)] = []
            for i in 0..<files.count {
                let path = files.path(at: i)
                let lower = nameOf(path).lowercased()
                guard lower == "dockerfile" || lower.hasSuffix(".dockerfile") || lower.hasPrefix("dockerfile."),
                    let bytes = read(i, path)
                else { continue }
                found.append((path, String(decoding: bytes, as: UTF8.self)))
            }
            dockerfiles = found
        }
        return dockerfiles?.first { file in names.contains { ByteSearch.contains($0, in: file.text) } }?.path
    }

    private func collect() -> [String: String] {
        var found: [String: String] = [:]
        for i in 0..<files.count {
            let path = files.path(at: i)
            let lower = nameOf(path).lowercased()
            guard lower.hasSuffix(".plist") || lower.hasSuffix(".entitlements") || lower == "project.pbxproj",
                let bytes = read(i, path)
            else { continue }
            var text = String(decoding: bytes, as: UTF8.self)
            if lower == "project.pbxproj" {
                // Only the build settings that become Info.plist keys reach the bundle; a run
                // script's `$(SRCROOT)` does not.
                text = text.split(separator: "\n").filter { $0.contains("INFOPLIST_KEY_") }.joined(separator: "\n")
            }
            for key in captures(#"[$][({]([A-Za-z_][A-Za-z0-9_]*)[)}:]"#, in: text, holding: ["$"])
            where found[key] == nil {
                found[key] = path
            }
            claimKeys.formUnion(
                captures(
                    #"(?:applinks|webcredentials|activitycontinuation):[$][({]([A-Za-z_][A-Za-z0-9_]*)"#, in: text,
                    holding: [":$"]))
        }
        return found
    }
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

extension LineFacts {
    /// The platform whose app-link claim the match at `column` (1-based, bytes) of `line` is:
    /// `iOS` after `applinks:`, `webcredentials:` or `activitycontinuation:`; `Android` for the
    /// host of an intent filter (`android:host` in a manifest, `DataHost` of an `[IntentFilter]`).
    static func appLinkClaim(_ line: String, column: Int, lowerName: String) -> String? {
        let before = String(decoding: line.utf8.prefix(max(0, column - 1)), as: UTF8.self).lowercased()
        if ["applinks:", "webcredentials:", "activitycontinuation:"].contains(where: { before.hasSuffix($0) }) {
            return "iOS"
        }
        if lowerName == "androidmanifest.xml" && before.contains("android:host") { return "Android" }
        if lowerName.hasSuffix(".cs") && before.contains("datahost") { return "Android" }
        return nil
    }
}
