import RelopsCore

/// The readers of the build files that decide products beyond the mobile ones: Cargo manifests,
/// `package.json`, Gradle servers and build logic, Xcode targets, and the native or web packages
/// that an app's build file names.
extension BuildFileParser {
    /// What an app's build file names outside its own project: Cargo packages it builds
    /// (`cargo build -p sdk`, `--package sdk`, `commandLine("cargo", "build", "-p", "sdk")`), libraries it links (`libsdk.a`, `libsdk.so`), and
    /// relative paths (`../web/dist`, `--manifest-path ../sdk/Cargo.toml`, `module = "../rust"`).
    static func nativeReferences(in text: String, from folder: String) -> [BuildUnit.Reference] {
        var references: [BuildUnit.Reference] = []
        if ByteSearch.contains("cargo", in: text) {
            for name in captures(
                #"cargo[^\n]*?[\s"'](?:-p|--package)[\s"',=]+([A-Za-z0-9_-]+)"#, in: text, holding: ["cargo"])
            {
                references.append(.named(name))
            }
        }
        let bytes = Array(text.utf8)
        references += linkedLibraries(in: bytes).map(BuildUnit.Reference.named)
        // rust-android-gradle's `cargo { libname = "sdk_ffi" }`: the library it builds and loads.
        for name in captures(#"\blibname\s*=\s*"([A-Za-z0-9_-]+)""#, in: text, holding: ["libname"]) {
            references.append(.named(name))
        }
        for relative in parentRelativePaths(in: bytes) {
            if let path = resolve(relative, from: folder), !path.isEmpty { references.append(.pathInside(path)) }
        }
        return references
    }

    /// The `NAME` of each `libNAME.a`, `libNAME.so` or `libNAME.dylib` that starts a word, in
    /// one pass over the bytes.
    static func linkedLibraries(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var at = 0
        while let lib = firstIndex(of: "lib", in: bytes, from: at) {
            at = lib + 3
            guard lib == 0 || !isWordByte(bytes[lib - 1]) else { continue }
            var end = at
            while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
            guard end > at, end < bytes.count, bytes[end] == UInt8(ascii: ".") else { continue }
            let suffixes: [[UInt8]] = [Array("a".utf8), Array("so".utf8), Array("dylib".utf8)]
            let matched = suffixes.first { suffix in
                let stop = end + 1 + suffix.count
                return stop <= bytes.count && Array(bytes[(end + 1)..<stop]) == suffix
                    && (stop == bytes.count || !isWordByte(bytes[stop]))
            }
            guard matched != nil else { continue }
            found.append(String(decoding: bytes[at..<end], as: UTF8.self))
            at = end
        }
        return found
    }

    /// Each path that starts with one or more `../` (`../web/dist`, `../../sdk`), in one pass over
    /// the bytes: the `../`s, then a byte of `[A-Za-z0-9_.@-]` and any of `[A-Za-z0-9_./@-]`. After
    /// a run of two or more `../`, the last one's `.` starts the path.
    static func parentRelativePaths(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var at = 0
        while let start = firstIndex(of: "../", in: bytes, from: at) {
            var end = start
            var runs = 0
            while end + 3 <= bytes.count && bytes[end] == 0x2E && bytes[end + 1] == 0x2E && bytes[end + 2] == 0x2F {
                end += 3
                runs += 1
            }
            let startsPath = end < bytes.count && (isNameByte(bytes[end]) || isPathStartByte(bytes[end]))
            guard startsPath || runs >= 2 else {
                at = start + 1
                continue
            }
            // Without a path after them, the last `../` is the path: its `.` starts it.
            while end < bytes.count && (isNameByte(bytes[end]) || isPathStartByte(bytes[end]) || bytes[end] == 0x2F) {
                end += 1
            }
            found.append(String(decoding: bytes[start..<end], as: UTF8.self))
            at = end
        }
        return found
    }

    /// `[A-Za-z0-9_]`.
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    /// `.`, `@` or `-`: the bytes beyond `[A-Za-z0-9_]` a path may start with.
    private static func isPathStartByte(_ b: UInt8) -> Bool { b == 0x2E || b == 0x40 || b == 0x2D }

    /// A byte of a word: `[A-Za-z0-9_]` or any byte of a non-ASCII character.
    private static func isWordByte(_ b: UInt8) -> Bool { isNameByte(b) || b >= 0x80 }

    /// Where `needle` (ASCII) first starts in `bytes` at or after `from`.
    private static func firstIndex(of needle: StaticString, in bytes: [UInt8], from: Int) -> Int? {
        let n = needle.utf8CodeUnitCount
        let p = needle.utf8Start
        var at = from
        while at + n <= bytes.count {
            if bytes[at] == p[0] {
                var k = 1
                while k < n && bytes[at + k] == p[k] { k += 1 }
                if k == n { return at }
            }
            at += 1
        }
        return nil
    }

    /// A Gradle module (an Android library, say) that builds a Rust crate into what it packages:
    /// it applies the rust-android-gradle plugin (`org.mozilla.rust-android-gradle.rust-android`),
    /// whose `cargo { module = "../rust" }` names the crate, or runs cargo itself
    /// (`commandLine("cargo", "ndk", ...)` with `workingDir = file("../rust")`).
    static func buildsRust(_ applied: String) -> Bool {
        ByteSearch.contains("rust-android", in: applied) || ByteSearch.contains("commandLine(\"cargo\"", in: applied)
            || ByteSearch.contains("commandLine 'cargo'", in: applied)
    }

    /// A Gradle module that builds a server: Spring Boot, Ktor, Micronaut, Quarkus.
    static func gradleServer(_ text: String) -> String? {
        let markers = [
            ("org.springframework.boot", "Spring Boot"), ("spring-boot-starter-web", "Spring Boot"),
            ("io.ktor.plugin", "Ktor"), ("ktor-server", "Ktor"), ("io.micronaut.application", "Micronaut"),
            ("io.quarkus", "Quarkus"),
        ]
        return markers.first { ByteSearch.contains($0.0, in: text) }?.1
    }

    /// A Gradle module that runs only while building: a Gradle plugin or convention plugins.
    static func gradleBuildLogic(_ text: String) -> String? {
        if ByteSearch.contains("`kotlin-dsl`", in: text) || ByteSearch.contains("java-gradle-plugin", in: text)
            || ByteSearch.contains("gradlePlugin {", in: text)
        {
            return "Gradle plugin"
        }
        return nil
    }

    /// The names of an Xcode project's app targets and test targets, from its `PBXNativeTarget`s,
    /// and those of its other targets (frameworks, libraries, extensions).
    static func xcodeTargets(in project: PBXDocument) -> (apps: [String], tests: [String], others: [String]) {
        var apps: [String] = [], tests: [String] = [], others: [String] = []
        let prefix = "com.apple.product-type."
        for id in project.ids {
            guard let target = project[id], target.isa == "PBXNativeTarget", let name = target.fields.string("name"),
                let product = target.fields.string("productType"), product.hasPrefix(prefix)
            else { continue }
            let type = String(product.dropFirst(prefix.count))
            if type.hasPrefix("bundle.unit-test") || type.hasPrefix("bundle.ui-testing") {
                tests.append(name)
            } else if type == "application" || type.hasPrefix("application.") {
                apps.append(name)
            } else {
                others.append(name)
            }
        }
        return (apps, tests, others)
    }

    /// A `Cargo.toml`: nil for a virtual workspace manifest (no `[package]`), which builds nothing
    /// itself. A crate whose library is a `cdylib` or `staticlib` is linked into what names it; a
    /// crate with a binary that depends on a web framework is a server; Tauri is a desktop app.
    static func cargo(path: String, text: String, hasMain: Bool) -> BuildUnit? {
        let toml = TOMLSections(text)
        guard let package = toml.sections["package"] else { return nil }
        let folder = folderOf(path)
        let name = package["name"].map(unquoted) ?? nameOf(folder)
        let libName = toml.sections["lib"]?["name"].map(unquoted) ?? name.replacingOccurrences("-", "_")
        let crateTypes = toml.sections["lib"]?["crate-type"] ?? ""
        let dependencies = toml.dependencyNames
        let kind: BuildUnit.Kind
        var deploys: String?
        if dependencies.contains("tauri") {
            kind = .desktop(framework: .tauri)
        } else if let framework = rustServerFrameworks.first(where: { dependencies.contains($0) }),
            hasMain || toml.sections["[bin]"] != nil
        {
            kind = .service(language: .rust)
            deploys = "Rust (\(framework))"
        } else if hasMain && !crateTypes.contains("cdylib") && !crateTypes.contains("staticlib") {
            kind = .service(language: .rust)
        } else {
            kind = .library(language: .rust)
        }
        var unit = BuildUnit.Facts(root: folder, file: path, kind: kind)
        unit.deploys = deploys
        unit.names = [name, libName]
        unit.references =
            toml.pathDependencies.compactMap { resolve($0, from: folder).map(BuildUnit.Reference.path) }
            + toml.workspaceDependencies.map { .named($0) }
        let linked = ["cdylib", "staticlib"].filter { crateTypes.contains($0) }
        if !linked.isEmpty { unit.variant = linked.joined(separator: ", ") }
        return BuildUnit(unit)
    }

    /// A `package.json`: Electron is a desktop app, a package with a web server framework a Node
    /// server, any other package (a web client, a shared library, a workspace root of tooling) a
    /// library that ships only through what references it. Its dependency names are references.
    static func node(path: String, text: String) -> BuildUnit? {
        // React Native, Expo, Capacitor: the mobile rules decide.
        guard BuildFileParser.service(path: path, text: text) != nil else { return nil }
        let folder = folderOf(path)
        func depends(_ name: String) -> Bool { ByteSearch.contains("\"\(name)\"", in: text) }
        let kind: BuildUnit.Kind
        var deploys: String?
        if depends("electron") || depends("electron-builder") {
            kind = .desktop(framework: .electron)
        } else if let framework = nodeServerFrameworks.first(where: { depends($0) }) {
            kind = .service(language: .node)
            deploys = "Node (\(framework))"
        } else if !captures(#""start"\s*:\s*"(node)\s"#, in: text, holding: ["\"start\""]).isEmpty {
            // `"start": "node server.js"`: a service on Node's own `http`.
            kind = .service(language: .node)
            deploys = "Node"
        } else {
            kind = .library(language: .node)
        }
        var unit = BuildUnit.Facts(root: folder, file: path, kind: kind)
        unit.deploys = deploys
        if let name = captures(#""name"\s*:\s*"([^"]+)""#, in: text, holding: ["\"name\""]).first {
            unit.names = ["npm:" + name]
        }
        // Dependencies by package name (npm workspaces), kept apart from Cargo names by the prefix.
        unit.references = captures(#""(@?[A-Za-z0-9._/-]+)"\s*:\s*""#, in: text, holding: ["\":"]).map {
            .named("npm:" + $0)
        }
        return BuildUnit(unit)
    }

    /// A Capacitor config (`capacitor.config.json`, `.ts`, `.js`): its `webDir` (the web bundle)
    /// is copied by `cap sync` into the Android and iOS apps of its `android.path` and `ios.path`
    /// (Capacitor's defaults `android` and `ios`). The unit is the web project, a library the
    /// apps embed; a separate package whose folder holds `webDir` is referenced. nil without `webDir`.
    static func capacitor(path: String, text: String) -> BuildUnit? {
        let folder = folderOf(path)
        let value = #"\s*:\s*["'`]([^"'`\n]+)["'`]"#
        guard let webDir = captures(#"["']?webDir["']?"# + value, in: text, holding: ["webDir"]).first else {
            return nil
        }
        func platformPath(_ platform: String) -> String {
            let pattern = #"["']?"# + platform + #"["']?\s*:\s*\{[^{}]*?["']?path["']?"# + value
            return captures(pattern, in: text, holding: [platform, "path"]).first ?? platform
        }
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .library(language: .node))
        unit.variant = "web bundle `\(webDir)`"
        unit.embeddedIn = ["android", "ios"].compactMap { resolve(platformPath($0), from: folder) }
        if let bundle = resolve(webDir, from: folder), !bundle.isEmpty { unit.references = [.pathInside(bundle)] }
        return BuildUnit(unit)
    }

