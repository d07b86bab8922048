import RelopsCore

/// One thing that builds: a .NET project, a Gradle module, a Swift package, an Xcode project, an
/// XcodeGen or Tuist spec, or a Rust/Go/Node/Python service, with what it references. The shipping
/// chains are made of these; `ProjectModel` keeps deciding what a mobile project embeds.
///
/// A reference: its reader fills it in, then the index shares it read-only, so the rules and the
/// product graph ask about a unit without copying its thirty fields each time. Never change a
/// unit after its reader returned it. Read by one scan's classifier, on one thread at a time.
final class BuildUnit: @unchecked Sendable {
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
        case service(language: String)
        /// A package that builds into something else: a Rust library crate, a Node package, a web
        /// client that an app bundles. It ships only through what references it.
        case library(language: String)
        /// A desktop app (Electron, Tauri).
        case desktop(framework: String)
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

    /// The unit's folder ("" for the repository root).
    let root: String
    /// The file that defines it (`src/App/App.csproj`, `shared/build.gradle.kts`, `App.xcodeproj`).
    let file: String
    let kind: Kind
    var references: [Reference] = []
    /// XcodeGen/Tuist: the folders (repository paths) whose files are the app's sources.
    var sourceFolders: [String] = []
    /// XcodeGen: the folders of its test targets' sources.
    var testSourceFolders: [String] = []
    /// False for what no app references: a web or worker service (`Microsoft.NET.Sdk.Web`, an
    /// `Exe`). Its files are never looked up as a library, so no other project file is read for them.
    var referenceable = true
    /// What the unit deploys when it is a server or site (`Spring Boot`, `ASP.NET Core`, `Express`,
    /// `static site`): a product that a deployment carries.
    var deploys: String?
    /// What the unit is when it runs only while building (`Gradle plugin`): ships nothing.
    var buildOnly: String?
    /// Xcode: the targets that build tests (unit or UI test bundles), and those that build apps.
    var testTargets: [String] = []
    var appTargets: [String] = []
    /// Folders (repository paths) whose apps embed this unit though their build files do not
    /// name it: the `android`/`ios` platform folders of a Capacitor config, which `cap sync`
    /// copies the web bundle into.
    var embeddedIn: [String] = []
    /// Cordova: the app's name (`<name>`) and the platforms it builds (`<platform name=...>`).
    var appName: String?
    var appPlatforms: [Platform] = []
    /// .NET: a console app (`OutputType` `Exe`, no web or worker SDK): a tool, no service of its own.
    var consoleApp = false
    /// Xcode: the project's targets were read and none builds an app (frameworks, libraries): it
    /// ships only through the app projects of a workspace that names it.
    var xcodeLibrary = false
    /// Names other build files may use for it (a Cargo package and its library, an npm package).
    var names: [String] = []
    /// An Android app's form factor when it is not a phone app (`Wear OS`, `Android TV`): from its
    /// dependencies, else (Wear OS) from its `src/main/AndroidManifest.xml`'s `uses-feature`.
    var variant: String?
    /// The platforms of a .NET app, read from its target frameworks or classic project type.
    var dotNetPlatforms: [Platform] = []
    /// .NET: the items the project embeds in its binary (`EmbeddedResource`, `MauiAsset`, ...), as
    /// (item type, glob relative to the project folder); MAUI's default `Resources/Raw/**` included.
    var embeddedItems: [(type: String, glob: Glob)] = []
    /// Gradle: applies an Android plugin (application or library), so its folder is an Android project.
    var android = false
    /// Gradle: a Compose Multiplatform `compose.desktop { application { } }`, a desktop app its
    /// `nativeDistributions` package for macOS, Windows and Linux (beside the Android app, if any).
    var composeDesktop = false
    /// Gradle: a Kotlin/Wasm or Kotlin/JS browser executable (`wasmJs { browser() }` with
    /// `binaries.executable()`, Compose for Web): a web app its `wasmJsBrowserDistribution` deploys.
    var composeWeb = false
    /// An Android app or Xcode project that bundles React Native: the folder (repository path) of
    /// the Metro project it bundles (its `react { root }`, `PROJECT_ROOT`, or the default).
    var reactNativeRoot: String?
    /// React Native: Metro's entry points (repository paths; `app/` for `expo-router/entry`).
    var metroEntries: [String] = []
    /// `package.json`: the text of its `scripts` values, which may name files it runs.
    var scriptText = ""
    /// A web framework whose folder of static files is served as is (`Next.js`, `SvelteKit`).
    var webFramework: String?
    /// React Native: depends on `react-native-config`, which builds its `.env*` files into the apps.
    var shipsEnvFiles = false
    /// `path` (inside the unit's folder) relative to that folder.
    func relative(_ path: String) -> String { root.isEmpty ? path : String(path.dropFirst(root.count + 1)) }

