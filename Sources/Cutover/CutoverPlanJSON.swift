import RelopsCore
import Scan

// The JSON forms of a cutover's plan and summary: owned by the module whose result they are;
// the executable only prints them.

extension CutoverPlan {
    /// The `cutover --format json` document: the plan, and what the command did (`outcome` of an
    /// apply, `recovered` notes of finished interrupted cutovers, an `interrupted` notice).
    public func json(outcome: ApplyOutcome?, recovered: [String], interrupted: String?) -> JSONValue {
        let plan = self
        return
            .object([
                ("from", .string(plan.from)), ("to", .string(plan.to)), ("to_unicode", .string(plan.toUnicode)),
                ("applied", .bool(outcome != nil)), ("journal", .string(outcome?.journal.id)),
                ("branch", .string(outcome?.branch)), ("commit", .string(outcome?.commit?.hex)),
                ("hooks_not_run", .array((outcome?.hooksNotRun ?? []).map { .string($0) })),
                (
                    "edits",
                    .array(
                        plan.edits.map { e in
                            .object([
                                ("path", .string(e.path)), ("line", .int(e.line)), ("column", .int(e.column)),
                                ("old", .string(e.oldText)),
                                ("new", .string(e.newText)), ("class", .string(e.occurrenceClass.rawValue)),
                                ("encoding", .string(e.encoding.rawValue)),
                                ("products", .array(e.products.map { .string($0.name) })),
                            ])
                        })
                ),
                ("counts", .object(plan.counts.map { ($0.0.rawValue, .int($0.1)) })),
                ("summary", plan.summary.json),
                ("binary_files", .array(plan.binaryFiles.map { .string($0) })),
                (
                    "not_rewritten",
                    .array(
                        plan.notRewritten.map {
                            .object([
                                ("path", .string($0.path)), ("line", .int($0.line)),
                                ("reason", .string($0.reason)), ("kind", .string($0.kind.rawValue)),
                            ])
                        })
                ),
                (
                    "related",
                    .array(
                        plan.related.map {
                            .object([("found", .string($0.found)), ("path", .string($0.path)), ("line", .int($0.line))])
                        })
                ),
                (
                    "not_host",
                    .array(
                        plan.notHost.map {
                            .object([
                                ("found", .string($0.found)), ("path", .string($0.path)), ("line", .int($0.line)),
                                ("reason", .string($0.reason.rawValue)),
                            ])
                        })
                ),
                ("include_email", .bool(plan.options.includeEmail)), ("subdomains", .bool(plan.options.subdomains)),
                ("exclude", .array(plan.options.exclude.map { .string($0.text) })),
                ("unused_exclusions", .array(plan.unusedExclusions.map { .string($0.text) })),
                (
                    "family_renames",
                    .array(plan.familyRenames.map { .object([("old", .string($0.old)), ("new", .string($0.new))]) })
                ),
                (
                    "subdomain_warnings",
                    .array(
                        plan.subdomainWarnings.map {
                            .object([
                                ("path", .string($0.path)), ("line", .int($0.line)),
                                ("remaining", .array($0.remaining.map { .string($0) })),
                            ])
                        })
                ),
                (
                    "redirect_uris",
                    .array(
                        plan.redirectURIs.map {
                            .object([
                                ("path", .string($0.path)), ("line", .int($0.line)), ("old", .string($0.old)),
                                ("new", .string($0.new)),
                            ])
                        })
                ),
                (
                    "new_host_already_at",
                    .array(
                        plan.newHostAlreadyAt.map { .object([("path", .string($0.path)), ("line", .int($0.line))]) })
                ),
                ("recovered", .array(recovered.map { .string($0) })), ("interrupted", .string(interrupted)),
                (
                    "follow_ups",
                    .array(
                        plan.followUps.map { .object([("title", .string($0.title)), ("detail", .string($0.detail))]) })
                ),
            ])
    }

    /// `--stat --format json`: the summary, with what the command did.
    public func statJSON(outcome: ApplyOutcome?) -> JSONValue {
        let plan = self
        return .object([
            ("from", .string(plan.from)), ("to", .string(plan.to)), ("to_unicode", .string(plan.toUnicode)),
            ("applied", .bool(outcome != nil)), ("journal", .string(outcome?.journal.id)),
            ("branch", .string(outcome?.branch)), ("commit", .string(outcome?.commit?.hex)),
            ("hooks_not_run", .array((outcome?.hooksNotRun ?? []).map { .string($0) })),
            ("summary", plan.summary.json),
        ])
    }
}

extension CutoverSummary {
    /// The summary as JSON: `files`, `occurrences`, `by_<key>` per grouping (`by_class`,
    /// `by_product`: a product's `kind`, `description`, `file` and `classes`; `kind` null for the
    /// occurrences in no product), `left_alone`.
    public var json: JSONValue {
        let summary = self
        func tally(_ t: CutoverSummary.Tally) -> JSONValue {
            var fields: [(String, JSONValue)] = [
                ("name", .string(t.name)), ("occurrences", .int(t.occurrences)), ("files", .int(t.files)),
            ]
            if let product = t.product {
                fields += [
                    ("kind", .string(product.kind.rawValue)), ("description", .string(product.description)),
                    ("file", .string(product.file)),
                ]
            }
            if !t.classes.isEmpty {
                // `null` product: the occurrences that no product carries.
                if t.product == nil { fields.append(("kind", .null)) }
                fields.append(
                    (
                        "classes",
                        .object(
                            OccurrenceClass.allCases.compactMap { cls in
                                t.classes[cls].map { (cls.rawValue, JSONValue.int($0)) }
                            })
                    ))
            }
            return .object(fields)
        }
        return .object(
            [("files", .int(summary.files)), ("occurrences", .int(summary.occurrences))]
                + summary.groupings.map { ("by_\($0.key)", .array($0.tallies.map(tally))) }
                + [
                    (
                        "left_alone",
                        .array(
                            summary.leftAlone.map { entry in
                                .object([
                                    ("kind", .string(entry.kind.rawValue)),
                                    ("occurrences", entry.occurrences.map { .int($0) } ?? .null),
                                    ("files", entry.files.map { .int($0) } ?? .null),
                                    ("names", .array(entry.names.map { .string($0) })),
                                    ("reason", .string(entry.reason)),
                                ])
                            })
                    ),
                    ("new_host_already", summary.newHostAlready.map(tally) ?? .null),
                ])
    }
}
