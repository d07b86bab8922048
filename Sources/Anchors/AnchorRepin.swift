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
                case .changed where acceptChanged && (drift.confidence ?? 0) >= minimumRepinConfidence:
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
    /// that is now right at the target gets the target as its base.
    public static func apply(
        _ documents: [RepinnedDocument], result: AnchorAuditResult, root: String,
        lock: AnchorLock
    ) throws(Failure) -> AnchorLock {
        for document in documents where document.isChanged {
            try AtomicFile.write(document.bytes, to: document.absolutePath)
        }
        var entries: [AnchorLock.Entry] = []
        for (document, audited) in zip(documents, result.documents) {
            for drift in audited.drifts {
                guard let path = drift.newPath, let start = drift.newStart, let end = drift.newEnd,
                    let target = result.targets[drift.repo]
                else { continue }
                let right = drift.status == .ok || document.rewritten.contains { $0.anchor == drift.anchor }
                if right {
                    entries.append(
                        .init(doc: document.path, repo: drift.repo, path: path, start: start, end: end, base: target))
                }
            }
        }
        var lock = lock
        lock.replace(docs: Set(documents.map(\.path)), with: entries)
        try lock.write(root: root)
        return lock
    }
}
