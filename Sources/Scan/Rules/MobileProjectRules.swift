import RelopsCore

// The rules for a file inside a mobile app project's folder (a MAUI or Xamarin `.csproj`, an
// Android application module, an Xcode project): what its build takes into the binary.

/// An item the `.csproj` embeds (`EmbeddedResource`, `MauiAsset`, `BundleResource`).
struct DotNetEmbeddedResource: PathRule {
    static let id = "dotnet.embedded-resource"
    static let description =
        "an item a mobile .csproj embeds (`EmbeddedResource`, `MauiAsset`) is read as configuration"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        [
            (
                "App/App.csproj",
                mauiProjectExample(#"<ItemGroup><EmbeddedResource Include="appsettings.json" /></ItemGroup>"#)
            ),
            ("App/appsettings.json", #"{ "Api": "https://app.example.com" }"#),
        ], at: "App/appsettings.json")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject, let item = project.embeddedItem(for: file.path) else { return nil }
        return (
            .binaryConfig, "\(item) in mobile project \(project.file): ships in the binary, read through configuration"
        )
    }
}

/// An Android string resource (`res/values*/*.xml`) of a mobile project.
struct AndroidStringResource: PathRule {
    static let id = "android.string-resource"
    static let description = "an Android string resource (`res/values/*.xml`) ships in the APK"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        [
            ("app/build.gradle", "plugins { id 'com.android.application' }\n"),
            ("app/src/main/res/values/strings.xml", #"<string name="host">app.example.com</string>"#),
        ], at: "app/src/main/res/values/strings.xml")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject, file.lowerName.hasSuffix(".xml") else { return nil }
        let folders = relativeFolders(file.path, project)
        guard folders.contains(where: { $0 == "values" || $0.hasPrefix("values-") }),
            folders.contains(where: { $0 == "res" || $0 == "resources" })
        else { return nil }
        return (.binaryConfig, "Android string resource (res/values) of \(project.file): ships in the APK")
    }
}

/// A document inside a mobile project's folder.
struct MobileProjectDocument: PathRule {
    static let id = "mobile.document"
    static let description = "a document inside a mobile project's folder ships nothing"
    static let classes: [OccurrenceClass] = [.docs]
    static let example = RuleExample(
        [("App/App.csproj", mauiProjectExample()), ("App/NOTES.md", "See https://app.example.com")], at: "App/NOTES.md")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject, isDocument(file.lowerName) else { return nil }
        return (.docs, "documentation inside \(project.file)'s folder: ships nothing")
    }
}

/// A `.resx`/`.resw` resource of a mobile .NET project.
struct DotNetResourceFile: PathRule {
    static let id = "dotnet.resource-file"
    static let description =
        "a .resx resource of a mobile .NET project (or the XLIFF or T4 template that makes it) is compiled into the binary"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        [
            ("App/App.csproj", mauiProjectExample()),
            ("App/Strings.resx", #"<data name="Host"><value>app.example.com</value></data>"#),
        ], at: "App/Strings.resx")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject, project.kind == .mobileDotNet,
            file.lowerName.hasSuffix(".resx") || file.lowerName.hasSuffix(".resw")
                || resourceGenerator(file.lowerName) != nil
        else { return nil }
        if let generator = resourceGenerator(file.lowerName) {
            return (.binaryConfig, "in mobile project \(project.file): \(generator)")
        }
        return (.binaryConfig, "resource file of mobile project \(project.file): compiled into the binary")
    }
}

