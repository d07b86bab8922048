import RelopsCore

// The rules for React Native and Expo apps: what Metro bundles from the entry, the Expo config,
// `react-native-config` `.env` files, and the Ruby tooling (fastlane, CocoaPods) beside them.

/// A bare React Native app for the examples: `package.json`, `index.js` and an Android app.
private let reactNativeExample: [(String, String)] = [
    ("package.json", #"{ "name": "shop", "dependencies": { "react-native": "0.74.0" } }"#),
    ("index.js", "import { AppRegistry } from 'react-native';\nimport App from './src/App';\n"),
    ("android/app/build.gradle", "apply plugin: 'com.android.application'\napply plugin: 'com.facebook.react'\n"),
]

/// JavaScript, TypeScript or JSON of a React Native or Expo project: shipped when Metro reaches
/// it from the entry, else not placed.
struct MetroBundledFile: PathRule {
    static let id = "react-native.metro-bundle"
    static let description =
        "JS/TS/JSON that Metro reaches from a React Native or Expo entry ships in the apps; the rest is named as not reached"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .binaryConfig, .build, .unknown]
    static let example = RuleExample(
        reactNativeExample + [("src/App.tsx", #"export const API = "https://app.example.com";"#)], at: "src/App.tsx")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        // A React Native project, and a workspace package it bundles, is a `package.json`.
        guard file.index.hasPackageManifests else { return nil }
        let enclosing = reactNativeProject(of: file)
        guard isModule(file.path), let project = enclosing ?? bundlingProject(of: file) else { return nil }
        if let tool = metroToolingConfig(file.lowerName) {
            return (.build, "\(tool) configuration of \(project.file): used while building, not bundled")
        }
        let entry = file.classifier.metro.entryName(of: project)
        // Not reached is not "does not ship": a dynamic require or another entry may still bundle it.
        guard file.classifier.metro.reaches(file.path, from: project) else {
            // A server or a test suite with its own package inside the project's folder, which the
            // project does not depend on, is that package's to place.
            if enclosing != nil, let owner = file.owner, owner.file != project.file, owner.isNodeServer,
                !file.index.referrers(of: owner).contains(where: { $0.file == project.file })
            {
                return nil
            }
            // A bundler or copy step takes it in (into a folder an alias names): that rule places it.
            if file.index.bundlers.contains(where: { $0.bundler?.takesIn(file.path) == true }) { return nil }
            return (.unknown, "not reached from \(entry) of \(project.file): check where it ships")
        }
        let cls: OccurrenceClass = file.lowerName.hasSuffix(".json") ? .binaryConfig : .binaryLiteral
        return (cls, "Metro bundles it from \(entry) (\(project.file)) into \(appsText(file, project))")
    }
}

/// An Expo app config (`app.json` with `expo`, `app.config.{js,ts}`): EAS builds its
/// `ios.associatedDomains`, `android.intentFilters` and `scheme` into the apps.
struct ExpoAppConfig: PathRule {
    static let id = "expo.app-config"
    static let description = "an Expo app config (app.json, app.config.ts) is built into the Android and iOS apps"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        file: "app.json",
        text: #"{ "expo": { "name": "Shop", "ios": { "associatedDomains": ["applinks:app.example.com"] } } }"#)

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard file.lowerName == "app.json" || file.lowerName.hasPrefix("app.config."),
            file.index.units(inFolder: folderOf(file.path)).contains(where: { $0.file == file.path && $0.kind == .expo }
            )
        else { return nil }
        return (
            .binaryConfig,
            "Expo config \(file.path): its associated domains, intent filters and scheme are built into the Android and iOS apps"
        )
    }
}

/// A `.env*` file of a React Native project that uses `react-native-config`, which builds it into the apps.
struct ReactNativeConfigEnv: PathRule {
    static let id = "react-native.config-env"
    static let description = "a `.env` file that react-native-config builds into a React Native app"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        [
            ("package.json", #"{ "dependencies": { "react-native": "0.74.0", "react-native-config": "1.5.0" } }"#),
            ("android/app/build.gradle", "apply plugin: 'com.android.application'\n"),
            (".env.production", "API_URL=https://app.example.com\n"),
        ], at: ".env.production")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard file.lowerName == ".env" || file.lowerName.hasPrefix(".env."), let project = reactNativeProject(of: file),
            project.metro.shipsEnvFiles, folderOf(file.path) == project.root
        else { return nil }
        return (
            .binaryConfig,
            "react-native-config builds \(file.parts.name) into \(appsText(file, project)) (\(project.file))"
        )
    }
}

/// A file of a Gemfile that holds only tooling (fastlane, CocoaPods): used while building.
struct RubyToolingGemfile: PathRule {
    static let id = "ruby.tooling"
    static let description = "a Gemfile without a web server gem (fastlane, CocoaPods) is build tooling"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        [
            ("Gemfile", "source 'https://rubygems.org'\ngem 'fastlane'\ngem 'cocoapods'\n"),
            ("fastlane/Fastfile", "lane :beta do\n  upload(url: 'https://app.example.com')\nend\n"),
        ], at: "fastlane/Fastfile")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .library(language: .ruby), let what = owner.buildOnly else {
            return nil
        }
        return (.build, "in the \(what) \(owner.file): used while building, ships nothing")
    }
}

/// The tool a configuration file of a JavaScript project is for (`metro.config.js`: Metro), nil
/// for any other file: Metro never bundles these, the build reads them.
func metroToolingConfig(_ lowerName: String) -> String? {
    let stem = lowerName.split(separator: ".").first.map(String.init) ?? lowerName
    let tools = [
        "babel": "Babel", "metro": "Metro", "jest": "Jest", "react-native": "React Native CLI",
        "tailwind": "Tailwind", "webpack": "webpack", "vite": "Vite", "vitest": "Vitest", "detox": "Detox",
        "eslint": "ESLint", "prettier": "Prettier", "tsconfig": "TypeScript", "postcss": "PostCSS",
    ]
    let name = lowerName.hasPrefix(".") ? String(stem.drop { $0 == "." }) : stem
    guard let tool = tools[name.hasSuffix("rc") ? String(name.dropLast(2)) : name],
        lowerName.contains(".config.") || lowerName.hasPrefix(".") || name == "tsconfig"
    else { return nil }
    return tool
}

/// The React Native or Expo project whose folder holds `file`, outside its native folders.
func reactNativeProject(of file: PathContext) -> BuildUnit? {
    guard
        let project = file.index.units(named: "package.json", enclosing: folderOf(file.path)).first(where: {
            $0.kind == .reactNative
        })
    else { return nil }
    let native = project.embeddedIn.filter { $0 != project.root }
    return native.contains(where: { file.path.hasPrefix($0 + "/") }) ? nil : project
}

/// The React Native project that depends on the workspace package owning `file`, if any.
func bundlingProject(of file: PathContext) -> BuildUnit? {
    guard let owner = file.owner, owner.kind == .library(language: .node) else { return nil }
    return file.index.referrers(of: owner).first { $0.kind == .reactNative }
}

/// "the Android app `app` and the iOS app `Shop`": the apps the project's bundle reaches.
private func appsText(_ file: PathContext, _ project: BuildUnit) -> String {
    let products = file.classifier.graph.links(of: project).map(\.product)
    guard !products.isEmpty else { return "the apps of its native folders" }
    return products.map(\.label).joined(separator: ", ")
}
