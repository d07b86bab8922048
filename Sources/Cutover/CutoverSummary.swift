import RelopsCore
import Scan

/// What a cutover does, in the numbers a person reads before the diff: the occurrences it
/// rewrites, counted by class (and by any other grouping added later), and what it leaves alone
/// and why. Built from a plan; it writes nothing.
public struct CutoverSummary: Sendable, Equatable {
    /// Occurrences and files under one name of a grouping (`binary-literal`: 3 in 2 files).
    public struct Tally: Sendable, Equatable {
        public let name: String
        public let occurrences: Int
        public let files: Int
        /// What the name means, in a few words (a class's description); empty when the name says it.
        public let about: String
        /// The product tallied (grouping `product`); nil for the occurrences in no product and in
        /// the other groupings.
        public var product: Product? = nil
        /// The occurrences per class (grouping `product`); empty in the other groupings.
        public var classes: [OccurrenceClass: Int] = [:]
    }

    /// The rewritten occurrences counted one way (`key` "class" or "product"); each name once, most
    /// shipping first. An occurrence two products carry counts in both.
    public struct Grouping: Sendable, Equatable {
        /// What the occurrences are grouped by, one lowercase word: `class`, `product`.
        public let key: String
        public let tallies: [Tally]
    }

    /// Why something stays as it is.
    public enum LeftAloneKind: String, Sendable, CaseIterable {
        /// What `--exclude` or `cutover.exclude` keeps: the person's own choice.
        case excluded
        /// `support@old`: mailboxes stay unless `--include-email`.
        case email
        /// A tracked symlink's link text: never rewritten, never followed.
        case symlink
        /// Longer names that hold the old host (`staging.old`, `{}.old`): other hosts.
        case related
        /// Files with a NUL in their first 8000 bytes: cannot be rewritten in place.
        case binaryFile = "binary-file"
        /// Files the scan skipped with a reason (a submodule, a file deleted in the working tree).
        case skipped
        /// Files that could not be read: an apply refuses until they can.
        case unreadable
        /// Files git does not track or ignores: never scanned, never rewritten.
        case untracked
    }

    /// One kind of thing left alone: how many, where, and why.
    public struct LeftAlone: Sendable, Equatable {
        public let kind: LeftAloneKind
        /// Occurrences, or nil where only files are counted (binary, skipped, unreadable files).
        public let occurrences: Int?
        /// Files, or nil where they are not counted (untracked files are never listed).
        public let files: Int?
        /// The names involved (related hosts), sorted; empty for the other kinds.
        public let names: [String]
        /// Why, and what to pass to change it, in a sentence.
        public let reason: String
    }

    /// Files and occurrences the cutover rewrites.
    public let files: Int
    public let occurrences: Int
    /// The rewritten occurrences grouped: by class, then by product.
    public let groupings: [Grouping]
    public let leftAlone: [LeftAlone]
    /// Occurrences of the new host already in the repository (named by the new host), if any.
    public let newHostAlready: Tally?
}

extension CutoverPlan {
    /// The plan in numbers: what it rewrites by class, and what it leaves alone and why.
    public var summary: CutoverSummary {
        CutoverSummary(
            files: files.count, occurrences: edits.count, groupings: [classGrouping, productGrouping],
            leftAlone: leftAlone,
            newHostAlready: newHostAlreadyAt.isEmpty
                ? nil
                : CutoverSummary.Tally(
                    name: to, occurrences: newHostAlreadyAt.count, files: Set(newHostAlreadyAt.map(\.path)).count,
                    about: "those places stay as they are"))
    }

    private var classGrouping: CutoverSummary.Grouping {
        var occurrences: [OccurrenceClass: Int] = [:]
        var files: [OccurrenceClass: Set<String>] = [:]
        for edit in edits {
            occurrences[edit.occurrenceClass, default: 0] += 1
            files[edit.occurrenceClass, default: []].insert(edit.path)
        }
        return CutoverSummary.Grouping(
            key: "class",
            tallies: OccurrenceClass.allCases.compactMap { cls in
                occurrences[cls].map {
                    CutoverSummary.Tally(
                        name: cls.rawValue, occurrences: $0, files: files[cls]?.count ?? 0,
                        about: classDescription(cls))
                }
            })
    }

