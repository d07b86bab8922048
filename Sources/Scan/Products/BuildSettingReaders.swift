import Git
import RelopsCore

/// Who reads a build setting: the Info.plist files and entitlements that name it as `$(KEY)` or
/// `${KEY}`, and the `INFOPLIST_KEY_*` settings of Xcode projects. Read on the first `.xcconfig`
/// occurrence, once.
final class BuildSettingReaders {
    private let files: FileList
    private let read: ProjectFileReader
    private var readers: [String: String]?

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// The settings that an `applinks:` or `webcredentials:` entry reads (`applinks:$(HOST_NAME)`).
    private var claimKeys: Set<String> = []

    /// The first file that reads `key`, else nil.
    func reader(of key: String) -> String? {
        if readers == nil { readers = collect() }
        return readers?[key]
    }

    /// True when an entitlements entry (`applinks:$(KEY)`) reads `key`: its value is an iOS app-link claim.
    func isClaim(_ key: String) -> Bool {
        if readers == nil { readers = collect() }
        return claimKeys.contains(key)
    }

    /// True when the Android manifest of the Gradle module in `folder` (`src/main/AndroidManifest.xml`)
    /// takes an intent filter's host from a placeholder (`android:host="${appLinkHost}"`): the
    /// module's `manifestPlaceholders` values are then app-link claims.
    func manifestTakesHostFromPlaceholder(moduleFolder folder: String) -> Bool {
        if let known = placeholderHosts[folder] { return known }
        let manifest = (folder.isEmpty ? "" : folder + "/") + "src/main/AndroidManifest.xml"
        var found = false
        for i in 0..<files.count where files.path(at: i) == manifest {
            if let bytes = read(i, manifest) {
                found = ProjectFileBytes(bytes).contains("android:host=\"${")
            }
            break
        }
        placeholderHosts[folder] = found
        return found
    }

    private var placeholderHosts: [String: Bool] = [:]
    /// The Dockerfiles' paths and texts, read on the first question about them.
    private var dockerfiles: [(path: String, text: String)]?

    /// The first Dockerfile (`Dockerfile`, `*.dockerfile`, `Dockerfile.*`) that names one of
    /// `names` (`Tool.csproj`, `Tool.dll`), else nil.
    func dockerfile(naming names: [String]) -> String? {
        if dockerfiles == nil {
            var found: [(String, String)] = []
            for i in 0..<files.count {
                let path = files.path(at: i)
                let lower = nameOf(path).lowercased()
                guard lower == "dockerfile" || lower.hasSuffix(".dockerfile") || lower.hasPrefix("dockerfile."),
                    let bytes = read(i, path)
                else { continue }
                found.append((path, String(decoding: bytes, as: UTF8.self)))
            }
            dockerfiles = found
        }
        return dockerfiles?.first { file in names.contains { ByteSearch.contains($0, in: file.text) } }?.path
    }

    private func collect() -> [String: String] {
        var found: [String: String] = [:]
        for i in 0..<files.count {
            let path = files.path(at: i)
            let lower = nameOf(path).lowercased()
            guard lower.hasSuffix(".plist") || lower.hasSuffix(".entitlements") || lower == "project.pbxproj",
                let bytes = read(i, path)
            else { continue }
            var text = String(decoding: bytes, as: UTF8.self)
            if lower == "project.pbxproj" {
                // Only the build settings that become Info.plist keys reach the bundle; a run
                // script's `$(SRCROOT)` does not.
                text = text.split(separator: "\n").filter { $0.contains("INFOPLIST_KEY_") }.joined(separator: "\n")
            }
            for key in captures(#"[$][({]([A-Za-z_][A-Za-z0-9_]*)[)}:]"#, in: text, holding: ["$"])
            where found[key] == nil {
                found[key] = path
            }
            claimKeys.formUnion(
                captures(
                    #"(?:applinks|webcredentials|activitycontinuation):[$][({]([A-Za-z_][A-Za-z0-9_]*)"#, in: text,
                    holding: [":$"]))
        }
        return found
    }
}
