import RelopsCore

/// A product that carries a file, and how: the build units from the file's owner up to the product.
struct ProductLink {
    let product: Product
    /// The units from the owner to the product, shared with the links of the units above it
    /// (a chain of N packages holds N nodes, not N² copies).
    let path: ChainNode
    /// How many references lie between the owner and the product.
    let distance: Int

    init(product: Product, path: ChainNode) {
        self.product = product
        self.path = path
        distance = path.count - 1
    }

    /// The owner first, the product's unit last (one unit when the owner is the product).
    var chain: [BuildUnit] { path.units }
    /// The unit that builds the product.
    var productUnit: BuildUnit { path.last }

    /// `core/src/x.rs <- sdk/Cargo.toml (staticlib) <- app/build.gradle.kts`; a long chain is read
    /// only as far as `chainText` shows it (its first units and the tail each node keeps).
    func text(from path: String) -> String {
        let labels = 1 + self.path.count
        guard labels > 10 else { return chainText([path] + chain.map { $0.facts.chainLabel }) }
        var head = [path]
        var node: ChainNode? = self.path
        while head.count < 5, let current = node {
            head.append(current.unit.chainLabel)
            node = current.next
        }
        return (head + ["(\(labels - 9) more)"] + self.path.tail.map { $0.facts.chainLabel }).joined(separator: " <- ")
    }
}

/// `a <- b <- c`; a chain of more than ten links keeps its first five and last four and counts
/// the rest (`(1,991 more)`), so a long chain costs a line, not a page per occurrence.
func chainText(_ labels: [String]) -> String {
    guard labels.count > 10 else { return labels.joined(separator: " <- ") }
    let hidden = labels.count - 9
    return (labels.prefix(5) + ["(\(hidden) more)"] + labels.suffix(4)).joined(separator: " <- ")
}

/// One unit of a chain and the rest of the chain toward the product.
final class ChainNode {
    let unit: BuildUnit
    let next: ChainNode?
    let count: Int
    /// The chain's last unit, kept as the chain grows so its end is known without a walk.
    let last: BuildUnit
    /// Where the chain's last four units start when that is further on (nil: here, the chain
    /// from here being four units or fewer). A node, not a list of the four: a product link's
    /// node is made for every unit a product reaches, and a list was one more allocation each.
    private let lastFour: ChainNode?

    init(_ unit: BuildUnit, _ next: ChainNode?) {
        self.unit = unit
        self.next = next
        count = 1 + (next?.count ?? 0)
        last = next?.last ?? unit
        lastFour = count <= 4 ? nil : next.flatMap { $0.lastFour ?? $0 }
    }

    /// The last four units of the chain from here (all of them when it is shorter).
    var tail: [BuildUnit] { (lastFour ?? self).units }

    var units: [BuildUnit] {
        var result: [BuildUnit] = []
        var node: ChainNode? = self
        while let current = node {
            result.append(current.unit)
            node = current.next
        }
        return result
    }
}

/// The products of the repository's build graph and which of them carry a file: the file's owner
/// (the nearest build unit upward that claims the file's language), then every unit that
/// references it, up to the products. Read through `BuildUnitIndex`, so build files are read only
/// once a file with an occurrence asks. Not thread-safe: one per scan.
final class ProductGraph {
    let index: BuildUnitIndex
    var linksByUnit: [String: [ProductLink]] = [:]
    /// `links(of:)`'s answers by path: a rule that names the file's app asks, then its products.
    /// `owner` is the unit whose links they are when nothing about the file itself changed them.
    private var linksByPath: [String: (links: [ProductLink], owner: BuildUnit?)] = [:]
    /// `products(of:)`'s answers for the files whose links are their owner's, by the owner's file.
    private var productsByOwner: [String: [Product]] = [:]

    init(index: BuildUnitIndex) { self.index = index }

    /// The products that carry the file at `path`, each with its chain; a Kotlin Multiplatform
    /// source set reaches only the products of its platforms.
    func links(of path: String) -> [ProductLink] { fileLinks(of: path).links }