    /// The folder that serves `.well-known/` (`landing-page/.well-known/assetlinks.json`) is a site.
    static func site(wellKnownPath path: String) -> BuildUnit? {
        guard let site = siteRoot(of: path) else { return nil }
        var unit = BuildUnit.Facts(
            root: site, file: site.isEmpty ? ".well-known/" : site + "/.well-known/", kind: .site)
        unit.deploys = "static site"
        unit.referenceable = false
        return BuildUnit(unit)
    }

    /// The folder that holds a Jekyll `_config.yml` is a site GitHub Pages (or Jekyll) builds and
    /// serves: often `docs/`, with the privacy policy a store listing links to.
    static func jekyllSite(configPath path: String) -> BuildUnit {
        var unit = BuildUnit.Facts(root: folderOf(path), file: path, kind: .site)
        unit.deploys = "static site (Jekyll)"
        unit.referenceable = false
        return BuildUnit(unit)
    }
}

extension BuildUnit.Facts {
    /// True for a site defined by a Jekyll `_config.yml` (`BuildFileParser.jekyllSite`).
    var isJekyllSite: Bool {
        guard case .site = kind else { return false }
        return nameOf(file) == "_config.yml"
    }
}

/// The folder that holds the `.well-known` folder on `path`, nil when there is none.
func siteRoot(of path: String) -> String? {
    if path.hasPrefix(".well-known/") { return "" }
    // Asked of every build-file candidate: a byte search, not Foundation's `range(of:)`.
    let found = ByteSearch.withBytes(of: path) {
        ByteSearch.firstIndex(of: wellKnownFolder, in: $0, from: 0, to: $0.count, ignoringCase: false)
    }
    guard let found else { return nil }
    return String(decoding: path.utf8.prefix(found), as: UTF8.self)
}

