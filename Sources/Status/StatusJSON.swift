import RelopsCore
import Runbook
import Scan

extension ReleaseStatus {
    /// `relops status --format json`: the verdict and what disagrees first, then each host (its
    /// occurrences by class and product, the after-cutover split, verify's report), then the run.
    public var json: JSONValue {
        .object([
            ("verdict", .string(agrees ? "agrees" : "disagrees")), ("local", .bool(local)),
            ("disagreements", .array(disagreements.map { .string($0) })),
            ("hosts", .array(hosts.map(\.json))),
            ("runbook", run?.json ?? .null),
        ])
    }
}

extension HostStatus {
    /// One host as JSON.
    public var json: JSONValue {
        .object([
            ("host", .string(found.host.name)), ("address", .string(found.address.description)),
            ("role", .string(found.role)),
            ("source", .string(found.source)),
            (
                "repository",
                .object([
                    ("occurrences", .int(total)),
                    ("by_class", .object(counts.filter { $0.1 > 0 }.map { ($0.0.rawValue, .int($0.1)) })),
                    (
                        "by_product",
                        .array(
                            products.map {
                                .object([
                                    ("name", .string($0.product.name)), ("kind", .string($0.product.kind.rawValue)),
                                    ("file", .string($0.product.file)), ("occurrences", .int($0.count)),
                                ])
                            })
                    ),
                    (
                        "after_cutover",
                        afterCutover.map {
                            .object([
                                ("cutover", .string($0.cutover)), ("kept", .int($0.kept)),
                                ("left_over", .int($0.leftOver)),
                            ])
                        } ?? .null
                    ),
                ])
            ),
            ("served", verify?.json ?? .null), ("not_checked", .string(verifyError)),
        ])
    }
}

extension RunProgress {
    /// The run in progress as JSON.
    public var json: JSONValue {
        func step(_ record: StepRecord?) -> JSONValue {
            guard let record else { return .null }
            return .object([
                ("number", .int(record.number)), ("title", .string(record.title)),
                ("status", .string(record.status.rawValue)), ("note", .string(record.note)),
            ])
        }
        return .object([
            ("run", .string(runID)), ("runbook", .string(runbook)), ("rollback", .bool(rollback)),
            ("steps", .int(steps)), ("last_completed", step(lastCompleted)), ("next", step(next)),
        ])
    }
}
