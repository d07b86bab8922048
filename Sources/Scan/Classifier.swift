import Git
import RelopsCore

/// Decides each path's class and the rule that decided it. Project files are read only for the
/// folders that hold an occurrence (`ProjectIndex`), so a scan with no occurrence never pays for them.
struct Classifier {
    let overrides: [ProjectConfig.ClassifyRule]
    let projects: ProjectIndex

    init(files: FileList, config: ProjectConfig, read: @escaping ProjectFileReader) {
        overrides = config.classify
        projects = ProjectIndex(files: files, read: read)
    }

    func classify(_ path: String) -> (OccurrenceClass, String) {
        for (n, rule) in overrides.enumerated() where rule.glob.matches(path) {
            let cls = OccurrenceClass(rawValue: rule.className) ?? .other
            return (cls, "classify[\(n)] `\(rule.glob.pattern)` (.relops.yml:\(rule.line))")
        }
        if path == ProjectConfig.fileName {
            return (.other, "relops's own configuration (.relops.yml): update app.web_host with the cutover")
        }
        let segments = path.split(separator: "/").map(String.init)
        let name = segments.last ?? path
        let lowerName = name.lowercased()
        let folders = segments.dropLast().map { $0.lowercased() }
        let project = projects.owningProject(of: path)

        if let project, project.kind == .test {
            return (.test, "in test project \(project.file)")
        }
        if let folder = folders.first(where: { testFolders.contains($0) }) {
            return (.test, "under a test folder (`\(folder)/`)")
        }
        if lowerName == "info.plist" {
            return (.binaryLiteral, "iOS Info.plist: compiled into the app bundle")
        }
        if lowerName == "entitlements.plist" || lowerName.hasSuffix(".entitlements") {
            return (.binaryLiteral, "iOS entitlements: signed into the app binary")
        }
        if lowerName == "androidmanifest.xml" {
            return (.binaryLiteral, "AndroidManifest.xml: merged into the APK")
        }
        if let project, project.kind.isMobile {
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
        if isDocument(lowerName) {
            return (.docs, "documentation (\(extensionOf(lowerName))): ships nothing")
        }
        if let folder = folders.first(where: { docFolders.contains($0) }) {
            return (.docs, "under a documentation folder (`\(folder)/`): ships nothing")
        }
        if let project, project.kind == .server {
            return (.server, "in server project \(project.file): deployed with the service, not a store release")
        }
        if isDeploymentFile(lowerName, folders: folders) {
            return (.server, "deployment or server configuration (\(name)): changes with a deployment")
        }
        return (.other, "no rule matched")
    }
}

let testFolders: Set<String> = ["tests", "test", "__tests__", "androidtest", "unittests", "uitests", "spec", "specs"]
let docFolders: Set<String> = ["docs", "doc", "documentation", "runbooks", "adr", "adrs"]
let rawResourceFolders: Set<String> = ["resources", "assets", "res", "platforms", "wwwroot"]
let sourceExtensions = [".cs", ".kt", ".kts", ".java", ".swift", ".m", ".mm", ".h", ".xaml", ".razor", ".fs", ".dart"]

func isDocument(_ lowerName: String) -> Bool {
    [".md", ".markdown", ".rst", ".adoc", ".txt"].contains { lowerName.hasSuffix($0) }
}

func extensionOf(_ name: String) -> String {
    name.split(separator: ".").last.map { "." + $0 } ?? name
}

func isDeploymentFile(_ lowerName: String, folders: [String]) -> Bool {
    if lowerName.hasPrefix("appsettings") && lowerName.hasSuffix(".json") { return true }
    if lowerName == "dockerfile" || lowerName.hasSuffix(".dockerfile") || lowerName.hasPrefix("docker-compose") {
        return true
    }
    if lowerName == ".env" || lowerName.hasPrefix(".env.") || lowerName.hasSuffix(".env") { return true }
    if [".bicep", ".bicepparam", ".tf", ".tfvars", ".conf", ".config", ".ini", ".toml"].contains(where: {
        lowerName.hasSuffix($0)
    }) {
        return true
    }
    if lowerName.hasSuffix(".yml") || lowerName.hasSuffix(".yaml") {
        return true  // pipelines, Kubernetes, Compose, app config: all deploy with a server
    }
    if folders.contains(".github") || folders.contains("deploy") || folders.contains("infra") || folders.contains("k8s")
    {
        return true
    }
    return false
}
