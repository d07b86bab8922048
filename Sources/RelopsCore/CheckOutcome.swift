import Foundation

/// How many checks a command ran and how many it skipped (with why), for a runbook step: a step
/// whose every check was skipped is `skipped`, not `passed`. A command that has verdicts writes it
/// to the file named by `RELOPS_CHECK_OUTCOME` when that is set (a runbook sets it for each
/// ```relops``` line); the exit code stays the verdict.
public struct CheckOutcome: Sendable, Equatable {
    /// The environment variable that names the file.
    public static let environmentName = "RELOPS_CHECK_OUTCOME"

    /// Checks that reached a verdict (pass, warn or fail).
    public var checked: Int
    /// Why each skipped check was skipped.
    public var skipped: [String]

    public init(checked: Int, skipped: [String]) {
        self.checked = checked
        self.skipped = skipped
    }

    /// True when the command checked nothing at all and skipped something.
    public var checkedNothing: Bool { checked == 0 && !skipped.isEmpty }

    public var json: JSONValue {
        .object([("checked", .int(checked)), ("skipped", .array(skipped.map { .string($0) }))])
    }

    /// Writes the outcome where `environment` asks for it; nothing when it does not.
    public func write(environment: [String: String]) throws(Failure) {
        guard let path = environment[Self.environmentName], !path.isEmpty else { return }
        try AtomicFile.write(Array(json.rendered().utf8), to: path)
    }

    /// Reads an outcome a command wrote; nil when it wrote none or it is not one.
    public static func read(_ path: String) -> CheckOutcome? {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let checked = (object["checked"] as? NSNumber)?.intValue,
            let skipped = object["skipped"] as? [String]
        else { return nil }
        return CheckOutcome(checked: checked, skipped: skipped)
    }
}
