import Git
import RelopsCore

/// What the classifier knows about one occurrence.
struct OccurrenceSite {
    let offset: Int
    let encoding: OccurrenceEncoding
    /// The line's text.
    let line: String
    /// The 1-based byte column of the match within `line`.
    var column = 1
}

/// Decides each occurrence's class and the rule that decided it. Project files are read only for
/// the folders that hold an occurrence (`ProjectIndex`, `BuildUnitIndex`, sharing one read of each
/// file), so a scan with no occurrence never pays for them; a file's own text (for its comments)
/// is read once, and only for files with an occurrence.
struct Classifier {
    let overrides: [ProjectConfig.ClassifyRule]
    let projects: ProjectIndex
    let chains: ShippingChains
    let graph: ProductGraph
    let buildSettings: BuildSettingReaders

    init(files: FileList, config: ProjectConfig, read: @escaping ProjectFileReader) {
        overrides = config.classify
        let once = ReadOnce(read)
        projects = ProjectIndex(files: files, read: once.read)
        let units = BuildUnitIndex(files: files, read: once.read)
        chains = ShippingChains(index: units)
        graph = ProductGraph(index: units)
        buildSettings = BuildSettingReaders(files: files, read: once.read)
    }

    /// What decides every occurrence in the file at `path` alike, before its comments are looked
    /// at: a `classify` override of `.relops.yml`, or relops's own configuration file.
    func fileRule(_ path: String) -> (OccurrenceClass, String)? {
        for (n, rule) in overrides.enumerated() where rule.glob.matches(path) {
            let cls = OccurrenceClass(rawValue: rule.className) ?? .other
            return (cls, "classify[\(n)] `\(rule.glob.pattern)` (.relops.yml:\(rule.line))")
        }
        if path == ProjectConfig.fileName {
            return (.other, "relops's own configuration (.relops.yml): update app.web_host with the cutover")
        }
        return nil
    }

    /// The class of one occurrence in `file`: the file's rule, then the comment or the commit
    /// identity that holds it, then the path rules (worked out once per file, on first need).
    func classify(_ site: OccurrenceSite, in file: inout FileClassification) -> (OccurrenceClass, String) {
        if let fixed = file.fixed { return fixed }
        if let comment = comment(at: site.offset, in: file.facts.comments) {
            return (
                .comment,
                "inside a \(comment.form) (\(file.facts.language ?? "its language")): ships nothing; rewritten like documentation"
            )
        }
        if site.encoding == .email && LineFacts.setsCommitIdentity(site.line) {
            return (.repoMeta, "commit identity (git config user.email): ships nothing")
        }
        let decided = file.byPath ?? classifyPath(file.parts, facts: file.facts)
        file.byPath = decided
        return refine(decided, site, file)
    }

