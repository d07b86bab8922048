import RelopsCore

/// The readers of JavaScript app build files: React Native and Expo projects, Expo app configs,
/// web framework sites, and Gemfiles (a server only with a web server gem).
extension BuildFileParser {
    /// A `package.json`: a React Native or Expo project (Metro's entry, the native folders it is
    /// bundled into), else `node(path:text:)` with the web framework and the scripts it runs.
    /// `nativeApp`: a native app's React Native build bundles this folder, whatever it depends on.
    /// `frameworkConfig` names the web framework whose config file (`next.config.js`,
    /// `nuxt.config.ts`, `astro.config.mjs`) sits beside the `package.json`: the project is that
    /// framework's even when the dependency comes through a workspace package.
    static func javaScript(path: String, text: String, nativeApp: Bool = false, frameworkConfig: String? = nil)
        -> BuildUnit?
    {
        let folder = folderOf(path)
        func depends(_ name: String) -> Bool { ByteSearch.contains("\"\(name)\"", in: text) }
        if depends("react-native") || depends("expo") || nativeApp {
            var unit = BuildUnit.Facts(root: folder, file: path, kind: .reactNative)
            let main = captures(#""main"\s*:\s*"([^"]+)""#, in: text, holding: ["\"main\""]).first
            unit.metro.entries = metroEntries(main: main, folder: folder)
            unit.npm.scriptText = scriptsText(text)
            unit.metro.shipsEnvFiles = depends("react-native-config")
            // `android/` and `ios/` hold the apps Metro's bundle goes into; an Expo project's own
            // folder holds its config, which EAS builds into both.
            let native = ["android", "ios"].compactMap { resolve($0, from: folder) }
            unit.embeddedIn = depends("expo") ? (folder.isEmpty ? [folder] + native : [folder]) : native
            unit.variant = "Metro bundle"
            if let name = captures(#""name"\s*:\s*"([^"]+)""#, in: text, holding: ["\"name\""]).first {
                unit.names = ["npm:" + name]
            }
            // Workspace packages it depends on are bundled when Metro reaches them.
            unit.references = captures(#""(@?[A-Za-z0-9._/-]+)"\s*:\s*""#, in: text, holding: ["\":"]).map {
                .named("npm:" + $0)
            }
            return BuildUnit(unit)
        }
        guard var unit = node(path: path, text: text)?.facts else { return nil }
        unit.npm.scriptText = scriptsText(text)
        // A mobile app's e2e runner (Detox, Appium, Maestro) makes even a package with a mock server
        // a test package; a web runner only a package that is no server itself.
        if let runner = endToEndRunner(text, scripts: unit.npm.scriptText) {
            let library: Bool
            if case .library = unit.kind { library = true } else { library = false }
            if library || ["detox", "appium", "maestro"].contains(runner) { unit.npm.testRunner = runner }
        }
        if case .desktop = unit.kind {
            // electron-builder's `files`/`extraResources` from `../web/build`: the web client it packages.
            unit.references += nativeReferences(in: text, from: folder).filter {
                if case .pathInside = $0 { return true }
                return false
            }
        }
        guard
            let framework = webFrameworks.first(where: { depends($0.package) })
                ?? webFrameworks.first(where: { $0.package == frameworkConfig })
        else { return BuildUnit(unit) }
        unit.npm.webFramework = framework.name
        // Vite builds web clients that apps bundle as often as sites: what references it decides.
        guard framework.name != "Vite", unit.deploys == nil || unit.deploys?.hasPrefix("Node") == true else {
            return BuildUnit(unit)
        }
        var site = BuildUnit.Facts(root: folder, file: path, kind: .service(language: .node))
        (site.names, site.references, site.npm.scriptText) = (unit.names, unit.references, unit.npm.scriptText)
        site.npm.webFramework = framework.name
        site.deploys = "\(framework.name) site"
        site.referenceable = false
        return BuildUnit(site)
    }

    /// Metro's entries: `expo-router/entry` is every file under `app/` (or `src/app/`); any other
    /// `main` is that file; without one, `index.js` (`.ts`, `.tsx`).
    static func metroEntries(main: String?, folder: String) -> [String] {
        if main == "expo-router/entry" {
            return ["app", "src/app"].compactMap { resolve($0, from: folder).map { $0 + "/" } }
        }
        if let main, let path = resolve(main, from: folder) { return [path] }
        return ["index.js", "index.ts", "index.tsx"].compactMap { resolve($0, from: folder) }
    }

    /// An Expo app config: `app.json` whose top level has an `expo` key, or `app.config.js`/`.ts`.
    static func expo(path: String, text: String) -> BuildUnit? {
        let lower = nameOf(path).lowercased()
        if lower == "app.json" {
            guard !captures(#""expo"\s*:\s*(\{)"#, in: text, holding: ["\"expo\""]).isEmpty else { return nil }
        } else if !(lower == "app.config.ts" || lower == "app.config.js") {
            return nil
        }
        var unit = BuildUnit.Facts(root: folderOf(path), file: path, kind: .expo)
        unit.appConfig.name = captures(#""?name"?\s*:\s*["']([^"'\n]+)["']"#, in: text, holding: ["name"]).first
        // `expo prebuild` writes the native apps there; when they are committed, they are the apps.
        unit.embeddedIn = ["android", "ios"].compactMap { resolve($0, from: unit.root) }
        return BuildUnit(unit)
    }

    /// A `Gemfile`: a Ruby server only when it names a web server gem; fastlane and CocoaPods
    /// tooling (or any other) is used while building.
    static func gemfile(path: String, text: String) -> BuildUnit? {
        let server = rubyServerGems.first {
            !captures(#"(?m)^\s*gem\s+["']("# + $0 + #")["']"#, in: text, holding: [$0]).isEmpty
        }
        if let server {
            var unit = BuildUnit.Facts(root: folderOf(path), file: path, kind: .service(language: .ruby))
            unit.deploys = "Ruby (\(server))"
            return BuildUnit(unit)
        }
        var unit = BuildUnit.Facts(root: folderOf(path), file: path, kind: .library(language: .ruby))
        let tools = ["fastlane", "cocoapods"].filter { ByteSearch.contains($0, in: text.lowercased()) }
        unit.buildOnly = "Ruby tooling Gemfile" + (tools.isEmpty ? "" : " (\(tools.joined(separator: ", ")))")
        unit.referenceable = false
        return BuildUnit(unit)
    }

    /// The `"scripts": { ... }` object's text, empty without one.
    /// The end-to-end test runner a package depends on (`detox`, `@playwright/test`, `cypress`,
    /// `webdriverio`, `appium`) or its scripts run (`maestro test`, `detox test`, `playwright test`).
    static func endToEndRunner(_ text: String, scripts: String) -> String? {
        let packages = ["detox", "@playwright/test", "cypress", "webdriverio", "@wdio/cli", "appium", "testcafe"]
        if let runner = packages.first(where: { ByteSearch.contains("\"\($0)\"", in: text) }) { return runner }
        let commands = ["maestro test", "detox test", "playwright test", "cypress run", "wdio run"]
        return commands.first { ByteSearch.contains($0, in: scripts) }.map { String($0.split(separator: " ")[0]) }
    }

    private static func scriptsText(_ text: String) -> String {
        captures(#""scripts"\s*:\s*\{([^{}]*)\}"#, in: text, holding: ["\"scripts\""]).first ?? ""
    }
}

/// How a rule names a Metro entry: `index.js`, or `app/**` for expo-router.
func displayEntry(_ entry: String) -> String { entry.hasSuffix("/") ? entry + "**" : entry }

/// The web framework whose config file a file named `lowerName` is (`next.config.mjs` -> `next`).
func webFrameworkConfig(_ lowerName: String) -> String? {
    for (stem, package) in [("next.config.", "next"), ("nuxt.config.", "nuxt"), ("astro.config.", "astro")]
    where lowerName.hasPrefix(stem) {
        let ext = String(lowerName.dropFirst(stem.count))
        if ["js", "mjs", "cjs", "ts", "mts"].contains(ext) { return package }
    }
    return nil
}

/// The web frameworks whose sites serve a folder of static files as is, by their npm package.
let webFrameworks: [(package: String, name: String, staticFolder: String)] = [
    ("next", "Next.js", "public"), ("nuxt", "Nuxt", "public"), ("@sveltejs/kit", "SvelteKit", "static"),
    ("astro", "Astro", "public"), ("vite", "Vite", "public"),
]

/// The gems that make a Gemfile a web server.
let rubyServerGems = ["rails", "sinatra", "rack", "puma", "hanami", "roda", "unicorn", "falcon"]

/// The files a Ruby tooling Gemfile's folder holds for it: Ruby and the fastlane and CocoaPods files.
func rubyToolingFile(_ lowerName: String) -> Bool {
    lowerName.hasSuffix(".rb") || lowerName.hasSuffix(".podspec")
        || ["gemfile", "gemfile.lock", "fastfile", "appfile", "pluginfile", "matchfile", "podfile", "deliverfile"]
            .contains(lowerName)
}
