/// Path rules for the classes that ship nothing or ship outside the binary: store listings,
/// repository metadata, CI that does not deploy, deployments, and servers in other languages.
enum PathRules {
    /// A store listing folder (`fastlane/metadata/`, F-Droid `metadata/`, Gradle Play Publisher
    /// `play/listings/`, `fastlane/screenshots/`): the named folder, else nil.
    static func storeListing(_ folders: [String]) -> String? {
        for (n, folder) in folders.enumerated() {
            let parent = n > 0 ? folders[n - 1] : nil
            if folder == "metadata" && (n == 0 || parent.map(storeMetadataParents.contains) == true) {
                return (parent.map { $0 + "/" } ?? "") + "metadata/"
            }
            if folder == "screenshots" && parent == "fastlane" { return "fastlane/screenshots/" }
            if folder == "listings" && parent == "play" { return "play/listings/" }
            if storeListingFolders.contains(folder) {
                return folder + "/"
            }
        }
        // Gradle Play Publisher: `src/<variant>/play/` holds the listing, the contact website included.
        for n in folders.indices.dropFirst(2) where folders[n] == "play" && folders[n - 2] == "src" {
            return "src/\(folders[n - 1])/play/"
        }
        return nil
    }

    /// The `metadata/...` part of a path shaped like F-Droid metadata, wherever the folder sits:
    /// `metadata/<app id>.yml`, `metadata/<locale>/...` (fastlane-style, `en-US`), or
    /// `metadata/<app id>/<locale>/...`; nil for any other `metadata/` folder.
    static func fDroidMetadata(_ segments: [String]) -> String? {
        for n in segments.indices.dropLast() where segments[n].lowercased() == "metadata" {
            let next = segments[n + 1]
            let rest = segments[(n + 1)...]
            if n + 1 == segments.count - 1 {
                let lower = next.lowercased()
                guard lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") else { continue }
                if let dot = next.lastIndex(of: "."), isAppID(String(next[..<dot])) { return "metadata/" + next }
            } else if isLocaleFolder(next, followedBy: segments[n + 2]) {
                return "metadata/" + rest.prefix(1).joined(separator: "/") + "/"
            } else if isAppID(next), n + 3 < segments.count,
                isLocaleFolder(segments[n + 2], followedBy: segments[n + 3])
            {
                return "metadata/" + rest.prefix(2).joined(separator: "/") + "/"
            }
        }
        return nil
    }

    /// `com.example.shop`: at least two dot-separated labels, each starting with a letter.
    private static func isAppID(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                label.first?.isLetter == true
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
    }

