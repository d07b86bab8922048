import RelopsCore

// The rules for app frameworks whose build files say which files ship: Cordova and desktop apps.

/// A Cordova app's `config.xml` and its `www/` web content.
struct CordovaAppFile: PathRule {
    static let id = "cordova.app-file"
    static let description = "a Cordova app's config.xml and `www/` content ship in the apps it builds"
    static let classes: [OccurrenceClass] = [.binaryConfig, .binaryLiteral]
    static let example = RuleExample(
        [
            (
                "config.xml",
                #"<widget id="com.example.app" xmlns="http://www.w3.org/ns/widgets"><name>Shop</name><platform name="android" /><allow-navigation href="https://app.example.com/*" /></widget>"#
            )
        ], at: "config.xml")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .cordova else { return nil }
        let platforms =
            owner.appConfig.platforms.map(\.rawValue).joined(separator: " and ")
            + (owner.appConfig.platforms.count == 1 ? " app" : " apps")
        if file.path == owner.file {
            return (.binaryConfig, "Cordova \(owner.file): copied into the \(platforms) it builds")
        }
        let www = owner.root.isEmpty ? "www/" : owner.root + "/www/"
        guard file.path.hasPrefix(www), !isProse(nameOf(file.path).lowercased()) else { return nil }
        return (.binaryLiteral, "web content (`\(www)`) of Cordova \(owner.file): packaged into the \(platforms)")
    }
}

/// A file of an Electron or Tauri desktop app, or under `src/` of a Compose Multiplatform one.
struct DesktopAppFile: PathRule {
    static let id = "desktop.app-file"
    static let description =
        "a file of an Electron or Tauri desktop app, or under `src/` of a Compose Multiplatform one, is packaged into the app"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        [
            (
                "desktop/package.json",
                #"{ "name": "desk", "main": "main.js", "devDependencies": { "electron": "^30" } }"#
            ),
            ("desktop/main.js", #"const home = "https://app.example.com";"#),
        ], at: "desktop/main.js")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, !isDocument(file.lowerName) else { return nil }
        if case .gradle = owner.kind, owner.gradle.composeDesktop, owner.relative(file.path).hasPrefix("src/") {
            return (.binaryLiteral, "in the Compose Multiplatform desktop app \(owner.file): packaged into the app")
        }
        guard case .desktop(let framework) = owner.kind else { return nil }
        return (.binaryLiteral, "in the \(framework) desktop app \(owner.file): packaged into the app")
    }
}
