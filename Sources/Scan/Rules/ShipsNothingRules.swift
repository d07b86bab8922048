import RelopsCore

// The rules for files that ship nothing or ship outside the binary, whatever build file is above
// them: store listings, repository metadata, build-time files, documents and CI.

/// A store listing folder (`fastlane/metadata/`, Play `src/*/play/`, F-Droid `metadata/`, `.fdroid.yml`).
struct StoreListingFolder: PathRule {
    static let id = "store.listing-folder"
    static let description = "a file in a store listing folder ships with the listing, not the binary"
    static let classes: [OccurrenceClass] = [.storeListing]
    static let example = RuleExample(file: "fastlane/metadata/android/en-US/full_description.txt")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        if file.lowerName == ".fdroid.yml" || file.lowerName == ".fdroid.yaml" {
            return (
                .storeListing, "F-Droid metadata (`\(file.parts.name)`): ships with the store listing, not the binary"
            )
        }
        return PathRules.storeListing(file.folders).map {
            (.storeListing, "store listing (`\($0)`): ships with the store listing, not the binary")
        }
    }
}

/// F-Droid metadata known by its shape (`metadata/<app id>.yml`, `metadata/<locale>/`,
/// `metadata/<app id>/<locale>/`) wherever it sits: a build server's or distribution folder too.
struct FDroidMetadata: PathRule {
    static let id = "store.fdroid-metadata"
    static let description =
        "F-Droid metadata (`metadata/<app id>.yml`, `metadata/<locale>/`) ships with the listing, wherever it sits"
    static let classes: [OccurrenceClass] = [.storeListing]
    static let example = RuleExample(
        file: "buildserver/metadata/com.example.shop.yml", text: "WebSite: https://app.example.com\n")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        PathRules.fDroidMetadata(file.parts.segments).map {
            (.storeListing, "F-Droid metadata (`\($0)`): ships with the store listing, not the binary")
        }
    }
}

/// Issue templates, CODEOWNERS, bots, repository settings.
struct RepositoryMetadata: PathRule {
    static let id = "repo.metadata"
    static let description = "issue templates, CODEOWNERS, bot and repository settings ship nothing"
    static let classes: [OccurrenceClass] = [.repoMeta]
    static let example = RuleExample(file: ".github/ISSUE_TEMPLATE/bug.md")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        PathRules.repositoryMetadata(file.parts.lowerPath, lowerName: file.lowerName, folders: file.folders).map {
            (.repoMeta, "\($0): repository metadata, ships nothing")
        }
    }
}

/// A Cargo build script (`build.rs` beside `Cargo.toml`).
struct CargoBuildScript: PathRule {
    static let id = "cargo.build-script"
    static let description = "a Cargo build script (`build.rs`) runs while building and ships nothing"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        [
            ("core/Cargo.toml", "[package]\nname = \"core\"\nversion = \"0.1.0\"\n"),
            ("core/build.rs", #"fn main() { println!("app.example.com"); }"#),
        ], at: "core/build.rs")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard file.lowerName == "build.rs", let owner = file.owner, nameOf(owner.file) == "Cargo.toml",
            folderOf(file.path) == owner.root
        else { return nil }
        return (.build, "Cargo build script of \(owner.file): runs while building, ships nothing")
    }
}

/// A unit that runs only while building: a Gradle plugin or build logic (`buildSrc`, `build-logic`).
struct BuildLogicUnit: PathRule {
    static let id = "gradle.build-logic"
    static let description = "a file of a Gradle plugin or build-logic module is used while building"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        [
            ("build-logic/build.gradle.kts", "plugins { `kotlin-dsl` }\n"),
            ("build-logic/src/main/kotlin/Publish.kt", #"val repo = "https://app.example.com/maven""#),
        ], at: "build-logic/src/main/kotlin/Publish.kt")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, let what = owner.buildOnly else { return nil }
        return (.build, "in the \(what) \(owner.file): used while building, ships nothing")
    }
}

/// Documentation by its extension (`.md`, `.rst`, `.adoc`, `.txt`).
struct Document: PathRule {
    static let id = "docs.document"
    static let description = "a document (`.md`, `.rst`, `.adoc`, `.txt`) ships nothing but is rewritten"
    static let classes: [OccurrenceClass] = [.docs]
    static let example = RuleExample(file: "README.md")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard isDocument(file.lowerName) else { return nil }
        return (.docs, "documentation (\(extensionOf(file.lowerName))): ships nothing")
    }
}

/// A file under a documentation folder (`docs/`, `adr/`, `runbooks/`).
struct DocumentationFolder: PathRule {
    static let id = "docs.folder"
    static let description = "a file under a documentation folder (`docs/`, `adr/`) ships nothing"
    static let classes: [OccurrenceClass] = [.docs]
    static let example = RuleExample(file: "docs/site/links.html")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let folder = file.folders.first(where: { docFolders.contains($0) }) else { return nil }
        return (.docs, "under a documentation folder (`\(folder)/`): ships nothing")
    }
}

/// A CI pipeline whose text shows that it deploys (`kubectl`, `az webapp`, `environment:`).
struct DeployingPipeline: PathRule {
    static let id = "ci.deploying-pipeline"
    static let description = "a CI pipeline that deploys changes with a deployment"
    static let classes: [OccurrenceClass] = [.server]
    static let example = RuleExample(
        file: ".github/workflows/release.yml",
        text: "jobs:\n  ship:\n    steps:\n      - run: kubectl apply --server https://app.example.com\n")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard isPipeline(file), let marker = file.facts.deploymentMarker else { return nil }
        return (.server, "pipeline that deploys (`\(marker)` in \(file.parts.name)): changes with a deployment")
    }

    static func isPipeline(_ file: PathContext) -> Bool {
        PathRules.isPipeline(file.parts.lowerPath, lowerName: file.lowerName, folders: file.folders)
    }
}

/// A CI pipeline that builds or tests but does not deploy.
struct Pipeline: PathRule {
    static let id = "ci.pipeline"
    static let description = "CI that builds or tests but does not deploy ships nothing"
    static let classes: [OccurrenceClass] = [.repoMeta]
    static let example = RuleExample(file: ".github/workflows/ci.yml", text: "env:\n  BASE: https://app.example.com\n")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard DeployingPipeline.isPipeline(file) else { return nil }
        return (.repoMeta, "CI that builds or tests but does not deploy (\(file.parts.name)): ships nothing")
    }
}

/// A dependency lockfile: the versions a package manager resolved for the build, which it reads
/// and no app, server or site ships.
struct DependencyLockfile: PathRule {
    static let id = "build.lockfile"
    static let description =
        "a dependency lockfile (`package-lock.json`, `yarn.lock`, `Podfile.lock`, `Package.resolved`, ...) is read by the build, ships nothing"
    static let classes: [OccurrenceClass] = [.build]
    static let example = RuleExample(
        [
            ("package.json", #"{"name": "shop", "dependencies": {"react-native": "0.76.0"}}"#),
            ("package-lock.json", #"{"packages": {"node_modules/x": {"resolved": "https://app.example.com/x.tgz"}}}"#),
        ], at: "package-lock.json")

    static let names: Set<String> = [
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock", "podfile.lock",
        "gemfile.lock", "cargo.lock", "composer.lock", "package.resolved", "packages.lock.json", "gradle.lockfile",
        "poetry.lock", "pipfile.lock", "uv.lock", "go.sum", "mix.lock", "cartfile.resolved", "deno.lock",
    ]

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard names.contains(file.lowerName) else { return nil }
        return (.build, "dependency lockfile (\(file.parts.name)): the versions the build resolves, ships nothing")
    }
}