    /// A Node package that is a server (`express`, `fastify`, `node server.js`).
    var isNodeServer: Bool { kind == .service(language: "Node") }

    /// An npm package that runs end-to-end tests: the runner it depends on or its scripts run
    /// (`detox`, `@playwright/test`, `maestro test`); nil for any other package.
    var testRunner: String?
    /// SwiftPM: the manifest's products and targets, read statically.
    var swiftManifest: SwiftPackageManifest?
    /// Xcode: what each app target builds (build settings' files, synchronized folders) and the App Clips it embeds.
    var xcodeTargets: XcodeTargetFiles?
    /// A Dart or Flutter package: what its `pubspec.yaml` and `l10n.yaml` say ships.
    var flutter: FlutterPubspec?
    /// A bundler or copy step: its sources and outputs.
    var bundler: BundlerStep?

    init(root: String, file: String, kind: Kind) {
        self.root = root
        self.file = file
        self.kind = kind
    }

    /// True for a unit that is itself a store app.
    var isApp: Bool {
        switch kind {
        case .dotNet(let mobile, _): return mobile
        case .gradle(let app, _, _): return app || composeDesktop
        case .xcodeProject: return !xcodeLibrary
        case .xcodeGen, .tuist, .desktop, .cordova, .expo: return true
        case .swiftPackage, .reactNative, .service, .library, .site, .xcodeWorkspace, .bundler: return false
        }
    }

