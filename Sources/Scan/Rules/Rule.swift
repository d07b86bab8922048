import RelopsCore

/// The class a rule gave an occurrence, the rule's id and the evidence it cites, in words.
struct Decision: Sendable {
    let cls: OccurrenceClass
    let rule: String
    let reason: String
}

/// A judgement a person acts on: one named rule with a stable id (`gradle.build-script`), a
/// one-line description in the user's words, the classes it can give, and an example that it
/// decides (the rule-list test scans each example and checks that this rule decides it).
/// The order of the rules is one list, `RuleOrder`.
protocol ClassRule: Sendable {
    /// Stable id, `stack.what` in lower-case with dashes: what `--verbose` and JSON show.
    static var id: String { get }
    /// What the rule says, in one line a release manager reads.
    static var description: String { get }
    /// The classes the rule can give; empty for a rule that keeps the class it refines.
    static var classes: [OccurrenceClass] { get }
    /// A smallest repository whose occurrence this rule decides.
    static var example: RuleExample { get }
}

/// A rule that decides every occurrence of a file alike, before its text is looked at.
protocol FileRule: ClassRule {
    static func decide(_ path: String, _ classifier: Classifier) -> (OccurrenceClass, String)?
}

/// A rule that decides one occurrence from where it stands in its file's text; one that needs
/// the repository's other files (a `--dart-define` and the Dart default it overrides) takes the classifier.
protocol SiteRule: ClassRule {
    static func decide(_ site: OccurrenceSite, _ file: FileClassification) -> (OccurrenceClass, String)?
    static func decide(
        _ site: OccurrenceSite, _ file: FileClassification, _ classifier: Classifier
    ) -> (OccurrenceClass, String)?
}

extension SiteRule {
    static func decide(_ site: OccurrenceSite, _ file: FileClassification) -> (OccurrenceClass, String)? { nil }
    static func decide(
        _ site: OccurrenceSite, _ file: FileClassification, _ classifier: Classifier
    ) -> (OccurrenceClass, String)? { decide(site, file) }
}

/// A rule that decides from the path and the build files alone: worked out once per file.
protocol PathRule: ClassRule {
    static func decide(_ file: PathContext) -> (OccurrenceClass, String)?
}

/// A rule that refines what the path rules decided from what the occurrence's line does; it
/// never sees a class that ships nothing (`test`, `comment`, `docs`, `repo-meta`, `store-listing`, `build`).
protocol LineRule: ClassRule {
    static func decide(_ line: LineContext) -> (OccurrenceClass, String)?
}

/// A smallest repository for a rule: its files (path, text) and the path of the occurrence that
/// the rule decides. The host in it is `app.example.com`.
struct RuleExample: Sendable {
    let files: [(path: String, text: String)]
    let occurrence: String

    init(_ files: [(String, String)], at occurrence: String) {
        self.files = files.map { (path: $0.0, text: $0.1) }
        self.occurrence = occurrence
    }

    /// One file holding the host on its one line.
    init(file path: String, text: String = "https://app.example.com/x") {
        self.init([(path, text)], at: path)
    }
}

/// What the path rules look at for one file: its path, its facts, the project that owns it
/// (`ProjectIndex`) and the build unit that owns it (`BuildUnitIndex`), each found on first need.
final class PathContext {
    let parts: PathParts
    let facts: FileFacts
    let classifier: Classifier
    private(set) lazy var project: ProjectModel? = classifier.projects.owningProject(of: parts.path)
    private(set) lazy var owner: BuildUnit? = classifier.chains.index.owner(of: parts.path)

    init(_ parts: PathParts, _ facts: FileFacts, _ classifier: Classifier) {
        self.parts = parts
        self.facts = facts
        self.classifier = classifier
    }

    var path: String { parts.path }
    var lowerName: String { parts.lowerName }
    var folders: [String] { parts.folders }
    var index: BuildUnitIndex { classifier.chains.index }
    /// The owning project when it is a mobile app project.
    var mobileProject: ProjectModel? { project.flatMap { $0.kind.isMobile ? $0 : nil } }
}

/// What a line rule looks at: the occurrence, its file and what the path rules decided.
struct LineContext {
    let site: OccurrenceSite
    let file: FileClassification
    let decided: Decision
    let classifier: Classifier

    var lowerName: String { file.parts.lowerName }
    var isGradleScript: Bool { lowerName.hasSuffix(".gradle") || lowerName.hasSuffix(".gradle.kts") }
}
