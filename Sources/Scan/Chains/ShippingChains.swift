import RelopsCore

/// How a file outside a mobile project still ships in a store app: a library that an app
/// references (MSBuild `ProjectReference`, Gradle `project(':x')` or `projects.x`, a local Swift
/// package, a KMP framework), a source folder of an XcodeGen or Tuist spec, a shared
/// `Directory.Build.props`. Each rule names the chain (`src/Core/Core.csproj <- src/App/App.csproj`).
struct ShippingChains {
    let index: BuildUnitIndex

    /// The class and rule for `path` when a chain or a build unit decides it, else nil.
    /// `inMobileProject`: `ProjectModel` puts the path in a mobile project; a library one still gets its chain.
    func classify(_ path: String, lowerName: String, inMobileProject: Bool) -> (OccurrenceClass, String)? {
        if lowerName == "directory.build.props" || lowerName == "directory.build.targets" {
            return sharedMSBuildFile(path)
        }
        if let spec = index.units(inFolder: folderOf(path)).first(where: { $0.file == path }),
            spec.kind == .xcodeGen || spec.kind == .tuist
        {
            return (
                .binaryLiteral,
                "\(spec.label) defines the iOS app: its entitlements and Info.plist properties ship in the binary"
            )
        }
        let shipped = shipping(path, lowerName)
        if !inMobileProject, let shipped, let spec = specListing(path) {
            return (shipped.0, "listed in the sources of \(spec.label): \(shipped.1) of the iOS app")
        }
        guard let owner = index.owner(of: path) else { return nil }
        if case .service(let language) = owner.kind, !inMobileProject {
            guard !isDocument(lowerName) else { return nil }
            return (.server, "in the \(language) service \(owner.file): deployed with the service, not a store release")
        }
        var platforms: Set<String>? = nil
        if case .gradle(_, true, _) = owner.kind, let set = kmpSourceSet(path, owner) {
            guard let shippedTo = kmpPlatforms(set) else { return nil }
            platforms = shippedTo
        }
        guard !owner.isApp, owner.referenceable, let shipped, let chain = appChain(from: owner, platforms: platforms)
        else { return nil }
        let links = ([owner.chainLabel] + chain.map(\.chainLabel)).joined(separator: " <- ")
        return (shipped.0, "in a library that an app references (\(links)): \(shipped.1)")
    }

    /// The class of a file that ships with an app, by its type: source is a literal, resources are config.
    private func shipping(_ path: String, _ lowerName: String) -> (OccurrenceClass, String)? {
        if sourceExtensions.contains(where: { lowerName.hasSuffix($0) }) {
            return (.binaryLiteral, "source compiled into the binary")
        }
        if librarySourceExtensions.contains(where: { lowerName.hasSuffix($0) }) {
            return (.binaryLiteral, "source built into what the app bundles or links")
        }
        let folders = path.lowercased().split(separator: "/").dropLast()
        if lowerName.hasSuffix(".resx") || lowerName.hasSuffix(".plist") || lowerName.hasSuffix(".json")
            || (lowerName.hasSuffix(".xml") && folders.contains { $0 == "values" || $0.hasPrefix("values-") })
        {
            return (.binaryConfig, "resource that ships in the binary")
        }
        return nil
    }

    /// The shortest chain of referrers from `unit` to an app (for KMP source sets, an app of one of
    /// `platforms`), or nil when no app references it.
    func appChain(from unit: BuildUnit, platforms: Set<String>?) -> [BuildUnit]? {
        var queue: [(BuildUnit, [BuildUnit])] = [(unit, [])]
        var seen: Set<String> = [unit.file]
        var next = 0
        while next < queue.count {
            let (current, chain) = queue[next]
            next += 1
            for referrer in index.referrers(of: current) where seen.insert(referrer.file).inserted {
                let path = chain + [referrer]
                if referrer.isApp && (platforms.map { !$0.isDisjoint(with: referrer.platforms) } ?? true) {
                    return path
                }
                queue.append((referrer, path))
            }
        }
        return nil
    }

    /// The XcodeGen or Tuist spec whose target sources hold `path`.
    private func specListing(_ path: String) -> BuildUnit? {
        index.specs.first { spec in spec.sourceFolders.contains { $0.isEmpty || path.hasPrefix($0 + "/") } }
    }

    /// `commonMain` for `shared/src/commonMain/kotlin/X.kt` in module `shared`.
    private func kmpSourceSet(_ path: String, _ owner: BuildUnit) -> String? {
        let relative = owner.root.isEmpty ? path : String(path.dropFirst(owner.root.count + 1))
        let parts = relative.split(separator: "/")
        guard parts.count > 2, parts[0] == "src" else { return nil }
        return String(parts[1])
    }

    /// The platforms a KMP main source set is compiled into; nil for one no mobile app gets (`jvmMain`).
    private func kmpPlatforms(_ set: String) -> Set<String>? {
        let lower = set.lowercased()
        if lower == "commonmain" { return ["Android", "iOS"] }
        if lower.hasPrefix("android") { return ["Android"] }
        if lower.hasPrefix("ios") || lower.hasPrefix("apple") || lower.hasPrefix("native") { return ["iOS"] }
        return nil
    }

    /// A `Directory.Build.props`/`.targets` counts for the projects under its folder.
    private func sharedMSBuildFile(_ path: String) -> (OccurrenceClass, String)? {
        let folder = folderOf(path)
        let under = index.all.filter {
            if case .dotNet = $0.kind { return folder.isEmpty || $0.root == folder || $0.root.hasPrefix(folder + "/") }
            return false
        }
        guard !under.isEmpty else { return nil }
        let name = nameOf(path)
        if let app = under.first(where: \.isApp) {
            return (
                .binaryLiteral,
                "\(name) counts for the projects under it: mobile project \(app.file) (its settings ship in the binary)"
            )
        }
        if let library = under.first(where: { appChain(from: $0, platforms: nil) != nil }),
            let chain = appChain(from: library, platforms: nil)
        {
            let links = ([library.file] + chain.map(\.label)).joined(separator: " <- ")
            return (
                .binaryLiteral, "\(name) counts for the projects under it: \(links) (its settings ship in the binary)"
            )
        }
        if under.allSatisfy({ $0.kind == .dotNet(mobile: false, test: true) }) {
            return (.test, "\(name) counts for the projects under it: test projects only")
        }
        return (.server, "\(name) counts for the projects under it: \(under[0].file) (not a mobile project)")
    }
}

/// Source of the libraries an app links or bundles: a Rust crate, a web client.
let librarySourceExtensions = [
    ".rs", ".c", ".cc", ".cpp", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".vue", ".svelte", ".html", ".css",
]
