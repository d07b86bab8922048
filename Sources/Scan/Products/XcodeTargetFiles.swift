import RelopsCore

/// What each app target of an Xcode project builds from the project's folder: the files its
/// build settings name (`CODE_SIGN_ENTITLEMENTS`, `INFOPLIST_FILE`), the files its Sources and
/// Resources build phases list (a classic project) and the folders of its file-system-synchronized
/// groups (Xcode 16), as repository paths; and the App Clips each app embeds.
struct XcodeTargetFiles: Sendable, Equatable {
    /// One app target (an app or an App Clip).
    struct AppTarget: Sendable, Equatable {
        let name: String
        /// True for an App Clip (`application.on-demand-install-capable`).
        let clip: Bool
        /// Files and folders (repository paths) the target's settings and synchronized folders name.
        var paths: [String]
        /// The files (repository paths) its build phases list (a classic project).
        var members: Set<String> = []
        /// The App Clips (target names) this app depends on, which it embeds.
        var clips: [String]
        /// The Swift package products it takes (`packageProductDependencies`).
        var products: [String] = []
        /// True when one of its build phases bundles a React Native project's JS: a run script
        /// named "Bundle React Native code and images" or calling `react-native-xcode.sh`.
        var bundlesJS = false
    }

    var targets: [AppTarget] = []

    /// Reads the objects of a `project.pbxproj` whose project folder is `root`.
    init(_ objects: PBXDocument, root: String) {
        func repositoryPath(_ setting: String) -> String? {
            var path = setting.trimmingWhitespace()
            for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/"] where path.hasPrefix(prefix) {
                path = String(path.dropFirst(prefix.count))
            }
            guard !path.contains("$") else { return nil }
            return resolve(path, from: root)
        }
        var members = PBXMembers(objects: objects, root: root)
        var nameByID: [String: String] = [:]
        for (id, object) in objects.objects where object.isa == "PBXNativeTarget" {
            nameByID[id] = object.fields.string("name")
        }
        for id in objects.ids {
            guard let object = objects[id], object.isa == "PBXNativeTarget" else { continue }
            let target = object.fields
            guard let name = target.string("name"), let type = target.string("productType"),
                type.hasPrefix("com.apple.product-type.application")
            else { continue }
            var paths: [String] = []
            for configuration in target.string("buildConfigurationList").map({
                objects[$0]?.fields.strings("buildConfigurations") ?? []
            }) ?? [] {
                let settings = objects[configuration]?.fields.dictionary("buildSettings")
                for key in ["CODE_SIGN_ENTITLEMENTS", "INFOPLIST_FILE"] {
                    if let setting = settings?.string(key), let path = repositoryPath(setting), !paths.contains(path) {
                        paths.append(path)
                    }
                }
            }
            // A classic project lists each file a target compiles or copies in its build phases.
            let phaseFiles = Set(members.files(ofTarget: target))
            for group in target.strings("fileSystemSynchronizedGroups") {
                if let folder = objects[group]?.fields.string("path"), let path = repositoryPath(folder) {
                    paths.append(path)
                }
            }
            let clips = target.strings("dependencies").compactMap { dependency in
                objects[dependency]?.fields.string("target").flatMap { nameByID[$0] }
            }
            let products = target.strings("packageProductDependencies").compactMap { id in
                objects[id]?.fields.string("productName")
            }
            let bundlesJS = target.strings("buildPhases").contains { phase in
                guard let script = objects[phase], script.isa == "PBXShellScriptBuildPhase" else { return false }
                let text = (script.fields.string("shellScript") ?? "") + (script.fields.string("name") ?? "")
                return ByteSearch.contains("Bundle React Native code and images", in: text)
                    || ByteSearch.contains("react-native-xcode.sh", in: text)
            }
            targets.append(
                AppTarget(
                    name: name, clip: type.hasSuffix("on-demand-install-capable"), paths: paths, members: phaseFiles,
                    clips: clips, products: products, bundlesJS: bundlesJS))
        }
        let clipNames = Set(targets.filter(\.clip).map(\.name))
        for k in targets.indices { targets[k].clips = targets[k].clips.filter(clipNames.contains) }
    }

    /// The app targets that build `path`: those whose nearest named file or folder holds it,
    /// and the apps that embed an App Clip among them. Empty when no target names it.
    func builders(of path: String) -> [AppTarget] {
        embedding(namedBuilders(of: path))
    }

    /// The app targets that take a product of `manifest` whose targets build `path` (relative to
    /// the package's folder), and the apps that embed an App Clip among them.
    func builders(ofPackageFile path: String, _ manifest: SwiftPackageManifest) -> [AppTarget] {
        guard let target = manifest.target(holding: path) else { return [] }
        return embedding(
            targets.filter { app in
                !app.products.isEmpty && manifest.closure(of: app.products).contains { $0.name == target.name }
            })
    }

    private func embedding(_ best: [AppTarget]) -> [AppTarget] {
        let hosts = targets.filter { host in best.contains { $0.clip && host.clips.contains($0.name) } }
        return best + hosts.filter { !best.contains($0) }
    }

    private func namedBuilders(of path: String) -> [AppTarget] {
        // A file a build phase lists, or a setting names, is the longest name it can have.
        let exact = targets.filter { $0.members.contains(path) || $0.paths.contains(path) }
        if !exact.isEmpty { return exact }
        var best: [AppTarget] = []
        var bestLength = -1
        for target in targets {
            for named in target.paths where named == path || path.hasPrefix(named + "/") {
                if named.count > bestLength {
                    (best, bestLength) = ([target], named.count)
                } else if named.count == bestLength && !best.contains(target) {
                    best.append(target)
                }
            }
        }
        return best
    }
}

