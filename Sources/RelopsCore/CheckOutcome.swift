import Foundation

/// How many checks a command ran and how many it skipped (with why), for a runbook step: a step
/// whose every check was skipped is `skipped`, not `passed`. A command that has verdicts writes it
/// to the file named by `RELOPS_CHECK_OUTCOME` when that is set (a runbook sets it for each
/// ```relops``` line); the exit code stays the verdict.
public struct CheckOutcome: Sendable, Equatable, Codable {
    /// The environment variable that names the file.
    public static let environmentName = "RELOPS_CHECK_OUTCOME"

    /// Checks that reached a verdict (pass, warn or fail).
    public var checked: Int
    /// Why each skipped check was skipped.
    public var skipped: [String]
    /// The names of the checks that reached a verdict (`apple-cdn`, `assetlinks.grant`), when the
    /// command names its checks.
    public var checkedNames: [String]
    /// The names of the skipped checks, in the order of `skipped`.
    public var skippedNames: [String]

    public init(checked: Int, skipped: [String], checkedNames: [String] = [], skippedNames: [String] = []) {
        self.checked = checked
        self.skipped = skipped
        self.checkedNames = checkedNames
        self.skippedNames = skippedNames
    }

    /// True when the command checked nothing at all and skipped something.
    public var checkedNothing: Bool { checked == 0 && !skipped.isEmpty }

    /// For a step `about` some checks (`apple-cdn`; a name also covers `apple-cdn.x`): why each of
    /// them was skipped when none of them reached a verdict and at least one was skipped; nil when
    /// one was checked, or the command named none of them.
    public func skippedReasons(about names: [String]) -> [String]? {
        func covered(_ check: String) -> Bool { names.contains { check == $0 || check.hasPrefix($0 + ".") } }
        guard !checkedNames.contains(where: covered) else { return nil }
        let reasons = zip(skippedNames, skipped).filter { covered($0.0) }.map { "\($0.0): \($0.1)" }
        return reasons.isEmpty ? nil : reasons
    }

    enum CodingKeys: String, CodingKey {
        case checked, skipped
        case checkedNames = "checked_checks"
        case skippedNames = "skipped_checks"
    }

    /// The names are optional on reading: a command that names no checks leaves them out.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        checked = try keys.decode(Int.self, forKey: .checked)
        skipped = try keys.decode([String].self, forKey: .skipped)
        checkedNames = try keys.decodeIfPresent([String].self, forKey: .checkedNames) ?? []
        skippedNames = try keys.decodeIfPresent([String].self, forKey: .skippedNames) ?? []
    }

    /// The outcome of a list of named verdicts (`skip` or any other).
    public init(_ checks: [(name: String, skipped: Bool, reason: String)]) {
        self.init(
            checked: checks.filter { !$0.skipped }.count, skipped: checks.filter(\.skipped).map(\.reason),
            checkedNames: checks.filter { !$0.skipped }.map(\.name), skippedNames: checks.filter(\.skipped).map(\.name))
    }

    /// Writes the outcome where `environment` asks for it; nothing when it does not.
    public func write(environment: [String: String]) throws(Failure) {
        guard let path = environment[Self.environmentName], !path.isEmpty else { return }
        try AtomicFile.write(Array(JSONValueEncoder().text(self, "the check outcome").utf8), to: path)
    }

    /// Reads an outcome a command wrote; nil when it wrote none. A file that is there but is no
    /// outcome (cut short, or not relops's) is an error naming the file and the field: a step is
    /// never judged as if its command had said nothing.
    public static func read(_ path: String) throws(Failure) -> CheckOutcome? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try SavedFile.read(CheckOutcome.self, at: path, what: "check outcome", field: "check outcome field")
    }
}
