import RelopsCore

/// One value `relops init` found for a key of `.relops.yml`, with where it was read.
public struct SetupCandidate: Encodable, Sendable, Equatable {
    /// The value as it goes into `.relops.yml` (`links.example.com`, `com.example.app`).
    public let value: String
    /// Each `path:line` (with what it is) the value was read from, in file order.
    public let evidence: [String]
    /// The platforms whose build files name it (Android, iOS), for a claimed host.
    public let platforms: [Platform]

    /// A candidate as given.
    public init(value: String, evidence: [String], platforms: [Platform] = []) {
        self.value = value
        self.evidence = evidence
        self.platforms = platforms
    }

    enum CodingKeys: String, CodingKey { case value, evidence, platforms }

    /// As `init --format json` writes it: value, evidence and platforms (`android`, `ios`).
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(value, forKey: .value)
        try object.encode(evidence, forKey: .evidence)
        try object.encode(platforms.map(\.flagName), forKey: .platforms)
    }

    /// The platforms' words (`android, ios`), for text.
    public var platformNames: String { platforms.map(\.flagName).joined(separator: ", ") }
}

/// A platform the build files claim a host for, with the first place that says so.
public struct SetupPlatform: Encodable, Sendable, Equatable {
    /// The platform.
    public let platform: Platform
    /// The first `path:line` that claims a host for it.
    public let evidence: [String]

    /// The platform's word in the written file and JSON: `android`, `ios`.
    public var value: String { platform.flagName }

    /// As a candidate is written: value, evidence and no platforms.
    public func encode(to encoder: any Encoder) throws {
        try SetupCandidate(value: value, evidence: evidence).encode(to: encoder)
    }
}

/// A key of `.relops.yml` that takes one value, its candidates and which one `init` takes: the
/// only candidate, the one every platform claims, or the one a flag or the person picked. With
/// several and no reason to prefer one, `chosen` is nil and `init` must ask.
public struct SetupChoice: Encodable, Sendable, Equatable {
    /// The key: `app.web_host`, `app.android.package`, `app.association`.
    public let key: String
    /// The `relops init` flag that picks a value: `--web-host`.
    public let flag: String
    /// Every value found, the preferred first.
    public let candidates: [SetupCandidate]
    /// The value written, or nil when no candidate (or several, none preferred).
    public private(set) var chosen: String?
    /// Why `chosen` was taken: `the only one found`, `claimed by every platform`, `--web-host`.
    public private(set) var reason: String

    /// Takes the first candidate when it is the only one, or when `preferred` (it is the one every
    /// platform claims); else leaves the choice open.
    init(key: String, flag: String, candidates: [SetupCandidate], preferred: String? = nil) {
        self.key = key
        self.flag = flag
        self.candidates = candidates
        if candidates.count == 1 {
            chosen = candidates[0].value
            reason = "the only one found"
        } else if let preferred, !candidates.isEmpty {
            chosen = candidates[0].value
            reason = preferred
        } else {
            chosen = nil
            reason = candidates.isEmpty ? "none found" : "\(candidates.count) candidates: pick one with \(flag)"
        }
    }

    /// True when there are candidates but none is chosen: the person must pick.
    public var isOpen: Bool { chosen == nil && !candidates.isEmpty }

    /// Picks `value` (from a flag or the terminal). `validate` checks a value that is not among
    /// the candidates (a host name, a package name); a bad one is a usage error naming `source`.
    mutating func pick(_ value: String, source: String, validate: (String) throws(Failure) -> String)
        throws(Failure)
    {
        if let candidate = candidates.first(where: { $0.value.lowercased() == value.lowercased() }) {
            chosen = candidate.value
        } else {
            chosen = try validate(value)
        }
        reason = source
    }

    enum CodingKeys: String, CodingKey { case key, flag, chosen, reason, candidates }

    /// The choice, for `--format json`: `chosen` null when none is.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(key, forKey: .key)
        try object.encode(flag, forKey: .flag)
        try object.encode(chosen, forKey: .chosen)
        try object.encode(reason, forKey: .reason)
        try object.encode(candidates, forKey: .candidates)
    }

    /// What `init` says when it cannot ask: the key, each candidate with its evidence, the flag.
    public var openMessage: String {
        var lines = ["\(key): \(candidates.count) candidates, relops will not guess:"]
        for candidate in candidates {
            let platforms = candidate.platforms.isEmpty ? "" : " (\(candidate.platformNames))"
            lines.append("  \(candidate.value)\(platforms): \(candidate.evidence.joined(separator: "; "))")
        }
        lines.append("pick one: relops init \(flag) \(candidates[0].value)")
        return lines.joined(separator: "\n")
    }
}
