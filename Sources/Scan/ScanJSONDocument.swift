import Foundation
import RelopsCore

/// `relops scan --format json` read back by type: the parts another module acts on (the runbook's
/// `auto` counts and identity-provider URIs). Keys are checked here, beside the writer
/// (`ScanResult.jsonText`), not looked up as strings by each reader.
public struct ScanJSONDocument: Decodable, Sendable {
    /// One occurrence as the document lists it (where, the host, the line; the rest when present).
    public struct Occurrence: Decodable, Sendable {
        /// The host searched for.
        public let host: String
        /// The path relative to the repository root.
        public let path: String
        /// 1-based line.
        public let line: Int
        /// 1-based byte column.
        public let column: Int?
        /// The class's name (`binary-config`); `OccurrenceClass(rawValue:)` reads it.
        public let `class`: String?
        /// The reason: the evidence the rule cites.
        public let rule: String?
        /// The id of the rule that decided the class.
        public let ruleID: String?
        /// The line that holds it.
        public let text: String

        enum CodingKeys: String, CodingKey {
            case host, path, line, column, `class`, rule, text
            case ruleID = "rule_id"
        }

        /// The class, when the name is one relops knows.
        public var occurrenceClass: OccurrenceClass? { `class`.flatMap(OccurrenceClass.init(rawValue:)) }
    }

    /// The hosts the scan searched for.
    public let hosts: [String]
    /// Every occurrence, by file.
    public let occurrences: [Occurrence]
    /// Occurrences per class name, every class present.
    public let counts: [String: Int]
    /// Names that spell a host but are not it (`not_host`), each with its reason.
    public let notHost: [NotHost]

    /// A name that spells a host but names code or a bundle, as the document lists it.
    public struct NotHost: Decodable, Sendable, Equatable {
        /// The host searched for.
        public let host: String
        /// The whole name found.
        public let found: String
        /// The path relative to the repository root.
        public let path: String
        /// 1-based line.
        public let line: Int
        /// Why it is not the host (`declaration`, `bundle-name`, `identifier`).
        public let reason: String
    }

    enum CodingKeys: String, CodingKey {
        case hosts, occurrences, counts
        case notHost = "not_host"
    }

    /// A part the reader does not need may be missing (a runbook's stand-in scan prints only `counts`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hosts = try container.decodeIfPresent([String].self, forKey: .hosts) ?? []
        occurrences = try container.decodeIfPresent([Occurrence].self, forKey: .occurrences) ?? []
        counts = try container.decodeIfPresent([String: Int].self, forKey: .counts) ?? [:]
        notHost = try container.decodeIfPresent([NotHost].self, forKey: .notHost) ?? []
    }

    /// The document in `text`, or nil when it is not a JSON object of this shape.
    public static func read(_ text: String) -> ScanJSONDocument? {
        try? JSONDecoder().decode(ScanJSONDocument.self, from: Data(text.utf8))
    }
}
