import Git
import RelopsCore

/// The repository's build units, found from the paths and read only when asked about: the units
/// that own a folder are read from that folder upward; who references a unit, and which specs list
/// a folder as sources, need every build file, read once on the first such question. Not
/// thread-safe: one per scan.
final class BuildUnitIndex {
    let read: ProjectFileReader
    /// Candidate build files: (index in the file list, path), grouped by folder.
    private let candidatesByFolder: [String: [(index: Int, path: String)]]
    /// The names (lower-case) of the candidate build files: a name none has is looked for in no
    /// folder (most rules ask about build files of stacks the repository does not use).
    private let candidateNames: Set<String>
    private var unitsByFolder: [String: [BuildUnit]] = [:]
    private var everyUnit: [BuildUnit]?
    private var specUnits: [BuildUnit]?
    private var referrersByFile: [String: [BuildUnit]] = [:]
    private var enclosingByFolder: [String: [String]] = [:]
    /// `owner(of:)`'s answers: the path rules and the product graph ask about the same files.
    private var ownerByPath: [String: BuildUnit?] = [:]
    private var buildsAppsMemo: Bool?
    private var reactNativeRootsMemo: Set<String>?
    var bundlerUnits: [BuildUnit]?
    /// `appChain`'s memo: platform key, NUL, unit file -> the units from a referrer to an app (nil inside: none).
    var appChains: [String: [BuildUnit]?] = [:]
    /// `appPath`'s memo: platform key, NUL, unit file -> the chain to an app (nil inside: none).
    var appPaths: [String: ChainNode?] = [:]
    /// The walks over referrers whose reference cycles are settled (`overReferrers`), and the
    /// units that lie on a cycle, in path order (worked out on first need).
    var settledWalks: Set<String> = []
    var cycleMembersMemo: [BuildUnit]?

