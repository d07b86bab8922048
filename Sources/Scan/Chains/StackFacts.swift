import RelopsCore

// The facts one stack's build file says about a unit, beyond the core every unit has (its folder,
// file, kind, references, names, what it deploys, where it is embedded). A unit of another stack
// keeps each group at its empty value. The Swift package manifest (`SwiftPackageManifest`), a
// pubspec (`FlutterPubspec`) and a bundler step (`BundlerStep`) are typed facts of their own.

/// What a Gradle build script (`build.gradle`, `build.gradle.kts`) says about its module, read by
/// `BuildFileParser.gradle`.
struct GradleFacts: Sendable {
    /// Applies an Android plugin (application or library), so its folder is an Android project.
    var android = false
    /// A Compose Multiplatform `compose.desktop { application { } }`, a desktop app its
    /// `nativeDistributions` package for macOS, Windows and Linux (beside the Android app, if any).
    var composeDesktop = false
    /// A Kotlin/Wasm or Kotlin/JS browser executable (`wasmJs { browser() }` with
    /// `binaries.executable()`, Compose for Web): a web app its `wasmJsBrowserDistribution` deploys.
    var composeWeb = false
    /// An Android app that bundles React Native: the folder (repository path) of the Metro project
    /// it bundles (its `react { root }`, or the default).
    var reactNativeRoot: String?
}

/// What an Xcode project's `project.pbxproj` says about its targets, read by
/// `BuildFileParser.xcodeProject`; an XcodeGen `project.yml` or a Tuist `Project.swift` fills its
/// app and test targets (`AppSpecParser`).
struct XcodeFacts: Sendable {
    /// The targets that build apps.
    var appTargets: [String] = []
    /// The targets that build tests (unit or UI test bundles).
    var testTargets: [String] = []
    /// The project's targets were read and none builds an app (frameworks, libraries): it ships
    /// only through the app projects of a workspace that names it.
    var library = false
    /// What each app target builds (build settings' files, synchronized folders) and the App Clips it embeds.
    var targetFiles: XcodeTargetFiles?
    /// A project that bundles React Native: the folder (repository path) of the Metro project it
    /// bundles (its bundle phase's `PROJECT_ROOT`, or the default).
    var reactNativeRoot: String?
}

/// What an XcodeGen `project.yml` or a Tuist `Project.swift` lists as its targets' sources, read
/// by `AppSpecParser`.
struct AppSpecFacts: Sendable {
    /// The folders (repository paths) whose files are the app's sources.
    var sourceFolders: [String] = []
    /// The folders of its test targets' sources.
    var testSourceFolders: [String] = []
}

/// What a .NET project file (`.csproj`) says about what it builds, read by `BuildFileParser.dotNet`.
struct DotNetFacts: Sendable {
    /// The platforms of a .NET app, read from its target frameworks or classic project type.
    var platforms: [Platform] = []
    /// The items the project embeds in its binary (`EmbeddedResource`, `MauiAsset`, ...), as
    /// (item type, glob relative to the project folder); MAUI's default `Resources/Raw/**` included.
    var embeddedItems: [(type: String, glob: Glob)] = []
    /// A console app (`OutputType` `Exe`, no web or worker SDK): a tool, no service of its own.
    var consoleApp = false
}

/// What the app config of a cross-platform app tool says about the app it builds: a Cordova
/// `config.xml` (`BuildFileParser.cordova`) or an Expo `app.json`/`app.config.{js,ts}` (`BuildFileParser.expo`).
struct AppConfigFacts: Sendable {
    /// The app's name (Cordova's `<name>`, Expo's `name`).
    var name: String?
    /// Cordova: the platforms it builds (`<platform name=...>`; both when it names none). An Expo
    /// app is always built for Android and iOS.
    var platforms: [Platform] = []
}

/// What a `package.json` says about its package beyond its dependencies, read by
/// `BuildFileParser.javaScript`.
struct NPMFacts: Sendable {
    /// The text of its `scripts` values, which may name files it runs.
    var scriptText = ""
    /// A web framework whose folder of static files is served as is (`Next.js`, `SvelteKit`).
    var webFramework: String?
    /// A package that runs end-to-end tests: the runner it depends on or its scripts run
    /// (`detox`, `@playwright/test`, `maestro test`); nil for any other package.
    var testRunner: String?
}

/// What Metro bundles from a React Native or Expo project, read from its `package.json`
/// (`BuildFileParser.javaScript`) and its babel and TypeScript configs (`BuildUnitIndex.aliasFolders`).
struct MetroFacts: Sendable {
    /// Metro's entry points (repository paths; `app/` for `expo-router/entry`).
    var entries: [String] = []
    /// Depends on `react-native-config`, which builds its `.env*` files into the apps.
    var shipsEnvFiles = false
    /// The folders its import aliases name (babel `module-resolver` `alias` and `root`,
    /// `tsconfig.json` `paths`), which Metro bundles what it imports from.
    var aliasFolders: [String] = []
}
