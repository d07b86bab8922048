import RelopsCore
import YAML

/// iOS apps described as specs: XcodeGen `project.yml` and Tuist `Project.swift`. They define the
/// app (its entitlements and Info.plist properties ship in the binary); the folders their targets
/// list under `sources` are the app's sources; their local packages and KMP frameworks ship with it.
enum AppSpecParser {
    /// An XcodeGen spec: a YAML mapping with `targets`; nil for any other YAML file.
    static func xcodeGen(path: String, text: String) -> BuildUnit? {
        guard ByteSearch.contains("targets:", in: text), let root = try? parseYAML(text),
            let targets = root["targets"]?.pairs,
            !targets.isEmpty
        else { return nil }
        let folder = folderOf(path)
        var unit = BuildUnit(root: folder, file: path, kind: .xcodeGen)
        for (name, target) in targets {
            if target["type"]?.string?.hasPrefix("application") == true { unit.appTargets.append(name) }
            // `bundle.unit-test`, `bundle.ui-testing`: a test target's sources are tests, not the app's.
            let isTest = target["type"]?.string?.contains("test") == true
            for source in sourcePaths(target["sources"]) {
                guard let resolved = resolve(source, from: folder) else { continue }
                if isTest { unit.testSourceFolders.append(resolved) } else { unit.sourceFolders.append(resolved) }
            }
        }
        for (_, package) in root["packages"]?.pairs ?? [] {
            if let local = package["path"]?.string, let resolved = resolve(local, from: folder) {
                unit.references.append(.path(resolved))
            }
        }
        unit.references += BuildFileParser.kmpFrameworks(in: text)
        return unit
    }

    /// `sources: App`, `sources: [App, Shared]`, `sources: [{path: App}]`.
    private static func sourcePaths(_ node: YAMLNode?) -> [String] {
        guard let node else { return [] }
        if let single = node.string { return [single] }
        return (node.items ?? []).compactMap { $0.string ?? $0["path"]?.string }
    }

    /// A Tuist manifest: Swift that imports `ProjectDescription`; nil otherwise.
    static func tuist(path: String, text: String) -> BuildUnit? {
        guard ByteSearch.contains("import ProjectDescription", in: text) else { return nil }
        let folder = folderOf(path)
        var unit = BuildUnit(root: folder, file: path, kind: .tuist)
        var globs = captures(#"sources:\s*"([^"]+)""#, in: text, holding: ["sources:"])
        for list in captures(#"sources:\s*\[([^\]]*)\]"#, in: text, holding: ["sources:"]) {
            globs += captures(#""([^"]+)""#, in: list, holding: ["\""])
        }
        unit.sourceFolders = globs.compactMap { glob in
            let fixed = glob.split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var prefix = String(fixed)
            while prefix.hasSuffix("/") { prefix.removeLast() }
            return resolve(prefix, from: folder)
        }
        let packages = captures(#"\.(?:package|local)\(\s*path:\s*"([^"]+)""#, in: text, holding: ["path:"])
        unit.references = packages.compactMap { resolve($0, from: folder).map(BuildUnit.Reference.path) }
        unit.references += BuildFileParser.kmpFrameworks(in: text)
        return unit
    }
}
