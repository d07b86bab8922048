import Git
import RelopsCore

/// The convention plugins a Gradle build defines for its own modules (`build-logic/`, an included
/// `plugins/` build), by id, with the source that applying one adds to a module:
/// - a precompiled script plugin: `src/main/kotlin/<id>.gradle.kts` (its `package` prefixes the
///   id), or `src/main/groovy/<id>.gradle`;
/// - a plugin class registered in a build script's `gradlePlugin { plugins { register(...) { id =
///   "..."; implementationClass = "..." } } }`, read from the class's file in that build.
/// So `id("io.element.android-compose-application")` or `alias(libs.plugins.nowinandroid.android.application)`
/// applies whatever that plugin applies (`com.android.application`), read as the build reads it.
struct GradleConventionPlugins: Sendable {
    /// Plugin id -> the source of the plugin (a script's text, a class's file).
    private(set) var sources: [String: String] = [:]
    /// The build logic's dependency-handler functions by name (`allFeaturesImpl`).
    private(set) var dependencyFunctions: [String: GradleDependencyFunction] = [:]

    /// How many plugins deep `expanded` follows convention plugins that apply others.
    static let depth = 8

    /// True when `applied` (a script's text with its catalog's ids) applies a plugin whose id no
    /// public namespace explains (`io.element.android-compose-application`, `shop.android.app`):
    /// only then are the build's own plugins looked for.
    static func mayApplyOne(_ applied: String) -> Bool {
        pluginIDs(in: applied).contains { id in !publicPluginPrefixes.contains { id.hasPrefix($0) } }
    }

