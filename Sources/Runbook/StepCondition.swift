import Foundation
import RelopsCore
import Scan

/// When a step (or a whole runbook) applies: `when: ios`, `when: android`, `when: vars.NAME` or
/// `when: rollback`, written in the front matter or as a step's first line.
public enum StepCondition: Sendable, Equatable {
    /// The app ships on this platform (`when: ios` or `when: android`).
    case platform(Platform)
    /// The variable has a value that is not empty, `false`, `no`, `off` or `0`.
    case variable(String)
    /// The step belongs to the rollback section: it runs only in a `--rollback` run.
    case rollback
    /// This repository serves the association documents (the step reads or edits them); with an
    /// external source the step is skipped, saying so.
    case localAssociation

    /// Reads a `when:` value; `location` (`path:line`) names it in the error.
    public init(parsing text: String, location: String) throws(Failure) {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch value.lowercased() {
        case "ios": self = .platform(.iOS)
        case "android": self = .platform(.android)
        case "rollback": self = .rollback
        case "local-association": self = .localAssociation
        default:
            guard value.hasPrefix("vars."), Placeholders.isName(String(value.dropFirst(5))) else {
                throw Failure(
                    .badInput,
                    "\(location): `when: \(value)` is not a condition (known: ios, android, vars.NAME, rollback, local-association)"
                )
            }
            self = .variable(String(value.dropFirst(5)))
        }
    }

    /// As written after `when:`.
    public var text: String {
        switch self {
        case .platform(let platform): platform.flagName
        case .variable(let name): "vars." + name
        case .rollback: "rollback"
        case .localAssociation: "local-association"
        }
    }

    /// Nil when the condition holds, else why the step does not apply.
    func unmet(_ context: ConditionContext) -> String? {
        switch self {
        case .rollback:
            return context.rollback ? nil : "a rollback step (it runs with --rollback)"
        case .localAssociation:
            guard case .external(let reason) = context.association() else { return nil }
            return "`when: local-association` and the association files are not served from this repository (\(reason))"
        case .variable(let name):
            let value = context.variables.value(of: name) ?? ""
            let off = ["", "false", "no", "off", "0"].contains(value.lowercased())
            return off ? "`when: vars.\(name)` and `\(name)` is \(value.isEmpty ? "not set" : "`\(value)`")" : nil
        case .platform(let platform):
            let platforms = context.platforms
            return platforms.values.contains(platform)
                ? nil
                : "`when: \(platform.flagName)` and the app's platforms are \(platforms.names.isEmpty ? "none" : platforms.names.joined(separator: ", ")) (\(platforms.source))"
        }
    }
}

/// What conditions are decided on.
struct ConditionContext {
    let variables: RunVariables
    let rollback: Bool
    let platforms: Platforms
    /// Where the association documents come from, found when a condition first asks.
    let association: () -> AssociationChoice
}

/// The platforms the app ships on: the runbook variable `platforms` (`ios,android`) when given, else
/// what the repository's build files build: an Android application (a Gradle module that applies
/// `com.android.application`, a .NET project that targets `-android` or Xamarin.Android), an iOS app
/// (an Xcode project built for `iphoneos`, an XcodeGen `platform: iOS` target, a .NET project that
/// targets `-ios` or Xamarin.iOS). Folder names and loose files (`iOS/`, an `Info.plist`, a Gradle
/// server) claim nothing.
struct Platforms {
    /// The platforms named or found.
    let values: Set<Platform>
    /// Words of `--var platforms=...` that name no platform, kept so the report says them as given.
    var otherWords: Set<String> = []
    /// Where they came from, for the report.
    let source: String

    /// As the report and the `platforms` variable say them: lowercase words (`android`, `ios`), sorted.
    var names: [String] { (values.map(\.flagName) + otherWords).sorted() }

    static func resolve(_ variables: RunVariables, repositoryRoot: String) -> Platforms {
        if let given = variables.value(of: "platforms"), !given.isEmpty {
            let words = Platform.words(of: given)
            let recorded = variables.sources[variables.spelling(of: "platforms")] ?? ""
            let source = recorded.hasPrefix("found in the repository") ? recorded : "--var platforms=\(given)"
            return Platforms(
                values: Set(words.compactMap(Platform.init(flagName:))),
                otherWords: Set(words.filter { Platform(flagName: $0) == nil }), source: source)
        }
        return detect(in: repositoryRoot)
    }

