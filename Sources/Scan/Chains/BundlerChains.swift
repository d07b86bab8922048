import RelopsCore

/// The unit of a bundler or copy step, defined by `step`'s config (`shadow-cljs.edn`) at `path`.
func bundlerUnit(_ step: BundlerStep, path: String) -> BuildUnit {
    var unit = BuildUnit.Facts(root: folderOf(path), file: path, kind: .bundler)
    unit.bundler = step
    return BuildUnit(unit)
}

extension BuildUnitIndex {
    /// The steps a `package.json`'s scripts run, each its own unit (`package.json script build`).
    static func scriptSteps(_ path: String, _ bytes: [UInt8]) -> [BuildUnit] {
        let text = String(decoding: bytes, as: UTF8.self)
        return BundlerConfigReader.packageScripts(path: path, text: text).enumerated().map { k, step in
            var unit = BuildUnit.Facts(root: folderOf(path), file: "\(path) step \(k + 1)", kind: .bundler)
            unit.bundler = step
            return BuildUnit(unit)
        }
    }

    /// Every bundler and copy step of the repository, read from the folders that hold a bundler
    /// config or a `package.json` (once).
    var bundlers: [BuildUnit] {
        if let bundlerUnits { return bundlerUnits }
        let found = bundlerFolders.flatMap { units(inFolder: $0) }.filter { $0.kind == .bundler }
        bundlerUnits = found
        return found
    }

    /// Who bundles each step's output: (step, carrier) for every carrier whose bundled folder
    /// holds one of the step's outputs: a Capacitor config's `webDir`, an Electron app's folder,
    /// a site, a Cordova app's `www/`, an Android app's `src/main/assets/`, or another step that
    /// takes the output in (a copy onward).
    static func bundlerCarriers(_ units: [BuildUnit]) -> [(BuildUnit, BuildUnit)] {
        let steps = units.filter { $0.kind == .bundler }
        guard !steps.isEmpty else { return [] }
        var pairs: [(BuildUnit, BuildUnit)] = []
        for carrier in units {
            let folders = bundledFolders(of: carrier)
            guard !folders.isEmpty else { continue }
            for step in steps where step.file != carrier.file {
                let outputs = step.bundler?.outputs ?? []
                if outputs.contains(where: { output in folders.contains { holds($0, output) } }) {
                    pairs.append((step, carrier))
                }
            }
        }
        return pairs
    }

    /// The folders whose contents a unit bundles as they are.
    private static func bundledFolders(of unit: BuildUnit) -> [String] {
        switch unit.kind {
        case .library where !unit.embeddedIn.isEmpty:
            // A Capacitor config: `cap sync` copies `webDir` into the apps.
            return unit.references.compactMap {
                if case .pathInside(let folder) = $0 { return folder }
                return nil
            }
        case .desktop(.electron), .site: return [unit.root]
        case .gradle(true, _, _): return [unit.root.isEmpty ? "src/main/assets" : unit.root + "/src/main/assets"]
        case .cordova: return [unit.root.isEmpty ? "www" : unit.root + "/www"]
        case .bundler: return unit.bundler?.sources ?? []
        // A folder an import alias names: what a step writes there is imported through the alias.
        case .reactNative: return unit.metro.aliasFolders
        default: return []
        }
    }

    /// The folders a React Native project's import aliases and roots name (`'@assets': './dist/assets'`), read
    /// from its babel configuration and `tsconfig.json`/`jsconfig.json`, inside the repository.
    func aliasFolders(of project: BuildUnit.Facts) -> [String] {
        var aliases = ImportAliases()
        func text(_ name: String) -> String? {
            repositoryText(at: project.root.isEmpty ? name : project.root + "/" + name)
        }
        for name in babelConfigNames {
            if let config = text(name) { aliases.readBabel(config, folder: project.root) }
        }
        for name in ["tsconfig.json", "jsconfig.json"] {
            if let config = text(name) { aliases.readTSConfig(config, folder: project.root) }
        }
        var folders =
            aliases.prefixes.map(\.target) + aliases.roots
            + aliases.patterns.flatMap { $0.targets.map(staticPrefix(ofGlob:)) }
        folders.removeAll { $0.isEmpty || $0 == project.root }
        return Array(Set(folders)).sorted()
    }
}
