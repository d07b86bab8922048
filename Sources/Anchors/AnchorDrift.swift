import RelopsCore

/// Where an anchor stands at the target revision.
public enum AnchorStatus: String, Sendable, CaseIterable {
    /// Same path, same lines, same text.
    case ok
    /// Same text at other lines.
    case moved
    /// The file moved (and perhaps the lines); the text is the same.
    case renamed
    /// The text was edited; `newStart` is the best position by content, with a confidence.
    case changed
    /// The text or the file is gone.
    case lost
    /// Wrong already at its base: past the end of the file, or only blank, brace or comment lines.
    case invalid
    /// No such file, or a suffix that names more than one.
    case unresolved
    /// Cites a superseded position on purpose; never changed.
    case historical

    /// True for the statuses an audit accepts without a person looking.
    public var isAcceptable: Bool { self == .ok || self == .historical }
}

/// A first-parent commit that moved or changed an anchored block.
public struct AnchorCommit: Sendable, Equatable {
    /// The full commit id.
    public let id: String
    public let subject: String
    /// The pull-request number from `(#123)` in the subject or a merge message, if any.
    public let pr: Int?
    /// How many lines the block moved in this commit (positive is down); nil when it edited or removed the block.
    public let shift: Int?
    /// The block's path after this commit, when the commit renamed the file.
    public let renamedTo: String?
    /// The file the block moved to in this commit, when the commit moved the lines to another file.
    public var movedTo: String? = nil

    public var short: String { String(id.prefix(7)) }
}

/// The audit of one anchor: where it was written, what it cites, the base it was read at, and
/// the verdict (its status with that status's own data).
public struct AnchorDrift: Sendable {
    /// The document, relative to its repository root.
    public let doc: String
    public let anchor: FoundAnchor
    /// The repository prefix the path carried (`MMCA.ADC`), or "" for the code repository.
    public var repo: String = ""
    /// The path inside that repository (resolved from a suffix or a continuation), or as cited when unresolved.
    public var path: String?
    /// The commit at which the anchor was last known right.
    public var base: String?
    /// Why that commit: `lock`, `blame`, `uncommitted` or `identifiers`.
    public var baseReason: String?
    /// For a name several files fit, the evidence that decided which one (`earlier-path`,
    /// `document-folder`, `identifiers`, `cited-folder`, `content`; several joined by `+` when no
    /// rule decided alone and together they leave one); nil when the name fits one file or none decided.
    public var decidedBy: String?
    /// What the audit concluded, with the data of that conclusion.
    public var verdict: AnchorVerdict = .unresolved(candidates: [], unmappedRepository: nil)
    /// Why, in a few words: the candidates of an ambiguous suffix, the files a continuation would fit.
    public var note: String?
    /// The path the anchor's lock entry is keyed by: the file as resolved at the target, before
    /// it was followed back to its name at the base.
    var lockPath: String?

    public init(doc: String, anchor: FoundAnchor) {
        self.doc = doc
        self.anchor = anchor
    }

    /// The verdict's status.
    public var status: AnchorStatus { verdict.status }
    /// The file at the target: of the new position, or of a `lost` anchor whose file is still there.
    public var newPath: String? {
        if case .lost(let path, _) = verdict { return path }
        return verdict.position?.path
    }
    /// The first and last line at the target, for the verdicts with a position.
    public var newStart: Int? { verdict.position?.start }
    public var newEnd: Int? { verdict.position?.end }
    /// For `changed`: how sure the proposed position is, 0...1.
    public var confidence: Double? {
        if case .changed(_, let confidence, _, _) = verdict { return confidence }
        return nil
    }
    /// For `changed`: the diff rewrote the cited lines one for one where they stand (a host
    /// rewritten, a value changed), so the position comes from the diff, not a content search.
    public var editedInPlace: Bool {
        if case .changed(_, _, let inPlace, _) = verdict { return inPlace }
        return false
    }
    /// The first-parent commits that moved, edited, renamed or removed the cited lines.
    public var commits: [AnchorCommit] { verdict.commits }
    /// Candidate paths for `unresolved` (ambiguous) and `invalid` continuations.
    public var candidates: [String] { verdict.candidates }
    /// For `unresolved` (and `historical`): the repository the path names that no `--repo` or
    /// `anchors.repos` maps.
    public var unmappedRepository: String? { verdict.unmappedRepository }
}

