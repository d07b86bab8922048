import RelopsCore

// The rules that follow a build file's references to the app that ships a file: shared MSBuild
// files, XcodeGen and Tuist specs, services, and libraries that an app references.

/// A `Directory.Build.props`/`.targets`: counts for the .NET projects under its folder.
struct DirectoryBuildProps: PathRule {
    static let id = "msbuild.directory-build-props"
    static let description = "a Directory.Build.props or .targets counts for the .NET projects under it"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .test, .server]
    static let example = RuleExample(
        [
            (
                "Directory.Build.props",
                "<Project><PropertyGroup><ApiHost>app.example.com</ApiHost></PropertyGroup></Project>"
            ),
            ("App/App.csproj", mauiProjectExample()),
        ], at: "Directory.Build.props")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard file.lowerName == "directory.build.props" || file.lowerName == "directory.build.targets" else {
            return nil
        }
        return file.classifier.chains.sharedMSBuildFile(file.path)
    }
}

/// An XcodeGen or Tuist spec file itself: it defines the app.
struct SpecFile: PathRule {
    static let id = "xcodegen.spec-file"
    static let description = "an XcodeGen or Tuist spec defines the iOS app: its settings ship in the binary"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        file: "project.yml",
        text:
            "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n    sources: [Shop]\n    entitlements:\n      properties:\n        com.apple.developer.associated-domains: [applinks:app.example.com]\n"
    )

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        // Only these names define a spec (`parseBuildFile`): no other file's folder is looked up.
        guard ["project.yml", "project.yaml", "project.swift"].contains(file.lowerName),
            let spec = file.index.units(inFolder: folderOf(file.path)).first(where: { $0.file == file.path }),
            spec.kind == .xcodeGen || spec.kind == .tuist
        else { return nil }
        return (
            .binaryLiteral,
            "\(spec.label) defines the iOS app: its entitlements and Info.plist properties ship in the binary"
        )
    }
}

/// Source or a resource listed in the sources of an XcodeGen or Tuist spec's app target.
struct SpecSources: PathRule {
    static let id = "xcodegen.app-sources"
    static let description = "source or a resource in the sources of an XcodeGen or Tuist app target ships in it"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .binaryConfig]
    static let example = RuleExample(
        [
            (
                "project.yml",
                "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n    sources: [Shop]\n"
            ),
            ("Shop/Links.swift", #"let host = "app.example.com""#),
        ], at: "Shop/Links.swift")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard !file.index.specs.isEmpty, file.mobileProject == nil,
            let shipped = shippedWithApp(file.path, file.lowerName)
        else { return nil }
        let path = file.path
        guard
            let spec = file.index.specs.first(where: { spec in
                spec.appSpec.sourceFolders.contains { $0.isEmpty || path.hasPrefix($0 + "/") }
            })
        else { return nil }
        return (shipped.0, "listed in the sources of \(spec.label): \(shipped.1) of the iOS app")
    }
}

/// A file of a Rust, Go, Node or Python service.
struct ServiceSource: PathRule {
    static let id = "service.file"
    static let description = "a file of a Rust, Go, Node or Python service deploys with the service"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        [
            ("api/go.mod", "module example.com/api\n\ngo 1.22\n"),
            (
                "api/main.go",
                "package main\n\nimport \"net/http\"\n\nconst base = \"https://app.example.com\"\n\nfunc main() { http.ListenAndServe(\":8080\", nil) }\n"
            ),
        ], at: "api/main.go")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard file.mobileProject == nil, let owner = file.owner, case .service(let language) = owner.kind,
            !isDocument(file.lowerName)
        else { return nil }
        return (.server, "in the \(language) service \(owner.file): deployed with the service, not a store release")
    }
}

