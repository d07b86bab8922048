import Git
import RelopsCore

/// The rules that come from the product graph and from what one line of a build file does.
extension Classifier {
    /// The products an occurrence of class `cls` in the file at `path` names: every product that
    /// carries the file for a binary class or `server` (a shared library may ship in an app and
    /// deploy with a server), none for the classes that ship nothing.
    func products(of path: String, class cls: OccurrenceClass, in file: inout FileClassification) -> [Product] {
        guard cls.isBinary || cls == .server else { return [] }
        let links = file.links ?? graph.links(of: path)
        file.links = links
        var unique: [Product] = []
        for p in links.map(\.product) where !unique.contains(p) { unique.append(p) }
        return unique
    }

    /// `Android` for a `manifestPlaceholders` value of a module whose manifest takes an intent
    /// filter's host from a placeholder; `iOS` for an `.xcconfig` setting an `applinks:` entry
    /// reads; nil otherwise.
    func placeholderClaim(_ rule: String, _ file: FileClassification, line: String) -> String? {
        if file.parts.lowerName.hasSuffix(".xcconfig") {
            return xcconfigKey(line).map(buildSettings.isClaim) == true ? "iOS" : nil
        }
        guard rule.hasPrefix("`manifestPlaceholders`") else { return nil }
        let folder = folderOf(file.parts.path)
        return buildSettings.manifestTakesHostFromPlaceholder(moduleFolder: folder) ? "Android" : nil
    }

    /// `server` for a file that only servers or sites carry, with the chain; nil otherwise.
    func deployedOnly(_ path: String) -> (OccurrenceClass, String)? {
        let links = graph.links(of: path)
        guard let first = links.first, links.allSatisfy({ $0.product.kind != .app }) else { return nil }
        let names = links.map(\.product.label).joined(separator: ", ")
        return (
            .server,
            "in \(names) (\(first.text(from: path))): deployed with the \(first.product.kind == .site ? "site" : "service"), not a store release"
        )
    }

    /// A file of a .NET console app (`OutputType` `Exe`, no web or worker SDK): `server` when a
    /// server references it or a Dockerfile builds or runs it (`Tool.csproj`, `Tool.dll`), else
    /// `other`: a tool, not a deployed service.
    func consoleApp(_ path: String, _ projectFile: String) -> (OccurrenceClass, String) {
        if let served = deployedOnly(path) { return served }
        let name = String(nameOf(projectFile).dropLast(".csproj".count))
        if let dockerfile = buildSettings.dockerfile(naming: [nameOf(projectFile), name + ".dll"]) {
            return (
                .server,
                "in console app \(projectFile), which \(dockerfile) builds or runs: deployed with it, not a store release"
            )
        }
        return (
            .other,
            "in console app \(projectFile) (`OutputType` `Exe`, no web or worker SDK), which no server references and no Dockerfile builds or runs: a tool, not a deployed service; check where it runs"
        )
    }

    /// A Cordova app's files: its `config.xml` (preferences, `allow-navigation`, `access`) and
    /// its `www/` web content ship in the apps; nil for its other files (hooks, scripts).
    func cordovaFile(_ path: String, _ owner: BuildUnit) -> (OccurrenceClass, String)? {
        let platforms =
            owner.appPlatforms.joined(separator: " and ") + (owner.appPlatforms.count == 1 ? " app" : " apps")
        if path == owner.file {
            return (.binaryConfig, "Cordova \(owner.file): copied into the \(platforms) it builds")
        }
        let www = owner.root.isEmpty ? "www/" : owner.root + "/www/"
        guard path.hasPrefix(www), !isProse(nameOf(path).lowercased()) else { return nil }
        return (.binaryLiteral, "web content (`\(www)`) of Cordova \(owner.file): packaged into the \(platforms)")
    }

    /// A Kotlin Multiplatform source set that no app compiles (`jvmMain`, `jsMain`): the servers
    /// and sites that carry it, else a rule saying it ships in no app; nil for any other file.
    func kmpNonAppSourceSet(_ path: String, _ owner: BuildUnit) -> (OccurrenceClass, String)? {
        guard case .gradle(_, true, _) = owner.kind, let set = kmpSourceSet(path, root: owner.root) else { return nil }
        let lower = set.lowercased()
        guard lower.hasPrefix("jvm") || lower.hasPrefix("js") || lower.hasPrefix("wasm") else { return nil }
        if let served = deployedOnly(path) { return served }
        return (.other, "in Kotlin Multiplatform source set `\(set)` of \(owner.file), which no app or server compiles")
    }

