import RelopsCore

/// A Gradle version catalog (`gradle/libs.versions.toml`), read for what a build script's
/// type-safe accessors name: `alias(libs.plugins.ktor)` applies the plugin whose id the catalog
/// gives (`io.ktor.plugin`), `implementation(libs.ktor.server.netty)` the library whose module it
/// gives (`io.ktor:ktor-server-netty`). A script that names its plugins and libraries through the
/// catalog says what it builds only with the catalog beside it.
///
/// Reads the TOML a catalog is written in: `[plugins]`, `[libraries]` and `[bundles]` tables whose
/// entries are a string (`"group:name:version"`, `"plugin.id:version"`), an inline table (`{ id =
/// "...", version.ref = "..." }`, `{ module = "group:name" }`, `{ group = "...", name = "..." }`),
/// or, for a bundle, an array of library aliases (over several lines too).
struct GradleVersionCatalog: Sendable, Equatable {
    /// Accessor (the alias with `-` and `_` as `.`) -> plugin id.
    private(set) var plugins: [String: String] = [:]
    /// Accessor -> `group:name`.
    private(set) var libraries: [String: String] = [:]
    /// Accessor -> the accessors of its libraries.
    private(set) var bundles: [String: [String]] = [:]

    init(text: String) {
        var table = ""
        var openBundle: (accessor: String, text: String)?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Self.trimmed(Self.withoutComment(rawLine))
            if var bundle = openBundle {
                bundle.text += " " + line
                openBundle = line.contains("]") ? nil : bundle
                if openBundle == nil { bundles[bundle.accessor] = Self.strings(in: bundle.text).map(Self.accessor) }
                continue
            }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                table = Self.trimmed(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = Self.accessor(Self.unquoted(Self.trimmed(line[..<equals])))
            let value = Substring(Self.trimmed(line[line.index(after: equals)...]))
            switch table {
            case "plugins": if let id = Self.pluginID(value) { plugins[key] = id }
            case "libraries": if let module = Self.module(value) { libraries[key] = module }
            case "bundles":
                if value.contains("]") {
                    bundles[key] = Self.strings(in: String(value)).map(Self.accessor)
                } else if value.hasPrefix("[") {
                    openBundle = (key, String(value))
                }
            default: continue
            }
        }
    }

    /// The plugin ids and library modules that `script`'s accessors of the catalog `libs` name, one
    /// per line (a bundle by each of its libraries); "" when it names none the catalog has.
    func named(in script: String) -> String {
        guard ByteSearch.contains("libs.", in: script) else { return "" }
        var named: [String] = []
        for reference in captures(#"\blibs\.([A-Za-z0-9_.]+)"#, in: script, holding: ["libs."]) {
            var parts = reference.split(separator: ".").map(String.init)
            let kind = parts.first
            if kind == "plugins" || kind == "bundles" || kind == "versions" { parts.removeFirst() }
            // The longest leading accessor the catalog knows: `libs.plugins.ktor.get().pluginId`.
            while !parts.isEmpty {
                let accessor = parts.joined(separator: ".")
                if kind == "plugins", let id = plugins[accessor] {
                    named.append(id)
                } else if kind == "bundles", let members = bundles[accessor] {
                    named += members.compactMap { libraries[$0] }
                } else if kind != "versions", let module = libraries[accessor] {
                    named.append(module)
                } else {
                    parts.removeLast()
                    continue
                }
                break
            }
        }
        return named.joined(separator: "\n")
    }

    /// An alias as its accessor: `ktor-server_netty` -> `ktor.server.netty`.
    static func accessor(_ alias: String) -> String {
        String(alias.map { $0 == "-" || $0 == "_" ? "." : $0 })
    }

    /// A plugin entry's id: `"io.ktor.plugin:3.0.0"` or `{ id = "io.ktor.plugin", version.ref = "ktor" }`.
    private static func pluginID(_ value: Substring) -> String? {
        if value.hasPrefix("\"") || value.hasPrefix("'") {
            return unquoted(value).split(separator: ":").first.map(String.init)
        }
        return field("id", of: value)
    }

