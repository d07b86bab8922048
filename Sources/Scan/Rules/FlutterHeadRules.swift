import RelopsCore

// The files of a Flutter app's `web/`, `windows/` and `linux/` heads: the web app is deployed,
// the desktop runners are compiled into their desktop apps, and CMake only builds them.

/// The smallest Flutter app with a `web/` and a `windows/` head.
private let flutterHeads: [(String, String)] = [
    (
        "pubspec.yaml",
        "name: shop\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  uses-material-design: true\n"
    ),
    ("web/index.html", "<!DOCTYPE html><html><body><script src=\"flutter_bootstrap.js\"></script></body></html>\n"),
    ("windows/CMakeLists.txt", "project(shop LANGUAGES CXX)\n"),
]

/// A file of a Flutter app's `web/` head (`index.html`, `manifest.json`): `flutter build web`
/// copies it into the web app, which is deployed, not shipped through a store.
struct FlutterWebHeadFile: PathRule {
    static let id = "flutter.web-head"
    static let description = "a file of a Flutter app's `web/` head is deployed with the Flutter web app"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        flutterHeads + [("web/manifest.json", #"{ "start_url": "https://app.example.com/" }"#)], at: "web/manifest.json"
    )

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.isFlutterWeb else { return nil }
        return (
            .server,
            "in the `\(owner.root)/` head of a Flutter app (\(owner.file)): `flutter build web` copies it into the Flutter web app, deployed, not a store release"
        )
    }
}

/// A file of a Flutter app's `windows/` or `linux/` head: CMake files build the desktop app, the
/// runner sources (`runner/main.cpp`, `my_application.cc`, `Runner.rc`) are compiled into it.
struct FlutterDesktopHeadFile: PathRule {
    static let id = "flutter.desktop-head"
    static let description =
        "a runner source of a Flutter app's `windows/` or `linux/` head is compiled into that desktop app; its CMake files only build it"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .build]
    static let example = RuleExample(
        flutterHeads + [("windows/runner/main.cpp", "auto home = L\"https://app.example.com\";\n")],
        at: "windows/runner/main.cpp")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .desktop(framework: .flutter) else { return nil }
        let head = "the `\(owner.root)/` head of a Flutter app"
        if file.lowerName == "cmakelists.txt" || file.lowerName.hasSuffix(".cmake") {
            return (.build, "a CMake file of \(head): builds the desktop app, ships nothing itself")
        }
        guard !isDocument(file.lowerName) else { return nil }
        return (.binaryLiteral, "a runner source of \(head) (\(owner.file)): compiled into the desktop app")
    }
}
