import RelopsCore

// The last rules: a file no earlier rule placed. A rule that places it outside every product says
// why it is `other`; in a repository that builds apps, a file nothing placed is `unknown`.

/// A file in a package that a product carries, but not of a kind its build ships.
struct UnshippedFileOfCarriedUnit: PathRule {
    static let id = "product.unshipped-file"
    static let description =
        "a file of a package a product carries, but not of a kind its build ships: check where it ships"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(
        [
            ("settings.gradle", "include ':app', ':core'\n"),
            (
                "app/build.gradle",
                "plugins { id 'com.android.application' }\ndependencies { implementation project(':core') }\n"
            ),
            ("core/build.gradle", "plugins { id 'java-library' }\n"),
            ("core/scripts/seed.sh", "curl https://app.example.com/seed"),
        ], at: "core/scripts/seed.sh")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner, let carrier = file.classifier.graph.links(of: file.path).first else { return nil }
        return (
            .other,
            "in \(owner.file), which \(carrier.product.label) carries (\(carrier.text(from: file.path))), but not a kind of file its build ships: check where it ships"
        )
    }
}

/// A file of a build unit that no product includes.
struct UnitNoProductIncludes: PathRule {
    static let id = "build-unit.not-included"
    static let description = "a file of a build unit no app, server or site includes: check where it ships"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(
        [
            ("tools/package.json", #"{ "name": "tools", "private": true }"#),
            ("tools/release.js", #"const base = "https://app.example.com";"#),
        ], at: "tools/release.js")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard let owner = file.owner else { return nil }
        return (
            .other,
            "in \(owner.file), which no app, server or site that the build files show includes: check where it ships"
        )
    }
}

/// A file of a repository that builds apps that no rule placed: where it ships is not known.
/// Never a guess: `other` would read as "leave it".
struct UnplacedInAppRepository: PathRule {
    static let id = "fallback.unknown"
    static let description =
        "a file of a repository that builds apps that no build file relops read places: check where it ships"
    static let classes: [OccurrenceClass] = [.unknown]
    static let example = RuleExample(
        [
            ("app/build.gradle", "plugins { id 'com.android.application' }\n"),
            ("links.csv", "home,https://app.example.com\n"),
        ], at: "links.csv")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard file.index.buildsApps else { return nil }
        let nearest: String
        switch file.index.nearestBuildFile(of: file.path) {
        case .some(let (path, true)): nearest = "the nearest build file is \(path)"
        case .some(let (path, false)): nearest = "the nearest build file, \(path), defines nothing relops reads"
        case .none: nearest = "no build file is in a folder above it"
        }
        return (.unknown, "no build file relops read places this file (\(nearest)): check where it ships")
    }
}

/// YAML or TOML configuration that nothing shows using.
struct UnusedConfiguration: PathRule {
    static let id = "config.unused"
    static let description = "YAML or TOML configuration no product or deployment shows using: check where it ships"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(file: "settings/links.yml", text: "base: https://app.example.com\n")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? {
        guard [".yml", ".yaml", ".toml"].contains(where: { file.lowerName.hasSuffix($0) }) else { return nil }
        return (
            .other,
            "configuration (\(file.parts.name)) that no product, deployment descriptor or deployment folder shows using: check where it ships"
        )
    }
}

/// No rule placed the file.
struct NoRuleMatched: PathRule {
    static let id = "fallback.no-rule"
    static let description = "no rule places the file"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(file: "links.csv", text: "home,https://app.example.com\n")

    static func decide(_ file: PathContext) -> (OccurrenceClass, String)? { (.other, "no rule matched") }
}
