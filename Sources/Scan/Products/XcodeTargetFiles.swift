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

    /// Reads the objects of `text` (a `project.pbxproj`) whose project folder is `root`.
    init(_ text: String, root: String) {
        guard ByteSearch.contains("PBXNativeTarget", in: text) else { return }
        let objects = pbxObjects(text)
        let ids = pbxIDs, value = pbxValue
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
        for (id, object) in objects where object.isa == "PBXNativeTarget" {
            nameByID[id] = value("name", object.body)
        }
        for (_, object) in objects where object.isa == "PBXNativeTarget" {
            guard let name = value("name", object.body), let type = value("productType", object.body),
                type.hasPrefix("com.apple.product-type.application")
            else { continue }
            var paths: [String] = []
            for listID in pbxReference("buildConfigurationList", object.body).map({ [$0] }) ?? [] {
                for configuration in ids("buildConfigurations", objects[listID]?.body ?? "") {
                    let settings = objects[configuration]?.body ?? ""
                    for key in ["CODE_SIGN_ENTITLEMENTS", "INFOPLIST_FILE"] {
                        if let setting = value(key, settings), let path = repositoryPath(setting),
                            !paths.contains(path)
                        {
                            paths.append(path)
                        }
                    }
                }
            }
            // A classic project lists each file a target compiles or copies in its build phases.
            let phaseFiles = Set(members.files(ofTarget: object.body))
            for group in ids("fileSystemSynchronizedGroups", object.body) {
                if let folder = objects[group].flatMap({ value("path", $0.body) }), let path = repositoryPath(folder) {
                    paths.append(path)
                }
            }
            let clips = ids("dependencies", object.body).compactMap { dependency in
                objects[dependency].flatMap { pbxReference("target", $0.body) }.flatMap { nameByID[$0] }
            }
            let products = ids("packageProductDependencies", object.body).compactMap { id in
                objects[id].flatMap { value("productName", $0.body) }
            }
            let bundlesJS = ids("buildPhases", object.body).contains { phase in
                guard let script = objects[phase], script.isa == "PBXShellScriptBuildPhase" else { return false }
                return ByteSearch.contains("Bundle React Native code and images", in: script.body)
                    || ByteSearch.contains("react-native-xcode.sh", in: script.body)
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
    let objects: [String: (isa: String, body: String)]
    let root: String
    private var parent: [String: String] = [:]
    private var pathMemo: [String: String?] = [:]

    init(objects: [String: (isa: String, body: String)], root: String) {
        self.objects = objects
        self.root = root
        for (id, object) in objects where object.isa.hasSuffix("Group") {
            for child in pbxIDs("children", object.body) { parent[child] = id }
        }
    }

    /// The repository paths of the files the target (its object's `body`) builds in its phases.
    mutating func files(ofTarget body: String) -> [String] {
        var out: [String] = []
        for phase in pbxIDs("buildPhases", body) {
            guard let object = objects[phase],
                object.isa == "PBXSourcesBuildPhase" || object.isa == "PBXResourcesBuildPhase"
            else { continue }
            for buildFile in pbxIDs("files", object.body) {
                guard let reference = objects[buildFile].flatMap({ pbxValue("fileRef", $0.body) }).map(pbxID),
                    let referenced = objects[reference]
                else { continue }
                let files = referenced.isa == "PBXVariantGroup" ? pbxIDs("children", referenced.body) : [reference]
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
        let own = pbxValue("path", object.body)
        let base: String?
        switch pbxValue("sourceTree", object.body) {
        case "SOURCE_ROOT": base = ""
        case "<group>": base = parent[id].map { path(of: $0) } ?? ""
        default: base = nil
        }
        let found = base.map { base in [base, own ?? ""].filter { !$0.isEmpty }.joined(separator: "/") }
        pathMemo[id] = .some(found)
        return found
    }
}

/// The ids of the list `key = ( ... );` in an object's body, comments dropped.
private func pbxIDs(_ key: String, _ body: String) -> [String] {
    guard let list = captures(key + #"\s*=\s*\(([^)]*)\)"#, in: body, holding: [key]).first else { return [] }
    return list.replacing(#//\*[^*]*\*//#, with: "").split { !$0.isLetter && !$0.isNumber }.map(String.init)
}

/// The value of `key = value;` (quotes removed) in an object's body.
private func pbxValue(_ key: String, _ body: String) -> String? {
    captures(#"\b"# + key + #"\s*=\s*"?([^";\n]+)"?;"#, in: body, holding: [key]).first
}

/// The object id that `key = ID /* comment */;` names in an object's body; Xcode's comment may
/// hold quotes (`/* Build configuration list for PBXNativeTarget "Shop" */`).
private func pbxReference(_ key: String, _ body: String) -> String? {
    captures(#"\b"# + key + #"\s*=\s*([A-Za-z0-9]+)\s*(?:/\*[^*]*\*/\s*)?;"#, in: body, holding: [key]).first
}

/// The id at the start of a value such as `1A2B /* AppDelegate.swift */`.
private func pbxID(_ value: String) -> String { String(value.split(separator: " ").first ?? Substring(value)) }

/// The objects of a `project.pbxproj`: id -> (isa, the text between its braces).
private func pbxObjects(_ text: String) -> [String: (isa: String, body: String)] {
    var objects: [String: (isa: String, body: String)] = [:]
    guard let start = regex(#"([A-Za-z0-9]+)\s*(?:/\*[^*]*\*/\s*)?=\s*\{\s*isa\s*=\s*([A-Za-z]+);"#) else {
        return objects
    }
    for match in text.matches(of: start) {
        guard let id = match.output[1].substring, let isa = match.output[2].substring else { continue }
        var depth = 1
        var end = match.range.upperBound
        while end < text.endIndex && depth > 0 {
            if text[end] == "{" { depth += 1 }
            if text[end] == "}" { depth -= 1 }
            if depth > 0 { end = text.index(after: end) }
        }
        objects[String(id)] = (String(isa), String(text[match.range.upperBound..<end]))
    }
    return objects
}

extension ProductGraph {
    /// The links of `path` with each Xcode project's product named for the app targets that build
    /// the file (its build settings or synchronized folders name it), an embedded App Clip's
    /// with the apps that embed it; what Metro bundles, with every app target whose build phases
    /// bundle the JS; the project's first app target when none names the file.
    func byBuildingTarget(_ path: String, _ links: [ProductLink]) -> [ProductLink] {
        links.flatMap { link -> [ProductLink] in
            let unit = link.productUnit
            guard unit.kind == .xcodeProject, let files = unit.xcodeTargets else { return [link] }
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
}
