import RelopsCore

/// A project found in the repository: a .NET `.csproj`, an Android Gradle module or an Xcode
/// project, with what kind it is, (for .NET) the items it embeds in its binary and the projects
/// it references. `ProjectIndex` finds them; this type only reads one project file.
struct ProjectModel {
    enum Kind {
        case mobileDotNet, android, xcode, server, test
        var isMobile: Bool { self == .mobileDotNet || self == .android || self == .xcode }
    }

    /// The project's folder relative to the repository root ("" for the root), without a trailing slash.
    let root: String
    /// The file that defines it (`Source/App.UI/App.UI.csproj`, `app/build.gradle`, `App.xcodeproj`).
    let file: String
    let kind: Kind
    /// Embedded items (`EmbeddedResource`, `MauiAsset`, `AndroidAsset`, `BundleResource`), as
    /// (item type, glob relative to the project folder).
    let items: [(type: String, glob: Glob)]
    /// The projects this one references: repository paths of `.csproj` files for .NET
    /// (`ProjectReference`), Gradle module paths (`project(':feature:login')` -> `feature/login`).
    var references: [String] = []

    func contains(_ path: String) -> Bool { root.isEmpty || path.hasPrefix(root + "/") }

    func relative(_ path: String) -> String { root.isEmpty ? path : String(path.dropFirst(root.count + 1)) }

    func embeddedItem(for path: String) -> String? {
        let rel = relative(path)
        return items.first { $0.glob.matches(rel) }.map { "\($0.type) `\($0.glob.pattern)`" }
    }

    /// True when `module` (a Gradle module path such as `feature/login`) names this project's folder.
    func isGradleModule(_ module: String) -> Bool {
        !module.isEmpty && (root == module || root.hasSuffix("/" + module))
    }

    static let embeddedItemTypes = [
        "EmbeddedResource", "MauiAsset", "AndroidAsset", "BundleResource", "MauiImage", "MauiFont",
    ]

    /// The items a `.csproj` embeds; for a mobile app, MAUI's default `Resources/Raw/**` too.
    static func embeddedItems(_ text: ProjectFileBytes, mobile: Bool) -> [(type: String, glob: Glob)] {
        var items: [(type: String, glob: Glob)] = []
        let values = text.attributeValues(elements: embeddedItemTypes, attributes: ["Include", "Update"])
        for (type, typeValues) in zip(embeddedItemTypes, values) {
            for value in typeValues {
                items.append((type, Glob(value.replacingBackslashes())))
            }
        }
        if mobile {
            // MAUI's defaults: Resources/Raw/** is MauiAsset even when the .csproj does not say so.
            items.append(("MauiAsset", Glob("Resources/Raw/**")))
        }
        return items
    }

}

extension ProjectModel {
    /// The project a build unit is, nil for a unit that is none (a Gradle module without an Android
    /// plugin, a package, a service): the same parse, seen as the classifier's project.
    init?(_ unit: BuildUnit) {
        switch unit.kind {
        case .dotNet(let mobile, let test):
            let references: [String] = unit.references.compactMap {
                if case .path(let path) = $0, !path.isEmpty { return path }
                return nil
            }
            self.init(
                root: unit.root, file: unit.file, kind: test ? .test : mobile ? .mobileDotNet : .server,
                items: unit.dotNet.embeddedItems, references: references)
        case .gradle where unit.gradle.android:
            let modules: [String] = unit.references.compactMap {
                if case .gradleModule(let segments, false) = $0 { return segments.joined(separator: "/") }
                return nil
            }
            self.init(root: unit.root, file: unit.file, kind: .android, items: [], references: modules)
        case .xcodeProject:
            self.init(root: unit.root, file: unit.file, kind: .xcode, items: [])
        default:
            return nil
        }
    }
}

/// `relative` (a `/`-separated path that may hold `.` and `..`) resolved against `folder`, as a
/// repository path ("" for the repository root); nil when it leaves the repository, is absolute,
/// or names an MSBuild property.
func resolve(_ relative: String, from folder: String) -> String? {
    guard !relative.hasPrefix("/"), !ByteSearch.contains(macroOpener, inBytesOf: relative) else { return nil }
    // On bytes, component by component (every `ProjectReference` of every project comes here).
    var resolved: [UInt8] = []
    resolved.reserveCapacity(folder.utf8.count + relative.utf8.count)
    var ok = true
    func each(_ text: String, _ body: (ArraySlice<UInt8>) -> Void) {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
            if end > start { body(bytes[start..<end]) }  // empty components do not count
            start = end + 1
        }
    }
    func append(_ part: ArraySlice<UInt8>) {
        if !resolved.isEmpty { resolved.append(UInt8(ascii: "/")) }
        resolved.append(contentsOf: part)
    }
    each(folder, append)
    each(relative) { part in
        guard ok else { return }
        if part.count == 1 && part.first == UInt8(ascii: ".") { return }
        if part.count == 2 && part.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            guard !resolved.isEmpty else {
                ok = false
                return
            }
            resolved.removeSubrange((resolved.lastIndex(of: UInt8(ascii: "/")) ?? 0)...)
        } else {
            append(part)
        }
    }
    return ok ? String(decoding: resolved, as: UTF8.self) : nil
}

