import Foundation
import RelopsCore

/// What `repin` will do to one document: its new bytes, the anchors it rewrote and those left
/// for a person.
public struct RepinnedDocument: Sendable {
    public let path: String
    public let absolutePath: String
    public let original: [UInt8]
    public let bytes: [UInt8]
    public let rewritten: [AnchorDrift]
    /// `lost`, `invalid`, `unresolved`, `changed` unless accepted (never below confidence 0.6),
    /// and bare `:N` continuations whose lines moved to another file.
    public let needsPerson: [AnchorDrift]
    public var isChanged: Bool { bytes != original }
}

extension AnchorDrift {
    /// True when the new position spans as many lines as the anchor.
    public var keepsLength: Bool {
        guard let newStart, let newEnd else { return true }
        return newEnd - newStart == anchor.end - anchor.start
    }
}

/// Rewrites drifted anchors in place and renders the revision note.
public enum AnchorRepin {
    /// Plans the re-pin of every audited document. Only `moved` and `renamed` anchors are
    /// rewritten (and `changed` ones when `acceptChanged`); no other byte changes, except the
    /// revision note when `note` is given. `label` writes a path the way a note should name it.
    public static func plan(
        _ result: AnchorAuditResult, acceptChanged: Bool, note: RevisionNote?,
        label: (String, String) -> String
    ) throws(Failure) -> [RepinnedDocument] {
        try result.documents.map { document throws(Failure) in
            var edits: [(range: Range<Int>, text: String)] = []
            var rewritten: [AnchorDrift] = []
            var needsPerson: [AnchorDrift] = []
            for drift in document.drifts {
                switch drift.status {
                case .moved where drift.newPath != drift.path && !drift.anchor.pathWritten:
                    // Lines moved to another file, cited by a bare `:N`: only a person can name the file.
                    needsPerson.append(drift)
                    continue
                case .moved, .renamed:
                    break
                case .changed
                where acceptChanged && (drift.confidence ?? 0) >= minimumRepinConfidence
                    && (drift.keepsLength || drift.editedInPlace):
                    // A range whose length the re-pin would change only moves when the diff says
                    // why (edited in place); a best match by content of another length is for a person.
                    break
                case .changed, .lost, .invalid, .unresolved:
                    needsPerson.append(drift)
                    continue
                case .ok, .historical:
                    continue
                }
                guard let newEdits = self.edits(for: drift) else { continue }
                edits += newEdits
                rewritten.append(drift)
            }
            var bytes = document.bytes
            for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
            }
            // A note records a pass that changed something; the anchors left for a person ride along.
            if let note, !rewritten.isEmpty {
                bytes = try note.append(
                    to: bytes, lineEnding: document.scan.lineEnding, rewritten: rewritten,
                    needsPerson: needsPerson, label: label, against: result.targetNames(of: rewritten))
            }
            return RepinnedDocument(
                path: document.path, absolutePath: document.absolutePath, original: document.bytes,
                bytes: bytes, rewritten: rewritten, needsPerson: needsPerson)
        }
    }

    /// The byte edits that re-pin one anchor; nil when there is no new position.
    static func edits(for drift: AnchorDrift) -> [(range: Range<Int>, text: String)]? {
        guard let newStart = drift.newStart, let newEnd = drift.newEnd else { return nil }
        let anchor = drift.anchor
        var out: [(range: Range<Int>, text: String)] = []
        if let endBytes = anchor.endBytes {
            out.append((anchor.startBytes, "\(newStart)"))
            out.append((endBytes, "\(newEnd)"))
        } else {
            out.append((anchor.startBytes, newStart == newEnd ? "\(newStart)" : "\(newStart)-\(newEnd)"))
        }
        if anchor.pathWritten, let pathBytes = anchor.pathBytes, let written = anchor.path, let old = drift.path,
            let new = drift.newPath, new != old
        {
            let path = rewrittenPath(written: written, old: old, new: new, prefix: drift.repo)
            out.append((pathBytes, path))
            if let second = anchor.endPathBytes { out.append((second, path)) }
        }
        return out
    }

    /// The new path written the way the old one was: in full (with its prefix), or as a suffix of as many segments.
    static func rewrittenPath(written: String, old: String, new: String, prefix: String) -> String {
        // Elided (`.../Dir/File.cs`, `Prefix/.../Dir/File.cs`): the elision stays as written.
        if let elided = ElidedPath(written) { return elided.rewritten(new) }
        // Written in full (with whatever prefix it carried): keep that prefix.
        if written == old { return new }
        if written.hasSuffix("/" + old) { return String(written.dropLast(old.count)) + new }
        // Written as a suffix: the same number of trailing segments of the new path.
        let count = written.split(separator: "/").count
        let fullNew = prefix.isEmpty ? new : prefix + "/" + new
        return fullNew.split(separator: "/").suffix(count).joined(separator: "/")
    }

    /// Writes each changed document atomically, then the lock: every anchor of these documents
    /// that is now right at the target gets the target as its base, and every anchor left as it
    /// stands for a person (`invalid`, `changed`, `lost`, moved by a bare `:N`) keeps the base it
    /// was judged at, so the next run judges it the same way until the document line changes: a
    /// second run on an unchanged tree writes nothing (the lock is rewritten only when it differs).
    public static func apply(
        _ documents: [RepinnedDocument], result: AnchorAuditResult, root: String,
        lock: AnchorLock
    ) throws(Failure) -> AnchorLock {
        for document in documents where document.isChanged {
            // Written where it was read, inside the repository only (a folder turned into a symlink
            // leading outside since the audit is refused).
            let relative = try AnchorAuditOptions.containedDocument(document.absolutePath, root: root)
            try RepositoryFile.write(document.bytes, to: relative, in: root)
        }
        var right: [AnchorLock.Entry] = [], judged: [AnchorLock.Entry] = []
        for (document, audited) in zip(documents, result.documents) {
            let rewritten = Set(document.rewritten.map(\.anchor.startBytes.lowerBound))
            for drift in audited.drifts {
                let isRewritten = rewritten.contains(drift.anchor.startBytes.lowerBound)
                guard
                    let entry = lockEntry(
                        drift, doc: document.path, rewritten: isRewritten, target: result.targets[drift.repo])
                else { continue }
                if drift.status == .ok || isRewritten { right.append(entry) } else { judged.append(entry) }
            }
        }
        var updated = lock
        updated.replace(docs: Set(documents.map(\.path)), with: AnchorLock.oneBasePerKey(right + judged))
        if try updated.rendered() != lock.rendered() || !AnchorLock.exists(root: root) { try updated.write(root: root) }
        return updated
    }

    /// The lock entry of one anchor after a re-pin: the target for one that is right now (its
    /// locked base when that still holds), the base it was judged at for one left for a person;
    /// nil for the rest.
    static func lockEntry(_ drift: AnchorDrift, doc: String, rewritten: Bool, target: String?) -> AnchorLock.Entry? {
        if drift.status == .ok || rewritten {
            guard let path = drift.newPath, let start = drift.newStart, let end = drift.newEnd, let target else {
                return nil
            }
            // An anchor still right at the base the lock gave it keeps that base: a commit that
            // did not touch it does not rewrite the lock.
            let kept = !rewritten && drift.baseReason == BaseReason.lock.rawValue ? drift.base : nil
            return .init(doc: doc, repo: drift.repo, path: path, start: start, end: end, base: kept ?? target)
        }
        switch drift.status {
        case .invalid, .changed, .lost, .moved:
            guard let path = drift.lockPath ?? drift.path, let base = drift.base else { return nil }
            return .init(
                doc: doc, repo: drift.repo, path: path, start: drift.anchor.start, end: drift.anchor.end, base: base)
        case .ok, .renamed, .unresolved, .historical:
            return nil
        }
    }
}
