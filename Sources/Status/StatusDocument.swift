import RelopsCore
import Runbook
import Scan
import Verify

/// `relops status --format json`, read back by type: a schema version, the verdict and what
/// disagrees first, then each host (its occurrences by class and product, the after-cutover split,
/// verify's report), then the open run. A value that is missing is `null`, never left out.
public struct StatusDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    /// `agrees` or `disagrees`.
    public var verdict: String
    /// `--local`: the hosts' documents were rendered, not fetched.
    public var local: Bool
    /// Each disagreement, one line.
    public var disagreements: [String]
    public var hosts: [Host]
    /// The run in progress, or nil.
    public var runbook: Run?

    /// One host.
    public struct Host: Codable, Sendable, Equatable {
        public var host: String
        /// The host as verified, with a port when it has one.
        public var address: String
        public var role: String
        /// Where the host was named (`.relops.yml app.web_host`, `--host`).
        public var source: String
        public var repository: Repository
        /// What verify found, or nil when it could not check (`notChecked` says why).
        public var served: VerifyReport?
        public var notChecked: String?

        enum CodingKeys: String, CodingKey {
            case host, address, role, source, repository, served
            case notChecked = "not_checked"
        }

        /// Every key written, null when missing.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(host, forKey: .host)
            try object.encode(address, forKey: .address)
            try object.encode(role, forKey: .role)
            try object.encode(source, forKey: .source)
            try object.encode(repository, forKey: .repository)
            try object.encode(served, forKey: .served)
            try object.encode(notChecked, forKey: .notChecked)
        }
    }

    /// What the repository still holds of a host.
    public struct Repository: Codable, Sendable, Equatable {
        /// All its occurrences.
        public var occurrences: Int
        /// The classes with some occurrence, in class order, each with how many.
        public var byClass: ClassCounts
        public var byProduct: [ProductCount]
        /// After an applied cutover away from the host, or nil.
        public var afterCutover: AfterCutover?

        enum CodingKeys: String, CodingKey {
            case occurrences
            case byClass = "by_class"
            case byProduct = "by_product"
            case afterCutover = "after_cutover"
        }

        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(occurrences, forKey: .occurrences)
            try object.encode(byClass, forKey: .byClass)
            try object.encode(byProduct, forKey: .byProduct)
            try object.encode(afterCutover, forKey: .afterCutover)
        }
    }

    /// A product that carries the host, and how many occurrences.
    public struct ProductCount: Codable, Sendable, Equatable {
        public var name: String
        public var kind: String
        public var file: String
        public var occurrences: Int
    }

    /// The split `AfterCutover` makes of what an applied cutover left.
    public struct AfterCutover: Codable, Sendable, Equatable {
        /// The cutover's id.
        public var cutover: String
        public var kept: Int
        public var leftOver: Int

        enum CodingKeys: String, CodingKey {
            case cutover, kept
            case leftOver = "left_over"
        }
    }

    /// The run in progress.
    public struct Run: Codable, Sendable, Equatable {
        public var run: String
        public var runbook: String
        public var rollback: Bool
        public var steps: Int
        public var lastCompleted: Step?
        public var next: Step?

        enum CodingKeys: String, CodingKey {
            case run, runbook, rollback, steps
            case lastCompleted = "last_completed"
            case next
        }

        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(run, forKey: .run)
            try object.encode(runbook, forKey: .runbook)
            try object.encode(rollback, forKey: .rollback)
            try object.encode(steps, forKey: .steps)
            try object.encode(lastCompleted, forKey: .lastCompleted)
            try object.encode(next, forKey: .next)
        }
    }

    /// A step of the run.
    public struct Step: Codable, Sendable, Equatable {
        public var number: Int
        public var title: String
        public var status: StepStatus
        public var note: String?

        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(number, forKey: .number)
            try object.encode(title, forKey: .title)
            try object.encode(status, forKey: .status)
            try object.encode(note, forKey: .note)
        }
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case verdict, local, disagreements, hosts, runbook
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(verdict, forKey: .verdict)
        try object.encode(local, forKey: .local)
        try object.encode(disagreements, forKey: .disagreements)
        try object.encode(hosts, forKey: .hosts)
        try object.encode(runbook, forKey: .runbook)
    }

    /// Reads a document of schema version 1 to `schemaVersion`; a newer one throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        verdict = try object.decode(String.self, forKey: .verdict)
        local = try object.decode(Bool.self, forKey: .local)
        disagreements = try object.decode([String].self, forKey: .disagreements)
        hosts = try object.decode([Host].self, forKey: .hosts)
        runbook = try object.decodeIfPresent(Run.self, forKey: .runbook)
    }

    /// The JSON text `relops status --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the release status") }
}

extension StatusDocument {
    /// The document of `status`.
    public init(_ status: ReleaseStatus) {
        verdict = status.agrees ? "agrees" : "disagrees"
        local = status.local
        disagreements = status.disagreements
        hosts = status.hosts.map(Host.init)
        runbook = status.run.map(Run.init)
    }
}

extension StatusDocument.Host {
    /// One host as the status found it: the classes with no occurrence are left out of `by_class`.
    public init(_ status: HostStatus) {
        host = status.found.host.name
        address = status.found.address.description
        role = status.found.role
        source = status.found.source
        repository = StatusDocument.Repository(
            occurrences: status.total, byClass: ClassCounts(status.counts.filter { $0.1 > 0 }),
            byProduct: status.products.map {
                StatusDocument.ProductCount(
                    name: $0.product.name, kind: $0.product.kind.rawValue, file: $0.product.file, occurrences: $0.count)
            },
            afterCutover: status.afterCutover.map {
                StatusDocument.AfterCutover(cutover: $0.cutover, kept: $0.kept, leftOver: $0.leftOver)
            })
        served = status.verify
        notChecked = status.verifyError
    }
}

extension StatusDocument.Run {
    /// The run in progress.
    public init(_ run: RunProgress) {
        self.run = run.runID
        runbook = run.runbook
        rollback = run.rollback
        steps = run.steps
        lastCompleted = run.lastCompleted.map(StatusDocument.Step.init)
        next = run.next.map(StatusDocument.Step.init)
    }
}

extension StatusDocument.Step {
    /// The step of `record`.
    public init(_ record: StepRecord) {
        self.init(number: record.number, title: record.title, status: record.status, note: record.note)
    }
}