private let wellKnownFolder = Array("/.well-known/".utf8)

let rustServerFrameworks = ["axum", "actix-web", "rocket", "warp", "poem", "tide", "salvo", "tonic", "hyper"]
let nodeServerFrameworks = [
    "express", "fastify", "koa", "@hapi/hapi", "@nestjs/core", "next", "nuxt", "hono", "@hono/node-server", "restify",
    "@remix-run/serve", "@sveltejs/adapter-node", "@apollo/server", "apollo-server", "graphql-yoga", "socket.io",
    "@adonisjs/core", "@loopback/core", "@strapi/strapi", "firebase-functions", "@azure/functions",
    "@google-cloud/functions-framework", "serverless", "wrangler",
]

/// The few parts of a TOML file a Cargo manifest needs: `[section]` tables of `key = value` lines
/// (values as written), the names of the dependency tables' keys, and their `path = "..."` values.
struct TOMLSections {
    var sections: [String: [String: String]] = [:]
    var dependencyNames: Set<String> = []
    var pathDependencies: [String] = []
    /// Dependencies a member takes from its workspace (`x.workspace = true`, `x = { workspace = true }`):
    /// the workspace root's `[workspace.dependencies]` says where they are, so they resolve by package name.
    var workspaceDependencies: [String] = []

