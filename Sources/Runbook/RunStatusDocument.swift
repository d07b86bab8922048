import RelopsCore

/// `relops runbook status --format json`, read back by type: a schema version, the run (id,
/// runbook, title, times, operator, outcome), then every step. A time or operator not recorded is
/// `null`, never left out.
public struct RunStatusDocument: Codable, Sendable, Equatable {
    /// The version of this layout that this relops writes, and the newest it reads.
    public static let schemaVersion = 1

    public var runID: String
    public var runbook: String
    public var title: String
    public var started: String
    public var finished: String?
    public var `operator`: String
    /// `RunReport.outcome`: `complete`, `stopped at step N`, ...
    public var outcome: String
    public var steps: [Step]

    /// One step as the run recorded it.
    public struct Step: Codable, Sendable, Equatable {
        public var number: Int
        public var id: String
        public var title: String
        public var status: StepStatus
        public var started: String?
        public var finished: String?
        public var `operator`: String?
        public var note: String?

        /// The step of `record`.
        public init(_ record: StepRecord) {
            number = record.number
            id = record.id
            title = record.title
            status = record.status
            started = record.started
            finished = record.finished
            self.operator = record.operator
            note = record.note
        }

        enum CodingKeys: String, CodingKey { case number, id, title, status, started, finished, `operator`, note }

        /// Every key written, null when not recorded.
        public func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: CodingKeys.self)
            try object.encode(number, forKey: .number)
            try object.encode(id, forKey: .id)
            try object.encode(title, forKey: .title)
            try object.encode(status, forKey: .status)
            try object.encode(started, forKey: .started)
            try object.encode(finished, forKey: .finished)
            try object.encode(self.operator, forKey: .operator)
            try object.encode(note, forKey: .note)
        }
    }

    /// The document of `state`.
    public init(_ state: RunState) {
        runID = state.runID
        runbook = state.runbook
        title = state.title
        started = state.started
        finished = state.finished
        self.operator = state.operator
        outcome = RunReport(state).outcome
        steps = state.steps.map(Step.init)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case runID = "run_id"
        case runbook, title, started, finished, `operator`, outcome, steps
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(Self.schemaVersion, forKey: .schemaVersion)
        try object.encode(runID, forKey: .runID)
        try object.encode(runbook, forKey: .runbook)
        try object.encode(title, forKey: .title)
        try object.encode(started, forKey: .started)
        try object.encode(finished, forKey: .finished)
        try object.encode(self.operator, forKey: .operator)
        try object.encode(outcome, forKey: .outcome)
        try object.encode(steps, forKey: .steps)
    }

    /// Reads a document of schema version 1 to `schemaVersion`; a newer one throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        _ = try object.schemaVersion(forKey: .schemaVersion, newest: Self.schemaVersion)
        runID = try object.decode(String.self, forKey: .runID)
        runbook = try object.decode(String.self, forKey: .runbook)
        title = try object.decode(String.self, forKey: .title)
        started = try object.decode(String.self, forKey: .started)
        finished = try object.decodeIfPresent(String.self, forKey: .finished)
        self.operator = try object.decode(String.self, forKey: .operator)
        outcome = try object.decode(String.self, forKey: .outcome)
        steps = try object.decode([Step].self, forKey: .steps)
    }

    /// The JSON text `relops runbook status --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the run's status") }
}

/// `relops runbook list --format json`, read back by type: every runbook. It carries no schema
/// version: readers take the document as an object of string lists (`{"runbooks": [{...}]}`),
/// which a number beside `runbooks` would break.
public struct RunbookListDocument: Codable, Sendable, Equatable {
    public var runbooks: [Entry]

    /// One runbook: its name, title, where it comes from (`shipped`, `repository`) and its file.
    public struct Entry: Codable, Sendable, Equatable {
        public var name: String
        public var title: String
        public var origin: String
        public var path: String
    }

    /// The document listing `entries`.
    public init(_ entries: [RunbookEntry]) {
        runbooks = entries.map { Entry(name: $0.name, title: $0.title, origin: $0.origin, path: $0.path) }
    }

    /// The JSON text `relops runbook list --format json` prints.
    public func jsonText() throws(Failure) -> String { try JSONValueEncoder().text(self, "the runbook list") }
}
