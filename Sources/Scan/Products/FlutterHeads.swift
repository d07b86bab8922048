import RelopsCore

// The platform heads of a Flutter app that are no Gradle or Xcode project: `web/` (its
// `index.html`), built by `flutter build web` and deployed; `windows/` and `linux/` (their
// `CMakeLists.txt`), built by `flutter build windows|linux` into desktop apps.

/// True for a file that defines a Flutter head when a `pubspec.yaml` sits in the folder above:
/// `web/index.html`, `windows/CMakeLists.txt`, `linux/CMakeLists.txt`.
func isFlutterHeadFile(_ path: String) -> Bool {
    let folder = nameOf(folderOf(path))
    switch nameOf(path).lowercased() {
    case "index.html": return folder == "web"
    case "cmakelists.txt": return folder == "windows" || folder == "linux"
    default: return false
    }
}

extension BuildFileParser {
    /// A Flutter head's unit, read from where its defining file sits (the caller checks that the
    /// folder above holds a Flutter `pubspec.yaml`): a deployed web app, or a desktop app.
    static func flutterHead(path: String) -> BuildUnit? {
        guard isFlutterHeadFile(path) else { return nil }
        let folder = folderOf(path)
        if nameOf(folder) == "web" {
            var unit = BuildUnit.Facts(root: folder, file: path, kind: .site)
            unit.variant = "Flutter web"
            return BuildUnit(unit)
        }
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .desktop(framework: .flutter))
        unit.variant = "Flutter \(nameOf(folder))"
        return BuildUnit(unit)
    }
}

extension BuildUnit.Facts {
    /// The `web/` head of a Flutter app: `flutter build web` deploys it.
    var isFlutterWeb: Bool { kind == .site && variant == "Flutter web" }

    /// A unit that a Flutter package's heads make from its Dart: a store or desktop app, or the web app.
    var buildsFlutterHead: Bool { isApp || isFlutterWeb }

    /// True for a head unit made from a file of a Flutter head folder (`web/`, `windows/`, `linux/`).
    var isFlutterHead: Bool { isFlutterWeb || kind == .desktop(framework: .flutter) }

    /// The product of a Flutter `web/` head: "Flutter web app `web/`", deployed, not shipped through a store.
    var flutterWebProduct: Product {
        Product(name: root + "/", kind: .server, description: "Flutter web app", file: file)
    }
}