/// Source or a resource of a library that an app references (ProjectReference, Gradle
/// `project(':x')`, a local Swift package, a KMP source set an app's platform compiles).
struct LibraryReferencedByApp: PathRule {
    static let id = "library.referenced-by-app"
    static let description = "source or a resource of a library that an app references ships in that app"
    static let classes: [OccurrenceClass] = [.binaryLiteral, .binaryConfig]
    static let example = RuleExample(
        [
            (
                "App/App.csproj",
                mauiProjectExample(#"<ItemGroup><ProjectReference Include="..\Core\Core.csproj" /></ItemGroup>"#)
            ),
            (
                "Core/Core.csproj",
                #"<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>"#
            ),
            ("Core/Api.cs", #"const string Host = "app.example.com";"#),
        ], at: "Core/Api.cs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        let inMobileProject = file.mobileProject != nil
        // A Dart package's files ship only as the Flutter rules say (`lib/`, assets, ARB files).
        guard let owner = file.owner, owner.flutter == nil else { return nil }
        if case .service = owner.kind, !inMobileProject { return nil }
        var platforms: Set<Platform>? = nil
        if case .gradle(_, true, _) = owner.kind, let set = kmpSourceSet(file.path, root: owner.root) {
            guard let shippedTo = kmpPlatforms(set) else { return nil }
            platforms = shippedTo
        }
        guard !owner.isApp, owner.referenceable, let shipped = shippedWithApp(file.path, file.lowerName),
            let chain = file.classifier.chains.appChain(from: owner, platforms: platforms)
        else { return nil }
        let links = chainText([owner.chainLabel] + chain.map { $0.facts.chainLabel })
        return (shipped.0, "in a library that an app references (\(links)): \(shipped.1)")
    }
}

/// A Kotlin Multiplatform source set that no app compiles (`jvmMain`, `jsMain`, `wasmJsMain`).
struct KMPNonAppSourceSet: PathRule {
    static let id = "kmp.non-app-source-set"
    static let description =
        "a KMP source set no store app compiles (`jvmMain`, `jsMain`, `wasmJsMain`) ships with servers, a Kotlin/Wasm or JS web app, or nothing"
    static let classes: [OccurrenceClass] = [.server, .other]
    static let example = RuleExample(
        [
            ("shared/build.gradle.kts", "plugins { kotlin(\"multiplatform\") }\nkotlin { jvm() }\n"),
            ("shared/src/jvmMain/kotlin/Api.kt", #"val host = "app.example.com""#),
        ], at: "shared/src/jvmMain/kotlin/Api.kt")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, case .gradle(_, true, _) = owner.kind,
            let set = kmpSourceSet(file.path, root: owner.root)
        else { return nil }
        let lower = set.lowercased()
        guard lower.hasPrefix("jvm") || lower.hasPrefix("js") || lower.hasPrefix("wasm") else { return nil }
        // A desktop app (Compose Multiplatform) compiles the JVM source sets.
        if lower.hasPrefix("jvm"),
            file.classifier.graph.links(of: file.path).contains(where: { $0.product.kind == .app })
        {
            return nil
        }
        if let served = file.classifier.deployedOnly(file.path) { return served }
        return (.other, "in Kotlin Multiplatform source set `\(set)` of \(owner.file), which no app or server compiles")
    }
}

/// An Xcode project whose targets build no app and that no workspace builds with an app.
struct XcodeFrameworkProject: PathRule {
    static let id = "xcode.framework-project"
    static let description =
        "a file of an Xcode framework project no workspace builds with an app: check where it ships"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(
        [
            (
                "Kit/Kit.xcodeproj/project.pbxproj",
                "// !$*UTF8*$!\n{\n objects = {\n  A1 = {isa = PBXNativeTarget; name = Kit; productType = \"com.apple.product-type.framework\"; };\n };\n}\n"
            ),
            ("Kit/Sources/Links.swift", #"let host = "app.example.com""#),
        ], at: "Kit/Sources/Links.swift")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.xcode.library, owner.kind == .xcodeProject, !isDocument(file.lowerName)
        else { return nil }
        return (
            .other,
            "in framework project \(owner.file), whose targets build no app and which no workspace that the build files show builds with an app: check where it ships"
        )
    }
}

/// The class of a file that ships with an app, by its type: source is a literal, resources are config.
func shippedWithApp(_ path: String, _ lowerName: String) -> (OccurrenceClass, String)? {
    if sourceExtensions.contains(where: { lowerName.hasSuffix($0) }) {
        return (.binaryLiteral, "source compiled into the binary")
    }
    if librarySourceExtensions.contains(where: { lowerName.hasSuffix($0) }) {
        return (.binaryLiteral, "source built into what the app bundles or links")
    }
    if let generator = resourceGenerator(lowerName) { return (.binaryConfig, generator) }
    func inValuesFolder() -> Bool {
        // A folder `values` or `values-*`, any case, on the path's bytes (one per translation file).
        let bytes = Array(path.utf8), values = Array("values".utf8)
        var start = 0
        for (k, byte) in bytes.enumerated() where byte == 0x2F {
            let length = k - start
            if length >= 6, length == 6 || bytes[start + 6] == 0x2D,
                (0..<6).allSatisfy({ bytes[start + $0] | 0x20 == values[$0] })
            {
                return true
            }
            start = k + 1
        }
        return false
    }
    if lowerName.hasSuffix(".resx") || lowerName.hasSuffix(".plist") || lowerName.hasSuffix(".json")
        || (lowerName.hasSuffix(".xml") && inValuesFolder())
    {
        return (.binaryConfig, "resource that ships in the binary")
    }
    return nil
}

/// The sources a .NET build turns into the `.resx` it compiles in: XLIFF (`MultilingualResources/*.xlf`,
/// the Multilingual App Toolkit's translations) and T4 text templates (`.tt`); they ship like the
/// resources they make. The reason, else nil.
func resourceGenerator(_ lowerName: String) -> String? {
    if lowerName.hasSuffix(".xlf") || lowerName.hasSuffix(".xliff") {
        return "XLIFF translation that the build turns into the `.resx` resources it ships"
    }
    if lowerName.hasSuffix(".tt") { return "text template that generates the code or resources the build ships" }
    return nil
}

/// The platforms the Kotlin Multiplatform source set that holds `path` (`…/src/commonMain/…`)
/// is compiled into; nil when the path is in none, or in one no mobile app gets (`jvmMain`). The
/// one reading of KMP source set names, for the classifier and the cutover's rebuild list.
public func kotlinSourceSetPlatforms(ofPath path: String) -> Set<Platform>? {
    let segments = path.split(separator: "/")
    guard let src = segments.firstIndex(of: "src"), src + 2 < segments.count else { return nil }
    return kmpPlatforms(String(segments[src + 1]))
}

/// The platforms a KMP main source set is compiled into; nil for one no mobile app gets (`jvmMain`).
func kmpPlatforms(_ set: String) -> Set<Platform>? {
    let lower = set.lowercased()
    if lower == "commonmain" { return [.android, .iOS] }
    if lower.hasPrefix("android") { return [.android] }
    if lower.hasPrefix("ios") || lower.hasPrefix("apple") || lower.hasPrefix("native") { return [.iOS] }
    return nil
}

/// A MAUI app's `.csproj` for the examples.
func mauiProjectExample(_ items: String = "") -> String {
    #"<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks><UseMaui>true</UseMaui><OutputType>Exe</OutputType></PropertyGroup>"#
        + items + "</Project>"
}
