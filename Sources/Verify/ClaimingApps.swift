import Foundation
import RelopsCore
import YAML

/// The app behind each claim of `RepositoryClaims`: the Android package of the module whose
/// manifest or `[IntentFilter]` claims app links, the Apple app id of the target whose entitlements
/// claim `applinks:`. Read from `.relops.yml` when it names them, else from the build files, each
/// with where it came from. Text only, no build.
public struct ClaimingApp: Sendable, Equatable {
    /// The claim.
    public let claim: RepositoryClaims.Claim
    /// The Android package or the Apple app id (`TEAMID.bundle.id`); a bare bundle id when
    /// `teamKnown` is false. Empty when relops found none (`origin` then says why).
    public let ids: [String]
    /// False when only the bundle id is known: any team's app id with that bundle id matches.
    public let teamKnown: Bool
    /// Where the ids came from (`applicationId, app/build.gradle.kts:9`), or why none was found.
    public let origin: String

    /// An app as given.
    public init(claim: RepositoryClaims.Claim, ids: [String], teamKnown: Bool = true, origin: String) {
        self.claim = claim
        self.ids = ids
        self.teamKnown = teamKnown
        self.origin = origin
    }

    /// The app behind each `applinks:` and Android claim of `claims` (`webcredentials:` is not a
    /// link). `package` and `appIDs` (`--package`, `--app-id`) win over `.relops.yml`, which wins
    /// over the build files.
    public static func read(
        _ claims: RepositoryClaims, root: String, paths: [String], config: ProjectConfig, package: String? = nil,
        appIDs: [String] = []
    ) -> [ClaimingApp] {
        let reader = BuildFileReader(root: root, paths: paths)
        return claims.claims.compactMap { claim in
            switch claim.kind {
            case .android:
                if let package {
                    return ClaimingApp(claim: claim, ids: [package], origin: "--package")
                }
                if let package = config.androidPackage {
                    return ClaimingApp(claim: claim, ids: [package], origin: ".relops.yml app.android.package")
                }
                return reader.androidApp(claim)
            case .appLinks:
                if !appIDs.isEmpty {
                    return ClaimingApp(claim: claim, ids: appIDs, origin: "--app-id")
                }
                if !config.iosAppIDs.isEmpty {
                    return ClaimingApp(claim: claim, ids: config.iosAppIDs, origin: ".relops.yml app.ios.app_ids")
                }
                return reader.appleApp(claim)
            case .webCredentials:
                return nil
            }
        }
    }
}

/// Reads application ids from the tracked build files around a claim.
struct BuildFileReader {
    let root: String
    let paths: [String]

    /// The files a lookup could not read, by path, with why: an app without ids names them, so
    /// a build file relops may not read is never taken for one that names no id.
    let unreadable = UnreadableFiles()

    func text(_ path: String) -> String? {
        do { return try TrackedFileText.readOrRefuse(path, in: root) } catch {
            if error.kind != .missing { unreadable.byPath[path] = error.description }
            return nil
        }
    }

    /// The Xcode projects, XcodeGen specs and .NET projects a bundle-id lookup could not read.
    func unreadableAppleProjects() -> [String] {
        unreadable.byPath.filter { path, _ in
            path.hasSuffix(".pbxproj") || path.hasSuffix(".csproj") || path.hasSuffix("project.yml")
                || path.hasSuffix("project.yaml")
        }.values.sorted().map { "\($0): not read" }
    }

    /// "no `what` in `path`", or why `path` could not be read.
    func nothing(_ what: String, in path: String) -> String {
        unreadable.byPath[path].map { "\($0): not read" } ?? "no \(what) in \(path)"
    }

    /// The folder of `path` with a trailing `/`, or "" at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `file.swift:12` for the first match of `pattern` (its first group is the value).
    func first(_ pattern: String, in path: String) -> (value: String, location: String)? {
        guard let text = text(path), let match = BuiltInRegex(pattern).first(in: text) else { return nil }
        return (match.value.trimmingCharacters(in: .whitespacesAndNewlines), "\(path):\(match.line)")
    }

