import RelopsCore

/// A project found in the repository: a .NET `.csproj`, an Android Gradle module or an Xcode
/// project, with what kind it is, (for .NET) the items it embeds in its binary and the projects
/// it references. `ProjectIndex` finds them; this type only reads one project file. A class: the
/// classifier hands a file's project to rule after rule, and a copy of a struct retained its
/// paths and lists each time.
final class ProjectModel {
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
    let references: [String]

    init(root: String, file: String, kind: Kind, items: [(type: String, glob: Glob)], references: [String] = []) {
        self.root = root
        self.file = file
        self.kind = kind
        self.items = items
        self.references = references
    }

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
    /// The items of `values`, the `Include` and `Update` values of each of `embeddedItemTypes` in order.
    static func embeddedItems(_ values: ArraySlice<[String]>, mobile: Bool) -> [(type: String, glob: Glob)] {
        var items: [(type: String, glob: Glob)] = []
        for (type, typeValues) in zip(embeddedItemTypes, values) {
            for value in typeValues {
                items.append((type, Glob.shared(value.replacingBackslashes())))
            }
        }
        if mobile {
            // MAUI's defaults: Resources/Raw/** is MauiAsset even when the .csproj does not say so.
            items.append(("MauiAsset", Glob.shared("Resources/Raw/**")))
        }
        return items
    }

}

extension ProjectModel {
    /// The project a build unit is, nil for a unit that is none (a Gradle module without an Android
    /// plugin, a package, a service): the same parse, seen as the classifier's project.
    convenience init?(_ unit: BuildUnit) {
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
/// framework; never when it is a test), what a server deploys as. Each case-blind search is made
/// once per file, its needle made once per run.
struct DotNetTraits {
    let test: Bool
    let mobile: Bool
    /// `<OutputType>Exe</OutputType>`: an app or a tool, not a library.
    let exe: Bool
    /// The web (`Microsoft.NET.Sdk.Web`) or worker (`Microsoft.NET.Sdk.Worker`) SDK.
    let webSDK: Bool, workerSDK: Bool

    init(path: String, text: ProjectFileBytes) {
        let marks = DotNetMarks(text)
        let name = nameOf(path).lowercased()
        test =
            name.contains(".tests.") || name.contains(".test.") || name.hasSuffix("tests.csproj")
            || !marks.isDisjoint(with: [.testSDK, .isTestProject])
        exe = marks.contains(.exe)
        webSDK = marks.contains(.webSDK)
        workerSDK = marks.contains(.workerSDK)
        var platforms: [Platform] = []
        if marks.contains(.android) { platforms.append(.android) }
        if marks.contains(.iOS) { platforms.append(.iOS) }
        if marks.contains(.macCatalyst) { platforms.append(.macCatalyst) }
        // Classic (non-SDK) Xamarin heads: the project type GUID, and what makes the project an app
        // rather than a library (`AndroidApplication`, an iOS `Exe`).
        if marks.isSuperset(of: [.xamarinAndroid, .androidApplication]) { platforms.append(.android) }
        if marks.isSuperset(of: [.xamarinIOS, .exe]) { platforms.append(.iOS) }
        mobile = !test && (marks.contains(.useMaui) || !platforms.isEmpty)
        self.platforms = mobile ? platforms : []
        deploys = mobile || test ? nil : Self.deploys(marks)
    }

    /// The platforms a mobile project builds for (empty for MAUI without a platform target framework).
    let platforms: [Platform]
    /// What a server project deploys as, read from its SDK: nil for a library, a tool, a mobile
    /// app or a test project.
    let deploys: String?

    /// Xamarin.Android's project type GUID (lower-case, as the case-blind search wants it).
    static let xamarinAndroid = "efba0ad7-5a72-4c68-af49-83d382785dcf"
    /// Xamarin.iOS's and MonoTouch's project type GUIDs.
    static let xamarinIOS = ["feacfbd2-3405-455c-9665-78fe426c6842", "6bc8ed88-2882-458c-8e55-dfd12b67127b"]

    private static func deploys(_ marks: DotNetMarks) -> String? {
        if marks.contains(.webSDK) { return "ASP.NET Core" }
        if marks.contains(.workerSDK) { return ".NET worker service" }
        if !marks.isDisjoint(with: [.functionsSDK, .azureFunctionsVersion]) { return "Azure Functions" }
        if marks.isSuperset(of: [.aspNetCore, .exe]) { return "ASP.NET" }
        return nil
    }

    /// What one pass over a `.csproj`'s tags reads: `ProjectReference` first, then the embedded item types.
    static let items = TagQuery(
        [("ProjectReference", ["Include"])] + ProjectModel.embeddedItemTypes.map { ($0, ["Include", "Update"]) })

    /// The repository paths of the project's `ProjectReference`s (`Include` values of
    /// `items`' first element; "" for one that resolves to the root), those that leave the
    /// repository or name an MSBuild property dropped.
    static func projectReferences(_ includes: [String], from folder: String) -> [String] {
        includes.compactMap { resolve($0.replacingBackslashes(), from: folder) }
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