    /// A library entry's `group:name`: `"g:n:v"`, `{ module = "g:n" }` or `{ group = "g", name = "n" }`.
    private static func module(_ value: Substring) -> String? {
        if value.hasPrefix("\"") || value.hasPrefix("'") {
            let parts = unquoted(value).split(separator: ":")
            return parts.count >= 2 ? "\(parts[0]):\(parts[1])" : nil
        }
        if let module = field("module", of: value) { return module }
        guard let group = field("group", of: value), let name = field("name", of: value) else { return nil }
        return "\(group):\(name)"
    }

    /// The string value of `key` in a one-line inline table (`{ id = "x", version.ref = "y" }`).
    private static func field(_ key: String, of table: Substring) -> String? {
        guard table.hasPrefix("{") else { return nil }
        for pair in table.dropFirst().split(separator: ",") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = unquoted(trimmed(pair[..<equals])), value = pair[pair.index(after: equals)...]
            if name == key { return unquoted(trimmed(value, also: ["}"])) }
        }
        return nil
    }

    /// The quoted strings of an array: `[ "a", "b" ]` -> `["a", "b"]`.
    private static func strings(in text: String) -> [String] {
        text.split(separator: ",").map { unquoted(trimmed($0, also: ["[", "]"])) }.filter { !$0.isEmpty }
    }

    /// `text` without leading and trailing whitespace and `also`.
    private static func trimmed(_ text: some StringProtocol, also: Set<Character> = []) -> String {
        var text = Substring(text)
        while let first = text.first, first.isWhitespace || also.contains(first) { text.removeFirst() }
        while let last = text.last, last.isWhitespace || also.contains(last) { text.removeLast() }
        return String(text)
    }

    private static func unquoted(_ text: some StringProtocol) -> String {
        var text = Substring(text)
        if let first = text.first, first == "\"" || first == "'" { text = text.dropFirst() }
        if let last = text.last, last == "\"" || last == "'" { text = text.dropLast() }
        return String(text)
    }

    /// The line without a `#` comment outside a string.
    private static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        for index in line.indices {
            let c = line[index]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                return line[..<index]
            }
        }
        return line
    }
}

/// What a Gradle build script applies, read one way wherever relops asks (the scan's build model,
/// a runbook's platform conditions).
enum GradleScript {
    /// The script's text without the plugins it only declares for its modules (`id("com.android.application")
    /// version "8.5.0" apply false`, as a root build does), then the plugin ids and library modules
    /// its catalog accessors name, one per line.
    static func applied(_ text: String, catalog: GradleVersionCatalog?) -> String {
        applied(text, catalog: catalog, conventions: nil)
    }

    /// `applied`, followed by the source of each of the build's convention plugins it applies;
    /// `conventions` is asked only when the script applies a plugin no public namespace explains.
    static func applied(
        _ text: String, catalog: GradleVersionCatalog?, conventions: (() -> GradleConventionPlugins)?
    ) -> String {
        let own =
            ByteSearch.contains("apply false", in: text) || ByteSearch.contains("apply(false)", in: text)
            ? text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
                let line = String(line)
                return !ByteSearch.contains("apply false", in: line) && !ByteSearch.contains("apply(false)", in: line)
            }.joined(separator: "\n") : text
        let named = catalog.map { own + "\n" + $0.named(in: own) } ?? own
        guard let conventions, GradleConventionPlugins.mayApplyOne(named) else { return named }
        return conventions().expanded(named)
    }

    /// True when the script applies the Android application plugin: `com.android.application`,
    /// written or named through the catalog. With no catalog to read, an accessor named for the
    /// plugin (`libs.plugins.android.application`, `libs.plugins.androidApplication`) counts:
    /// the catalog that would say more is not in the repository.
    static func appliesAndroidApplication(_ text: String, catalog: GradleVersionCatalog?) -> Bool {
        appliesAndroidApplication(applied: applied(text, catalog: catalog), catalog: catalog)
    }

    /// `appliesAndroidApplication` of a script's `applied` text.
    static func appliesAndroidApplication(applied: String, catalog: GradleVersionCatalog?) -> Bool {
        if ByteSearch.contains("com.android.application", in: applied) { return true }
        guard catalog == nil else { return false }
        return ByteSearch.withBytes(of: applied) { bytes in
            ["android.application", "androidapplication"].contains {
                ByteSearch.contains(Array($0.utf8), in: bytes, ignoringCase: true)
            }
        }
    }
}
