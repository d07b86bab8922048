import RelopsCore

/// One thing that builds: a .NET project, a Gradle module, a Swift package, an Xcode project, an
/// XcodeGen or Tuist spec, or a Rust/Go/Node/Python service, with what it references. The shipping
/// chains are made of these; `ProjectModel` keeps deciding what a mobile project embeds.
///
/// Immutable: its reader fills in a `Facts` value, then makes the unit, which the index shares by
/// reference, so the rules and the product graph ask about a unit without copying its facts each
/// time. A fact reads as a property of the unit (`unit.references`, `unit.gradle.android`); none
/// can be set.
@dynamicMemberLookup
final class BuildUnit: Sendable {
    enum Kind: Sendable, Equatable {
        case dotNet(mobile: Bool, test: Bool)
        /// `app`: applies the Android application plugin; `kmp`: Kotlin Multiplatform; `ios`: has iOS targets.
        case gradle(app: Bool, kmp: Bool, ios: Bool)
        case swiftPackage
        case xcodeProject
        /// An Xcode workspace (`App.xcworkspace`): builds the projects its `contents.xcworkspacedata`
        /// names; a library project in it reaches the workspace's app projects through it.
        case xcodeWorkspace
        case xcodeGen
        case tuist
        case service(language: Language)
        /// A package that builds into something else: a Rust library crate, a Node package, a web
        /// client that an app bundles. It ships only through what references it.
        case library(language: Language)
        /// A desktop app (Electron, Tauri).
        case desktop(framework: DesktopFramework)
        /// A static site: the folder that serves `/.well-known/`.
        case site
        /// A Cordova app (`config.xml` with a W3C `widget`): its `www/` ships in the Android and
        /// iOS apps that `cordova build` makes from it.
        case cordova
        /// A React Native or Expo JavaScript project (`package.json` naming `react-native` or
        /// `expo`): Metro bundles what its entry reaches into the apps of its native folders.
        case reactNative
        /// An Expo app config (`app.json` with an `expo` key, `app.config.{js,ts}`): EAS builds it
        /// into an Android and an iOS app.
        case expo
        /// A bundler or copy step (`bundler`): what it takes in ships where its output goes.
        case bundler
    }

    /// The language of a service or library unit, as a person names it.
    enum Language: String, Sendable, Equatable, CustomStringConvertible {
        case node = "Node", rust = "Rust", go = "Go", python = "Python", ruby = "Ruby", dart = "Dart"
        var description: String { rawValue }
    }

    /// What a desktop app unit is built with.
    enum DesktopFramework: String, Sendable, Equatable, CustomStringConvertible {
        case electron = "Electron", tauri = "Tauri", flutter = "Flutter"
        var description: String { rawValue }
    }

    /// What a unit references.
    enum Reference: Sendable, Equatable {
        /// A project file or package folder, as a repository path.
        case path(String)
        /// A package by name: a Cargo package (`cargo build -p sdk`, `libsdk.a`), an npm workspace package.
        case named(String)
        /// A path that a build file names (`../web/dist`, `--manifest-path ../sdk/Cargo.toml`): the
        /// unit whose folder holds it, when that unit is a library.
        case pathInside(String)
        /// A Gradle module: `project(':shared:core')` -> ["shared", "core"]; `projects.shared.core`
        /// (a type-safe accessor, names in camelCase) -> ["shared", "core"] with `accessor`.
        case gradleModule([String], accessor: Bool)
        /// The Kotlin Multiplatform modules with an iOS target directly under a Gradle path
        /// (`:shared:$MODULE:embedAndSign...` with no value for `MODULE` -> ["shared"]).
        case appleFrameworkModules(under: [String])
        /// The Gradle modules a build-logic function adds by path (`:features:*:impl`).
        case gradleModulesMatching(prefix: [String], suffix: String)
    }

    /// What a build file says about the unit, filled in by its reader: a core every unit has, and
    /// one typed group per stack (`StackFacts.swift`), empty for a unit of another stack.
    struct Facts: Sendable {
        /// The unit's folder ("" for the repository root).
        let root: String
        /// The file that defines it (`src/App/App.csproj`, `shared/build.gradle.kts`, `App.xcodeproj`).
        let file: String
        let kind: Kind
        var references: [Reference] = []
        /// Names other build files may use for it (a Cargo package and its library, an npm package).
        var names: [String] = []
        /// False for what no app references: a web or worker service (`Microsoft.NET.Sdk.Web`, an
        /// `Exe`). Its files are never looked up as a library, so no other project file is read for them.
        var referenceable = true
        /// What the unit deploys when it is a server or site (`Spring Boot`, `ASP.NET Core`, `Express`,
        /// `static site`): a product that a deployment carries.
        var deploys: String?
        /// What the unit is when it runs only while building (`Gradle plugin`): ships nothing.
        var buildOnly: String?
        /// Folders (repository paths) whose apps embed this unit though their build files do not
        /// name it: the `android`/`ios` platform folders of a Capacitor config, which `cap sync`
        /// copies the web bundle into.
        var embeddedIn: [String] = []
        /// What the unit's product is, when more than its kind says: an Android app's form factor
        /// when it is not a phone app (`Wear OS`, `Android TV`: from its dependencies, else (Wear OS)
        /// from its `src/main/AndroidManifest.xml`'s `uses-feature`), a macOS-only Xcode project,
        /// a Metro bundle, a Flutter head or package, a Rust library's linked forms.
        var variant: String?

