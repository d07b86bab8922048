import RelopsCore
import Scan

/// The plan's details in `cutover --format json` (not with `--stat`): every edit and the counts
/// before the summary; after it what is not rewritten and why, the options, the recovery notes
/// and the follow-ups. Each list item is a small `Codable` value whose fields are its keys, in order.
public struct CutoverPlanDetails: Codable, Sendable, Equatable {
    public var edits: [Edit]
    /// Occurrences per class.
    public var counts: ClassCounts
    public var binaryFiles: [String]
    public var notRewritten: [NotRewritten]
    public var related: [Related]
    public var notHost: [NotHost]
    public var includeEmail: Bool
    public var subdomains: Bool
    /// The exclusions, as given.
    public var exclude: [String]
    public var unusedExclusions: [String]
    public var familyRenames: [Rename]
    public var subdomainWarnings: [SubdomainWarning]
    public var redirectURIs: [RedirectURI]
    public var newHostAlreadyAt: [Place]
    /// Notes of interrupted cutovers this run finished.
    public var recovered: [String]
    /// A notice of an interrupted cutover, or nil.
    public var interrupted: String?
    public var followUps: [FollowUp]

    /// One edit: where, the text before and after, its class and encoding, the products carrying it.
    public struct Edit: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public var column: Int
        public var old: String
        public var new: String
        public var occurrenceClass: String
        public var encoding: String
        public var products: [String]

        enum CodingKeys: String, CodingKey {
            case path, line, column, old, new
            case occurrenceClass = "class"
            case encoding, products
        }
    }

    /// An occurrence not rewritten, why, and the kind of reason.
    public struct NotRewritten: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public var reason: String
        public var kind: CutoverSummary.LeftAloneKind
    }

    /// A related host (a subdomain, a compound word) found.
    public struct Related: Codable, Sendable, Equatable {
        public var found: String
        public var path: String
        public var line: Int
    }

    /// A name that spells the host but is not it, and why.
    public struct NotHost: Codable, Sendable, Equatable {
        public var found: String
        public var path: String
        public var line: Int
        public var reason: String
    }

    /// A `*.old` name `--subdomains` rewrote.
    public struct Rename: Codable, Sendable, Equatable {
        public var old: String
        public var new: String
    }

    /// A line where `--subdomains` leaves names of the old host.
    public struct SubdomainWarning: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public var remaining: [String]
    }

    /// An OAuth redirect URI the cutover changes.
    public struct RedirectURI: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public var old: String
        public var new: String
    }

    /// A place in the repository.
    public struct Place: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
    }

    /// What still has to happen after the rewrite.
    public struct FollowUp: Codable, Sendable, Equatable {
        public var title: String
        public var detail: String
    }

    init(_ plan: CutoverPlan, recovered: [String], interrupted: String?) {
        edits = plan.edits.map {
            Edit(
                path: $0.path, line: $0.line, column: $0.column, old: $0.oldText, new: $0.newText,
                occurrenceClass: $0.occurrenceClass.rawValue, encoding: $0.encoding.rawValue,
                products: $0.products.map(\.name))
        }
        counts = ClassCounts(plan.counts)
        binaryFiles = plan.binaryFiles
        notRewritten = plan.notRewritten.map {
            NotRewritten(path: $0.path, line: $0.line, reason: $0.reason, kind: $0.kind)
        }
        related = plan.related.map { Related(found: $0.found, path: $0.path, line: $0.line) }
        notHost = plan.notHost.map {
            NotHost(found: $0.found, path: $0.path, line: $0.line, reason: $0.reason.rawValue)
        }
        includeEmail = plan.options.includeEmail
        subdomains = plan.options.subdomains
        exclude = plan.options.exclude.map(\.text)
        unusedExclusions = plan.unusedExclusions.map(\.text)
        familyRenames = plan.familyRenames.map { Rename(old: $0.old, new: $0.new) }
        subdomainWarnings = plan.subdomainWarnings.map {
            SubdomainWarning(path: $0.path, line: $0.line, remaining: $0.remaining)
        }
        redirectURIs = plan.redirectURIs.map { RedirectURI(path: $0.path, line: $0.line, old: $0.old, new: $0.new) }
        newHostAlreadyAt = plan.newHostAlreadyAt.map { Place(path: $0.path, line: $0.line) }
        self.recovered = recovered
        self.interrupted = interrupted
        followUps = plan.followUps.map { FollowUp(title: $0.title, detail: $0.detail) }
    }

    enum CodingKeys: String, CodingKey {
        case edits, counts
        case binaryFiles = "binary_files"
        case notRewritten = "not_rewritten"
        case related
        case notHost = "not_host"
        case includeEmail = "include_email"
        case subdomains, exclude
        case unusedExclusions = "unused_exclusions"
        case familyRenames = "family_renames"
        case subdomainWarnings = "subdomain_warnings"
        case redirectURIs = "redirect_uris"
        case newHostAlreadyAt = "new_host_already_at"
        case recovered, interrupted
        case followUps = "follow_ups"
    }

    /// The fields before the summary.
    func encodeLead(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(edits, forKey: .edits)
        try object.encode(counts, forKey: .counts)
    }

    /// The fields after the summary; `interrupted` null when there is none.
    func encodeRest(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(binaryFiles, forKey: .binaryFiles)
        try object.encode(notRewritten, forKey: .notRewritten)
        try object.encode(related, forKey: .related)
        try object.encode(notHost, forKey: .notHost)
        try object.encode(includeEmail, forKey: .includeEmail)
        try object.encode(subdomains, forKey: .subdomains)
        try object.encode(exclude, forKey: .exclude)
        try object.encode(unusedExclusions, forKey: .unusedExclusions)
        try object.encode(familyRenames, forKey: .familyRenames)
        try object.encode(subdomainWarnings, forKey: .subdomainWarnings)
        try object.encode(redirectURIs, forKey: .redirectURIs)
        try object.encode(newHostAlreadyAt, forKey: .newHostAlreadyAt)
        try object.encode(recovered, forKey: .recovered)
        try object.encode(interrupted, forKey: .interrupted)
        try object.encode(followUps, forKey: .followUps)
    }

    /// The details alone, in their order (in a document they stand around its summary).
    public func encode(to encoder: any Encoder) throws {
        try encodeLead(to: encoder)
        try encodeRest(to: encoder)
    }
}
