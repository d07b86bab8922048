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
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .xcodeGen)
        for (name, target) in targets {
            if target["type"]?.string?.hasPrefix("application") == true { unit.xcode.appTargets.append(name) }
            // `bundle.unit-test`, `bundle.ui-testing`: a test target's sources are tests, not the app's.
            let isTest = target["type"]?.string?.contains("test") == true
            for source in sourcePaths(target["sources"]) {
                guard let resolved = resolve(source, from: folder) else { continue }
                if isTest {
                    unit.appSpec.testSourceFolders.append(resolved)
                } else {
                    unit.appSpec.sourceFolders.append(resolved)
                }
                // `- path: "../web/build"`: a web client's build output the app bundles.
                if !isTest && source.hasPrefix("../") { unit.references.append(.pathInside(resolved)) }
            }
        }
        for (_, package) in root["packages"]?.pairs ?? [] {
            if let local = package["path"]?.string, let resolved = resolve(local, from: folder) {
                unit.references.append(.path(resolved))
            }
        }
        unit.references += BuildFileParser.kmpFrameworks(in: text)
        return BuildUnit(unit)
    }

    /// The text of each target of a Tuist manifest, from `.target(`, `Target(` or `Target.target(`
    /// to the next one (the whole text when it names none).
    private static func tuistTargets(_ text: String) -> [Substring] {
        guard let regex = regex(#"(?:\.target|\bTarget(?:\.target)?)\s*\("#) else { return [text[...]] }
        let starts = text.matches(of: regex).map(\.range.lowerBound)
        guard !starts.isEmpty else { return [text[...]] }
        return starts.indices.map { k in text[starts[k]..<(k + 1 < starts.count ? starts[k + 1] : text.endIndex)] }
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
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .tuist)
        // Each target from its `.target(` / `Target(` to the next: its `product:` says whether its
        // `sources` are the app's (`.app`, a framework it links) or tests (`.unitTests`, `.uiTests`).
        for targetText in tuistTargets(text) {
            let target = String(targetText)
            var globs = captures(#"sources:\s*"([^"]+)""#, in: target, holding: ["sources:"])
            for list in captures(#"sources:\s*\[([^\]]*)\]"#, in: target, holding: ["sources:"]) {
                globs += captures(#""([^"]+)""#, in: list, holding: ["\""])
            }
            let folders = globs.compactMap { glob -> String? in
                let fixed = glob.split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                var prefix = String(fixed)
                while prefix.hasSuffix("/") { prefix.removeLast() }
                return resolve(prefix, from: folder)
            }
            let product = captures(#"product:\s*\.([A-Za-z0-9]+)"#, in: target, holding: ["product:"]).first
            let name = captures(#"name:\s*"([^"]+)""#, in: target, holding: ["name:"]).first
            if product == "unitTests" || product == "uiTests" {
                unit.appSpec.testSourceFolders += folders
                if let name { unit.xcode.testTargets.append(name) }
            } else {
                unit.appSpec.sourceFolders += folders
                if let name, product.map({ $0.lowercased().contains("app") }) ?? false {
                    unit.xcode.appTargets.append(name)
                }
            }
        }
        let packages = captures(#"\.(?:package|local)\(\s*path:\s*"([^"]+)""#, in: text, holding: ["path:"])
        unit.references = packages.compactMap { resolve($0, from: folder).map(BuildUnit.Reference.path) }
        unit.references += BuildFileParser.kmpFrameworks(in: text)
        return BuildUnit(unit)
    }
}