/// The audit of every anchor in a set of documents.
public struct AnchorAuditResult: Sendable {
    public struct Document: Sendable {
        /// Relative to the documents' repository root.
        public let path: String
        public let absolutePath: String
        public let bytes: [UInt8]
        public let scan: AnchorScan
        /// One per anchor of `scan.anchors`, in the same order.
        public var drifts: [AnchorDrift]
    }

    public var documents: [Document]
    /// The target commit of the code repository (unprefixed anchors).
    public let target: String
    /// The target commit of every repository, by prefix ("" for the code repository).
    public let targets: [String: String]
    /// The code repository's folder name, for naming the target (`Shared@0b19b56`); "" when the
    /// documents live in it.
    public var codeName: String = ""

    public init(documents: [Document], target: String, targets: [String: String], codeName: String = "") {
        self.documents = documents
        self.target = target
        self.targets = targets
        self.codeName = codeName
    }

    /// The repositories these anchors point into, named with their targets: `Shared@0b19b56`.
    public func targetNames(of drifts: [AnchorDrift]) -> [String] {
        var out: [String] = []
        for drift in drifts {
            let short = String((targets[drift.repo] ?? "").prefix(7))
            let repo = drift.repo.isEmpty ? codeName : drift.repo
            let name = repo.isEmpty ? short : repo + "@" + short
            if !out.contains(name) { out.append(name) }
        }
        return out
    }

    /// Unresolved anchors into repositories nobody mapped, counted per repository, by name.
    public var unmappedRepositories: [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for drift in drifts { if let name = drift.unmappedRepository { counts[name, default: 0] += 1 } }
        return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public var drifts: [AnchorDrift] { documents.flatMap(\.drifts) }

    /// How many anchors have each status, every status listed.
    public var counts: [(AnchorStatus, Int)] {
        let all = drifts
        return AnchorStatus.allCases.map { status in (status, all.filter { $0.status == status }.count) }
    }

    /// True when every anchor is `ok` or `historical`.
    public var allAcceptable: Bool { drifts.allSatisfy { $0.status.isAcceptable } }
}

extension AnchorDrift {
    /// The new position as a person reads it: `:181`, `Src/New.cs:12-14`.
    public var newPosition: String? {
        guard let newStart, let newEnd else { return nil }
        let lines = newStart == newEnd ? "\(newStart)" : "\(newStart)-\(newEnd)"
        if let newPath, newPath != path { return "\(repo.isEmpty ? newPath : repo + "/" + newPath):\(lines)" }
        return ":\(lines)"
    }

    /// How the diff changed the cited range's length (`; 8 lines became 10`), "" when it did not.
    var lengthChange: String {
        guard let newStart, let newEnd, newEnd - newStart != anchor.end - anchor.start else { return "" }
        let old = anchor.end - anchor.start + 1, new = newEnd - newStart + 1
        return "; \(old) line\(old == 1 ? "" : "s") became \(new)"
    }

    /// One line saying what happened to the anchor and what to do, for reports and annotations.
    public var explanation: String {
        var out: String
        switch status {
        case .ok: out = "ok"
        case .historical: out = "historical (cites a superseded position on purpose)"
        case .moved, .renamed: out = "\(status.rawValue) to \(newPosition ?? "?")"
        case .changed:
            out =
                editedInPlace
                ? "changed: edited in place (the diff rewrites the cited lines where they stand\(lengthChange)), now \(newPosition ?? "?")"
                : "changed; best match by content \(newPosition ?? "?")"
            if let confidence { out += " (confidence \(String(format: "%.2f", confidence)))" }
        case .lost, .invalid, .unresolved:
            out = status.rawValue + (note.map { ": \($0)" } ?? "")
            if status == .unresolved && !candidates.isEmpty {
                out += " (" + candidates.map { "`\($0)`" }.joined(separator: ", ") + ")"
            }
        }
        if !commits.isEmpty {
            out +=
                "; "
                + commits.map { c in
                    var s = c.short + (c.pr.map { " (PR #\($0))" } ?? "")
                    if let renamed = c.renamedTo { s += " renamed to \(renamed)" }
                    if let moved = c.movedTo { s += " moved the lines to \(moved)" }
                    if let shift = c.shift, shift != 0 {
                        s += " \(shift > 0 ? "+" : "")\(shift)"
                    } else if c.shift == nil && c.movedTo == nil {
                        s += " edited"
                    }
                    return s
                }.joined(separator: ", ")
        }
        return out
    }
}