    /// A locale folder of a store listing: `en-US`, `pt-BR`, `zh-Hans`; a bare language (`en`)
    /// only when a listing file or folder follows it (`title.txt`, `changelogs/`).
    private static func isLocaleFolder(_ name: String, followedBy next: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        if parts.count > 1 {
            return parts.dropFirst().allSatisfy {
                (2...4).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        }
        return listingEntries.contains(next.lowercased())
    }

    /// Repository metadata that ships nothing: issue and pull request templates, code owners,
    /// funding, bots. The reason, else nil.
    static func repositoryMetadata(_ lowerPath: String, lowerName: String, folders: [String]) -> String? {
        if folders.contains("issue_template") || lowerName.hasPrefix("pull_request_template") {
            return "issue or pull request template"
        }
        if lowerName == "codeowners" { return "CODEOWNERS" }
        if lowerName == "funding.yml" || lowerName == "funding.yaml" { return "funding metadata (FUNDING.yml)" }
        let bots = [
            "dependabot.yml", "dependabot.yaml", "renovate.json", "renovate.json5", ".renovaterc", "stale.yml",
            "labeler.yml", "release-drafter.yml", "mergify.yml", ".mergify.yml", "config.yml",
        ]
        if folders.first == ".github" && bots.contains(lowerName) { return "repository bot configuration" }
        if lowerName == "renovate.json" || lowerName == ".renovaterc" { return "repository bot configuration" }
        if lowerName == ".gitignore" || lowerName == ".gitattributes" || lowerName == ".editorconfig"
            || lowerName == ".mailmap"
        {
            return "repository settings (\(lowerName))"
        }
        return nil
    }

    /// A CI definition: GitHub Actions workflows, Azure Pipelines, GitLab CI, CircleCI,
    /// Bitbucket, Travis, AppVeyor, Jenkins, Bitrise, Codemagic.
    static func isPipeline(_ lowerPath: String, lowerName: String, folders: [String]) -> Bool {
        if folders.count >= 2 && folders[0] == ".github" && folders[1] == "workflows" { return true }
        if folders.first == ".circleci" || folders.first == ".buildkite" { return true }
        if lowerName.hasPrefix("azure-pipelines") || folders.contains("pipelines") && isYAML(lowerName) {
            return true
        }
        let names = [
            ".gitlab-ci.yml", "bitbucket-pipelines.yml", ".travis.yml", "appveyor.yml", "jenkinsfile",
            "bitrise.yml", "codemagic.yaml", "codemagic.yml", "cloudbuild.yaml", "cloudbuild.yml",
        ]
        return names.contains(lowerName)
    }

    /// What in a pipeline's text shows that it deploys, or nil when nothing does.
    static func deploymentMarker(in text: ProjectFileBytes) -> String? {
        let markers = [
            "deploy", "kubectl", "helm upgrade", "helm install", "terraform apply", "az webapp", "az containerapp",
            "azure/webapps", "azure/login", "docker push", "publish-profile", "environment:",
            "aws ecs", "gcloud run", "flyctl", "heroku", "ssh ", "rsync ",
        ]
        return markers.first { text.contains($0, ignoringCase: true) }
    }

    /// Server configuration that the older deployment rule misses: a Rust, Go, Node or Python
    /// service's files (`Rocket.toml`, `Procfile`, server templates). The reason, else nil.
    static func serverConfiguration(_ lowerName: String, folders: [String]) -> String? {
        if serverConfigurationNames.contains(lowerName) { return "server configuration (\(lowerName))" }
        if [".hcl", ".nginx"].contains(where: { lowerName.hasSuffix($0) }) { return "server configuration" }
        if folders.contains(where: { ["k8s", "kubernetes", "helm", "charts", "manifests"].contains($0) }) {
            return "Kubernetes/Helm manifest"
        }
        let templates = [".hbs", ".j2", ".jinja", ".tera", ".ejs", ".njk", ".tmpl", ".gohtml", ".liquid", ".erb"]
        if templates.contains(where: { lowerName.hasSuffix($0) }) || folders.contains("templates") {
            return "server template (\(lowerName))"
        }
        return nil
    }

    /// True when the file at `parts` runs builds: a CI pipeline, a script, a Makefile, a Fastfile,
    /// a `package.json` or task runner file, a build script. A document that quotes a command
    /// (`BUILDING.md`, a site's page) runs nothing.
    static func runsBuilds(_ parts: PathParts) -> Bool {
        if isPipeline(parts.lowerPath, lowerName: parts.lowerName, folders: parts.folders) { return true }
        if buildRunnerNames.contains(parts.lowerName) { return true }
        guard parts.lowerName.contains(".") else {
            // An extensionless script: `scripts/release`, `tool/build`.
            return parts.folders.contains { scriptFolders.contains($0) }
        }
        return buildRunnerExtensions.contains(extensionOf(parts.lowerName))
    }

    static func isYAML(_ lowerName: String) -> Bool { lowerName.hasSuffix(".yml") || lowerName.hasSuffix(".yaml") }
}

/// Files that run builds by their name (`PathRules.runsBuilds`).
private let buildRunnerNames: Set<String> = [
    "makefile", "gnumakefile", "fastfile", "jenkinsfile", "justfile", "rakefile", "dockerfile", "package.json",
    "launch.json", "tasks.json", "earthfile", "brewfile",
]

/// Extensions of scripts, task runner and CI files (`PathRules.runsBuilds`).
private let buildRunnerExtensions: Set<String> = [
    ".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd", ".py", ".rb", ".mk", ".make", ".yml", ".yaml",
    ".groovy", ".gradle", ".kts", ".dart", ".js", ".mjs", ".cjs", ".ts", ".toml", ".nu", ".just",
]

/// Folders whose extensionless files are scripts.
private let scriptFolders: Set<String> = ["scripts", "script", "bin", "tool", "tools", "ci", ".ci"]

/// The files and folders of a fastlane-style listing locale (F-Droid reads the same layout).
private let listingEntries: Set<String> = [
    "title.txt", "short_description.txt", "full_description.txt", "summary.txt", "description.txt", "name.txt",
    "video.txt", "changelogs", "images", "release_notes.txt", "keywords.txt", "subtitle.txt", "promotional_text.txt",
]

/// Folders that hold a store listing wherever they are.
/// Folders whose `metadata/` is a store listing: fastlane's, and F-Droid's (`metadata/<appid>.yml`
/// and fastlane-style `metadata/<lang>/` under an F-Droid layout).
private let storeMetadataParents: Set<String> = ["fastlane", "fdroid", "f-droid", "fdroiddata"]

private let storeListingFolders: Set<String> = [
    "store-listing", "store_listing", "storelisting", "app-store-listing", "play-store-listing",
    "app-store-connect", "appstoreconnect", "app_store_connect",
]

/// The names of server configuration files (`PathRules.serverConfiguration`).
private let serverConfigurationNames: Set<String> = [
    "procfile", "caddyfile", "vercel.json", "host.json", "staticwebapp.config.json", "nginx.conf",
    "fly.toml", "rocket.toml", "app.yaml", "serverless.yml",
]