/// The files an Xcode target's Sources and Resources build phases list, as repository paths:
/// build file -> file reference (or the localized files of a variant group) -> its path, joined
/// with the paths of the groups above it (`sourceTree = "<group>"`) or the project's folder
/// (`SOURCE_ROOT`). Files elsewhere (the SDK, built products, absolute paths) are none of the
/// repository's. Each group's path is worked out once.
struct PBXMembers {
    let objects: PBXDocument
    let root: String
    private var parent: [String: String] = [:]
    private var pathMemo: [String: String?] = [:]

    init(objects: PBXDocument, root: String) {
        self.objects = objects
        self.root = root
        for (id, object) in objects.objects where object.isa.hasSuffix("Group") {
            for child in object.fields.strings("children") { parent[child] = id }
        }
    }

    /// The repository paths of the files the target (its object's fields) builds in its phases.
    mutating func files(ofTarget target: PBXDictionary) -> [String] {
        var out: [String] = []
        for phase in target.strings("buildPhases") {
            guard let object = objects[phase],
                object.isa == "PBXSourcesBuildPhase" || object.isa == "PBXResourcesBuildPhase"
            else { continue }
            for buildFile in object.fields.strings("files") {
                guard let reference = objects[buildFile]?.fields.string("fileRef"), let referenced = objects[reference]
                else { continue }
                let files = referenced.isa == "PBXVariantGroup" ? referenced.fields.strings("children") : [reference]
                for file in files {
                    if let path = path(of: file).flatMap({ resolve($0, from: root) }) { out.append(path) }
                }
            }
        }
        return out
    }

    /// The path of object `id` relative to the project's folder, nil when it is not in the
    /// repository's tree (or its chain of groups does not end at the project's main group).
    private mutating func path(of id: String) -> String? {
        if let known = pathMemo[id] { return known }
        pathMemo[id] = .some(nil)  // a cycle of groups resolves to nothing
        guard let object = objects[id] else { return nil }
        let own = object.fields.string("path")
        let base: String?
        switch object.fields.string("sourceTree") {
        case "SOURCE_ROOT": base = ""
        case "<group>": base = parent[id].map { path(of: $0) } ?? ""
        default: base = nil
        }
        let found = base.map { base in [base, own ?? ""].filter { !$0.isEmpty }.joined(separator: "/") }
        pathMemo[id] = .some(found)
        return found
    }
}

extension ProductGraph {
    /// The links of `path` with each Xcode project's product named for the app targets that build
    /// the file (its build settings or synchronized folders name it), an embedded App Clip's
    /// with the apps that embed it; what Metro bundles, with every app target whose build phases
    /// bundle the JS; the project's first app target when none names the file.
    func byBuildingTarget(_ path: String, _ links: [ProductLink]) -> [ProductLink] {
        // Most files reach no Xcode project: their links stand as they are, with no array made per link.
        guard reachesXcodeProject(links) else { return links }
        return links.flatMap { link -> [ProductLink] in
            let unit = link.productUnit
            guard unit.kind == .xcodeProject, let files = unit.xcode.targetFiles else { return [link] }
            var targets = files.builders(of: path)
            let owner = link.chain[0]
            if targets.isEmpty, owner.kind == .swiftPackage, let manifest = owner.swiftManifest {
                let relative = owner.relative(path)
                targets = files.builders(ofPackageFile: relative, manifest)
            }
            if targets.isEmpty, link.chain.contains(where: { $0.kind == .reactNative }) {
                targets = files.targets.filter(\.bundlesJS)
            }
            guard !targets.isEmpty else { return [link] }
            return targets.map { target in
                let description = target.clip ? "iOS App Clip" : link.product.description
                let product = Product(
                    name: target.name, kind: link.product.kind, description: description, file: unit.file,
                    platforms: link.product.platforms)
                return ProductLink(product: product, path: link.path)
            }
        }
    }

    /// True when a link of `links` ends at an Xcode project, whose targets `byBuildingTarget`
    /// tells apart by the file: only then can it change them.
    func reachesXcodeProject(_ links: [ProductLink]) -> Bool {
        links.contains { $0.productUnit.kind == .xcodeProject }
    }
}