    /// The rules that depend on the path and the projects alone.
    func classifyPath(_ parts: PathParts, facts: FileFacts) -> (OccurrenceClass, String) {
        let path = parts.path, name = parts.name, lowerName = parts.lowerName, folders = parts.folders
        let project = projects.owningProject(of: path)

        if let project, project.kind == .test {
            return (.test, "in test project \(project.file)")
        }
        if let folder = folders.first(where: { testFolders.contains($0) }) {
            return (.test, "under a test folder (`\(folder)/`)")
        }
        if let set = testSourceSet(parts.segments) {
            return (.test, "in test source set `src/\(set)/` (Gradle, Kotlin Multiplatform)")
        }
        if let form = testFileName(lowerName) { return (.test, "a test file (`\(form)`)") }
        if let folder = PathRules.storeListing(folders) {
            return (.storeListing, "store listing (`\(folder)`): ships with the store listing, not the binary")
        }
        if let reason = PathRules.repositoryMetadata(parts.lowerPath, lowerName: lowerName, folders: folders) {
            return (.repoMeta, "\(reason): repository metadata, ships nothing")
        }
        let owner = chains.index.owner(of: path)
        if let owner, let target = xcodeTestTarget(parts, owner) {
            return (.test, "in Xcode test target `\(target)` of \(owner.file): builds tests, ships nothing")
        }
        if let spec = chains.index.specs.first(where: { spec in
            spec.testSourceFolders.contains { $0.isEmpty || path.hasPrefix($0 + "/") }
        }) {
            return (.test, "in the sources of a test target of \(spec.label): builds tests, ships nothing")
        }
        if let owner, let decided = kmpNonAppSourceSet(path, owner) { return decided }
        if lowerName == "build.rs", let owner, nameOf(owner.file) == "Cargo.toml", folderOf(path) == owner.root {
            return (.build, "Cargo build script of \(owner.file): runs while building, ships nothing")
        }
        if let owner, let what = owner.buildOnly {
            return (.build, "in the \(what) \(owner.file): used while building, ships nothing")
        }
        if let platformFile = platformFileRule(lowerName) { return (.binaryLiteral, platformFile) }
        if let chained = chains.classify(path, lowerName: lowerName, inMobileProject: project?.kind.isMobile == true) {
            return chained
        }
        if let owner, owner.xcodeLibrary, owner.kind == .xcodeProject, !isDocument(lowerName) {
            // No workspace names it with an app project (else the chain above decided).
            return (
                .other,
                "in framework project \(owner.file), whose targets build no app and which no workspace that the build files show builds with an app: check where it ships"
            )
        }
        if let project, project.kind.isMobile { return classifyInMobileProject(path, project, lowerName) }
        if let owner, owner.kind == .cordova, let decided = cordovaFile(path, owner) { return decided }
        if let owner, case .desktop(let framework) = owner.kind, !isDocument(lowerName) {
            return (.binaryLiteral, "in the \(framework) desktop app \(owner.file): packaged into the app")
        }
        if isDocument(lowerName) {
            return (.docs, "documentation (\(extensionOf(lowerName))): ships nothing")
        }
        if let folder = folders.first(where: { docFolders.contains($0) }) {
            return (.docs, "under a documentation folder (`\(folder)/`): ships nothing")
        }
        let lowerPath = parts.lowerPath
        if PathRules.isPipeline(lowerPath, lowerName: lowerName, folders: folders) {
            if let marker = facts.deploymentMarker {
                return (.server, "pipeline that deploys (`\(marker)` in \(name)): changes with a deployment")
            }
            return (.repoMeta, "CI that builds or tests but does not deploy (\(name)): ships nothing")
        }
        if let project, project.kind == .server {
            // A class library deploys with the servers that reference it, else with nothing known.
            if let owner, owner.file == project.file, owner.consoleApp {
                return consoleApp(path, project.file)
            }
            if let owner, owner.file == project.file, owner.referenceable, owner.deploys == nil {
                if let served = deployedOnly(path) { return served }
                return (
                    .other,
                    "in class library \(project.file), which no app, server or site that the build files show references: check where it ships"
                )
            }
            return (.server, "in server project \(project.file): deployed with the service, not a store release")
        }
        if !isDocument(lowerName), let served = deployedOnly(path) { return served }
        if isDeploymentFile(lowerName, folders: folders) {
            return (.server, "deployment or server configuration (\(name)): changes with a deployment")
        }
        if let reason = PathRules.serverConfiguration(lowerName, folders: folders) {
            return (.server, "\(reason): changes with a deployment")
        }
        if let owner {
            if let carrier = graph.links(of: path).first {
                // The package ships, but this file is neither source nor a resource its build takes.
                return (
                    .other,
                    "in \(owner.file), which \(carrier.product.label) carries (\(carrier.text(from: path))), but not a kind of file its build ships: check where it ships"
                )
            }
            return (
                .other,
                "in \(owner.file), which no app, server or site that the build files show includes: check where it ships"
            )
        }
        if [".yml", ".yaml", ".toml"].contains(where: { lowerName.hasSuffix($0) }) {
            return (
                .other,
                "configuration (\(name)) that no product, deployment descriptor or deployment folder shows using: check where it ships"
            )
        }
        return (.other, "no rule matched")
    }

    /// Info.plist, entitlements and Android manifests ship as literals wherever they are.
    func platformFileRule(_ lowerName: String) -> String? {
        if lowerName == "info.plist" { return "iOS Info.plist: compiled into the app bundle" }
        if (lowerName.hasPrefix("entitlements") && lowerName.hasSuffix(".plist"))
            || lowerName.hasSuffix(".entitlements")
        {
            return "iOS entitlements: signed into the app binary"
        }
        if lowerName == "androidmanifest.xml" { return "AndroidManifest.xml: merged into the APK" }
        return nil
    }

    func classifyInMobileProject(_ path: String, _ project: ProjectModel, _ lowerName: String) -> (
        OccurrenceClass, String
    ) {
        if let item = project.embeddedItem(for: path) {
            return (
                .binaryConfig,
                "\(item) in mobile project \(project.file): ships in the binary, read through configuration"
            )
        }
        let relative = project.relative(path).lowercased()
        let relFolders = relative.split(separator: "/").dropLast().map(String.init)
        if lowerName.hasSuffix(".xml"), relFolders.contains(where: { $0 == "values" || $0.hasPrefix("values-") }),
            relFolders.contains(where: { $0 == "res" || $0 == "resources" })
        {
            return (.binaryConfig, "Android string resource (res/values) of \(project.file): ships in the APK")
        }
        if isDocument(lowerName) {
            return (.docs, "documentation inside \(project.file)'s folder: ships nothing")
        }
        if project.kind == .mobileDotNet && (lowerName.hasSuffix(".resx") || lowerName.hasSuffix(".resw")) {
            return (.binaryConfig, "resource file of mobile project \(project.file): compiled into the binary")
        }
        if sourceExtensions.contains(where: { lowerName.hasSuffix($0) }) {
            return (.binaryLiteral, "source of mobile project \(project.file): compiled into the binary")
        }
        if relFolders.first.map({ rawResourceFolders.contains($0) }) == true
            || relative.hasPrefix("resources/raw/") || relative.contains("/res/raw/")
            || relative.hasPrefix("src/main/assets/")
            || relative.hasPrefix("src/main/res/") || relative.contains("/assets/")
        {
            return (.binaryConfig, "raw resource of mobile project \(project.file): ships in the binary")
        }
        if lowerName == nameOf(project.file).lowercased() {
            return (.binaryLiteral, "build file of mobile project \(project.file): its settings ship in the binary")
        }
        return (.other, "in mobile project \(project.file) but not included in the binary")
    }
}

