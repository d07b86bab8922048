import RelopsCore
import YAML

/// What a Flutter or Dart package's `pubspec.yaml` (and its `l10n.yaml`) says ships: a `flutter:`
/// section makes it a Flutter package whose platform heads (`android/`, `ios/`, `macos/`, ...) are
/// the apps that compile it; its `flutter: assets:` entries and gen-l10n ARB files are bundled;
/// its `dependencies:` (by `path:`, or by name in a pub workspace) are packages compiled in with it.
struct FlutterPubspec: Sendable, Equatable {
    /// The package's `name:`.
    var name = ""
    /// True when the pubspec has a top-level `flutter:` section.
    var isFlutter = false
    /// A Flutter plugin (`flutter: plugin:`): its platform folders are the plugin's native code,
    /// built into the apps that depend on it, never apps of their own.
    var isPlugin = false
    /// `flutter: assets:` entries as written (relative to the package folder; a folder ends in `/`).
    var assets: [String] = []
    /// `flutter: generate: true`: `flutter gen-l10n` compiles the ARB files in.
    var generate = false
    /// `dependencies:` entries with a `path:`, as written (`../core`).
    var pathDependencies: [String] = []
    /// Every `dependencies:` name: a package of a pub workspace (or the repository) is found by it.
    var dependencies: [String] = []
    /// `l10n.yaml`'s `arb-dir` (relative to the package folder); `lib/l10n` when it says none.
    var arbDirectory = "lib/l10n"
    /// True when the package folder has an `l10n.yaml` (gen-l10n runs from it even without `generate`).
    var hasL10nFile = false

    /// The platform head folders of a Flutter app, each an app of its own when it holds one.
    static let heads = ["android", "ios", "macos", "windows", "linux", "web"]

    /// Reads the top-level `name:`, `flutter:` (`assets:`, `generate:`, `plugin:`) and
    /// `dependencies:` with libyaml, so every YAML form pub reads counts (`assets: [a, b]`, quoted
    /// keys, anchors). A pubspec libyaml refuses is one pub refuses too: no package is built from
    /// it, so it says nothing ships (its files are placed by the other rules).
    init(text: String) {
        let root: YAMLNode
        do {
            root = try parseYAML(text)
        } catch {
            return
        }
        name = root["name"]?.string ?? ""
        if let flutter = root["flutter"] {
            isFlutter = true
            assets = (flutter["assets"]?.items ?? []).compactMap { item in
                // `- path: assets/x` (with flavors) as well as `- assets/x`.
                item.string ?? item["path"]?.string
            }
            generate = flutter["generate"]?.string == "true"
            isPlugin = flutter["plugin"] != nil
        }
        for (dependency, value) in root["dependencies"]?.pairs ?? [] {
            dependencies.append(dependency)
            if let path = value["path"]?.string { pathDependencies.append(path) }
        }
    }

    /// Reads the top-level `arb-dir:` of an `l10n.yaml` with libyaml (quoted, commented or flow
    /// forms alike). An `l10n.yaml` libyaml refuses is one `flutter gen-l10n` refuses too: the
    /// default `arb-dir` stays.
    mutating func readL10n(_ text: String) {
        hasL10nFile = true
        let root: YAMLNode
        do {
            root = try parseYAML(text)
        } catch {
            return
        }
        if let dir = root["arb-dir"]?.string, !dir.isEmpty {
            arbDirectory = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
        }
    }

    /// The `flutter: assets:` entry that lists `relative` (a file, or a folder holding it directly
    /// as Flutter reads a folder entry), nil when none does.
    func assetEntry(listing relative: String) -> String? {
        assets.first { entry in
            entry.hasSuffix("/") ? folderOf(relative) + "/" == entry : relative == entry
        }
    }

    /// True when gen-l10n compiles the ARB file at `relative` in.
    func compilesARB(_ relative: String) -> Bool {
        (generate || hasL10nFile) && relative.lowercased().hasSuffix(".arb") && folderOf(relative) == arbDirectory
    }
}

extension BuildFileParser {
    /// A `pubspec.yaml`: a Dart package; with a `flutter:` section, a Flutter package that the apps
    /// of its platform heads embed. Its `path:` dependencies are packages compiled in with it.
    static func pubspec(path: String, text: String) -> BuildUnit {
        let folder = folderOf(path)
        let spec = FlutterPubspec(text: text)
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .library(language: .dart))
        unit.variant = spec.isFlutter ? "Flutter package" : "Dart package"
        unit.flutter = spec
        if !spec.name.isEmpty { unit.names = ["pub:" + spec.name] }
        if spec.isFlutter {
            unit.embeddedIn = FlutterPubspec.heads.map { folder.isEmpty ? $0 : folder + "/" + $0 }
        }
        unit.references =
            spec.pathDependencies.compactMap { resolve($0, from: folder) }.map { .pathInside($0) }
            + spec.dependencies.map { .named("pub:" + $0) }
        return BuildUnit(unit)
    }
}