    /// The platforms of an app unit.
    var platforms: Set<Platform> {
        switch kind {
        case .dotNet(true, _): return dotNetPlatforms.isEmpty ? [.android, .iOS] : Set(dotNetPlatforms)
        case .gradle(let app, _, _): return Set(app ? [.android] : []).union(composeDesktop ? [.desktop] : [])
        case .xcodeProject: return xcodeLibrary ? [] : [.iOS]
        case .xcodeGen, .tuist: return [.iOS]
        case .desktop: return [.desktop]
        case .cordova: return Set(appPlatforms)
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

/// Reads one build file into a unit; nil when the file does not define one.
enum BuildFileParser {
    static func dotNet(path: String, bytes: [UInt8]) -> BuildUnit {
        let folder = folderOf(path)
        let text = ProjectFileBytes(bytes)
        let traits = DotNetTraits(path: path, text: text)
        let mobile = traits.mobile, test = traits.test
        let unit = BuildUnit(root: folder, file: path, kind: .dotNet(mobile: mobile, test: test))
        let exe = text.contains("<outputtype>exe</outputtype>", ignoringCase: true)
        unit.references = traits.projectReferences(text, from: folder).map(BuildUnit.Reference.path)
        unit.dotNetPlatforms = traits.platforms
        unit.embeddedItems = ProjectModel.embeddedItems(text, mobile: mobile)
        if !mobile && !test { unit.deploys = DotNetTraits.deploys(text) }
        // A console app (`Exe`, no web or worker SDK) is a tool: a server that references it deploys it.
        unit.consoleApp = !mobile && !test && exe && unit.deploys == nil
        unit.referenceable =
            !mobile && !test && !text.contains("microsoft.net.sdk.web", ignoringCase: true)
            && !text.contains("microsoft.net.sdk.worker", ignoringCase: true) && (!exe || unit.consoleApp)
        return unit
    }

    /// A Gradle module's unit. `catalog` is the version catalog beside the build (`gradle/libs.versions.toml`):
    /// the plugins and libraries the script names through it (`alias(libs.plugins.ktor)`) count as
    /// if written out; `conventions` are the build's own convention plugins, whose sources count
    /// where the script applies them.
    static func gradle(
        path: String, text: String, catalog: GradleVersionCatalog? = nil,
        conventions: (() -> GradleConventionPlugins)? = nil
    ) -> BuildUnit {
        let folder = folderOf(path)
        let applied = GradleScript.applied(text, catalog: catalog, conventions: conventions)
        let app = GradleScript.appliesAndroidApplication(applied: applied, catalog: catalog)
        let kmp =
            ByteSearch.contains("multiplatform", in: applied) || ByteSearch.contains("Multiplatform", in: applied)
        let ios = ["iosArm64", "iosX64", "iosSimulatorArm64", "ios()"].contains { ByteSearch.contains($0, in: text) }
        let unit = BuildUnit(root: folder, file: path, kind: .gradle(app: app, kmp: kmp, ios: ios))
        unit.android =
            ByteSearch.contains("com.android.application", in: applied)
            || ByteSearch.contains("com.android.library", in: applied)
        let projectCalls =
            gradleProjectCalls(in: text) ?? captures(gradleProjectCallPattern, in: text, holding: ["project("])
        let accessors = captures(#"\bprojects\.([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)"#, in: text, holding: ["projects."])
        unit.references =
            projectCalls.map { .gradleModule($0.split(separator: ":").map(String.init), accessor: false) }
            + accessors.map { .gradleModule($0.split(separator: ".").map(String.init), accessor: true) }
            + (app || buildsRust(applied) ? nativeReferences(in: text, from: folder) : [])
            + dependencyFunctionReferences(text, conventions: conventions)
        unit.deploys = gradleServer(applied)
        unit.composeDesktop = !captures(
            #"compose\.desktop\s*\{[\s\S]*?\b(application)\s*\{"#, in: text,
            holding: ["compose.desktop", "application"]
        ).isEmpty
        unit.composeWeb = kotlinBrowserApp(text)
        unit.buildOnly = gradleBuildLogic(applied)
        if app { unit.reactNativeRoot = reactNativeRoot(gradle: text, folder: folder) }
        if app {
            if ["androidx.wear", "play-services-wearable", "wear.compose", "wear-compose"].contains(where: {
                ByteSearch.contains($0, in: applied)
            }) {
                unit.variant = "Wear OS"
            } else if ["androidx.leanback", "androidx.tv"].contains(where: { ByteSearch.contains($0, in: applied) }) {
                unit.variant = "Android TV"
            }
        }
        return unit
    }

    static func swiftPackage(path: String, text: String) -> BuildUnit {
        let folder = folderOf(path)
        let unit = BuildUnit(root: folder, file: path, kind: .swiftPackage)
        let manifest = SwiftPackageManifest(text)
        unit.swiftManifest = manifest
        // Its products by name, for the Xcode projects whose `packageProductDependencies` name them.
        unit.names = manifest.products.map { "swift:" + $0.name }
        // A Swift server: an executable target on a server framework, else a package that names one.
        unit.deploys =
            manifest.serverFramework.map { "Swift (\($0))" }
            ?? [("vapor/vapor", "Swift (Vapor)"), ("hummingbird-project/hummingbird", "Swift (Hummingbird)")]
            .first { ByteSearch.contains($0.0, in: text) }?.1
        unit.references = captures(
            #"\.package\(\s*(?:name:\s*"[^"]*",\s*)?path:\s*"([^"]+)""#, in: text, holding: [".package(", "path:"]
        ).compactMap {
            resolve($0, from: folder).map(BuildUnit.Reference.path)
        }
        return unit
    }

    /// An Xcode project from its `project.pbxproj`: local Swift packages (`XCLocalSwiftPackageReference`)
    /// and Kotlin Multiplatform frameworks built by `:module:embedAndSignAppleFrameworkForXcode`.
    static func xcodeProject(projectFile: String, text: String) -> BuildUnit {
        let folder = folderOf(projectFile)
        let unit = BuildUnit(root: folder, file: projectFile, kind: .xcodeProject)
        let project = PBXDocument(text)
        let packages = project.ids.compactMap { id -> String? in
            guard let object = project[id], object.isa == "XCLocalSwiftPackageReference" else { return nil }
            return object.fields.string("relativePath")
        }
        unit.references =
            packages.compactMap { resolve($0, from: folder).map(BuildUnit.Reference.path) }
            + localSwiftProducts(in: project).map { .named("swift:" + $0) }
            + kmpFrameworks(in: text) + nativeReferences(in: text, from: folder)
        let targets = xcodeTargets(in: project)
        (unit.appTargets, unit.testTargets) = (targets.apps, targets.tests)
        if !targets.apps.isEmpty { unit.xcodeTargets = XcodeTargetFiles(project, root: folder) }
        // Only targets that were read decide it: a project whose targets cannot be read stays an app.
        unit.xcodeLibrary = targets.apps.isEmpty && !targets.others.isEmpty
        unit.reactNativeRoot = reactNativeRoot(pbxproj: text, folder: folder)
        if ByteSearch.contains("SDKROOT = macosx;", in: text) && !ByteSearch.contains("SDKROOT = iphoneos;", in: text) {
            unit.variant = "macOS"
        }
        return unit
    }

    /// A Cordova `config.xml` (a `widget` of the W3C widgets namespace): the app its `www/` ships
    /// in, for the platforms its `<platform name="android|ios">` elements name (both when it names
    /// none: `cordova platform add` may keep them in `package.json` only). nil for any other `config.xml`.
    static func cordova(path: String, text: String) -> BuildUnit? {
        guard ByteSearch.contains("<widget", in: text), ByteSearch.contains("http://www.w3.org/ns/widgets", in: text)
        else { return nil }
        let unit = BuildUnit(root: folderOf(path), file: path, kind: .cordova)
        unit.appName = captures(#"<name(?:\s[^>]*)?>\s*([^<]+?)\s*</name>"#, in: text, holding: ["<name"]).first
        let named = captures(#"<platform\s+name\s*=\s*["']([a-z]+)["']"#, in: text, holding: ["<platform"])
        unit.appPlatforms = [("android", Platform.android), ("ios", .iOS)].filter { named.contains($0.0) }.map(\.1)
        if unit.appPlatforms.isEmpty { unit.appPlatforms = [.android, .iOS] }
        return unit
    }

    /// True when an Android manifest requires a watch (`<uses-feature android:name="android.hardware.type.watch"`),
    /// outside comments: the app is a Wear OS app.
    static func declaresWatch(_ manifest: String) -> Bool {
        guard ByteSearch.contains("android.hardware.type.watch", in: manifest),
            let comment = regex(#"<!--[\s\S]*?-->"#),
            let feature = regex(
                #"<uses-feature\b[^>]*\bandroid:name\s*=\s*["']android\.hardware\.type\.watch["']"#)
        else { return false }
        let text = ByteSearch.contains("<!--", in: manifest) ? manifest.replacing(comment, with: "") : manifest
        return text.contains(feature)
    }

    /// An Xcode workspace from its `contents.xcworkspacedata`: the projects its `FileRef`s name
    /// (`group:`, `container:` relative to the workspace's folder and its `Group`s; `absolute:`
    /// and `self:` name nothing in the repository). nil for the workspace inside an `.xcodeproj`.
    static func xcodeWorkspace(dataFile: String, text: String) -> BuildUnit? {
        let workspace = folderOf(dataFile)
        guard workspace.hasSuffix(".xcworkspace"), xcodeProjectFile(containing: dataFile) == nil else { return nil }
        let folder = folderOf(workspace)
        guard
            let regex = regex(
                #"<(/?)(Group|FileRef)\b(?:[^<>]*?\blocation\s*=\s*"([a-z]+):([^"<>]*)")?[^<>]*?(/?)>"#)
        else { return nil }
        var groups: [String] = []  // the folder each open `Group` stands for
        var projects: [String] = []
        for match in text.matches(of: regex) {
            let closing = match.output[1].substring == "/"
            let isGroup = match.output[2].substring == "Group"
            let scheme = match.output[3].substring.map(String.init)
            let location = match.output[4].substring.map(String.init) ?? ""
            let selfClosing = match.output[5].substring == "/"
            if closing {
                if isGroup, !groups.isEmpty { groups.removeLast() }
                continue
            }
            let base = scheme == "group" ? (groups.last ?? folder) : folder
            let resolved: String? =
                scheme == "group" || scheme == "container" ? resolve(location, from: base) : nil
            if isGroup {
                if !selfClosing { groups.append(resolved ?? groups.last ?? folder) }
            } else if let resolved, resolved.hasSuffix(".xcodeproj") {
                projects.append(resolved)
            }
        }
        let unit = BuildUnit(root: folder, file: workspace, kind: .xcodeWorkspace)
        unit.references = projects.map(BuildUnit.Reference.path)
        return unit
    }

    /// A Rust, Go, Node or Python service's marker file; nil for a React Native or Expo app.
    static func service(path: String, text: String) -> BuildUnit? {
        let name = nameOf(path).lowercased()
        let language: String
        switch name {
        case "cargo.toml": language = "Rust"
        case "go.mod": language = "Go"
        case "package.json":
            if ByteSearch.contains("\"react-native\"", in: text) || ByteSearch.contains("\"expo\"", in: text)
                || ByteSearch.contains("\"@capacitor/", in: text)
                || ByteSearch.contains("\"@ionic/", in: text)
            {
                return nil
            }
            language = "Node"
        case "pyproject.toml", "requirements.txt", "setup.py": language = "Python"
        case "gemfile": language = "Ruby"
        default: return nil
        }
        return BuildUnit(root: folderOf(path), file: path, kind: .service(language: language))
    }
}

/// A Gradle `project(...)` call's module path (`gradleProjectCalls` finds the same on the bytes).
let gradleProjectCallPattern = #"project\(\s*(?:path\s*[:=]\s*)?["']:([^"']+)["']"#

/// The first capture group of every match of `pattern` in `text`. Every match holds each of
/// `literals`: when `text` lacks one, the regular expression is neither compiled nor run (both
/// cost far more than the byte search).
func captures(_ pattern: String, in text: String, holding literals: [String]) -> [String] {
    guard literals.allSatisfy({ ByteSearch.contains($0, in: text) }), let regex = regex(pattern) else { return [] }
    return text.matches(of: regex).compactMap { match in
        match.output.count > 1 ? match.output[1].substring.map(String.init) : nil
    }
}