    /// The distinct products of `links(of: path)`, in link order. A file whose links are its
    /// owner's (most files: no spec, bundler, server package, source set or Xcode target changes
    /// them) shares the owner's answer, worked out once: a library can reach a hundred servers.
    func products(of path: String) -> [Product] {
        let found = fileLinks(of: path)
        guard let owner = found.owner else { return distinctProducts(found.links) }
        if let known = productsByOwner[owner.file] { return known }
        let products = distinctProducts(found.links)
        productsByOwner[owner.file] = products
        return products
    }

    private func distinctProducts(_ links: [ProductLink]) -> [Product] {
        var seen = Set<Product>(minimumCapacity: links.count)
        return links.map(\.product).filter { seen.insert($0).inserted }
    }

    private func fileLinks(of path: String) -> (links: [ProductLink], owner: BuildUnit?) {
        if let known = linksByPath[path] { return known }
        let reached = reachedLinks(of: path)
        // An Xcode project's targets are told apart by the file (`byBuildingTarget`): not shared.
        let found = (
            links: byBuildingTarget(path, reached.links),
            owner: reachesXcodeProject(reached.links) ? nil : reached.owner
        )
        linksByPath[path] = found
        return found
    }

    /// The links the file's owner and the specs and bundlers that take the file in reach, and the
    /// owner when they are exactly the owner's links.
    private func reachedLinks(of path: String) -> (links: [ProductLink], owner: BuildUnit?) {
        // XcodeGen and Tuist specs own the folders their targets list, not the folder they are in.
        var listed: [ProductLink] = []
        for spec in index.specs
        where spec.appSpec.sourceFolders.contains(where: { $0.isEmpty || path.hasPrefix($0 + "/") }) {
            if let product = product(of: spec) {
                listed.append(ProductLink(product: product, path: ChainNode(spec, nil)))
            }
        }
        // A bundler or copy step that takes the file in: the products that bundle its output.
        for step in index.bundlers where step.bundler?.takesIn(path) == true {
            listed += links(of: step).filter { link in !listed.contains { $0.product == link.product } }
        }
        guard let owner = index.owner(of: path) else { return (listed, nil) }
        let ownLinks = self.links(of: owner)
        // A target of a Swift server package that an app takes a product of ships in the app too.
        let serverPackageLinks = appLinks(ofServerPackageFile: path, owner: owner)
        let sourceSet = kmpNarrowedSet(path, owner)
        if listed.isEmpty, serverPackageLinks.isEmpty, !ownLinks.isEmpty, sourceSet == nil {
            return (ownLinks, owner)
        }
        var links = listed + ownLinks.filter { link in !listed.contains { $0.product == link.product } }
        links += serverPackageLinks.filter { link in !links.contains { $0.product == link.product } }
        // A package nested in a React Native project's folder is bundled with it when Metro reaches it.
        if links.isEmpty, owner.kind == .library(language: .node), !owner.root.isEmpty,
            let project = index.units(named: "package.json", enclosing: folderOf(owner.root)).first(where: {
                $0.kind == .reactNative
            })
        {
            links = self.links(of: project)
        }
        guard let lower = sourceSet else { return (links, nil) }
        let narrowed = links.filter { link in
            let unit = link.productUnit
            let platforms = link.product.platforms
            if lower.hasPrefix("android") { return unit.isApp && platforms.contains(.android) }
            if lower.hasPrefix("ios") || lower.hasPrefix("apple") || lower.hasPrefix("native") {
                return unit.isApp && unit.platforms.contains(.iOS)
            }
            if lower.hasPrefix("jvm") { return link.product.kind != .app || platforms.contains(.desktop) }
            if lower.hasPrefix("desktop") { return platforms.contains(.desktop) }
            if lower.hasPrefix("js") || lower.hasPrefix("wasm") {
                return link.product.kind == .site || link.product == composeWebProduct(of: unit)
            }
            return false
        }
        return (narrowed, nil)
    }

    /// The source set (lower-cased) of a Kotlin Multiplatform module's file that reaches only the
    /// products of its platforms; nil for a `common` set and for any other file.
    private func kmpNarrowedSet(_ path: String, _ owner: BuildUnit) -> String? {
        guard case .gradle(_, true, _) = owner.kind, let set = kmpSourceSet(path, root: owner.root) else { return nil }
        let lower = set.lowercased()
        return lower.hasPrefix("common") ? nil : lower
    }