        /// `.csproj`.
        var dotNet = DotNetFacts()
        /// `build.gradle`, `build.gradle.kts`.
        var gradle = GradleFacts()
        /// `project.pbxproj`; an XcodeGen or Tuist spec's targets.
        var xcode = XcodeFacts()
        /// XcodeGen `project.yml`, Tuist `Project.swift`.
        var appSpec = AppSpecFacts()
        /// SwiftPM: the manifest's products and targets, read statically.
        var swiftManifest: SwiftPackageManifest?
        /// Cordova `config.xml`, Expo app config.
        var appConfig = AppConfigFacts()
        /// `package.json`.
        var npm = NPMFacts()
        /// A React Native or Expo project's `package.json` and import aliases.
        var metro = MetroFacts()
        /// A Dart or Flutter package: what its `pubspec.yaml` and `l10n.yaml` say ships.
        var flutter: FlutterPubspec?
        /// A bundler or copy step: its sources and outputs.
        var bundler: BundlerStep?

        init(root: String, file: String, kind: Kind) {
            self.root = root
            self.file = file
            self.kind = kind
        }

        /// `path` (inside the unit's folder) relative to that folder.
        func relative(_ path: String) -> String { root.isEmpty ? path : String(path.dropFirst(root.count + 1)) }

        /// A Node package that is a server (`express`, `fastify`, `node server.js`).
        var isNodeServer: Bool { kind == .service(language: .node) }

        /// An Android app or Xcode project that bundles React Native: the folder (repository path)
        /// of the Metro project it bundles.
        var reactNativeRoot: String? { gradle.reactNativeRoot ?? xcode.reactNativeRoot }
    }

    /// The unit's facts, as its reader left them.
    let facts: Facts

    init(_ facts: Facts) { self.facts = facts }

    /// A unit with no facts beyond what it is.
    convenience init(root: String, file: String, kind: Kind) { self.init(Facts(root: root, file: file, kind: kind)) }

    subscript<Value>(dynamicMember fact: KeyPath<Facts, Value>) -> Value { facts[keyPath: fact] }

    /// `path` (inside the unit's folder) relative to the unit's folder.
    func relative(_ path: String) -> String { facts.relative(path) }

    /// False when the file at `lowerName` is source of another language than this unit's (`Facts.claims`).
    func claims(_ lowerName: String) -> Bool { facts.claims(lowerName) }

    /// False for a Swift package none of whose targets holds `path` (`Facts.holdsByTarget`).
    func holdsByTarget(_ path: String) -> Bool { facts.holdsByTarget(path) }
}

extension BuildUnit.Facts {
    /// True for a unit that is itself a store app.
    var isApp: Bool {
        switch kind {
        case .dotNet(let mobile, _): return mobile
        case .gradle(let app, _, _): return app || gradle.composeDesktop
        case .xcodeProject: return !xcode.library
        case .xcodeGen, .tuist, .desktop, .cordova, .expo: return true
        case .swiftPackage, .reactNative, .service, .library, .site, .xcodeWorkspace, .bundler: return false
        }
    }

    /// The platforms of an app unit.
    var platforms: Set<Platform> {
        switch kind {
        case .dotNet(true, _): return dotNet.platforms.isEmpty ? [.android, .iOS] : Set(dotNet.platforms)
        case .gradle(let app, _, _): return Set(app ? [.android] : []).union(gradle.composeDesktop ? [.desktop] : [])
        case .xcodeProject: return xcode.library ? [] : [.iOS]
        case .xcodeGen, .tuist: return [.iOS]
        case .desktop: return [.desktop]
        case .cordova: return Set(appConfig.platforms)
        case .expo: return [.android, .iOS]
        default: return []
        }
    }

    /// The name a rule shows: the project file, or the spec tool and its file.
    var label: String {
        switch kind {
        case .xcodeGen: return "XcodeGen spec \(file)"
        case .tuist: return "Tuist spec \(file)"
        case .xcodeWorkspace: return "Xcode workspace \(file)"
        case .cordova: return "Cordova config \(file)"
        case .expo: return "Expo config \(file)"
        case .bundler: return bundler?.label ?? file
        default: return file
        }
    }
}