    /// Crate folders with a `src/main.rs`: a Cargo package that builds a binary.
    private let rustBinaries: Set<String>
    /// True when a `package.json` is among the candidates: only an npm package has a test runner
    /// or scripts, so without one the rules that ask for them decide nothing (and ask no owner).
    let hasPackageManifests: Bool
    /// Gradle module folders -> their `src/main/AndroidManifest.xml` (index, path), read only when
    /// the module is an app whose dependencies name no form factor.
    private let mainManifests: [String: (index: Int, path: String)]
    /// Folders -> the web framework whose config file they hold (`next.config.js` -> `next`).
    private let frameworkConfigs: [String: String]
    /// Gradle build folders -> their version catalog `gradle/libs.versions.toml` (index, path).
    private let catalogFiles: [String: (index: Int, path: String)]
    /// The catalogs read so far, by build folder (nil inside: unreadable).
    private var catalogs: [String: GradleVersionCatalog?] = [:]
    let files: FileList
    /// The build's convention plugins, found when a Gradle script first applies a plugin whose id
    /// no public namespace explains. The build scripts read to find them are kept for their own
    /// parse, so each is still read once.
    private lazy var conventions = GradleConventionPlugins(files: files) { [unowned self] index, path in
        let bytes = read(index, path)
        if nameOf(path).hasPrefix("build.gradle") { prefetched[path] = bytes }
        return bytes
    }
    private var prefetched: [String: [UInt8]?] = [:]

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.read = read
        self.files = files
        var byFolder: [String: [(index: Int, path: String)]] = [:]
        var binaries = Set<String>()
        var manifests: [String: (index: Int, path: String)] = [:]
        var heads: [(index: Int, path: String)] = []
        var catalogs: [String: (index: Int, path: String)] = [:]
        var frameworks: [String: String] = [:]
        var packageManifests = false
        for i in buildFileCandidates(files) {
            let path = files.path(at: i)
            let lowerName = nameOf(path).lowercased()
            if lowerName == "package.json" { packageManifests = true }
            if let framework = webFrameworkConfig(lowerName) {
                frameworks[folderOf(path)] = framework
            } else if nameOf(path) == "libs.versions.toml" {
                if nameOf(folderOf(path)) == "gradle" { catalogs[folderOf(folderOf(path))] = (i, path) }
            } else if path.hasSuffix("AndroidManifest.xml") {
                if path == "src/main/AndroidManifest.xml" || path.hasSuffix("/src/main/AndroidManifest.xml") {
                    manifests[folderOf(folderOf(folderOf(path)))] = (i, path)
                }
            } else if path == "src/main.rs" || path.hasSuffix("/src/main.rs") {
                binaries.insert(folderOf(folderOf(path)))
            } else if let site = siteRoot(of: path) {
                // One candidate per site: its `.well-known` files are never read.
                if !(byFolder[site] ?? []).contains(where: { siteRoot(of: $0.path) == site }) {
                    byFolder[site, default: []].append((i, path))
                }
            } else if path.hasSuffix("contents.xcworkspacedata") && xcodeProjectFile(containing: path) != nil {
                continue  // the workspace inside every `.xcodeproj` names only its own project
            } else if isFlutterHeadFile(path) {
                heads.append((i, path))
            } else if !path.hasSuffix("main.rs") && !path.lowercased().hasSuffix("index.html")
                && !path.lowercased().hasSuffix("cmakelists.txt")
            {
                byFolder[buildFolder(of: path), default: []].append((i, path))
            }
        }
        // A Flutter head (`web/index.html`, `windows/CMakeLists.txt`) only beside a `pubspec.yaml`.
        for head in heads
        where (byFolder[folderOf(folderOf(head.path))] ?? []).contains(where: {
            nameOf($0.path) == "pubspec.yaml"
        }) {
            byFolder[folderOf(head.path), default: []].append(head)
        }
        candidatesByFolder = byFolder
        candidateNames = Set(byFolder.values.joined().map { nameOf($0.path).lowercased() })
        rustBinaries = binaries
        mainManifests = manifests
        catalogFiles = catalogs
        frameworkConfigs = frameworks
        hasPackageManifests = packageManifests
    }

    /// The version catalog a Gradle build file in `folder` reads: the nearest
    /// `gradle/libs.versions.toml` at or above it (the build's root keeps it), read once.
    private func catalog(for folder: String) -> GradleVersionCatalog? {
        var at = folder
        while true {
            if let file = catalogFiles[at] {
                if let known = catalogs[at] { return known }
                let read = read(file.index, file.path).map {
                    GradleVersionCatalog(text: String(decoding: $0, as: UTF8.self))
                }
                catalogs[at] = read
                return read
            }
            if at.isEmpty { return nil }
            at = folderOf(at)
        }
    }

    /// The `src/main/AndroidManifest.xml` of the Gradle module folder `module`, if the repository has one.
    func mainManifest(ofModule module: String) -> String? { mainManifests[module]?.path }

    /// The units that files named `name` (lower-case) define in `folder` or its ancestors, nearest
    /// first: only folders whose paths hold such a file are read.
    func units(named name: String, enclosing folder: String) -> [BuildUnit] {
        guard holdsBuildFile(named: name) else { return [] }
        return candidateFolders(enclosing: folder).filter { folder in
            (candidatesByFolder[folder] ?? []).contains { nameOf($0.path).lowercased() == name }
        }.flatMap { units(inFolder: $0) }
    }

    /// True when a candidate build file is named `name` (lower-case) somewhere in the repository.
    private func holdsBuildFile(named name: String) -> Bool { candidateNames.contains(name) }

    /// The units defined in `folder` itself (several may share one).
    func units(inFolder folder: String) -> [BuildUnit] {
        if let known = unitsByFolder[folder] { return known }
        var found: [BuildUnit] = []
        for (index, path) in candidatesByFolder[folder] ?? [] {
            if siteRoot(of: path) != nil {
                if let site = BuildFileParser.site(wellKnownPath: path) { found.append(site) }
                continue
            }
            let gradle = path.hasSuffix(".gradle") || path.hasSuffix(".gradle.kts")
            let kept = prefetched.removeValue(forKey: path)
            guard let bytes = kept ?? read(index, path) else { continue }
            if nameOf(path) == "package.json" { found += Self.scriptSteps(path, bytes) }
            guard
                var unit = parseBuildFile(
                    path, bytes, hasMain: rustBinaries.contains(folderOf(path)),
                    gradle: gradle ? (catalog(for: folder), { self.conventions }) : nil,
                    frameworkConfig: frameworkConfigs[folder])?.facts
            else { continue }
            if case .gradle(true, _, _) = unit.kind, unit.variant == nil, let manifest = mainManifests[unit.root],
                let manifestBytes = read(manifest.index, manifest.path),
                BuildFileParser.declaresWatch(String(decoding: manifestBytes, as: UTF8.self))
            {
                unit.variant = "Wear OS"
            }
            if nameOf(path) == "package.json", unit.kind != .reactNative, reactNativeRoots.contains(folder),
                let upgraded = BuildFileParser.javaScript(
                    path: path, text: String(decoding: bytes, as: UTF8.self), nativeApp: true)
            {
                unit = upgraded.facts
            }
            if unit.kind == .cordova, madeByCapacitor(unit.root, countingItsOwn: true) { continue }
            // The copy of the config `cap sync` writes into a platform folder is no web project.
            if nameOf(path).hasPrefix("capacitor.config."), madeByCapacitor(folder, countingItsOwn: false) {
                continue
            }
            if unit.kind == .xcodeProject { unit.references += scriptReferences(pbxproj: bytes, project: unit) }
            if unit.kind == .reactNative { unit.metro.aliasFolders = aliasFolders(of: unit) }
            if unit.flutter != nil,
                let l10n = (candidatesByFolder[folder] ?? []).first(where: { nameOf($0.path) == "l10n.yaml" }),
                let l10nBytes = read(l10n.index, l10n.path)
            {
                unit.flutter?.readL10n(String(decoding: l10nBytes, as: UTF8.self))
            }
            if unit.isFlutterHead
                && !units(inFolder: folderOf(folder)).contains(where: {
                    $0.flutter?.isFlutter == true && $0.flutter?.isPlugin == false
                })
            {
                continue  // a `web/index.html` beside a Dart package without `flutter:`, or a plugin's `linux/`
            }
            if !found.contains(where: { $0.file == unit.file }) { found.append(BuildUnit(unit)) }
        }
        // A `_config.yml` beside another build file is not taken for the folder's site: the
        // package or app there owns its files.
        if found.count > 1 { found.removeAll { $0.isJekyllSite } }
        unitsByFolder[folder] = found
        return found
    }

    /// True when a Capacitor config (`capacitor.config.*`) governs `folder` as one of its platform
    /// folders (`android.path`, `ios.path`, default `android` and `ios`), or, `countingItsOwn`,
    /// sits in `folder`: a `config.xml` there is what `cap sync` writes (or reads) for Cordova
    /// plugins, never a Cordova app.
    private func madeByCapacitor(_ folder: String, countingItsOwn: Bool) -> Bool {
        for config in candidateFolders(enclosing: folder) {
            guard (candidatesByFolder[config] ?? []).contains(where: { nameOf($0.path).hasPrefix("capacitor.config.") })
            else { continue }
            if config == folder {
                if countingItsOwn { return true }
                continue
            }
            let platforms = units(inFolder: config).first { !$0.embeddedIn.isEmpty }?.embeddedIn
            for platform in platforms ?? ["android", "ios"].compactMap({ resolve($0, from: config) })
            where folder == platform || folder.hasPrefix(platform + "/") {
                return true
            }
        }
        return false
    }

    /// The nearest unit that owns `path` by folder (specs own by their `sources`, not by folder).
    /// A package owns only the source of its own language (`BuildUnit.claims`).
    func owner(of path: String) -> BuildUnit? {
        if let known = ownerByPath[path] { return known }
        let found = findOwner(of: path)
        ownerByPath[path] = .some(found)
        return found
    }

    private func findOwner(of path: String) -> BuildUnit? {
        let lowerName = nameOf(path).lowercased()
        for folder in candidateFolders(enclosing: folderOf(path)) {
            // The first unit of the folder that claims the file, preferring one that holds it by
            // its targets (a Swift package beside an Xcode project owns only its targets' folders:
            // an empty placeholder `Package.swift` never hides the project), then one that is no
            // service. One pass, no list per folder: every file with an occurrence comes here.
            var owner: BuildUnit?, ownerNoService: BuildUnit?, holding: BuildUnit?, holdingNoService: BuildUnit?
            for unit in units(inFolder: folder) {
                switch unit.kind {
                case .xcodeGen, .tuist, .xcodeWorkspace, .bundler: continue
                default: guard unit.claims(lowerName) else { continue }
                }
                let service = isService(unit)
                owner = owner ?? unit
                if !service { ownerNoService = ownerNoService ?? unit }
                guard unit.holdsByTarget(path) else { continue }
                holding = holding ?? unit
                if !service { holdingNoService = holdingNoService ?? unit }
            }
            if let first = holdingNoService ?? holding ?? ownerNoService ?? owner { return first }
        }
        return nil
    }

    /// The build file nearest above `path` (in its folder or the closest folder upward that holds
    /// one), and whether it defines a unit relops reads; nil when no folder above it holds one.
    func nearestBuildFile(of path: String) -> (path: String, read: Bool)? {
        guard let folder = candidateFolders(enclosing: folderOf(path)).first,
            let first = candidatesByFolder[folder]?.first
        else { return nil }
        let units = units(inFolder: folder)
        return (units.first?.file ?? first.path, !units.isEmpty)
    }

    /// True when a unit of the repository builds a store or desktop app (reads every build file, once).
    var buildsApps: Bool {
        if let known = buildsAppsMemo { return known }
        let found = all.contains { $0.facts.isApp }
        buildsAppsMemo = found
        return found
    }

    /// `folder` and its ancestors that hold a candidate build file, nearest first: from the paths
    /// alone (nothing is read), worked out once per folder.
    private func candidateFolders(enclosing folder: String) -> [String] {
        if let known = enclosingByFolder[folder] { return known }
        let outer = folder.isEmpty ? [] : candidateFolders(enclosing: folderOf(folder))
        let folders = candidatesByFolder[folder] == nil ? outer : [folder] + outer
        enclosingByFolder[folder] = folders
        return folders
    }

    /// The XcodeGen and Tuist specs (reads only `project.yml` and `Project.swift` files).
    var specs: [BuildUnit] {
        if let specUnits { return specUnits }
        let specNames: Set<String> = ["project.yml", "project.yaml", "Project.swift"]
        let folders = candidatesByFolder.filter { $0.value.contains { specNames.contains(nameOf($0.path)) } }.keys
        let found = folders.sorted().flatMap { units(inFolder: $0) }.filter {
            $0.kind == .xcodeGen || $0.kind == .tuist
        }
        specUnits = found
        return found
    }

    /// Every unit of the repository (reads every build file, once).
    var all: [BuildUnit] {
        if let everyUnit { return everyUnit }
        let units = candidatesByFolder.keys.sorted().flatMap { self.units(inFolder: $0) }
        everyUnit = units
        let lookup = UnitLookup(units)
        for (step, carrier) in Self.bundlerCarriers(units) { referrersByFile[step.file, default: []].append(carrier) }
        for referrer in units {
            for reference in referrer.references {
                for target in lookup.resolve(reference) where target.file != referrer.file {
                    if referrer.kind == .xcodeWorkspace && target.isApp {
                        // The app projects a workspace builds are what its library projects reach.
                        referrersByFile[referrer.file, default: []].append(target)
                    } else {
                        referrersByFile[target.file, default: []].append(referrer)
                    }
                }
            }
            // A Capacitor web bundle: the apps in its platform folders embed it, and what it bundles.
            for folder in referrer.embeddedIn {
                for app in units where app.buildsFlutterHead && (app.root == folder || app.root.hasPrefix(folder + "/"))
                {
                    referrersByFile[referrer.file, default: []].append(app)
                }
            }
            // A native app's React Native build bundles the Metro project at its JS root.
            if referrer.isApp, let root = referrer.reactNativeRoot,
                let project = units.first(where: { $0.kind == .reactNative && $0.root == root }),
                !(referrersByFile[project.file] ?? []).contains(where: { $0.file == referrer.file })
            {
                referrersByFile[project.file, default: []].append(referrer)
            }
        }
        return units
    }

    /// The JS roots that an Android app module or Xcode project bundles with React Native, read
    /// from the Gradle and Xcode project files directly (never through `units(inFolder:)`, which asks).
    private var reactNativeRoots: Set<String> {
        if let reactNativeRootsMemo { return reactNativeRootsMemo }
        var roots = Set<String>()
        for (index, path) in candidatesByFolder.values.joined() {
            let lower = nameOf(path).lowercased()
            let gradle = lower == "build.gradle" || lower == "build.gradle.kts"
            guard gradle || lower == "project.pbxproj", let bytes = read(index, path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            // The project's targets are not read for this: only its bundle phase.
            let root =
                gradle
                ? BuildFileParser.gradle(path: path, text: text).gradle.reactNativeRoot
                : xcodeProjectFile(containing: path).flatMap {
                    BuildFileParser.reactNativeRoot(pbxproj: text, folder: folderOf($0))
                }
            if let root { roots.insert(root) }
        }
        reactNativeRootsMemo = roots
        return roots
    }

    /// The folders that hold a bundler config or a `package.json` (whose scripts may bundle or copy).
    var bundlerFolders: [String] {
        candidatesByFolder.filter { _, files in
            files.contains {
                nameOf($0.path) == "package.json" || BundlerConfigReader.isConfig(nameOf($0.path).lowercased())
            }
        }.keys.sorted()
    }

    /// The units that reference `unit` directly.
    func referrers(of unit: BuildUnit) -> [BuildUnit] {
        _ = all
        return referrersByFile[unit.file] ?? []
    }
}