/// An MSBuild property or item reference (`$(SolutionDir)`): a path relops cannot evaluate.
private let macroOpener = Array("$(".utf8)

/// `resolve`, and nil for the repository root itself.
func resolvingRelativePath(_ relative: String, from folder: String) -> String? {
    resolve(relative, from: folder).flatMap { $0.isEmpty ? nil : $0 }
}

/// What a `.csproj` says about itself, read the same way for the project model and the shipping
/// chains: a test project (by its name or its test SDK), a mobile app (MAUI or a mobile target
/// framework; never when it is a test).
struct DotNetTraits {
    let test: Bool
    let mobile: Bool

    init(path: String, text: ProjectFileBytes) {
        let name = nameOf(path).lowercased()
        test =
            name.contains(".tests.") || name.contains(".test.") || name.hasSuffix("tests.csproj")
            || text.contains("microsoft.net.test.sdk", ignoringCase: true)
            || text.contains("<istestproject>true", ignoringCase: true)
        var platforms: [Platform] = []
        if text.contains("-android", ignoringCase: true) { platforms.append(.android) }
        if text.contains("-ios", ignoringCase: true) { platforms.append(.iOS) }
        if text.contains("-maccatalyst", ignoringCase: true) { platforms.append(.macCatalyst) }
        // Classic (non-SDK) Xamarin heads: the project type GUID, and what makes the project an app
        // rather than a library (`AndroidApplication`, an iOS `Exe`).
        if text.contains(DotNetTraits.xamarinAndroid, ignoringCase: true)
            && text.contains("<androidapplication>true", ignoringCase: true)
        {
            platforms.append(.android)
        }
        if DotNetTraits.xamarinIOS.contains(where: { text.contains($0, ignoringCase: true) })
            && text.contains("<outputtype>exe</outputtype>", ignoringCase: true)
        {
            platforms.append(.iOS)
        }
        mobile = !test && (text.contains("<usemaui>true</usemaui>", ignoringCase: true) || !platforms.isEmpty)
        self.platforms = mobile ? platforms : []
    }

    /// The platforms a mobile project builds for (empty for MAUI without a platform target framework).
    let platforms: [Platform]

    /// Xamarin.Android's project type GUID (lower-case, as the case-blind search wants it).
    static let xamarinAndroid = "efba0ad7-5a72-4c68-af49-83d382785dcf"
    /// Xamarin.iOS's and MonoTouch's project type GUIDs.
    static let xamarinIOS = ["feacfbd2-3405-455c-9665-78fe426c6842", "6bc8ed88-2882-458c-8e55-dfd12b67127b"]

    /// What a server project deploys as, read from its SDK: nil for a library or a tool.
    static func deploys(_ text: ProjectFileBytes) -> String? {
        if text.contains("microsoft.net.sdk.web", ignoringCase: true) { return "ASP.NET Core" }
        if text.contains("microsoft.net.sdk.worker", ignoringCase: true) { return ".NET worker service" }
        if text.contains("microsoft.net.sdk.functions", ignoringCase: true)
            || text.contains("<azurefunctionsversion>", ignoringCase: true)
        {
            return "Azure Functions"
        }
        if text.contains("microsoft.aspnetcore", ignoringCase: true)
            && text.contains("<outputtype>exe</outputtype>", ignoringCase: true)
        {
            return "ASP.NET"
        }
        return nil
    }

    /// The repository paths of the project's `ProjectReference`s ("" for one that resolves to the
    /// root), those that leave the repository or name an MSBuild property dropped.
    func projectReferences(_ text: ProjectFileBytes, from folder: String) -> [String] {
        text.attributeValues(element: "ProjectReference", attributes: ["Include"]).compactMap {
            resolve($0.replacingBackslashes(), from: folder)
        }
    }
}

extension String {
    func trimmingSlashes() -> String {
        var s = Substring(self)
        while s.hasSuffix("/") { s.removeLast() }
        return String(s)
    }

    /// `\` as `/`, byte by byte (a backslash is never part of a longer UTF-8 character).
    func replacingBackslashes() -> String {
        guard utf8.contains(0x5C) else { return self }
        return String(decoding: utf8.map { $0 == 0x5C ? 0x2F : $0 }, as: UTF8.self)
    }
}
