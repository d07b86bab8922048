import RelopsCore

/// The classification rules in the order they run; the class of an occurrence is the first rule
/// that decides it. Each entry says why it stands where it does. Adding a rule: write its type
/// (one file per rule or small family, with id, description, classes and example), then place it
/// here; `RuleListTests` checks ids, descriptions and that each rule decides its own example.
enum RuleOrder {
    /// Decide every occurrence of a file alike, before anything else.
    static let file: [any FileRule.Type] = [
        ClassifyOverride.self,  // a person's word wins over every built-in rule
        OwnConfiguration.self,  // .relops.yml is relops's, whatever its folder says
    ]

    /// Decide one occurrence from where it stands in its file, before the path is looked at.
    static let site: [any SiteRule.Type] = [
        InsideComment.self,  // a comment ships nothing in any file, even a shipped source file
        CommitIdentity.self,  // a commit identity ships nothing, even inside a pipeline or script
        FlutterDartDefine.self,  // a `--dart-define` value in a pipeline or Fastfile is compiled into the app
    ]

    /// Decide from the path and the build files; worked out once per file.
    static let path: [any PathRule.Type] = [
        // Tests first: a test ships nothing, whichever app project or library holds it.
        DotNetTestProject.self,
        TestFolder.self,
        GradleTestSourceSet.self,
        FlutterTestFolder.self,  // before the file name: `integration_test/app_test.dart` says which tool runs it
        TestFileName.self,
        JestSnapshot.self,  // `Footer.tsx.snap` is named after the source it snapshots, not as a test
        TestRunnerConfiguration.self,
        EndToEndTestPackage.self,  // before the Metro rule: an e2e package inside the app's folder is not the app's
        // Store listings and repository metadata win over any manifest above them.
        StoreListingFolder.self,
        FDroidMetadata.self,  // after the named folders: F-Droid's shape wherever the folder sits
        RepositoryMetadata.self,
        // A Jekyll site's pages are served: before the package above it would take `docs/` as its own.
        JekyllSiteFile.self,
        // Test targets need the build units; they still come before any shipping rule.
        XcodeTestTarget.self,
        SpecTestSources.self,
        // A KMP source set no app compiles, before the library chain would take the module as shipped.
        KMPNonAppSourceSet.self,
        // A Flutter plugin's platform code, before its own Gradle or Xcode files would be asked.
        FlutterPluginPlatformCode.self,
        // Build-time files, before the platform files: a plist in build logic ships nothing.
        DependencyLockfile.self,  // a lockfile is the build's, whichever package or app folder holds it
        CargoBuildScript.self,
        RubyToolingGemfile.self,  // before the Gradle build logic: its own id for a fastlane/CocoaPods Gemfile
        BuildLogicUnit.self,
        // Platform files ship as literals wherever they are.
        InfoPlist.self,
        Entitlements.self,
        AndroidManifest.self,
        XcconfigCopiedTemplate.self,  // before the mobile project's rules would call a template `other`
        // Flutter: the package's build files, then what its heads' apps bundle and compile.
        FlutterBuildFile.self,
        FlutterDefineFile.self,  // before the package's own files: a define file may sit anywhere
        FlutterBundledFile.self,
        FlutterLibrarySource.self,
        FlutterWebHeadFile.self,  // the `web/` head is deployed: before the site rules would call it a static site
        FlutterDesktopHeadFile.self,  // the `windows/`, `linux/` heads: before the desktop rule packages CMake files
        FlutterUnbundledFile.self,  // the rest of a Flutter package: before the library chain would say it ships
        // Chains from a build file to an app, before the folder's own mobile project is asked.
        DirectoryBuildProps.self,
        SpecFile.self,
        SpecSources.self,
        // React Native, Expo and web framework sites: before the service and library chains,
        // which would take a project's files as the Node package's.
        ExpoAppConfig.self,
        ReactNativeConfigEnv.self,
        MetroBundledFile.self,
        WebFrameworkStaticFile.self,
        WebFrameworkScript.self,
        // Sources a bundler or copy step builds into a bundled folder: before the service and
        // library chains, which see only the package that holds them.
        ShadowCljsSource.self,
        JavaScriptBundleSource.self,
        CopiedIntoBundle.self,
        ServiceSource.self,
        SwiftTargetSharedWithApp.self,  // before the server package: a target an app builds too ships in it
        SwiftServerPackageFile.self,  // a Swift server inside an app's folder is still the server's
        SwiftPackageTargetNoProductReaches.self,  // before the library chain: the apps take products, not the package
        LibraryReferencedByApp.self,
        // A framework project no app builds: after the chains (a workspace may bring it into an app).
        XcodeFrameworkProject.self,
        // The mobile project that holds the file: embedded items before its file types.
        DotNetEmbeddedResource.self,
        AndroidStringResource.self,
        MobileProjectDocument.self,
        DotNetResourceFile.self,
        MobileProjectSource.self,
        MobileRawResource.self,
        MobileBuildFile.self,
        XcodeTargetMember.self,  // what an Xcode app target builds beyond its source and resource types
        MobileProjectOther.self,  // the mobile project's last word: nothing below sees its files
        // App frameworks whose build files say what ships.
        CordovaAppFile.self,
        DesktopAppFile.self,
        // Documents outside apps, then CI (a pipeline deploys or ships nothing).
        ServerPackagedResource.self,  // a document a server's jar packages is no documentation
        Document.self,
        DocumentationFolder.self,
        DeployingPipeline.self,
        Pipeline.self,
        // .NET projects that are not apps: console apps and class libraries before the server project.
        DotNetConsoleApp.self,
        DotNetClassLibrary.self,
        DotNetServerProject.self,
        // What servers and deployments carry.
        CarriedByServersOnly.self,
        DeploymentFile.self,
        ServerConfiguration.self,
        // Nothing placed it: say why, most specific first; `fallback.no-rule` decides everything, so it is last.
        UnshippedFileOfCarriedUnit.self,
        UnitNoProductIncludes.self,
        // In a repository that builds apps, a file nothing above placed is `unknown`, never a guess.
        UnplacedInAppRepository.self,
        UnusedConfiguration.self,
        NoRuleMatched.self,
    ]

