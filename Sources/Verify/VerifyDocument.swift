import Artifact
import Association
import Foundation
import RelopsCore

/// `relops verify --format json`, read back by type: what was verified and how (the host, the
/// modes, the release binaries read, where the repository serves each document), the rounds of a
/// `--wait`, then the report (`unchecked`, `checks`, `summary`), with a schema version first.
public struct VerifyDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    /// The host verified (`app.example.com`, `app.example.com:8443`).
    public var host: String
    /// Nothing was asked of Google or Apple (`--offline`, or `--local`).
    public var offline: Bool
    /// `--local`: the rendered documents stood in for the served ones.
    public var local: Bool
    /// The host's documents were fetched (not `--local`).
    public var fetched: Bool
    /// `--tls-only`.
    public var tlsOnly: Bool
    /// The release binaries read (`--artifact`).
    public var artifacts: [ReleaseArtifactDocument]
    /// Where the repository serves each document.
    public var sources: [DocumentSource]
    /// With `--wait`: the rounds and when every check first passed.
    public var wait: Wait?
    /// The checks (of the last round, with `--wait`).
    public var report: VerifyReport

    /// A `--wait`: how many rounds ran, when every check first passed, and what each round changed.
    public struct Wait: Codable, Sendable, Equatable {
        public var rounds: Int
        /// ISO 8601, UTC; nil when the time ran out first.
        public var passedAt: String?
        public var elapsedSeconds: Int
        public var changes: [Round]

        enum CodingKeys: String, CodingKey {
            case rounds
            case passedAt = "passed_at"
            case elapsedSeconds = "elapsed_seconds"
            case changes
        }

        /// The wait that ended as `outcome`, after `rounds`.
        public init(_ outcome: WaitOutcome, rounds: [Round]) {
            self.rounds = outcome.rounds
            passedAt = outcome.passedAt.map(Verifier.iso8601)
            elapsedSeconds = Int(outcome.elapsed.rounded())
            changes = rounds
        }

        /// A missing `passed_at` is written as null.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(rounds, forKey: .rounds)
            try object.encode(passedAt, forKey: .passedAt)
            try object.encode(elapsedSeconds, forKey: .elapsedSeconds)
            try object.encode(changes, forKey: .changes)
        }
    }

    /// One round: its number, when it ended, and each check it changed.
    public struct Round: Codable, Sendable, Equatable {
        public var round: Int
        public var elapsedSeconds: Int
        public var changes: [Change]

        enum CodingKeys: String, CodingKey {
            case round
            case elapsedSeconds = "elapsed_seconds"
            case changes
        }

        /// The round as it ran.
        public init(_ round: WaitRound) {
            self.round = round.number
            elapsedSeconds = Int(round.elapsed.rounded())
            changes = round.changes.map(Change.init)
        }
    }

    /// A check that is new, gone or changed: `was` is null for a new one, `now` and `reason` for a
    /// gone one. Every key is written, null when empty.
    public struct Change: Codable, Sendable, Equatable {
        public var check: String?
        public var url: String?
        public var was: Check.Verdict?
        public var now: Check.Verdict?
        public var reason: String?

        /// The change as the wait saw it.
        public init(_ change: CheckChange) {
            let either = change.after ?? change.before
            check = either?.name
            url = either?.url
            was = change.before?.verdict
            now = change.after?.verdict
            reason = change.after?.reason
        }

        enum CodingKeys: String, CodingKey { case check, url, was, now, reason }

        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(check, forKey: .check)
            try object.encode(url, forKey: .url)
            try object.encode(was, forKey: .was)
            try object.encode(now, forKey: .now)
            try object.encode(reason, forKey: .reason)
        }
    }

    /// The document of a verification with `options` that reported `report`.
    public init(_ options: VerifyOptions, report: VerifyReport, wait: Wait? = nil) {
        host = options.host.description
        offline = options.offline || options.local
        local = options.local
        fetched = !options.local
        tlsOnly = options.tlsOnly
        artifacts = options.artifacts.map(ReleaseArtifactDocument.init)
        sources = options.documentSources
        self.wait = wait
        self.report = report
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case host, offline, local, fetched
        case tlsOnly = "tls_only"
        case artifacts, sources, wait
    }

    /// `schema_version`, the header, `wait` when there was one, then the report's own fields.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(host, forKey: .host)
        try object.encode(offline, forKey: .offline)
        try object.encode(local, forKey: .local)
        try object.encode(fetched, forKey: .fetched)
        try object.encode(tlsOnly, forKey: .tlsOnly)
        try object.encode(artifacts, forKey: .artifacts)
        try object.encode(sources, forKey: .sources)
        try object.encodeIfPresent(wait, forKey: .wait)
        try report.encode(to: encoder)
    }

    /// Reads a document of schema version 1 to `schemaVersion`; a newer one throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        host = try object.decode(String.self, forKey: .host)
        offline = try object.decode(Bool.self, forKey: .offline)
        local = try object.decode(Bool.self, forKey: .local)
        fetched = try object.decode(Bool.self, forKey: .fetched)
        tlsOnly = try object.decode(Bool.self, forKey: .tlsOnly)
        artifacts = try object.decode([ReleaseArtifactDocument].self, forKey: .artifacts)
        sources = try object.decode([DocumentSource].self, forKey: .sources)
        wait = try object.decodeIfPresent(Wait.self, forKey: .wait)
        report = try VerifyReport(from: decoder)
    }

    /// The JSON text `relops verify --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the verify report") }
}
