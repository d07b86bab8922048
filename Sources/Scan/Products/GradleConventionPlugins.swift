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
        let quoted = captures(
            #"(?:\bid\s*\(?\s*|\bplugin\s*[:=]\s*)["']([A-Za-z0-9_.\-]+)["']"#, in: applied, holding: [])
        let bare = captures(#"(?m)^([A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)+)$"#, in: applied, holding: ["."])
        return (quoted + bare).contains { id in !publicPluginPrefixes.contains { id.hasPrefix($0) } }
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
