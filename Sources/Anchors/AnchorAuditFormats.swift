import RelopsCore

// The machine-readable forms of an audit; the text and GitHub forms are the executable's.
extension AnchorAuditResult {
    /// The `--format json` document (documented in `docs/anchors.md`).
    public var document: AnchorAuditDocument { AnchorAuditDocument(self) }

    /// A SARIF 2.1.0 log with one result per anchor to look at, for code-scanning tools: the
    /// anchors of `document`, each with the sentence the text report gives it.
    public func sarif(toolVersion: String) -> JSONValue {
        let rules = AnchorStatus.allCases.filter { !$0.isAcceptable }.map { status in
            SARIFLog.Rule(id: "anchor-\(status.rawValue)", description: "ADR anchor \(status.rawValue)")
        }
        let results = zip(document.anchors, drifts).filter { !$0.0.status.isAcceptable }.map { anchor, drift in
            SARIFLog.Result(
                ruleID: "anchor-\(anchor.status.rawValue)",
                level: anchor.status == .moved || anchor.status == .renamed ? .warning : .error,
                message: "\(anchor.text) \(drift.explanation)", path: anchor.doc, line: anchor.docLine,
                column: anchor.docColumn)
        }
        return SARIFLog(toolVersion: toolVersion, rules: rules, results: results).json
    }
}