    /// The Xcode test target (`AppTests`, `AppUITests`) whose folder holds the file, read from the
    /// project's `PBXNativeTarget`s; nil when the owner is no Xcode project or the file is in none.
    func xcodeTestTarget(_ parts: PathParts, _ owner: BuildUnit) -> String? {
        guard owner.kind == .xcodeProject, !owner.testTargets.isEmpty else { return nil }
        let relative =
            owner.root.isEmpty
            ? parts.segments : Array(parts.segments.dropFirst(owner.root.split(separator: "/").count))
        return relative.dropLast().first { owner.testTargets.contains($0) }
    }

    /// What one line changes about its file's class: a `#[cfg(test)]` module, a Gradle script line
    /// that configures the build rather than the app, an Android `tools:` attribute, an `.xcconfig`
    /// setting that Info.plist reads.
    func refine(_ decided: (OccurrenceClass, String), _ site: OccurrenceSite, _ file: FileClassification) -> (
        OccurrenceClass, String
    ) {
        switch decided.0 {
        case .test, .comment, .docs, .repoMeta, .storeListing, .build: return decided
        default: break
        }
        let lowerName = file.parts.lowerName
        if file.facts.testRegions.contains(where: { $0.contains(site.offset) }) {
            return (.test, "inside a `#[cfg(test)]` item: compiled only for tests")
        }
        if lowerName == "package.json", let input = scriptGeneratorInput(site.line, column: site.column) {
            return (
                .build, "\(input) in an npm script of \(file.parts.name): fetched while generating code, ships nothing"
            )
        }
        if let generator = codeGeneratorConfig(lowerName) {
            if let input = generatorInput(lowerName, line: site.line, column: site.column) {
                return (
                    .build, "\(input) in \(generator) \(file.parts.name): fetched while generating code, ships nothing"
                )
            }
            return (
                decided.0,
                "\(decided.1) (in \(generator) \(file.parts.name), but not its schema or spec source: the value may reach the generated code, so the class stays)"
            )
        }
        if lowerName.hasSuffix(".gradle") || lowerName.hasSuffix(".gradle.kts") {
            if let setting = file.facts.shippingRegions.first(where: { $0.range.contains(site.offset) })?.setting
                ?? gradleShippingSettings.first(where: { site.line.contains($0) })
            {
                return decided.0.isBinary
                    ? (decided.0, "`\(setting)` in \(file.parts.name): \(decided.1)") : decided
            }
            return (
                .build,
                "Gradle build script \(file.parts.name) outside `buildConfigField`, `resValue` and `manifestPlaceholders`: used while building, ships nothing"
            )
        }
        if lowerName.hasSuffix(".xml"), let attribute = toolsAttribute(site.line, column: site.column) {
            return (.build, "Android `\(attribute)` attribute: design-time only, stripped at build")
        }
        if lowerName.hasSuffix(".xcconfig"), let key = xcconfigKey(site.line),
            let reader = buildSettings.reader(of: key)
        {
            return (
                .binaryLiteral,
                "xcconfig setting `\(key)`, read by \(reader) as $(\(key)): compiled into the app bundle"
            )
        }
        return decided
    }
}

extension LineFacts {
    /// The platform whose app-link claim the match at `column` (1-based, bytes) of `line` is:
    /// `iOS` after `applinks:`, `webcredentials:` or `activitycontinuation:`; `Android` for the
    /// host of an intent filter (`android:host` in a manifest, `DataHost` of an `[IntentFilter]`).
    static func appLinkClaim(_ line: String, column: Int, lowerName: String) -> String? {
        let before = String(decoding: line.utf8.prefix(max(0, column - 1)), as: UTF8.self).lowercased()
        if ["applinks:", "webcredentials:", "activitycontinuation:"].contains(where: { before.hasSuffix($0) }) {
            return "iOS"
        }
        if lowerName == "androidmanifest.xml" && before.contains("android:host") { return "Android" }
        if lowerName.hasSuffix(".cs") && before.contains("datahost") { return "Android" }
        return nil
    }
}