/// Source of a mobile project (`.cs`, `.kt`, `.swift`, `.dart`, ...).
struct MobileProjectSource: PathRule {
    static let id = "mobile.source"
    static let description = "source of a mobile app project is compiled into the binary"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        [("App/App.csproj", mauiProjectExample()), ("App/Api.cs", #"const string Host = "app.example.com";"#)],
        at: "App/Api.cs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject, sourceExtensions.contains(where: { file.lowerName.hasSuffix($0) })
        else { return nil }
        return (.binaryLiteral, "source of mobile project \(project.file): compiled into the binary")
    }
}

/// A raw resource or asset of a mobile project (`Resources/Raw/`, `res/raw/`, `assets/`).
struct MobileRawResource: PathRule {
    static let id = "mobile.raw-resource"
    static let description = "a raw resource or asset of a mobile project ships in the binary"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        [
            ("app/build.gradle", "plugins { id 'com.android.application' }\n"),
            ("app/src/main/assets/config.json", #"{ "api": "https://app.example.com" }"#),
        ], at: "app/src/main/assets/config.json")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject else { return nil }
        let relative = project.relative(file.path).lowercased()
        let first = relativeFolders(file.path, project).first
        guard
            first.map({ rawResourceFolders.contains(String($0)) }) == true
                || relative.hasPrefix("resources/raw/") || relative.contains("/res/raw/")
                || relative.hasPrefix("src/main/assets/") || relative.hasPrefix("src/main/res/")
                || relative.contains("/assets/")
        else { return nil }
        return (.binaryConfig, "raw resource of mobile project \(project.file): ships in the binary")
    }
}

/// The build file of a mobile project itself (the `.csproj`).
struct MobileBuildFile: PathRule {
    static let id = "mobile.build-file"
    static let description = "the build file of a mobile project: its settings ship in the binary"
    static let classes: [OccurrenceClass] = [.binaryLiteral]
    static let example = RuleExample(
        [
            (
                "App/App.csproj",
                mauiProjectExample(
                    "<PropertyGroup><ApplicationId>com.example.app</ApplicationId><Host>app.example.com</Host></PropertyGroup>"
                )
            )
        ],
        at: "App/App.csproj")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject, file.lowerName == nameOf(project.file).lowercased() else { return nil }
        return (.binaryLiteral, "build file of mobile project \(project.file): its settings ship in the binary")
    }
}

/// A file an Xcode app target builds that no file-type rule placed (a storyboard, an asset
/// catalog's JSON, a bundled `.plist` or `.json`): its Resources build phase, a synchronized folder
/// or a build setting names it, so it ships in that app.
struct XcodeTargetMember: PathRule {
    static let id = "xcode.target-member"
    static let description =
        "a file an Xcode app target's build phases, synchronized folders or build settings name ships in that app"
    static let classes: [OccurrenceClass] = [.binaryConfig]
    static let example = RuleExample(
        [
            (
                "Shop.xcodeproj/project.pbxproj",
                """
                {
                 objects = {
                  G1 = {isa = PBXGroup; children = (F1, ); path = Shop; sourceTree = "<group>"; };
                  F1 = {isa = PBXFileReference; path = Links.storyboard; sourceTree = "<group>"; };
                  B1 = {isa = PBXBuildFile; fileRef = F1 /* Links.storyboard */; };
                  P1 = {isa = PBXResourcesBuildPhase; files = (B1, ); };
                  T1 = {isa = PBXNativeTarget; buildPhases = (P1, ); name = Shop; productType = "com.apple.product-type.application"; };
                 };
                }

                """
            ),
            ("Shop/Links.storyboard", #"<string key="url">https://app.example.com</string>"#),
        ], at: "Shop/Links.storyboard")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, owner.kind == .xcodeProject,
            let targets = owner.xcode.targetFiles?.builders(of: file.path), !targets.isEmpty
        else { return nil }
        let names = targets.map { "`\($0.name)`" }.joined(separator: ", ")
        return (.binaryConfig, "built by app target \(names) of \(owner.file): ships in the app")
    }
}

/// Any other file in a mobile project's folder: its build does not take it.
struct MobileProjectOther: PathRule {
    static let id = "mobile.not-included"
    static let description = "a file in a mobile project's folder that its build does not take into the binary"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(
        [("App/App.csproj", mauiProjectExample()), ("App/tools/seed.sh", "curl https://app.example.com/seed")],
        at: "App/tools/seed.sh")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let project = file.mobileProject else { return nil }
        return (.other, "in mobile project \(project.file) but not included in the binary")
    }
}

/// The folders of `path` below the project's folder, lower-case (parts of one string: two rules
/// ask this of every file of a mobile project).
private func relativeFolders(_ path: String, _ project: ProjectModel) -> ArraySlice<Substring> {
    project.relative(path).lowercased().split(separator: "/").dropLast()
}
