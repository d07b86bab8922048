import Foundation
import RelopsCore

/// What one rule said about one occurrence when the rules were asked in `RuleOrder`'s order
/// (`scan --explain`).
public enum RuleVerdict: Sendable, Equatable {
    /// The rule did not decide; `why` when the rule can say so cheaply, else nil.
    case declined(why: String?)
    /// The rule decided the class, citing `evidence`. A line rule that refines a path rule's
    /// decision decides after it: the last rule that decided gives the class.
    case decided(OccurrenceClass, evidence: String)
    /// The rule was not asked, and why (an earlier rule decided; the line rules refine only
    /// classes that ship).
    case notAsked(why: String)
}

/// One rule's verdict on one occurrence.
public struct RuleTrial: Sendable, Equatable {
    /// The rule's stable id (`mobile.source`), as `--verbose` and JSON name it.
    public let ruleID: String
    /// When the rule runs: `file`, `site`, `path` or `line` (`ClassificationRule.phase`).
    public let phase: String
    public let verdict: RuleVerdict
}

/// One occurrence, classified as the scan classifies it, with every rule's verdict in order.
public struct OccurrenceExplanation: Sendable {
    /// The occurrence as `scan` reports it: its class, the deciding rule's id, its products.
    public let occurrence: HostOccurrence
    /// Every rule of `RuleOrder`, in order.
    public let trials: [RuleTrial]
}

/// A build unit that holds the explained file (a `.csproj`, a Gradle module, an Xcode project).
public struct ExplainedBuildUnit: Sendable, Equatable {
    /// The file that defines the unit.
    public let file: String
    /// What kind of unit it is, in a person's words (`Gradle Android app module (Kotlin Multiplatform)`).
    public let kind: String
    /// Why it is listed: `owner` (the nearest unit that holds the file) or `project` (the
    /// project the mobile rules ask).
    public let role: String
}

/// `relops scan --explain PATH[:LINE]`: each occurrence of the scanned hosts in one file (or on
/// one line), with every rule's verdict, and the build files and units read to place the file.
public struct ScanExplanation: Sendable {
    /// The hosts searched for.
    public let hosts: [String]
    /// The file, relative to the repository root.
    public let path: String
    /// The line asked about, when one was.
    public let line: Int?
    /// The occurrences there, in file order; empty when the file (or line) holds none.
    public let occurrences: [OccurrenceExplanation]
    /// The build files the classifier read to place this file, in path order.
    public let buildFilesRead: [String]
    /// The build units that hold the file.
    public let buildUnits: [ExplainedBuildUnit]
}

extension ScanExplanation {
    /// The JSON document of `scan --explain --format json` (schema version 1), keys sorted.
    public func jsonText() throws(Failure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(ExplanationJSON(self)), as: UTF8.self)
        } catch {
            throw Failure(.couldNotCheck, "cannot write the explanation as JSON: \(error)")
        }
    }
}

/// The Encodable mirror of a `ScanExplanation`: what `--format json` writes.
struct ExplanationJSON: Encodable {
    struct Unit: Encodable {
        let file: String
        let kind: String
        let role: String
    }

    struct Trial: Encodable {
        let ruleID: String
        let phase: String
        /// `declined`, `decided` or `not-asked`.
        let verdict: String
        /// Why it declined or was not asked; nil when the rule cannot say.
        let reason: String?
        let `class`: String?
        let evidence: [String]?

        enum CodingKeys: String, CodingKey {
            case ruleID = "rule_id"
            case phase, verdict, reason, `class`, evidence
        }

        init(_ trial: RuleTrial) {
            ruleID = trial.ruleID
            phase = trial.phase
            switch trial.verdict {
            case .declined(let why): (verdict, reason, `class`, evidence) = ("declined", why, nil, nil)
            case .decided(let cls, let cited):
                (verdict, reason, `class`, evidence) = ("decided", nil, cls.rawValue, [cited])
            case .notAsked(let why): (verdict, reason, `class`, evidence) = ("not-asked", why, nil, nil)
            }
        }
    }

    struct Occurrence: Encodable {
        let host: String
        let line: Int
        let column: Int
        let `class`: String
        let ruleID: String
        let rule: String
        let products: [String]
        let text: String
        let rules: [Trial]

        enum CodingKeys: String, CodingKey {
            case host, line, column, `class`, rule, products, text, rules
            case ruleID = "rule_id"
        }
    }

    let schemaVersion = 1
    let hosts: [String]
    let path: String
    let line: Int?
    let buildFilesRead: [String]
    let buildUnits: [Unit]
    let occurrences: [Occurrence]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case hosts, path, line, occurrences
        case buildFilesRead = "build_files_read"
        case buildUnits = "build_units"
    }

    init(_ explanation: ScanExplanation) {
        hosts = explanation.hosts
        path = explanation.path
        line = explanation.line
        buildFilesRead = explanation.buildFilesRead
        buildUnits = explanation.buildUnits.map { Unit(file: $0.file, kind: $0.kind, role: $0.role) }
        occurrences = explanation.occurrences.map {
            let o = $0.occurrence
            return Occurrence(
                host: o.host, line: o.line, column: o.column, class: o.occurrenceClass.rawValue, ruleID: o.ruleID,
                rule: o.rule, products: o.products.map(\.name), text: o.text, rules: $0.trials.map(Trial.init))
        }
    }

    /// `line` is written as `null` when no line was asked, so the key is always there.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(hosts, forKey: .hosts)
        try container.encode(path, forKey: .path)
        try container.encode(line, forKey: .line)
        try container.encode(buildFilesRead, forKey: .buildFilesRead)
        try container.encode(buildUnits, forKey: .buildUnits)
        try container.encode(occurrences, forKey: .occurrences)
    }
}
