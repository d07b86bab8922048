import Fingerprint
import Foundation
import Git
import RelopsCore

/// How a repository serves each association document, and what relops saw but did not count.
public struct AssociationSources: Sendable {
    /// One entry per document, assetlinks.json first.
    public let documents: [DocumentSource]
    /// Files that look like association documents or their sources but are not served, with why.
    public let skipped: [SkippedCandidate]

    /// The entry for `document`.
    public func source(of document: WellKnownDocument) -> DocumentSource {
        documents.first { $0.document == document } ?? DocumentSource(document: document, sources: [])
    }

    /// Finds the sources of `project`'s documents from its tracked files (the git index): static
    /// files under a `.well-known` folder, the ASP.NET `AppAssociation` section (the one
    /// `.relops.yml`'s `app.android.fingerprints` names, else every tracked `appsettings.json`
    /// holding one), nginx `location`s for `/.well-known/...`, and `external` when `.relops.yml`
    /// says so or nothing is found. Test fixtures and documentation are skipped, and named.
    public static func find(in project: Project) throws(Failure) -> AssociationSources {
        let config = project.config
        if config.association == .external {
            let location = ".relops.yml:\(config.associationLine ?? 1)"
            return AssociationSources(
                documents: WellKnownDocument.allCases.map {
                    DocumentSource(document: $0, sources: [.external(.configured(location: location))])
                }, skipped: [])
        }
        let files: FileList
        do {
            files = try project.repository.indexFiles()
        } catch {
            throw Failure(.couldNotCheck, "\(project.root): cannot read the index: \(error.message)")
        }
        var finder = AssociationSourceFinder(root: project.root, config: config)
        for i in 0..<files.count where files.kinds[i] != .submodule {
            finder.add(files.path(at: i))
        }
        return try finder.finish()
    }
}

/// The work of `AssociationSources.find`, over a list of tracked paths.
struct AssociationSourceFinder {
    let root: String
    let config: ProjectConfig
    var tracked: [String] = []
    var skipped: [SkippedCandidate] = []
    var found: [WellKnownDocument: [AssociationSource]] = [:]

    init(root: String, config: ProjectConfig) {
        self.root = root
        self.config = config
    }

    mutating func add(_ path: String) { tracked.append(path) }

    mutating func finish() throws(Failure) -> AssociationSources {
        let trackedSet = Set(tracked)
        try findSettings()
        var mapping = try ServedPathMapping(root: root, tracked: trackedSet, files: tracked)
        skipped += mapping.skipped
        mapping.skipped = []
        var servedByNginx = Set<String>()
        var configs: [(path: String, directives: [NginxDirective])] = []
        for path in tracked where Self.mayBeNginxConfig(path) {
            if let directives = try readNginx(path) { configs.append((path, directives)) }
        }
        let regexes = NginxRegexes()
        for config in try topLevelNginx(configs) {
            for (document, source) in nginxSources(config.directives, mapping: mapping, regexes: regexes) {
                if let file = source.servedFile { servedByNginx.insert(file) }
                found[document, default: []].append(source)
            }
        }
        try findCode()
        for path in tracked {
            guard let document = WellKnownDocument(rawValue: nameOf(path)) else { continue }
            if servedByNginx.contains(path) { continue }
            if let reason = Self.notServedReason(path) {
                skipped.append(SkippedCandidate(path: path, reason: reason))
                continue
            }
            found[document, default: []].append(.staticFile(path: path))
        }
        if config.androidFingerprints != nil {
            // The settings .relops.yml names are what render, rotate and verify use: the others
            // found for the same document are listed, not counted.
            for (document, sources) in found where sources.count > 1 {
                guard let configured = sources.first(where: { $0.kind == .settings }) else { continue }
                for source in sources where source != configured {
                    skipped.append(
                        SkippedCandidate(
                            path: source.servedFile ?? source.summary,
                            reason: "\(document.rawValue): app.android.fingerprints names the served settings"))
                }
                found[document] = [configured]
            }
        }
        if let pin = config.associationPath { try choose(pin) }
        // One verdict per path on every command: a served file that leads outside the repository or
        // is no regular file is refused here, as render, rotate and verify refuse it, never listed.
        for document in WellKnownDocument.allCases {
            for file in (found[document] ?? []).compactMap(\.servedFile) {
                _ = try ServedFile.resolve(file, root: root, missingAllowed: true)
            }
        }
        let documents = WellKnownDocument.allCases.map { document in
            DocumentSource(document: document, sources: found[document] ?? [.external(.nothingFound)])
        }
        return AssociationSources(documents: documents, skipped: skipped)
    }