    /// The nearest tracked `.csproj` in the claim's folder or above it.
    func enclosingProject(of path: String) -> String? {
        var folder = Self.folder(of: path)
        while true {
            let here = paths.filter { Self.folder(of: $0) == folder && $0.hasSuffix(".csproj") }.sorted()
            if let project = here.first { return project }
            guard !folder.isEmpty else { return nil }
            folder = Self.folder(of: String(folder.dropLast()))
        }
    }

    /// `<ApplicationId>` of a .csproj, when it is a literal.
    func csprojApplicationID(_ project: String) -> (value: String, location: String)? {
        guard let found = first(#"<ApplicationId(?:\s[^>]*)?>([^<]+)</ApplicationId>"#, in: project),
            !found.value.contains("$(")
        else { return nil }
        return found
    }

    /// The team a .NET iOS head signs with: the `(TEAMID)` that ends a `<CodesignKey>` ("iPhone
    /// Distribution: Some Name (FGHIJ67890)"), the one in a `Release` property group first.
    func csprojTeam(_ project: String) -> (value: String, location: String)? {
        guard let text = text(project) else { return nil }
        let regex = BuiltInRegex(#"<CodesignKey(?:\s[^>]*)?>[^<]*\(([A-Z0-9]{10})\)\s*</CodesignKey>"#)
        var found: [(team: String, line: Int, release: Bool)] = []
        for match in regex.matches(in: text) {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            // The property group this key sits in: its Condition names the configuration.
            let before = text[..<range.lowerBound]
            let group =
                before.range(of: "<PropertyGroup", options: .backwards).map {
                    String(text[$0.lowerBound...].prefix(400))
                } ?? ""
            let release = group.prefix(while: { $0 != ">" }).contains("Release")
            found.append((String(text[range]), RepositoryClaims.line(of: range.lowerBound, in: text), release))
        }
        guard let chosen = found.first(where: \.release) ?? found.first else { return nil }
        return (chosen.team, "\(project):\(chosen.line)")
    }

    /// `applicationId` set from a Gradle property: `project.property("X")`, `findProperty("X")`,
    /// `providers.gradleProperty("X").get()`, or a bare `project.APPLICATION_ID` / `APPLICATION_ID`.
    static let propertyReferences = [
        #"\bapplicationId\s*=?\s*\(?\s*(?:(?:project|rootProject)\.)?(?:property|findProperty|providers\.gradleProperty)\(\s*["'](\w+)["']"#,
        #"\bapplicationId\s*=?\s*\(?\s*(?:(?:project|rootProject)\.)?([A-Z][A-Z0-9_]*)\b"#,
    ]

    /// The value of Gradle property `name` in the nearest tracked `gradle.properties` at or above
    /// `module` (the root project's, as Gradle reads it), when it is a literal.
    func gradleProperty(_ name: String, above module: String) -> (value: String, location: String)? {
        var folder = module
        while true {
            let file = folder + "gradle.properties"
            if paths.contains(file),
                let found = first(#"(?m)^\s*"# + BuiltInRegex.escaped(name) + #"\s*[=:]\s*([^\s#$]+)\s*$"#, in: file)
            {
                return found
            }
            guard !folder.isEmpty else { return nil }
            folder = Self.folder(of: String(folder.dropLast()))
        }
    }

    func androidApp(_ claim: RepositoryClaims.Claim) -> ClaimingApp {
        let path = claimPath(claim)
        var looked: [String] = []
        // A Gradle module: `<module>/src/<set>/AndroidManifest.xml` beside `<module>/build.gradle(.kts)`.
        if path.hasSuffix("AndroidManifest.xml"), let src = path.range(of: "src/", options: .backwards) {
            let module = String(path[..<src.lowerBound])
            for name in ["build.gradle.kts", "build.gradle"] where paths.contains(module + name) {
                let gradle = module + name
                if let id = first(#"\bapplicationId\s*=?\s*\(?\s*["']([^"'$]+)["']"#, in: gradle) {
                    return ClaimingApp(claim: claim, ids: [id.value], origin: "applicationId, \(id.location)")
                }
                if let property = Self.propertyReferences.lazy.compactMap({ self.first($0, in: gradle) }).first,
                    let id = gradleProperty(property.value, above: module)
                {
                    return ClaimingApp(
                        claim: claim, ids: [id.value],
                        origin: "applicationId, \(property.location), is \(property.value) of \(id.location)")
                }
                if let other = first(#"\b(applicationId)\b"#, in: gradle) {
                    return ClaimingApp(
                        claim: claim, ids: [],
                        origin: "\(other.location): applicationId is not a string literal relops can read; "
                            + "set app.android.package in .relops.yml")
                }
                if let id = first(#"\bnamespace\s*=?\s*\(?\s*["']([^"'$]+)["']"#, in: gradle) {
                    return ClaimingApp(
                        claim: claim, ids: [id.value],
                        origin: "namespace, \(id.location) (the application id when none is set)")
                }
                looked.append(nothing("applicationId or namespace", in: gradle))
            }
        }
        let project = enclosingProject(of: path)
        if let project {
            if let id = csprojApplicationID(project) {
                return ClaimingApp(claim: claim, ids: [id.value], origin: "ApplicationId, \(id.location)")
            }
            looked.append(nothing("literal <ApplicationId>", in: project))
        }
        // A C# claim: the manifests of its project (`Platforms/Android/AndroidManifest.xml`).
        let base = project.map(Self.folder(of:)) ?? Self.folder(of: path)
        let manifests =
            path.hasSuffix("AndroidManifest.xml")
            ? [path] : paths.filter { $0.hasSuffix("AndroidManifest.xml") && $0.hasPrefix(base) }.sorted()
        for manifest in manifests {
            if let id = first(#"<manifest\b[^>]*\spackage\s*=\s*"([^"$]+)""#, in: manifest) {
                return ClaimingApp(claim: claim, ids: [id.value], origin: "package, \(id.location)")
            }
            looked.append(nothing("package attribute", in: manifest))
        }
        if looked.isEmpty { looked.append("no Gradle module, .csproj or manifest around \(path)") }
        return ClaimingApp(
            claim: claim, ids: [],
            origin: looked.joined(separator: ", ") + "; set app.android.package in .relops.yml")
    }

    func claimPath(_ claim: RepositoryClaims.Claim) -> String {
        guard let colon = claim.location.lastIndex(of: ":") else { return claim.location }
        return String(claim.location[..<colon])
    }

    func appleApp(_ claim: RepositoryClaims.Claim) -> ClaimingApp {
        let entitlements = claimPath(claim)
        // The entitlements file itself may name the team.
        let team = first(
            #"<key>com\.apple\.developer\.team-identifier</key>\s*<string>([A-Z0-9]{10})</string>"#, in: entitlements)
        var problems: [String] = []
        let targets = xcodeProject(entitlements)
        if targets.count > 1 {
            // Several app targets sign with these entitlements (an App Store and a development app):
            // each is an app the served file must name.
            let apps = targets.map { app(claim, bundle: $0.bundle, team: $0.team ?? team?.value, origin: $0.origin) }
            return ClaimingApp(
                claim: claim, ids: apps.flatMap(\.ids), teamKnown: apps.allSatisfy(\.teamKnown),
                origin: apps.map(\.origin).joined(separator: "; "))
        }
        if let found = targets.first ?? xcodeGen(entitlements, problems: &problems) {
            return app(claim, bundle: found.bundle, team: found.team ?? team?.value, origin: found.origin)
        }
        if let project = enclosingProject(of: entitlements), let id = csprojApplicationID(project) {
            let signing = team == nil ? csprojTeam(project) : nil
            return app(
                claim, bundle: id.value, team: team?.value ?? signing?.value,
                origin: "ApplicationId, \(id.location)"
                    + (signing.map { "; team from CodesignKey, \($0.location)" } ?? ""))
        }
        return ClaimingApp(
            claim: claim, ids: [],
            origin: "no Xcode project, XcodeGen project.yml or .csproj names a bundle id for \(entitlements)"
                + (problems + unreadableAppleProjects()).map { " (\($0))" }.joined()
                + "; set app.ios.app_ids in .relops.yml")
    }

    func app(_ claim: RepositoryClaims.Claim, bundle: String, team: String?, origin: String) -> ClaimingApp {
        // An empty DEVELOPMENT_TEAM (Flutter's template writes `""`) or a `$(VARIABLE)` names no team:
        // joined to the bundle id it would make `.com.example.app`, which no command can use.
        guard let team, team.count == 10, team.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            return ClaimingApp(
                claim: claim, ids: [bundle], teamKnown: false, origin: origin + "; no team id found (any team matches)")
        }
        return ClaimingApp(claim: claim, ids: [team + "." + bundle], origin: origin)
    }

    /// The build configurations of tracked `project.pbxproj` files whose `CODE_SIGN_ENTITLEMENTS` is
    /// `entitlements`: each one's `PRODUCT_BUNDLE_IDENTIFIER` and `DEVELOPMENT_TEAM`. The `Release`
    /// configurations when there are any (a Debug build often carries a `.debug` bundle id the
    /// served documents rightly leave out), one per bundle id: every app target that signs with the
    /// entitlements (an App Store app and a development app); else the first configuration.
    func xcodeProject(_ entitlements: String) -> [(bundle: String, team: String?, origin: String)] {
        var found: [(bundle: String, team: String?, origin: String, name: String)] = []
        for pbxproj in paths.filter({ $0.hasSuffix(".xcodeproj/project.pbxproj") }).sorted() {
            guard let text = text(pbxproj) else { continue }
            // The folder holding the .xcodeproj: `$(SRCROOT)`, which relative paths start from.
            let base = Self.folder(of: String(Self.folder(of: pbxproj).dropLast()))
            var search = text.startIndex
            while let open = text.range(of: "buildSettings = {", range: search..<text.endIndex) {
                let end = text.range(of: "};", range: open.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
                search = end
                let block = String(text[open.upperBound..<end])
                guard let value = Self.setting("CODE_SIGN_ENTITLEMENTS", in: block),
                    base + value.replacingOccurrences(of: "$(SRCROOT)/", with: "") == entitlements,
                    let bundle = Self.setting("PRODUCT_BUNDLE_IDENTIFIER", in: block), !bundle.contains("$(")
                else { continue }
                var team = Self.developmentTeam(in: block)
                // `name = Release;` follows the settings inside the same XCBuildConfiguration.
                let rest = text[end...].prefix { $0 != "}" }
                let name = Self.setting("name", in: String(rest)) ?? "?"
                let line = RepositoryClaims.line(of: open.lowerBound, in: text)
                let what = "PRODUCT_BUNDLE_IDENTIFIER\(team == nil ? "" : " and DEVELOPMENT_TEAM")"
                var origin = "\(what) of \(name), \(pbxproj):\(line)"
                // The project's settings win over its base configuration file's.
                let objectStart = text.range(
                    of: "isa = XCBuildConfiguration", options: .backwards, range: text.startIndex..<open.lowerBound)
                if team == nil, let objectStart,
                    let inherited = xcconfigTeam(header: text[objectStart.lowerBound..<open.lowerBound], base: base)
                {
                    team = inherited.team
                    origin += "; team from \(inherited.location)"
                }
                found.append((bundle, team, origin, name))
            }
        }
        let releases = found.filter { $0.name == "Release" }
        var chosen: [(bundle: String, team: String?, origin: String)] = []
        for config in releases.isEmpty ? Array(found.prefix(1)) : releases
        where !chosen.contains(where: { $0.bundle == config.bundle }) {
            chosen.append((config.bundle, config.team, config.origin))
        }
        return chosen
    }

    /// `NAME = value;` in a pbxproj settings block, quotes removed.
    static func setting(_ name: String, in block: String) -> String? {
        let regex = BuiltInRegex("\\b\(BuiltInRegex.escaped(name))\\s*=\\s*(\"[^\"]*\"|[^;\\s]+)\\s*;")
        return regex.first(in: block)?.value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The team a device build of a pbxproj settings block signs with, as Xcode resolves it for an
    /// App Store archive: a `DEVELOPMENT_TEAM[sdk=iphoneos*]` (any condition list whose `sdk` is
    /// `iphoneos...`, or that names no sdk) over the plain `DEVELOPMENT_TEAM`. An empty value, a
    /// `$(VARIABLE)` and anything that is not a 10-character team id are no team.
    static func developmentTeam(in block: String) -> String? {
        let regex = BuiltInRegex(#""?\bDEVELOPMENT_TEAM((?:\[[^\]\n"]*\])*)"?\s*=\s*("[^"\n]*"|[^;\s]+)\s*;"#)
        var plain: String?
        var conditional: String?
        for match in regex.matches(in: block) {
            guard let conditions = Range(match.range(at: 1), in: block),
                let value = Range(match.range(at: 2), in: block)
            else { continue }
            let team = block[value].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard team.count == 10, team.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
                continue
            }
            let condition = String(block[conditions])
            if condition.isEmpty {
                plain = plain ?? team
            } else if Self.isDeviceBuild(condition) {
                conditional = conditional ?? team
            }
        }
        return conditional ?? plain
    }

    /// True for a build-setting condition list (`[sdk=iphoneos*]`, `[config=Release]`) that an App
    /// Store archive's device build matches: its `sdk` is `iphoneos...`, or it names no sdk.
    static func isDeviceBuild(_ condition: String) -> Bool {
        !condition.contains("sdk=") || condition.contains("sdk=iphoneos")
    }

    /// The target of a tracked XcodeGen `project.yml` whose `entitlements.path` is `entitlements`.
    /// A spec that is not YAML is named in `problems` (it may be the one that holds the target).
    func xcodeGen(_ entitlements: String, problems: inout [String]) -> (bundle: String, team: String?, origin: String)?
    {
        for spec in paths.filter({ ["project.yml", "project.yaml"].contains(($0 as NSString).lastPathComponent) })
            .sorted()
        {
            guard let text = text(spec) else { continue }
            let root: YAMLNode
            do {
                root = try parseYAML(text)
            } catch {
                problems.append("\(spec):\(error.mark.line):\(error.mark.column): malformed YAML: \(error.message)")
                continue
            }
            guard let targets = root["targets"]?.pairs else { continue }
            let base = Self.folder(of: spec)
            func setting(_ node: YAMLNode?, _ name: String) -> String? {
                (node?["base"]?[name] ?? node?[name])?.string
            }
            for (name, target) in targets {
                guard let path = target["entitlements"]?["path"]?.string, base + path == entitlements else { continue }
                let settings = target["settings"]
                let prefix = root["options"]?["bundleIdPrefix"]?.string
                guard let bundle = setting(settings, "PRODUCT_BUNDLE_IDENTIFIER") ?? prefix.map({ $0 + "." + name }),
                    !bundle.contains("$(")
                else { continue }
                let team = setting(settings, "DEVELOPMENT_TEAM") ?? setting(root["settings"], "DEVELOPMENT_TEAM")
                return (bundle, team, "XcodeGen target \(name), \(spec):\(target.mark.line)")
            }
        }
        return nil
    }
}

/// What a `BuildFileReader` could not read (a reference, so the reader's lookups stay non-mutating).
final class UnreadableFiles {
    var byPath: [String: String] = [:]
}