    /// The product a unit builds, nil for a library, a test project or build logic; an app that is
    /// the example of a package (`exampleApp`) is an `example` product.
    func product(of unit: BuildUnit) -> Product? {
        guard let built = builtProduct(of: unit) else { return nil }
        guard built.kind == .app, examplePackage(of: unit.root) != nil else { return built }
        return Product(
            name: built.name, kind: .example, description: "example " + built.description, file: built.file,
            platforms: built.platforms)
    }

    /// The folder of the package whose example app is rooted at `root`: a folder named `example`
    /// or `examples` on the way, whose parent folder holds a build file of its own (a plugin's
    /// `pubspec.yaml`, a library's `package.json` or Gradle build). Nil for any other app.
    func examplePackage(of root: String) -> String? {
        let segments = root.split(separator: "/").map(String.init)
        for (n, segment) in segments.enumerated() where ["example", "examples"].contains(segment.lowercased()) {
            let package = segments[..<n].joined(separator: "/")
            if !index.units(inFolder: package).isEmpty { return package }
        }
        return nil
    }

    /// The desktop app of a Gradle module with `compose.desktop { application { } }`, nil for any other unit.
    func composeDesktopProduct(of unit: BuildUnit) -> Product? {
        guard case .gradle = unit.kind, unit.gradle.composeDesktop else { return nil }
        return Product(
            name: unit.root.isEmpty ? nameOf(unit.file) : nameOf(unit.root), kind: .app,
            description: "desktop app (Compose Multiplatform)", file: unit.file, platforms: [.desktop])
    }

    /// The web app of a Gradle module that builds a Kotlin/Wasm or Kotlin/JS browser executable
    /// (Compose for Web): deployed, not shipped through a store. Nil for any other unit.
    func composeWebProduct(of unit: BuildUnit) -> Product? {
        guard case .gradle = unit.kind, unit.gradle.composeWeb else { return nil }
        return Product(
            name: unit.root.isEmpty ? nameOf(unit.file) : nameOf(unit.root), kind: .server,
            description: "web app (Kotlin/Wasm or JS)", file: unit.file)
    }

    /// The product a unit's build file defines, before an example is told apart.
    private func builtProduct(of unit: BuildUnit) -> Product? {
        let folderName = unit.root.isEmpty ? nameOf(unit.file) : nameOf(unit.root)
        func app(_ name: String, _ description: String) -> Product {
            Product(name: name, kind: .app, description: description, file: unit.file, platforms: appPlatforms(unit))
        }
        func server(_ what: String) -> Product {
            Product(
                name: unit.root.isEmpty ? nameOf(unit.file) : unit.root, kind: .server, description: "\(what) server",
                file: unit.file)
        }
        switch unit.kind {
        case .dotNet(true, _):
            let name = String(nameOf(unit.file).dropLast(".csproj".count))
            return app(name, appDescription(unit.dotNet.platforms.isEmpty ? [.android, .iOS] : unit.dotNet.platforms))
        case .dotNet(false, false):
            return unit.deploys.map(server)
        case .gradle(let isApp, _, _):
            if isApp {
                return Product(
                    name: folderName, kind: .app, description: (unit.variant ?? "Android") + " app", file: unit.file,
                    platforms: [.android])
            }
            if let desktop = composeDesktopProduct(of: unit) { return desktop }
            if let web = composeWebProduct(of: unit) { return web }
            return unit.buildOnly == nil ? unit.deploys.map(server) : nil
        case .xcodeProject:
            guard !unit.xcode.library else { return nil }
            let projectName = String(nameOf(unit.file).dropLast(".xcodeproj".count))
            return app(unit.xcode.appTargets.first ?? projectName, unit.variant.map { "\($0) app" } ?? "iOS app")
        case .xcodeGen, .tuist:
            return app(unit.xcode.appTargets.first ?? folderName, "iOS app")
        case .desktop(let framework):
            return app(folderName, "desktop app (\(framework.rawValue))")
        case .service(let language):
            return server(unit.deploys ?? language.rawValue)
        case .site:
            if unit.isFlutterWeb { return unit.flutterWebProduct }
            return Product(name: unit.root, kind: .site, description: "static site", file: unit.file)
        case .cordova:
            return app(
                unit.appConfig.name ?? folderName,
                appDescription(unit.appConfig.platforms).dropLast(4) + " app (Cordova)")
        case .swiftPackage:
            return unit.deploys.map(server)
        case .expo:
            // A prebuilt Expo app (its `android/`, `ios/` committed): the native apps are the products.
            guard index.referrers(of: unit).isEmpty else { return nil }
            return app(unit.appConfig.name ?? folderName, "Android and iOS app (Expo)")
        case .dotNet(false, true), .library, .xcodeWorkspace, .reactNative, .bundler:
            return nil
        }
    }
}

