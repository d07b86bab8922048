import RelopsCore

/// Reads one build file into a unit; nil when the file does not define one.
enum BuildFileParser {
    static func dotNet(path: String, bytes: [UInt8]) -> BuildUnit {
        let folder = folderOf(path)
        let text = ProjectFileBytes(bytes)
        let traits = DotNetTraits(path: path, text: text)
        let mobile = traits.mobile, test = traits.test
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .dotNet(mobile: mobile, test: test))
        let items = text.attributeValues(DotNetTraits.items)
        unit.references = DotNetTraits.projectReferences(items[0], from: folder).map(BuildUnit.Reference.path)
        unit.dotNet.platforms = traits.platforms
        unit.dotNet.embeddedItems = ProjectModel.embeddedItems(items.dropFirst(), mobile: mobile)
        unit.deploys = traits.deploys
        // A console app (`Exe`, no web or worker SDK) is a tool: a server that references it deploys it.
        unit.dotNet.consoleApp = !mobile && !test && traits.exe && unit.deploys == nil
        unit.referenceable =
            !mobile && !test && !traits.webSDK && !traits.workerSDK && (!traits.exe || unit.dotNet.consoleApp)
        return BuildUnit(unit)
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
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .gradle(app: app, kmp: kmp, ios: ios))
        unit.gradle.android =
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
        unit.gradle.composeDesktop = !captures(
            #"compose\.desktop\s*\{[\s\S]*?\b(application)\s*\{"#, in: text,
            holding: ["compose.desktop", "application"]
        ).isEmpty
        unit.gradle.composeWeb = kotlinBrowserApp(text)
        unit.buildOnly = gradleBuildLogic(applied)
        if app { unit.gradle.reactNativeRoot = reactNativeRoot(gradle: text, folder: folder) }
        if app {
            if ["androidx.wear", "play-services-wearable", "wear.compose", "wear-compose"].contains(where: {
                ByteSearch.contains($0, in: applied)
            }) {
                unit.variant = "Wear OS"
            } else if ["androidx.leanback", "androidx.tv"].contains(where: { ByteSearch.contains($0, in: applied) }) {
                unit.variant = "Android TV"
            }
        }
        return BuildUnit(unit)
    }

    static func swiftPackage(path: String, text: String) -> BuildUnit {
        let folder = folderOf(path)
        var unit = BuildUnit.Facts(root: folder, file: path, kind: .swiftPackage)
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
        return BuildUnit(unit)
    }

    /// An Xcode project from its `project.pbxproj`: local Swift packages (`XCLocalSwiftPackageReference`)
    /// and Kotlin Multiplatform frameworks built by `:module:embedAndSignAppleFrameworkForXcode`.
    static func xcodeProject(projectFile: String, text: String) -> BuildUnit {
        let folder = folderOf(projectFile)
        var unit = BuildUnit.Facts(root: folder, file: projectFile, kind: .xcodeProject)
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
        (unit.xcode.appTargets, unit.xcode.testTargets) = (targets.apps, targets.tests)
        if !targets.apps.isEmpty { unit.xcode.targetFiles = XcodeTargetFiles(project, root: folder) }
        // Only targets that were read decide it: a project whose targets cannot be read stays an app.
        unit.xcode.library = targets.apps.isEmpty && !targets.others.isEmpty
        unit.xcode.reactNativeRoot = reactNativeRoot(pbxproj: text, folder: folder)
        if ByteSearch.contains("SDKROOT = macosx;", in: text) && !ByteSearch.contains("SDKROOT = iphoneos;", in: text) {
            unit.variant = "macOS"
        }
        return BuildUnit(unit)
    }

    /// A Cordova `config.xml` (a `widget` of the W3C widgets namespace): the app its `www/` ships
    /// in, for the platforms its `<platform name="android|ios">` elements name (both when it names
    /// none: `cordova platform add` may keep them in `package.json` only). nil for any other `config.xml`.
    static func cordova(path: String, text: String) -> BuildUnit? {
        guard ByteSearch.contains("<widget", in: text), ByteSearch.contains("http://www.w3.org/ns/widgets", in: text)
        else { return nil }
        var unit = BuildUnit.Facts(root: folderOf(path), file: path, kind: .cordova)
        unit.appConfig.name = captures(#"<name(?:\s[^>]*)?>\s*([^<]+?)\s*</name>"#, in: text, holding: ["<name"]).first
        let named = captures(#"<platform\s+name\s*=\s*["']([a-z]+)["']"#, in: text, holding: ["<platform"])
        let platforms = [("android", Platform.android), ("ios", .iOS)].filter { named.contains($0.0) }.map(\.1)
        unit.appConfig.platforms = platforms.isEmpty ? [.android, .iOS] : platforms
        return BuildUnit(unit)
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
        var unit = BuildUnit.Facts(root: folder, file: workspace, kind: .xcodeWorkspace)
        unit.references = projects.map(BuildUnit.Reference.path)
        return BuildUnit(unit)
    }

    /// A Rust, Go, Node or Python service's marker file; nil for a React Native or Expo app.
    static func service(path: String, text: String) -> BuildUnit? {
        let name = nameOf(path).lowercased()
        let language: BuildUnit.Language
        switch name {
        case "cargo.toml": language = .rust
        case "go.mod": language = .go
        case "package.json":
            if ByteSearch.contains("\"react-native\"", in: text) || ByteSearch.contains("\"expo\"", in: text)
                || ByteSearch.contains("\"@capacitor/", in: text)
                || ByteSearch.contains("\"@ionic/", in: text)
            {
                return nil
            }
            language = .node
        case "pyproject.toml", "requirements.txt", "setup.py": language = .python
        case "gemfile": language = .ruby
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

/// The unit a build file defines, nil when it defines none.
func parseBuildFile(
    _ path: String, _ bytes: [UInt8], hasMain: Bool,
    gradle: (catalog: GradleVersionCatalog?, conventions: () -> GradleConventionPlugins)?, frameworkConfig: String?
) -> BuildUnit? {
    let name = nameOf(path)
    let lower = name.lowercased()
    if lower.hasSuffix(".csproj") { return BuildFileParser.dotNet(path: path, bytes: bytes) }
    let text = String(decoding: bytes, as: UTF8.self)
    if lower == "build.gradle" || lower == "build.gradle.kts" {
        return BuildFileParser.gradle(
            path: path, text: text, catalog: gradle?.catalog, conventions: gradle?.conventions)
    }
    if name == "Package.swift" { return BuildFileParser.swiftPackage(path: path, text: text) }
    if name == "Project.swift" { return AppSpecParser.tuist(path: path, text: text) }
    if lower == "project.yml" || lower == "project.yaml" { return AppSpecParser.xcodeGen(path: path, text: text) }
    if lower == "project.pbxproj", let projectFile = xcodeProjectFile(containing: path) {
        return BuildFileParser.xcodeProject(projectFile: projectFile, text: text)
    }
    if lower == "config.xml" { return BuildFileParser.cordova(path: path, text: text) }
    if lower.hasPrefix("capacitor.config.") { return BuildFileParser.capacitor(path: path, text: text) }
    if lower == "contents.xcworkspacedata" { return BuildFileParser.xcodeWorkspace(dataFile: path, text: text) }
    if lower == "cargo.toml" { return BuildFileParser.cargo(path: path, text: text, hasMain: hasMain) }
    if lower == "package.json" {
        return BuildFileParser.javaScript(path: path, text: text, frameworkConfig: frameworkConfig)
    }
    if lower == "gemfile" { return BuildFileParser.gemfile(path: path, text: text) }
    if lower == "app.json" || lower.hasPrefix("app.config.") { return BuildFileParser.expo(path: path, text: text) }
    if lower == "pubspec.yaml" { return BuildFileParser.pubspec(path: path, text: text) }
    if lower == "l10n.yaml" { return nil }  // read with its folder's pubspec.yaml
    if lower == "_config.yml" { return BuildFileParser.jekyllSite(configPath: path) }
    if BundlerConfigReader.isConfig(lower) {
        return BundlerConfigReader.read(path: path, text: text).map { bundlerUnit($0, path: path) }
    }
    if lower == "index.html" || lower == "cmakelists.txt" { return BuildFileParser.flutterHead(path: path) }
    return BuildFileParser.service(path: path, text: text)
}
