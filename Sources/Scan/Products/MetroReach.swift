import Git
import RelopsCore

/// What Metro bundles from a React Native or Expo project: the files its entries reach through
/// `import`, `export ... from`, `require(...)` and `import(...)`, resolved as Metro does (relative
/// paths with `.ts`, `.tsx`, `.js`, `.jsx`, `.json` and their `.ios`/`.android`/`.native` forms,
/// `/index.*`, the aliases of its babel `module-resolver` and `tsconfig.json` `paths`, the `@/`
/// alias of the project root, workspace packages by name). Each file is read
/// once, each specifier tried against a bounded list of names: linear in the files. Not
/// thread-safe: one per scan.
final class MetroReach {
    private let files: FileList
    private let read: ProjectFileReader
    /// Every path of the repository -> its index in the file list, made on first need.
    private var indexByPath: [String: Int]?
    /// Workspace packages: npm name -> (folder, `main`).
    private var packages: [String: (folder: String, main: String?)]?
    /// A project's `package.json` path -> the files its entries reach.
    private var reachedByProject: [String: Set<String>] = [:]
    /// A project's `package.json` path -> how its entry is named.
    private var entryNames: [String: String] = [:]
    /// A project's `package.json` path -> its import aliases.
    private var aliasesByProject: [String: ImportAliases] = [:]

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// True when Metro reaches `path` from the entries of `project`.
    func reaches(_ path: String, from project: BuildUnit) -> Bool {
        if let known = reachedByProject[project.file] { return known.contains(path) }
        let reached = walk(project)
        reachedByProject[project.file] = reached
        return reached.contains(path)
    }

    /// How a rule names the project's entry: the first that exists (`index.ts`), `app/**` for
    /// expo-router, `index.js` when none does.
    func entryName(of project: BuildUnit) -> String {
        if let known = entryNames[project.file] { return known }
        let paths = allPaths()
        let found = project.metroEntries.first { entry in
            entry.hasSuffix("/")
                ? paths.keys.contains { $0.hasPrefix(entry) } : !candidates(for: entry, in: paths).isEmpty
        }
        let name = displayEntry(found ?? project.metroEntries.first ?? "index.js")
        entryNames[project.file] = name
        return name
    }