/// The platforms an app unit builds for, in platform order: Wear OS and TV apps are Android
/// apps; an Xcode project whose SDK is macOS only is a macOS app.
func appPlatforms(_ unit: BuildUnit) -> [Platform] {
    if case .xcodeProject = unit.kind, unit.variant == "macOS" { return [.macOS] }
    if case .dotNet(true, _) = unit.kind, !unit.dotNet.platforms.isEmpty {
        return Array(Set(unit.dotNet.platforms)).sorted()
    }
    return unit.platforms.sorted()
}

/// "Android app", "iOS app", "Android and iOS app".
func appDescription(_ platforms: [Platform]) -> String {
    var unique: [String] = []
    for p in platforms.map(\.rawValue) where !unique.contains(p) { unique.append(p) }
    return unique.joined(separator: " and ") + " app"
}

/// `commonMain` for `shared/src/commonMain/kotlin/X.kt` in a module rooted at `shared`.
func kmpSourceSet(_ path: String, root: String) -> String? {
    let relative = root.isEmpty ? path : String(path.dropFirst(root.count + 1))
    let parts = relative.split(separator: "/")
    guard parts.count > 2, parts[0] == "src" else { return nil }
    return String(parts[1])
}

extension BuildUnit.Facts {
    /// How a chain shows the unit: its build file, and a Cargo library's crate type.
    var chainLabel: String { variant.map { isApp ? label : "\(label) (\($0))" } ?? label }

    /// False when the file at `lowerName` is source of another language than this package's: a
    /// TypeScript client under a Cargo manifest is not the crate's, a Rust crate under a
    /// `package.json` is not the package's. A site claims only what a site serves (`siteFiles`).
    func claims(_ lowerName: String) -> Bool {
        let language: BuildUnit.Language
        switch kind {
        case .library(.ruby): return rubyToolingFile(lowerName)
        case .service(let l), .library(let l): language = l
        case .desktop(.flutter): return true  // a Flutter desktop head: its runner, in C++
        case .desktop(let framework): language = framework == .tauri ? .rust : .node
        case .site: return siteFiles.contains(extensionOf(lowerName)) || siteNames.contains(lowerName)
        default: return true
        }
        guard let dot = lowerName.utf8.lastIndex(of: UInt8(ascii: ".")) else { return true }
        let ext = String(lowerName[dot...])
        guard let fileLanguage = languageOfExtension[ext] else { return true }
        return fileLanguage == language.rawValue
    }
}

/// What a static site serves: pages, styles, scripts, data, and the hosts' own files.
let siteFiles: Set<String> = [
    ".html", ".htm", ".css", ".js", ".mjs", ".json", ".xml", ".txt", ".webmanifest", ".svg", ".md", ".toml",
    ".yml", ".yaml",
]
let siteNames: Set<String> = ["cname", "_redirects", "_headers", "apple-app-site-association"]

/// Source extensions by the language of the build units that own them.
let sourceLanguages: [String: Set<String>] = [
    "Rust": [".rs"],
    "Node": [".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".vue", ".svelte"],
    "Go": [".go"],
    "Python": [".py"],
    "Ruby": [".rb"],
    "JVM": [".kt", ".java", ".kts", ".scala", ".groovy"],
    "Apple": [".swift", ".m", ".mm"],
    ".NET": [".cs", ".fs", ".xaml", ".razor"],
    "Dart": [".dart"],
]

/// `sourceLanguages` turned round: the language of each source extension.
let languageOfExtension: [String: String] = Dictionary(
    sourceLanguages.flatMap { language, extensions in extensions.map { ($0, language) } },
    uniquingKeysWith: { first, _ in first })