    /// `app.association: PATH`: where a document has several sources, keeps the one at `pin` (a
    /// static file, the file an nginx location serves or its configuration, a settings file). A
    /// path that is no source found is an error naming what was found.
    mutating func choose(_ pin: String) throws(Failure) {
        // A tracked document file relops would not count (outside .well-known, say) is served
        // when the configuration says so.
        if let document = WellKnownDocument(rawValue: nameOf(pin)), tracked.contains(pin),
            !(found[document] ?? []).contains(where: { $0.repositoryFiles.contains(pin) })
        {
            skipped.removeAll { $0.path == pin }
            found[document, default: []].append(.staticFile(path: pin))
        }
        let all = found.values.flatMap { $0 }
        guard all.contains(where: { $0.repositoryFiles.contains(pin) }) else {
            let names = Set(all.flatMap(\.repositoryFiles)).sorted()
            throw Failure(
                .badInput,
                ".relops.yml:\(config.associationLine ?? 1): app.association \(pin) is not a source relops found "
                    + "(found: \(names.isEmpty ? "none" : countedList(names)))")
        }
        for (document, sources) in found where sources.count > 1 {
            let kept = sources.filter { $0.repositoryFiles.contains(pin) }
            if !kept.isEmpty {
                for source in sources where !kept.contains(source) {
                    let path = source.repositoryFiles.first ?? source.summary
                    skipped.append(
                        SkippedCandidate(
                            path: path, reason: "\(document.rawValue): app.association names \(pin) as the served one"))
                }
                found[document] = kept
            }
        }
    }

    /// Why a tracked `assetlinks.json` / `apple-app-site-association` is not served, or nil when it is:
    /// it must sit in a `.well-known` folder outside tests, fixtures, examples and documentation (a
    /// `docs/.well-known` at the root is a published site: GitHub Pages serves `docs/`).
    static func notServedReason(_ path: String) -> String? {
        if let part = path.split(separator: "/").dropLast().first(where: { isTestFolder(String($0)) }) {
            return "a test fixture (under \(part)/)"
        }
        let parts = path.split(separator: "/").map { $0.lowercased() }
        guard parts.count >= 2, parts[parts.count - 2] == ".well-known" else {
            return
                "not in a .well-known folder, and no nginx location serves it (if it is served, name it with app.association)"
        }
        let folders = parts.dropLast(2)
        if let docs = folders.first(where: { ["docs", "doc", "documentation"].contains($0) }),
            !(folders.count == 1 && folders.first == "docs")
        {
            return "documentation (under \(docs)/)"
        }
        return nil
    }

    /// True for a folder name that holds tests, fixtures or examples in any common stack: `test`,
    /// `__tests__`, `fixtures`, `testdata`, `examples`; a Gradle or KMP test source set (`androidTest`,
    /// `commonTest`, `jvmUnitTest`: camel case ending in `Test`); a .NET test project (`App.Tests`).
    static let testFolderNames: Set<String> = [
        "test", "tests", "__tests__", "spec", "specs", "fixture", "fixtures", "__fixtures__", "testdata",
        "test-data", "test_data", "example", "examples", "sample", "samples", "testfixtures",
    ]