    /// Refine the path rules' decision from the occurrence's line (never a class that ships nothing).
    static let line: [any LineRule.Type] = [
        RustTestItem.self,  // a test item is a test whatever else its line holds
        NpmGeneratorScript.self,
        GeneratorSchemaSource.self,
        GeneratorConfigValue.self,  // after the schema source: the rest of a generator's config keeps its class
        GradleShippingSetting.self,
        GradleBuildScript.self,  // after the settings that ship: the rest of a Gradle script builds
        AndroidToolsAttribute.self,
        XcconfigReadSetting.self,
    ]

    /// Every rule, in order.
    static var all: [any ClassRule.Type] { file + site + path + line }
}

/// One classification rule as a reader sees it: what `--verbose`, JSON and the class reference (`docs/classes.md`) name.
public struct ClassificationRule: Sendable {
    /// When the rule runs: `file` (every occurrence of a file alike), `site` (where the
    /// occurrence stands), `path` (path and build files), `line` (refines the path rules).
    public let phase: String
    /// Stable id (`gradle.build-script`).
    public let id: String
    /// One line in the user's words.
    public let description: String
    /// The classes it can give; empty when it keeps the class it refines.
    public let classes: [OccurrenceClass]
    /// A smallest repository the rule decides: its files (path, text), and the occurrence's path
    /// (the host is `app.example.com`).
    public let exampleFiles: [(path: String, text: String)]
    /// The path of the occurrence in the example that the rule decides.
    public let exampleOccurrence: String

    /// Every rule in `RuleOrder`'s order: the first that decides an occurrence gives its class.
    public static var ordered: [ClassificationRule] {
        func described(_ phase: String, _ rules: [any ClassRule.Type]) -> [ClassificationRule] {
            rules.map {
                ClassificationRule(
                    phase: phase, id: $0.id, description: $0.description, classes: $0.classes,
                    exampleFiles: $0.example.files, exampleOccurrence: $0.example.occurrence)
            }
        }
        return described("file", RuleOrder.file) + described("site", RuleOrder.site)
            + described("path", RuleOrder.path) + described("line", RuleOrder.line)
    }
}
