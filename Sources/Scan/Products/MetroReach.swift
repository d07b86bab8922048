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
        let found = project.metro.entries.first { entry in
            entry.hasSuffix("/")
                ? paths.keys.contains { $0.hasPrefix(entry) } : !candidates(for: entry, in: paths).isEmpty
        }
        let name = displayEntry(found ?? project.metro.entries.first ?? "index.js")
        entryNames[project.file] = name
        return name
    }

    private func walk(_ project: BuildUnit) -> Set<String> {
        let paths = allPaths()
        var pending: [String] = []
        for entry in project.metro.entries {
            if entry.hasSuffix("/") {
                pending += paths.keys.filter { $0.hasPrefix(entry) && isModule($0) }.sorted()
            } else {
                pending += candidates(for: entry, in: paths).prefix(1)
            }
        }
        var reached = Set(pending)
        // Each folder handed to `require.context` is listed once, however many files name it.
        var contextFolders = Set<String>()
        let aliases = aliases(of: project)
        while let path = pending.popLast() {
            guard !path.hasSuffix(".json"), let index = paths[path], let bytes = read(index, path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            // `require.context('./app/routes')` (expo-router's root): every module under the folder.
            for folder in Self.contexts(in: text).compactMap({ resolve($0, from: folderOf(path)) })
            where contextFolders.insert(folder).inserted {
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

    /// The module specifiers a file names, in `import`/`export ... from`/`require`/`import()`: a
    /// quoted name after `from`, `import`, `require(` or `import(` (a word of its own, blanks
    /// between), read in one pass over the bytes.
    static func specifiers(in text: String) -> [String] {
        ByteSearch.withBytes(of: text) { bytes in
            var found: [String] = []
            var i = 0
            while i < bytes.count {
                let c = bytes[i]
                guard c == UInt8(ascii: "f") || c == UInt8(ascii: "i") || c == UInt8(ascii: "r"),
                    i == 0 || !isWordByte(bytes[i - 1])
                else {
                    i += 1
                    continue
                }
                if let (start, end) = quotedSpecifier(in: bytes, at: i) {
                    found.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                    i = end + 1
                } else {
                    i += 1
                }
            }
            return found
        }
    }

    /// The bounds of the quoted name after the keyword at `at` (`from`, `import`, `require(`,
    /// `import(`), nil when there is none.
    private static func quotedSpecifier(in bytes: UnsafeBufferPointer<UInt8>, at: Int) -> (Int, Int)? {
        func word(_ text: StaticString, _ k: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard k + count <= bytes.count else { return false }
            for j in 0..<count where bytes[k + j] != text.utf8Start[j] { return false }
            return true
        }
        func blanks(_ k: Int) -> Int {
            var k = k
            while k < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
            return k
        }
        var k: Int
        if word("from", at) {
            k = at + 4
        } else if word("import", at) {
            k = blanks(at + 6)
            if k < bytes.count && bytes[k] == UInt8(ascii: "(") { k += 1 }
        } else if word("require", at) {
            k = blanks(at + 7)
            guard k < bytes.count, bytes[k] == UInt8(ascii: "(") else { return nil }
            k += 1
        } else {
            return nil
        }
        k = blanks(k)
        guard k < bytes.count, bytes[k] == 0x22 || bytes[k] == 0x27 else { return nil }
        let start = k + 1
        var end = start
        while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x27, bytes[end] != 0x0A { end += 1 }
        guard end < bytes.count, end > start, bytes[end] != 0x0A else { return nil }
        return (start, end)
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
        for name in babelConfigNames { if let config = text(name) { aliases.readBabel(config, folder: project.root) } }
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

/// An ASCII letter, digit or `_`: a byte that continues a word.
private func isWordByte(_ b: UInt8) -> Bool {
    (b &- 0x30) < 10 || ((b | 0x20) &- 0x61) < 26 || b == 0x5F
}