/// A project file reader that reads each file once, shared by the two project indexes.
final class ReadOnce {
    private let underlying: ProjectFileReader
    /// Keyed by path: a dictionary keyed by `Int` would cost the process its first run-time
    /// lookup of `Int: Hashable` (a pass over every conformance record, ~0.1 ms).
    private var cache: [String: [UInt8]?] = [:]

    init(_ underlying: @escaping ProjectFileReader) { self.underlying = underlying }

    func read(_ index: Int, _ path: String) -> [UInt8]? {
        if let known = cache[path] { return known }
        let bytes = underlying(index, path)
        cache[path] = bytes
        return bytes
    }
}

let testFolders: Set<String> = ["tests", "test", "__tests__", "androidtest", "unittests", "uitests", "spec", "specs"]
let docFolders: Set<String> = ["docs", "doc", "documentation", "runbooks", "adr", "adrs"]
let rawResourceFolders: Set<String> = ["resources", "assets", "res", "platforms", "wwwroot"]
let sourceExtensions = [".cs", ".kt", ".kts", ".java", ".swift", ".m", ".mm", ".h", ".xaml", ".razor", ".fs", ".dart"]

/// `commonTest` in `shared/src/commonTest/kotlin/X.kt`: a Gradle or KMP source set whose name ends in `Test`.
func testSourceSet(_ segments: [String]) -> String? {
    guard segments.count > 2 else { return nil }
    for k in 0..<(segments.count - 2) where segments[k] == "src" && segments[k + 1].lowercased().hasSuffix("test") {
        return segments[k + 1]
    }
    return nil
}

func isDocument(_ lowerName: String) -> Bool {
    [".md", ".markdown", ".rst", ".adoc", ".txt"].contains { lowerName.hasSuffix($0) }
}

/// `.md` for `a.md`: the last part of `name` between dots, after a dot ("" parts skipped).
func extensionOf(_ name: String) -> String {
    guard let last = name.split(separator: ".").last else { return name }
    return "." + String(last)
}

func isDeploymentFile(_ lowerName: String, folders: [String]) -> Bool {
    if lowerName.hasPrefix("appsettings") && lowerName.hasSuffix(".json") { return true }
    if lowerName == "dockerfile" || lowerName.hasSuffix(".dockerfile") || lowerName.hasPrefix("docker-compose") {
        return true
    }
    if lowerName == ".env" || lowerName.hasPrefix(".env.") || lowerName.hasSuffix(".env") { return true }
    if [".bicep", ".bicepparam", ".tf", ".tfvars", ".conf", ".config", ".ini"].contains(where: {
        lowerName.hasSuffix($0)
    }) {
        return true
    }
    if deploymentDescriptors.contains(lowerName) || lowerName.hasPrefix("values") && lowerName.hasSuffix(".yaml") {
        return true
    }
    // Any other YAML or TOML file (a fuzz corpus, a linter's settings, a package's metadata) is
    // deployment configuration only where the repository keeps its deployments.
    return folders.contains { deploymentFolders.contains($0) }
}

/// The names of files that describe a deployment wherever they are: Compose, Kubernetes
/// (Kustomize, Skaffold, Helm), serverless and platform-as-a-service descriptors (more server
/// configuration names are in `PathRules.serverConfiguration`).
let deploymentDescriptors: Set<String> = [
    "compose.yaml", "compose.yml", "kustomization.yaml", "kustomization.yml", "skaffold.yaml", "chart.yaml",
    "app.yml", "serverless.yaml", "render.yaml", "netlify.toml", "wrangler.toml", "samconfig.toml",
    "template.yaml", "template.yml", "apprunner.yaml", "azure.yaml",
]

/// Folders that hold deployments and infrastructure as code.
let deploymentFolders: Set<String> = [
    "deploy", "deployment", "deployments", "infra", "infrastructure", "k8s", "kubernetes", "helm", "charts",
    "manifests", "ansible", "terraform", "ops", ".platform",
]