    /// Walks the repository (at most 50,000 entries; `.git`, build output and packages left out).
    static func detect(in root: String) -> Platforms {
        var values = Set<Platform>()
        var evidence: [String] = []
        let skipped: Set<String> = [".git", ".build", "node_modules", "bin", "obj", "Pods", ".relops", "build"]
        var pending = [""]
        var seen = 0
        while let relative = pending.popLast(), seen < 50_000, values.count < 2 {
            let folder = relative.isEmpty ? root : root + "/" + relative
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                seen += 1
                let path = relative.isEmpty ? entry : relative + "/" + entry
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) else {
                    continue
                }
                for platform in platforms(
                    built: root + "/" + path, name: entry, isFolder: isFolder.boolValue, root: root)
                where values.insert(platform).inserted {
                    evidence.append("\(path) builds an \(platform.rawValue) app")
                }
                if isFolder.boolValue && !skipped.contains(entry) && !entry.hasSuffix(".xcodeproj") {
                    pending.append(path)
                }
            }
        }
        let source =
            evidence.isEmpty
            ? "no build file in the repository builds an Android or iOS app" : evidence.joined(separator: ", ")
        return Platforms(values: values, source: source + "; --var platforms=... overrides")
    }

    /// The platforms a build file (or an `.xcodeproj` folder) builds an app for.
    private static func platforms(built path: String, name: String, isFolder: Bool, root: String) -> [Platform] {
        if isFolder {
            guard name.hasSuffix(".xcodeproj") else { return [] }
            return text(path + "/project.pbxproj").contains("sdkroot = iphoneos") ? [.iOS] : []
        }
        switch name {
        case "build.gradle", "build.gradle.kts":
            return GradleScript.appliesAndroidApplication(text(path), catalog: catalog(near: path, root: root))
                ? [.android] : []
        case "project.yml", "project.yaml":
            // `platform: iOS`, `platform: [iOS, macOS]`, `platform: "iOS"`.
            let spec = text(path)
            return spec.contains("platform: ios") || spec.contains("platform: [ios") || spec.contains("platform: \"ios")
                ? [.iOS] : []
        case "config.xml":
            // A Cordova app (a W3C widget): the platforms its `<platform name>` elements name, else both.
            let config = text(path)
            guard config.contains("http://www.w3.org/ns/widgets") else { return [] }
            let named = [Platform.android, .iOS].filter { config.contains("<platform name=\"\($0.flagName)\"") }
            return named.isEmpty ? [.android, .iOS] : named
        case "app.json", "app.config.ts", "app.config.js":
            // An Expo app config: EAS builds an Android and an iOS app from it.
            return name != "app.json" || text(path).contains("\"expo\"") ? [.android, .iOS] : []
        default:
            guard name.hasSuffix(".csproj") else { return [] }
            let project = text(path)
            var out: [Platform] = []
            if project.contains("-android") || project.contains("xamarin.android") { out.append(.android) }
            if project.contains("-ios") || project.contains("xamarin.ios") { out.append(.iOS) }
            return out
        }
    }

    /// A build file's text in lowercase (at most its first 1 MB), empty when unreadable.
    /// The version catalog a Gradle build file reads: the nearest `gradle/libs.versions.toml` at or
    /// above its folder, inside `root` (read lower-cased, as the build file is).
    private static func catalog(near path: String, root: String) -> GradleVersionCatalog? {
        var folder = folderOf(path)
        while folder.count >= root.count {
            let file = folder + "/gradle/libs.versions.toml"
            if FileManager.default.fileExists(atPath: file) { return GradleVersionCatalog(text: text(file)) }
            if folder == root { break }
            folder = folderOf(folder)
        }
        return nil
    }

    private static func text(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 1 << 20)) ?? Data()
        return String(decoding: data, as: UTF8.self).lowercased()
    }
}
