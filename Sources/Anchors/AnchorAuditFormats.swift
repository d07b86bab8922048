import RelopsCore

// The machine-readable forms of an audit; the text and GitHub forms are the executable's.
extension AnchorAuditResult {
    /// The `--format json` document (documented in `docs/anchors.md`).
    public var json: JSONValue {
        let anchors: [JSONValue] = drifts.map { d in
            .object([
                ("doc", .string(d.doc)), ("doc_line", .int(d.anchor.line)), ("doc_column", .int(d.anchor.column)),
                ("text", .string(d.anchor.text)), ("repo", .string(d.repo)), ("path", .string(d.path ?? d.anchor.path)),
                ("start", .int(d.anchor.start)), ("end", .int(d.anchor.end)), ("base", .string(d.base)),
                ("base_reason", .string(d.baseReason)), ("unmapped_repository", .string(d.unmappedRepository)),
                ("status", .string(d.status.rawValue)), ("new_path", .string(d.newPath)),
                ("new_start", .int(d.newStart)),
                ("new_end", .int(d.newEnd)), ("confidence", d.confidence.map { .double($0) } ?? .null),
                ("edited_in_place", .bool(d.editedInPlace)),
                (
                    "commits",
                    .array(
                        d.commits.map { c in
                            .object([
                                ("id", .string(c.id)), ("short", .string(c.short)), ("subject", .string(c.subject)),
                                ("pr", .int(c.pr)),
                                ("shift", .int(c.shift)), ("renamed_to", .string(c.renamedTo)),
                                ("moved_to", .string(c.movedTo)),
                            ])
                        })
                ),
                ("note", .string(d.note)), ("decided_by", .string(d.decidedBy)),
                ("candidates", .array(d.candidates.map { .string($0) })),
            ])
        }
        let totals = JSONValue.object(
            counts.map { ($0.0.rawValue, .int($0.1)) } + [("total", .int(drifts.count))])
        let unmapped: [JSONValue] = unmappedRepositories.map {
            .object([("repository", .string($0.name)), ("anchors", .int($0.count))])
        }
        return .object([
            ("target", .string(target)), ("anchors", .array(anchors)), ("counts", totals),
            ("unmapped", .array(unmapped)),
        ])
    }

    /// A SARIF 2.1.0 log with one result per anchor to look at, for code-scanning tools.
    public func sarif(toolVersion: String) -> JSONValue {
        let rules = AnchorStatus.allCases.filter { !$0.isAcceptable }.map { status in
            SARIFLog.Rule(id: "anchor-\(status.rawValue)", description: "ADR anchor \(status.rawValue)")
        }
        let results = drifts.filter { !$0.status.isAcceptable }.map { d in
            SARIFLog.Result(
                ruleID: "anchor-\(d.status.rawValue)",
                level: d.status == .moved || d.status == .renamed ? .warning : .error,
                message: "\(d.anchor.text) \(d.explanation)", path: d.doc, line: d.anchor.line, column: d.anchor.column)
        }
        return SARIFLog(toolVersion: toolVersion, rules: rules, results: results).json
    }
}