    static func isTestFolder(_ name: String) -> Bool {
        if testFolderNames.contains(name.lowercased()) { return true }
        if name.hasSuffix(".Tests") || name.hasSuffix(".Test") || name.hasSuffix(".UnitTests") { return true }
        // camelCase source sets: a lowercase letter, then `Test` or `Tests` at the end.
        for suffix in ["Test", "Tests"] where name.hasSuffix(suffix) && name.count > suffix.count {
            let before = name[name.index(name.endIndex, offsetBy: -suffix.count - 1)]
            if before.isLowercase { return true }
        }
        return false
    }

    /// Tracked files that may hold nginx configuration: `*.conf` (and `.conf.template`, as the
    /// nginx image's envsubst reads them), `*.nginx`, `nginx.template`, and a file without an
    /// extension in an `nginx/`, `sites-available/`, `sites-enabled/` or `conf.d/` folder.
    static func mayBeNginxConfig(_ path: String) -> Bool {
        if isTestPath(path) { return false }
        let name = nameOf(path).lowercased()
        for suffix in [".conf", ".conf.template", ".conf.tmpl", ".nginx"] where name.hasSuffix(suffix) { return true }
        if name == "nginx" || name == "nginx.template" || name == "nginx.tmpl" { return true }
        let folder = nameOf(folderOf(path)).lowercased()
        return !name.contains(".") && ["nginx", "sites-available", "sites-enabled", "conf.d"].contains(folder)
    }

    static func isTestPath(_ path: String) -> Bool {
        // Every test folder's name holds one of these words in some case: most paths stop here.
        let folder = folderOf(path).lowercased()
        guard testFolderWords.contains(where: { textContains(folder, $0) }) else { return false }
        return path.split(separator: "/").dropLast().contains { isTestFolder(String($0)) }
    }

    private static let testFolderWords = ["test", "spec", "fixture", "example", "sample"]

    // MARK: settings

    /// The settings source: `.relops.yml`'s `app.android.fingerprints` when set (it renders what
    /// `association render` renders), else each tracked `appsettings.json` with an `AppAssociation`
    /// object, for the documents its own keys produce.
    mutating func findSettings() throws(Failure) {
        if let setting = config.androidFingerprints {
            let target = try ConfigTarget.resolve(config: nil, key: nil, projectSetting: setting, root: root)
            let settings = try AppAssociationSettings.load(target: target, config: config)
            let section = target.keyPath.count > 1 ? target.keyPath.dropLast().joined(separator: ":") : "AppAssociation"
            let source = AssociationSource.settings(path: target.displayPath, section: section)
            found[.assetLinks, default: []].append(source)
            if !settings.appleAppIDs.isEmpty { found[.appleAppSiteAssociation, default: []].append(source) }
            return
        }
        for path in tracked where nameOf(path).lowercased() == "appsettings.json" {
            guard let bytes = try readTracked(path, limit: RepositoryFile.Limit.configuration),
                bytesContain(bytes, "AppAssociation")
            else { continue }
            if Self.isTestPath(path) {
                skipped.append(SkippedCandidate(path: path, reason: "a test fixture's AppAssociation section"))
                continue
            }
            let target = try ConfigTarget.inRepository(
                path, root: root, keyPath: ["AppAssociation", "AndroidCertFingerprints"])
            // Read once: without the section the settings give no document.
            let settings: AppAssociationSettings
            do {
                settings = try AppAssociationSettings.load(target: target, config: ProjectConfig())
            } catch {
                // A served source that cannot be read stops every command naming it: taken for
                // "nothing serves it", rotate would call the document external and change nothing.
                throw Failure(.badInput, "\(path): its AppAssociation section cannot be read: \(error.message)")
            }
            let source = AssociationSource.settings(path: path, section: "AppAssociation")
            if settings.androidPackage != nil || !settings.androidFingerprints.isEmpty {
                found[.assetLinks, default: []].append(source)
            }
            if !settings.appleAppIDs.isEmpty { found[.appleAppSiteAssociation, default: []].append(source) }
        }
    }
}
