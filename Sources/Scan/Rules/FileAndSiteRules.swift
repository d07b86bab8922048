import RelopsCore

// The rules that come before any build file: a person's `classify` override, relops's own
// configuration, then where the occurrence stands in its file (a comment, a commit identity).

/// A `classify:` entry of `.relops.yml` whose glob matches the file (first match wins).
struct ClassifyOverride: FileRule {
    static let id = "config.classify-override"
    static let description = "a `classify:` entry of .relops.yml decides the files its glob matches"
    static let classes: [OccurrenceClass] = ProjectConfig.classifiable
    static let example = RuleExample(
        [
            (".relops.yml", "classify:\n  - { glob: \"notes/**\", class: docs }\n"),
            ("notes/links.json", "\"https://app.example.com\""),
        ],
        at: "notes/links.json")

    static func decide(_ path: String, _ classifier: Classifier) -> (OccurrenceClass, String)? {
        for (n, rule) in classifier.overrides.enumerated() where rule.glob.matches(path) {
            return (
                rule.occurrenceClass,
                "classify[\(n)] `\(rule.glob.pattern)` (.relops.yml:\(rule.line))"
            )
        }
        return nil
    }
}

/// relops's own `.relops.yml`.
struct OwnConfiguration: FileRule {
    static let id = "config.relops-yml"
    static let description = "relops's own configuration: update `app.web_host` with the cutover"
    static let classes: [OccurrenceClass] = [.other]
    static let example = RuleExample(file: ".relops.yml", text: "app:\n  web_host: app.example.com\n")

    static func decide(_ path: String, _ classifier: Classifier) -> (OccurrenceClass, String)? {
        guard path == ProjectConfig.fileName else { return nil }
        return (.other, "relops's own configuration (.relops.yml): update app.web_host with the cutover")
    }
}

/// Inside a comment of the file's language.
struct InsideComment: SiteRule {
    static let id = "comment"
    static let description = "inside a comment of its file's language: ships nothing, rewritten like documentation"
    static let classes: [OccurrenceClass] = [.comment]
    static let example = RuleExample(file: "App/Api.cs", text: "// see https://app.example.com\n")

    static func decide(_ site: OccurrenceSite, _ file: FileClassification) -> (OccurrenceClass, String)? {
        guard let comment = comment(at: site.offset, in: file.facts.comments) else { return nil }
        return (
            .comment,
            "inside a \(comment.form) (\(file.facts.language ?? "its language")): ships nothing; rewritten like documentation"
        )
    }
}

/// An e-mail address that sets a commit identity (`git config user.email`).
struct CommitIdentity: SiteRule {
    static let id = "git.commit-identity"
    static let description = "an e-mail address that sets a commit identity (git config user.email) ships nothing"
    static let classes: [OccurrenceClass] = [.repoMeta]
    static let example = RuleExample(file: "scripts/setup.sh", text: "git config user.email bot@app.example.com\n")

    static func decide(_ site: OccurrenceSite, _ file: FileClassification) -> (OccurrenceClass, String)? {
        guard site.encoding == .email && LineFacts.setsCommitIdentity(site.line) else { return nil }
        return (.repoMeta, "commit identity (git config user.email): ships nothing")
    }
}