    private func walk(_ project: BuildUnit) -> Set<String> {
        let paths = allPaths()
        var pending: [String] = []
        for entry in project.metroEntries {
            if entry.hasSuffix("/") {
                pending += paths.keys.filter { $0.hasPrefix(entry) && isModule($0) }.sorted()
            } else {
                pending += candidates(for: entry, in: paths).prefix(1)
            }
        }
        var reached = Set(pending)
        let aliases = aliases(of: project)
        while let path = pending.popLast() {
            guard !path.hasSuffix(".json"), let index = paths[path], let bytes = read(index, path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            // `require.context('./app/routes')` (expo-router's root): every module under the folder.
            for folder in Self.contexts(in: text).compactMap({ resolve($0, from: folderOf(path)) }) {
                let prefix = folder.isEmpty ? "" : folder + "/"
                for found in paths.keys.filter({ $0.hasPrefix(prefix) && isModule($0) }).sorted()
                where reached.insert(found).inserted {
                    pending.append(found)
                }
            }
            for specifier in Self.specifiers(in: text) {
                for found in resolveSpecifier(
                    specifier, from: folderOf(path), root: project.root, aliases: aliases, in: paths)
                where reached.insert(found).inserted {
                    pending.append(found)
                }
            }
        }
        return reached
    }

    /// The folders a file hands to Metro's `require.context` (recursive, as by default).
    static func contexts(in text: String) -> [String] {
        captures(#"\brequire\.context\(\s*["']([^"'\n]+)["']"#, in: text, holding: ["require.context"])
    }

    /// The module specifiers a file names, in `import`/`export ... from`/`require`/`import()`.
    static func specifiers(in text: String) -> [String] {
        guard
            ByteSearch.contains("import", in: text) || ByteSearch.contains("require", in: text)
                || ByteSearch.contains("from", in: text),
            let pattern = regex(#"(?:\bfrom|\bimport|\brequire\s*\(|\bimport\s*\()\s*["']([^"'\n]+)["']"#)
        else { return [] }
        return text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// The files a specifier names: a relative path, an alias of the project's babel or TypeScript
    /// configuration, the `@/` alias, a workspace package, or a file under a babel `root`.
    private func resolveSpecifier(
        _ specifier: String, from folder: String, root: String, aliases: ImportAliases, in paths: [String: Int]
    ) -> [String] {
        if specifier.hasPrefix("./") || specifier.hasPrefix("../") {
            return resolve(specifier, from: folder).map { candidates(for: $0, in: paths) } ?? []
        }
        let aliased = aliases.targets(for: specifier).flatMap { candidates(for: $0, in: paths) }
        if !aliased.isEmpty { return aliased }
        if specifier.hasPrefix("@/") {
            return resolve(String(specifier.dropFirst(2)), from: root).map { candidates(for: $0, in: paths) } ?? []
        }
        let workspace = workspacePackages()
        var name = specifier
        while !name.isEmpty {
            if let package = workspace[name] {
                let rest = String(specifier.dropFirst(name.count)).drop { $0 == "/" }
                let target = rest.isEmpty ? (package.main ?? "index") : String(rest)
                return resolve(target, from: package.folder).map { candidates(for: $0, in: paths) } ?? []
            }
            guard let slash = name.lastIndex(of: "/") else { break }
            name = String(name[..<slash])
        }
        for folder in aliases.roots {
            let found = candidates(for: folder.isEmpty ? specifier : folder + "/" + specifier, in: paths)
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The import aliases of the project: its babel configuration's `module-resolver` and its
    /// `tsconfig.json` (or `jsconfig.json`) `paths`, read once.
    private func aliases(of project: BuildUnit) -> ImportAliases {
        if let known = aliasesByProject[project.file] { return known }
        let paths = allPaths()
        var aliases = ImportAliases()
        func text(_ name: String) -> String? {
            let path = project.root.isEmpty ? name : project.root + "/" + name
            guard let index = paths[path], let bytes = read(index, path) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let babel = [
            "babel.config.js", "babel.config.cjs", "babel.config.mjs", "babel.config.json", ".babelrc", ".babelrc.js",
            ".babelrc.json",
        ]
        for name in babel { if let config = text(name) { aliases.readBabel(config, folder: project.root) } }
        for name in ["tsconfig.json", "jsconfig.json"] {
            if let config = text(name) { aliases.readTSConfig(config, folder: project.root) }
        }
        aliasesByProject[project.file] = aliases
        return aliases
    }

    /// The files Metro would take for `base`: itself, with a resolution extension, or its `index`.
    private func candidates(for base: String, in paths: [String: Int], followMain: Bool = true) -> [String] {
        if paths[base] != nil && isModule(base) { return [base] }
        var found: [String] = []
        // A folder with a `package.json`: its `main` (`react-native`, `source`), once.
        if followMain, let index = paths[base + "/package.json"], let bytes = read(index, base + "/package.json") {
            let text = String(decoding: bytes, as: UTF8.self)
            let main = captures(#""(?:react-native|main|source)"\s*:\s*"([^"]+)""#, in: text, holding: ["\""]).first
            if let main, let target = resolve(main, from: base) {
                found = candidates(for: target, in: paths, followMain: false)
                if !found.isEmpty { return found }
            }
        }
        for stem in [base, base + "/index"] {
            for platform in ["", ".ios", ".android", ".native"] {
                for ext in [".ts", ".tsx", ".js", ".jsx", ".json", ".mjs", ".cjs"]
                where paths[stem + platform + ext] != nil {
                    found.append(stem + platform + ext)
                }
            }
            if !found.isEmpty { return found }
        }
        return found
    }

    private func allPaths() -> [String: Int] {
        if let indexByPath { return indexByPath }
        var table: [String: Int] = [:]
        table.reserveCapacity(files.count)
        for i in 0..<files.count { table[files.path(at: i)] = i }
        indexByPath = table
        return table
    }

    /// The repository's npm packages by name (each `package.json` outside `node_modules` read once).
    private func workspacePackages() -> [String: (folder: String, main: String?)] {
        if let packages { return packages }
        var found: [String: (folder: String, main: String?)] = [:]
        for (path, index) in allPaths()
        where nameOf(path) == "package.json" && !path.contains("node_modules/") {
            guard let bytes = read(index, path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let name = captures(#""name"\s*:\s*"([^"]+)""#, in: text, holding: ["\"name\""]).first else {
                continue
            }
            let main = captures(#""(?:main|react-native|source)"\s*:\s*"([^"]+)""#, in: text, holding: ["\""]).first
            found[name] = (folderOf(path), main)
        }
        packages = found
        return found
    }
}

/// A file Metro can bundle as a module: JavaScript, TypeScript or JSON.
func isModule(_ path: String) -> Bool {
    [".ts", ".tsx", ".js", ".jsx", ".json", ".mjs", ".cjs"].contains { path.lowercased().hasSuffix($0) }
}
