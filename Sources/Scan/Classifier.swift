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
/// is read once, and only for files with an occurrence. Its caches are filled as it goes: the
/// scan's workers use one through `SharedClassifier`, one thread at a time.
final class Classifier {
    let overrides: [ProjectConfig.ClassifyRule]
    let projects: ProjectIndex
    let chains: ShippingChains
    let graph: ProductGraph
    let buildSettings: BuildSettingReaders
    /// What Metro bundles from a React Native project's entry, worked out on first need.
    let metro: MetroReach
    /// The pipelines, Makefiles and hosting configs that may run a script, read on first need.
    let scriptRunners: ScriptRunners
    /// The `String.fromEnvironment` defaults a `--dart-define` overrides.
    let dartDefaults: DartEnvironmentDefaults

    init(files: FileList, config: ProjectConfig, read: @escaping ProjectFileReader) {
        overrides = config.classify
        let once = ReadOnce(read)
        let units = BuildUnitIndex(files: files, read: once.read)
        projects = ProjectIndex(files: files, units: units)
        chains = ShippingChains(index: units)
        graph = ProductGraph(index: units)
        buildSettings = BuildSettingReaders(files: files, read: once.read)
        metro = MetroReach(files: files, read: once.read)
        scriptRunners = ScriptRunners(files: files, read: once.read)
        dartDefaults = DartEnvironmentDefaults(files: files, read: once.read)
    }

    /// What decides every occurrence in the file at `path` alike, before its comments are looked
    /// at: the first of `RuleOrder.file` that decides.
    func fileRule(_ path: String) -> Decision? {
        for rule in RuleOrder.file {
            if let (cls, reason) = rule.decide(path, self) { return Decision(cls: cls, rule: rule.id, reason: reason) }
        }
        return nil
    }

    /// The class of one occurrence in `file`: the file's rule, then the rules of where it stands
    /// (a comment, a commit identity), then the path rules (worked out once per file, on first
    /// need), refined by the line rules.
    func classify(_ site: OccurrenceSite, in file: FileClassification) -> Decision {
        if let fixed = file.fixed { return fixed }
        for rule in RuleOrder.site {
            if let (cls, reason) = rule.decide(site, file, self) {
                return Decision(cls: cls, rule: rule.id, reason: reason)
            }
        }
        let decided = file.byPath ?? classifyPath(file.parts, facts: file.facts)
        file.byPath = decided
        return refine(decided, site, file)
    }

    /// The first of `RuleOrder.path` that decides; the last one always does.
    func classifyPath(_ parts: PathParts, facts: FileFacts) -> Decision {
        let context = PathContext(parts, facts, self)
        for rule in RuleOrder.path {
            if let (cls, reason) = rule.decide(context) { return Decision(cls: cls, rule: rule.id, reason: reason) }
        }
        return Decision(cls: .other, rule: NoRuleMatched.id, reason: "no rule matched")
    }

    /// The first of `RuleOrder.line` that refines `decided`, else `decided`; classes that ship
    /// nothing are never refined.
    func refine(_ decided: Decision, _ site: OccurrenceSite, _ file: FileClassification) -> Decision {
        switch decided.cls {
        case .test, .comment, .docs, .repoMeta, .storeListing, .build: return decided
        default: break
        }
        let line = LineContext(site: site, file: file, decided: decided, classifier: self)
        for rule in RuleOrder.line {
            if let (cls, reason) = rule.decide(line) { return Decision(cls: cls, rule: rule.id, reason: reason) }
        }
        return decided
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

let testFolders: Set<String> = [
    "tests", "test", "__tests__", "androidtest", "unittests", "uitests", "spec", "specs", "e2e", ".maestro",
]
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
