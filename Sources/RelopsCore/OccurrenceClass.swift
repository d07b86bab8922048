/// Where a host occurrence ships, per DESIGN.md: what a person must do about it. The scan's
/// classifier gives it and `.relops.yml`'s `classify:` overrides name it.
public enum OccurrenceClass: String, Sendable, CaseIterable, Comparable {
    /// In the store binary, read through configuration (an embedded appsettings.json, res/values).
    case binaryConfig = "binary-config"
    /// In the store binary as a literal (Info.plist, entitlements, AndroidManifest.xml, a constant).
    case binaryLiteral = "binary-literal"
    /// Deployed with a server; changes with a deployment, not a store release.
    case server
    /// Ships with the store listing (fastlane or F-Droid metadata, Play listings), not the binary.
    case storeListing = "store-listing"
    /// Ships nothing (Markdown, runbooks), but still must be rewritten.
    case docs
    /// Inside a comment of its file's language: ships nothing; rewritten like documentation.
    case comment
    /// Repository metadata and CI that does not deploy (issue templates, bots, CODEOWNERS,
    /// commit identities): ships nothing.
    case repoMeta = "repo-meta"
    /// Test targets and test source sets of any language.
    case test
    /// Used while building (Gradle plugins and tasks, code generators, Android `tools:`
    /// attributes): ships nothing.
    case build
    /// A rule positively places it outside every product (its reason says which).
    case other
    /// No build file relops read places it, in a repository that builds apps: where it ships is
    /// not known. Never a guess: a person classifies it (`classify:`) or accepts it.
    case unknown

    /// True for the two classes that ship inside the store binary.
    public var isBinary: Bool { self == .binaryConfig || self == .binaryLiteral }

    /// In declaration order (the order of the counts).
    public static func < (a: OccurrenceClass, b: OccurrenceClass) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