    /// The plugin ids `applied` names, read on its bytes (every Gradle script comes here): quoted
    /// after `id` (`id("x.y")`, `id 'x.y'`) or `plugin:`/`plugin =` (`apply plugin: 'x'`), and
    /// the dotted ids alone on a line that the catalog's accessors add (`GradleVersionCatalog.named`).
    static func pluginIDs(in applied: String) -> [String] {
        ByteSearch.withBytes(of: applied) { bytes in
            var ids: [String] = []
            let n = bytes.count
            func isLetter(_ b: UInt8) -> Bool { ((b | 0x20) &- 0x61) < 26 || b >= 0x80 }
            func isWord(_ b: UInt8) -> Bool { isLetter(b) || b == 0x5F || (b &- 0x30) < 10 }
            func isIDByte(_ b: UInt8) -> Bool { b < 0x80 && isWord(b) || b == 0x2E || b == 0x2D }
            // Where a word starts, as Unicode's word boundaries (the regex's `\b`) say: not after a
            // word character, nor after a letter and `.`, `:` or `'` (`x.id`, `a:plugin` are one word).
            func startsWord(_ k: Int) -> Bool {
                guard k > 0 else { return true }
                let before = bytes[k - 1]
                if isWord(before) { return false }
                let joins = before == 0x2E || before == 0x3A || before == 0x27
                return !(joins && k >= 2 && isLetter(bytes[k - 2]))
            }
            func isQuote(_ b: UInt8) -> Bool { b == 0x22 || b == 0x27 }
            func skipSpaces(_ k: inout Int) { while k < n && (bytes[k] == 0x20 || (bytes[k] &- 0x09) < 5) { k += 1 } }
            func starts(_ word: StaticString, at k: Int) -> Bool {
                let count = word.utf8CodeUnitCount
                guard k + count <= n else { return false }
                for j in 0..<count where bytes[k + j] != word.utf8Start[j] { return false }
                return true
            }
            // A quoted id at `k`: its end after the closing quote, or nil.
            func quoted(at k: Int) -> Int? {
                guard k < n, isQuote(bytes[k]) else { return nil }
                var end = k + 1
                while end < n && isIDByte(bytes[end]) { end += 1 }
                guard end > k + 1, end < n, isQuote(bytes[end]) else { return nil }
                ids.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(k + 1)..<end]), as: UTF8.self))
                return end + 1
            }
            var i = 0
            while i < n {
                let atWordStart = (bytes[i] == 0x69 || bytes[i] == 0x70) && startsWord(i)
                if atWordStart && starts("id", at: i) {
                    var k = i + 2
                    skipSpaces(&k)
                    if k < n && bytes[k] == 0x28 { k += 1 }
                    skipSpaces(&k)
                    if let end = quoted(at: k) {
                        i = end
                        continue
                    }
                } else if atWordStart && starts("plugin", at: i) {
                    var k = i + 6
                    skipSpaces(&k)
                    if k < n && (bytes[k] == 0x3A || bytes[k] == 0x3D) {
                        k += 1
                        skipSpaces(&k)
                        if let end = quoted(at: k) {
                            i = end
                            continue
                        }
                    }
                }
                i += 1
            }
            // A line that is a dotted id and nothing else (a CR before its LF ends it too).
            var start = 0
            while start < n {
                var end = start
                while end < n && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
                var k = start, segments = 0, valid = end > start
                while valid && k < end {
                    let segment = k
                    while k < end && isIDByte(bytes[k]) && bytes[k] != 0x2E { k += 1 }
                    valid = k > segment && (k == end || bytes[k] == 0x2E)
                    segments += 1
                    if k < end { k += 1 }
                    valid = valid && !(k == end && bytes[end - 1] == 0x2E)
                }
                if valid && segments > 1 {
                    ids.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                }
                start = end + 1
            }
            return ids
        }
    }

    /// Namespaces of plugins published outside the repository, and Gradle's and Kotlin's core ids.
    static let publicPluginPrefixes = [
        "com.android.", "org.jetbrains.", "com.google.", "org.gradle.", "io.ktor.", "org.springframework.",
        "io.spring.", "com.facebook.", "dev.flutter.", "io.micronaut.", "io.quarkus", "app.cash.", "com.squareup.",
        "androidx.", "com.github.", "io.gitlab.", "io.sentry", "com.diffplug.", "org.jlleitschuh.", "de.undercouch",
        "com.gradle.", "io.github.", "org.sonarqube", "com.vanniktech.", "kotlin", "java", "application",
        "maven-publish", "jacoco", "idea", "groovy", "scala", "war", "ear", "signing", "distribution", "base",
    ]

    init(files: FileList, read: ProjectFileReader) {
        let kts = Array(".gradle.kts".utf8), groovy = Array(".gradle".utf8)
        var classes: [(id: String, className: String, build: String)] = []
        for i in 0..<files.count where files.name(at: i, endsWith: Array(".kt".utf8)) {
            let path = files.path(at: i)
            guard GradleDependencyFunctions.isBuildLogicSource(path), let bytes = read(i, path) else { continue }
            for function in GradleDependencyFunctions.read(String(decoding: bytes, as: UTF8.self)) {
                dependencyFunctions[function.name] = dependencyFunctions[function.name] ?? function
            }
        }
        for i in 0..<files.count where files.name(at: i, endsWith: groovy) || files.name(at: i, endsWith: kts) {
            let path = files.path(at: i), name = nameOf(path)
            if ["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"].contains(name) {
                guard name.hasPrefix("build"), let bytes = read(i, path) else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                guard ByteSearch.contains("gradlePlugin", in: text) else { continue }
                classes += Self.registrations(in: text).map { ($0.id, $0.className, folderOf(path)) }
            } else if let id = Self.precompiledID(path), let bytes = read(i, path) {
                let text = String(decoding: bytes, as: UTF8.self)
                sources[Self.packaged(id, in: text)] = text
                sources[id] = sources[id] ?? text
            }
        }
        guard !classes.isEmpty else { return }
        // Each class from its own file in the build that registers it: `Foo` in `.../Foo.kt`.
        var wanted: [String: [(id: String, build: String)]] = [:]
        for entry in classes {
            let simple = entry.className.split(separator: ".").last.map(String.init) ?? entry.className
            wanted[simple, default: []].append((entry.id, entry.build))
        }
        for i in 0..<files.count {
            let path = files.path(at: i), name = nameOf(path)
            guard let dot = name.lastIndex(of: "."), [".kt", ".java", ".groovy"].contains(String(name[dot...])),
                let entries = wanted[String(name[..<dot])]
            else { continue }
            for entry in entries where entry.build.isEmpty || path.hasPrefix(entry.build + "/") {
                guard sources[entry.id] == nil, let bytes = read(i, path) else { continue }
                sources[entry.id] = String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    /// `applied` followed by the source of each convention plugin it applies, and of those they
    /// apply, to `depth` plugins deep; `applied` itself when it applies none.
    func expanded(_ applied: String) -> String {
        guard !sources.isEmpty else { return applied }
        var text = applied
        var seen = Set<String>()
        var frontier = applied
        for _ in 0..<Self.depth {
            let lines = "\n" + frontier + "\n"
            let found = sources.keys.filter { !seen.contains($0) && Self.applies(lines, $0) }.sorted()
            guard !found.isEmpty else { break }
            seen.formUnion(found)
            frontier = found.compactMap { sources[$0] }.joined(separator: "\n")
            text += "\n" + frontier
        }
        return text
    }

    /// True when `lines` (a text between line breaks) names plugin `id` as a plugin does: quoted
    /// (`id("x")`, `apply plugin: 'x'`, `pluginManager.apply("x")`) or alone on a line (a catalog
    /// accessor's id).
    private static func applies(_ lines: String, _ id: String) -> Bool {
        ByteSearch.contains("\"\(id)\"", in: lines) || ByteSearch.contains("'\(id)'", in: lines)
            || ByteSearch.contains("\n\(id)\n", in: lines)
    }

    /// The id of a precompiled script plugin at `path`: `src/main/kotlin/x.y.gradle.kts` -> `x.y`.
    static func precompiledID(_ path: String) -> String? {
        let name = nameOf(path)
        let parts = path.split(separator: "/").dropLast().map(String.init)
        guard parts.count >= 3,
            (0...(parts.count - 3)).contains(where: {
                parts[$0] == "src" && parts[$0 + 1] == "main" && ["kotlin", "groovy"].contains(parts[$0 + 2])
            })
        else { return nil }
        if name.hasSuffix(".gradle.kts") { return String(name.dropLast(".gradle.kts".count)) }
        if name.hasSuffix(".gradle") { return String(name.dropLast(".gradle".count)) }
        return nil
    }

    /// A Kotlin precompiled script's id with its `package` (`package conventions` -> `conventions.id`).
    private static func packaged(_ id: String, in text: String) -> String {
        guard let package = captures(#"(?m)^\s*package\s+([A-Za-z0-9_.]+)"#, in: text, holding: ["package"]).first
        else { return id }
        return package + "." + id
    }

    /// The `id` and `implementationClass` of each plugin a `gradlePlugin { }` block registers.
    static func registrations(in text: String) -> [(id: String, className: String)] {
        var found: [(id: String, className: String)] = []
        let pattern =
            #"\bid\s*=\s*["']([^"'\n]+)["'][^}]*?\bimplementationClass\s*=\s*["']([^"'\n]+)["']"#
        let reversed =
            #"\bimplementationClass\s*=\s*["']([^"'\n]+)["'][^}]*?\bid\s*=\s*["']([^"'\n]+)["']"#
        for (p, swapped) in [(pattern, false), (reversed, true)] {
            guard let regex = regex(p) else { continue }
            for match in text.matches(of: regex) {
                guard let a = match.output[1].substring, let b = match.output[2].substring else { continue }
                let entry = swapped ? (String(b), String(a)) : (String(a), String(b))
                if !found.contains(where: { $0.id == entry.0 }) { found.append(entry) }
            }
        }
        return found
    }
}