    init(_ text: String) {
        var current = ""
        var key: String?
        for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = String(raw).trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]") else {  // not a table header: nothing after it is read
                    current = "(malformed)"
                    continue
                }
                current = String(line.drop { $0 == "[" }.prefix { $0 != "]" })
                if line.hasPrefix("[[") { current = "[" + current + "]" }
                sections[current, default: [:]] = sections[current] ?? [:]
                key = nil
                if current.hasPrefix("dependencies.")
                    || current.hasPrefix("target.") && current.contains("dependencies.")
                {
                    dependencyNames.insert(String(current.split(separator: ".").last ?? ""))
                }
                continue
            }
            let pieces = line.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            if pieces.count == 2 {
                key = pieces[0]
                sections[current, default: [:]][pieces[0]] = pieces[1]
            } else if let key, !current.isEmpty {  // a multi-line array value: keep adding to it
                sections[current]?[key, default: ""] += " " + line
            }
            let isDependencies =
                current == "dependencies" || current == "workspace.dependencies" || current == "build-dependencies"
                || current.hasSuffix(".dependencies") && current.hasPrefix("target.")
            if isDependencies, pieces.count == 2 {
                // `x = ...`, and the dotted `x.workspace = true`, `x.path = "..."`.
                let dotted = pieces[0].split(separator: ".", maxSplits: 1).map { unquoted(String($0)) }
                let name = dotted[0]
                dependencyNames.insert(name)
                if let path = captures(#"path\s*=\s*"([^"]+)""#, in: pieces[1], holding: ["path"]).first {
                    pathDependencies.append(path)
                } else if dotted.count == 2, dotted[1] == "path" {
                    pathDependencies.append(unquoted(pieces[1]))
                }
                if current != "workspace.dependencies", inheritsWorkspace(dotted, pieces[1]) {
                    workspaceDependencies.append(name)
                }
            } else if current.hasPrefix("dependencies."), pieces.count == 2, pieces[0] == "path" {
                pathDependencies.append(unquoted(pieces[1]))
            } else if current.hasPrefix("dependencies."), pieces.count == 2, pieces[0] == "workspace",
                pieces[1] == "true"
            {
                workspaceDependencies.append(String(current.dropFirst("dependencies.".count)))
            }
        }
    }
}

/// True for a dependency line that inherits from the workspace (`x.workspace = true`,
/// `x = { workspace = true, features = [...] }`).
private func inheritsWorkspace(_ dotted: [String], _ value: String) -> Bool {
    if dotted.count == 2 { return dotted[1] == "workspace" && value == "true" }
    return !captures(#"\b(workspace)\s*=\s*true"#, in: value, holding: ["workspace"]).isEmpty
}

/// `"x"` -> `x`; anything else as is.
func unquoted(_ value: String) -> String {
    let v = value.trimmingWhitespace()
    guard v.count >= 2, let first = v.first, first == "\"" || first == "'", v.last == first else { return v }
    return String(v.dropFirst().dropLast())
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: Character) -> String { String(map { $0 == a ? b : $0 }) }
}
