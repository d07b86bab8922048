import RelopsCore

/// The platform code of a Flutter plugin package (`flutter: plugin:`): its `android/`, `ios/`,
/// `macos/`, `linux/` and `windows/` folders are built into the apps of that platform that depend
/// on the plugin (Flutter's tool links them in), never apps of their own.
struct FlutterPluginPlatformCode: PathRule {
    static let id = "flutter.plugin-platform-code"
    static let description =
        "the platform code of a Flutter plugin (`android/`, `ios/`, `linux/`, ...) is built into that platform's apps that depend on it"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .other]
    static let example = RuleExample(
        [
            (
                "pubspec.yaml",
                "name: shop\nflutter:\n  uses-material-design: true\ndependencies:\n  auth:\n    path: packages/auth\n"
            ),
            ("android/app/build.gradle", "plugins { id 'com.android.application' }\n"),
            (
                "packages/auth/pubspec.yaml",
                "name: auth\nflutter:\n  plugin:\n    platforms:\n      android:\n        pluginClass: AuthPlugin\n"
            ),
            ("packages/auth/lib/auth.dart", "const channel = 'auth';\n"),
            ("packages/auth/android/build.gradle", "plugins { id 'com.android.library' }\n"),
            ("packages/auth/android/src/main/kotlin/AuthPlugin.kt", "val home = \"https://app.example.com\"\n"),
        ], at: "packages/auth/android/src/main/kotlin/AuthPlugin.kt")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let (plugin, head) = pluginPlatform(of: file.path, in: file.index) else { return nil }
        let what = "`\(head)/` platform code of the Flutter plugin \(plugin.file)"
        // No app here depends on it: it ships in no product the build files show.
        guard file.classifier.pluginPlatformProducts(file.path)?.isEmpty == false else {
            return (.other, "\(what): no \(head) app the build files show depends on it; check where it ships")
        }
        return (.binaryLiteral, "\(what): built into the apps that depend on it")
    }

    /// The plugin package whose platform folder holds `path`, and that folder's name.
    static func pluginPlatform(of path: String, in index: BuildUnitIndex) -> (BuildUnit, String)? {
        guard
            let plugin = index.units(named: "pubspec.yaml", enclosing: folderOf(path)).first,
            plugin.flutter?.isPlugin == true
        else { return nil }
        let relative = plugin.relative(path)
        guard let head = relative.split(separator: "/").first.map(String.init), relative.contains("/"),
            !targets(head).isEmpty
        else { return nil }
        return (plugin, head)
    }

    /// The builds a plugin's platform folder goes into.
    static func targets(_ head: String) -> [FlutterDartDefine.BuildTarget] {
        switch head {
        case "android": [.platform(.android)]
        case "ios": [.platform(.iOS)]
        case "macos": [.platform(.macOS)]
        case "linux", "windows": [.desktopHead(head)]
        default: []
        }
    }
}

extension Classifier {
    /// The apps a Flutter plugin's platform code at `path` is built into: those of its platform
    /// that depend on the plugin. Nil when `path` is no plugin's platform code.
    func pluginPlatformProducts(_ path: String) -> [Product]? {
        guard let (plugin, head) = FlutterPluginPlatformCode.pluginPlatform(of: path, in: chains.index) else {
            return nil
        }
        let targets = FlutterPluginPlatformCode.targets(head)
        var unique: [Product] = []
        for link in graph.links(of: plugin) where !unique.contains(link.product) {
            if targets.contains(where: { $0.builds(link.product) }) { unique.append(link.product) }
        }
        return unique
    }
}
