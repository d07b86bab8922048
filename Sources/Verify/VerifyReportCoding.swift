import RelopsCore

/// A verdict as JSON writes it (`pass`, `warn`, `fail`, `skip`).
extension Check.Verdict: Codable {}

/// One check as `--format json` lists it: `check`, `verdict`, `url` (null for a check of the
/// repository or of the inputs), `reason`, then `unreachable` only when true and `evidence` only
/// when there is some.
extension Check: Codable {
    enum CodingKeys: String, CodingKey {
        case name = "check"
        case verdict, url, reason, unreachable, evidence
    }

    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(name, forKey: .name)
        try object.encode(verdict, forKey: .verdict)
        try object.encode(url, forKey: .url)
        try object.encode(reason, forKey: .reason)
        if unreachable { try object.encode(true, forKey: .unreachable) }
        if !evidence.isEmpty { try object.encode(evidence, forKey: .evidence) }
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try object.decode(String.self, forKey: .name), try object.decode(Verdict.self, forKey: .verdict),
            url: try object.decodeIfPresent(String.self, forKey: .url), try object.decode(String.self, forKey: .reason),
            unreachable: try object.decodeIfPresent(Bool.self, forKey: .unreachable) ?? false,
            evidence: try object.decodeIfPresent([String].self, forKey: .evidence) ?? [])
    }
}

extension VerifyReport: Codable {
    /// The verdicts counted, as the report's `summary` holds them.
    public struct Summary: Codable, Sendable, Equatable {
        public var pass: Int
        public var warn: Int
        public var fail: Int
        public var skip: Int
        /// Some host could not be reached at all.
        public var unreachable: Bool
        /// How many demanded checks could not be made.
        public var unchecked: Int
        /// `--allow-unchecked` was given.
        public var allowUnchecked: Bool

        enum CodingKeys: String, CodingKey {
            case pass, warn, fail, skip, unreachable, unchecked
            case allowUnchecked = "allow_unchecked"
        }
    }

    /// The counts of `checks` and `unchecked`.
    public var summary: Summary {
        let count = { (v: Check.Verdict) in checks.filter { $0.verdict == v }.count }
        return Summary(
            pass: count(.pass), warn: count(.warn), fail: count(.fail), skip: count(.skip), unreachable: unreachable,
            unchecked: unchecked.count, allowUnchecked: allowUnchecked)
    }

    enum CodingKeys: String, CodingKey { case unchecked, checks, summary }

    /// `unchecked`, `checks`, then `summary`: the fields `verify --format json` ends with and
    /// `status --format json` gives each host as `served`.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(unchecked, forKey: .unchecked)
        try object.encode(checks, forKey: .checks)
        try object.encode(summary, forKey: .summary)
    }

    /// Reads a report back; a `summary` that does not count its `checks` and `unchecked` throws.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        self.init(checks: try object.decode([Check].self, forKey: .checks))
        unchecked = try object.decode([String].self, forKey: .unchecked)
        let summary = try object.decode(Summary.self, forKey: .summary)
        allowUnchecked = summary.allowUnchecked
        guard summary == self.summary else {
            throw DecodingError.dataCorruptedError(
                forKey: .summary, in: object, debugDescription: "the summary does not count the checks")
        }
    }
}