    /// Per product that carries rewritten occurrences (apps, then servers, then sites), its
    /// occurrences, files and classes; last, the occurrences that no product carries (docs,
    /// tests, build scripts, and what the build files do not place), named `in no product`.
    private var productGrouping: CutoverSummary.Grouping {
        var order: [Product] = []
        var edits: [Product?: [CutoverEdit]] = [:]
        for edit in self.edits {
            for product in edit.products.isEmpty ? [nil] : edit.products.map(Optional.some) {
                if let product, edits[product] == nil { order.append(product) }
                edits[product, default: []].append(edit)
            }
        }
        func tally(_ product: Product?) -> CutoverSummary.Tally? {
            guard let held = edits[product] else { return nil }
            var classes: [OccurrenceClass: Int] = [:]
            for edit in held { classes[edit.occurrenceClass, default: 0] += 1 }
            var tally = CutoverSummary.Tally(
                name: product?.name ?? "in no product", occurrences: held.count, files: Set(held.map(\.path)).count,
                about: product?.description ?? "ships in no product the build files show")
            tally.product = product
            tally.classes = classes
            return tally
        }
        return CutoverSummary.Grouping(
            key: "product", tallies: (order.sorted().map(tally) + [tally(nil)]).compactMap { $0 })
    }

    private var leftAlone: [CutoverSummary.LeftAlone] {
        typealias Entry = CutoverSummary.LeftAlone
        var entries: [Entry] = []
        let kept: [(CutoverSummary.LeftAloneKind, String)] = [
            (
                .excluded,
                "your entries (" + options.exclude.map(\.text).joined(separator: ", ")
                    + "): never rewritten; the after-cutover scan counts them as kept"
            ),
            (.email, "a cutover leaves mailboxes alone (pass --include-email to rewrite them)"),
            (.symlink, "a symlink's link text is not rewritten and its target is never followed"),
        ]
        for (kind, reason) in kept {
            let held = notRewritten.filter { $0.kind == kind }
            guard !held.isEmpty else { continue }
            entries.append(
                Entry(
                    kind: kind, occurrences: held.count, files: Set(held.map(\.path)).count, names: [], reason: reason))
        }
        if !related.isEmpty {
            let names = Set(related.map(\.found)).sorted()
            let family = !options.subdomains && names.contains { $0.lowercased().hasSuffix("." + from) }
            entries.append(
                Entry(
                    kind: .related, occurrences: related.count, files: Set(related.map(\.path)).count, names: names,
                    reason: "other hosts, or names a template builds, that hold \(from): never rewritten"
                        + (family ? " (pass --subdomains to rewrite the *.\(from) ones)" : "")))
        }
        if !binaryFiles.isEmpty {
            entries.append(
                Entry(
                    kind: .binaryFile, occurrences: nil, files: binaryFiles.count, names: [],
                    reason: "they hold \(from) but cannot be rewritten in place: regenerate them"))
        }
        for (message, problems) in Dictionary(grouping: skipped.filter { !$0.isUndecodable }, by: \.message)
            .sorted(by: { $0.key < $1.key })
        {
            entries.append(
                Entry(kind: .skipped, occurrences: nil, files: problems.count, names: [], reason: message))
        }
        let undecodable = skipped.filter(\.isUndecodable)
        if !undecodable.isEmpty {
            // Named: each may hold the host, and nothing else says where it still is.
            entries.append(
                Entry(
                    kind: .skipped, occurrences: nil, files: undecodable.count, names: undecodable.map(\.path),
                    reason: "not scanned: encoding (a UTF-16 or UTF-32 byte order mark, but not text in it): "
                        + "they may hold \(from); fix or rewrite them by hand"))
        }
        if !unreadable.isEmpty {
            entries.append(
                Entry(
                    kind: .unreadable, occurrences: nil, files: unreadable.count, names: [],
                    reason: "could not be read: an apply refuses until they can"))
        }
        entries.append(
            Entry(
                kind: .untracked, occurrences: nil, files: nil, names: [],
                reason: "never scanned, never rewritten"))
        return entries
    }
}
