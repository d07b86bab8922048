import Git
import RelopsCore

/// Below this confidence a `changed` anchor is never re-pinned, not even with `--accept-changed`.
public let minimumRepinConfidence = 0.6

extension AnchorAudit {
    /// Maps the block from its base to the target and sets the verdict (status, position, commits).
    /// Lines that a commit moved into another file are `moved` there, never a weak `changed`.
    func map(
        _ drift: inout AnchorDrift, repo: CodeRepository, path: String, base: ObjectID, baseBlob: ObjectID,
        block: ArraySlice<String>
    ) throws(GitError) {
        let anchor = drift.anchor
        var newPath = path
        var targetBlob = repo.targetTree.blobID(at: path)
        if targetBlob == nil, let renamed = try repo.followRenames(path, from: base) {
            newPath = renamed
            targetBlob = repo.targetTree.blobID(at: renamed)
        }
        func trace() throws(GitError) -> BlockTrace {
            try repo.trace(path: path, start: anchor.start, end: anchor.end, base: base, baseBlob: baseBlob)
        }
        guard let targetBlob else {
            let traced = try trace()
            if try movedToAnotherFile(&drift, repo: repo, trace: traced) { return }
            drift.verdict = .lost(path: nil, commits: traced.commits)
            drift.note = "the file is gone"
            return
        }
        let renamed = newPath != path
        var found = (start: anchor.start, end: anchor.end)
        if targetBlob != baseBlob {
            let hunks = try repo.diff(baseBlob, targetBlob)
            let mapped = mapRange(anchor.start, anchor.end, through: hunks)
            let match =
                mapped.intact
                ? nil
                : findByContent(
                    block, in: try repo.lines(targetBlob), expected: mapped.start,
                    lengths: [block.count, mapped.end - mapped.start + 1], hints: anchor.hints)
            if mapped.intact {
                found = (mapped.start, mapped.end)
            } else if let match, match.kind != .similar {
                found = (match.start, match.end)
            } else {
                let traced = try trace()
                if try movedToAnotherFile(&drift, repo: repo, trace: traced) { return }
                let edit = editedInPlace(
                    anchor.start, anchor.end, through: hunks, old: block, new: try repo.lines(targetBlob))
                drift.verdict = changedOrLost(edit: edit, match: match, path: newPath, commits: traced.commits)
                if case .lost = drift.verdict { drift.note = "the cited text is gone" }
                return
            }
        }
        let position = AnchorPosition(path: newPath, start: found.start, end: found.end)
        if !renamed && found.start == anchor.start {
            drift.verdict = .ok(position)
            return
        }
        let commits = try repo.attribute(
            path: path, start: anchor.start, end: anchor.end, base: base, baseBlob: baseBlob)
        drift.verdict = renamed ? .renamed(position, commits: commits) : .moved(position, commits: commits)
    }

    /// An edited block: `changed` where the diff rewrote it in place, else at its best match by
    /// content; `lost` when neither places it.
    private func changedOrLost(edit: InPlaceEdit?, match: ContentMatch?, path: String, commits: [AnchorCommit])
        -> AnchorVerdict
    {
        if let edit {
            return .changed(
                AnchorPosition(path: path, start: edit.start, end: edit.end),
                confidence: (edit.similarity * 0.9 * 100).rounded() / 100, editedInPlace: true, commits: commits)
        }
        if let match {
            return .changed(
                AnchorPosition(path: path, start: match.start, end: match.end), confidence: match.confidence,
                editedInPlace: false, commits: commits)
        }
        return .lost(path: path, commits: commits)
    }

    /// When the commit that removed the block added or changed a file holding the same lines
    /// (exactly, or but for whitespace), the anchor moved there: follows that file to the target.
    private func movedToAnotherFile(_ drift: inout AnchorDrift, repo: CodeRepository, trace: BlockTrace)
        throws(GitError) -> Bool
    {
        guard let loss = trace.loss, !isTrivialBlock(loss.block), loss.index > 0 else { return false }
        let commit = repo.chain[loss.index]
        let ext = loss.path.split(separator: ".").last.map(String.init) ?? ""
        let changed = try repo.changedFiles(at: loss.index).filter { $0.blob != nil && $0.path != loss.path }
        let ordered = changed.filter { $0.path.hasSuffix("." + ext) } + changed.filter { !$0.path.hasSuffix("." + ext) }
        for (path, blob) in ordered.prefix(2000) {
            guard let blob,
                let found = findByContent(
                    loss.block, in: try repo.lines(blob), expected: 1, lengths: [loss.block.count], hints: [],
                    similar: false)
            else { continue }
            guard
                let now = try follow(
                    repo: repo, path: path, blob: blob, start: found.start, end: found.end, from: commit.id)
            else { continue }
            var commits: [AnchorCommit] = []
            for c in trace.commits {
                if c.id == commit.id.hex {
                    var movedBy = c
                    movedBy.movedTo = now.path
                    commits.append(movedBy)
                    break
                }
                commits.append(c)
            }
            drift.verdict = .moved(AnchorPosition(path: now.path, start: now.start, end: now.end), commits: commits)
            drift.note = "moved to \(label(repo, now.path)) by \(commit.id.short)"
            return true
        }
        return false
    }

    /// Where lines `start...end` of `path` (blob `blob` at commit `from`) are at the target.
    private func follow(repo: CodeRepository, path: String, blob: ObjectID, start: Int, end: Int, from: ObjectID)
        throws(GitError) -> (path: String, start: Int, end: Int)?
    {
        var newPath = path
        var targetBlob = repo.targetTree.blobID(at: path)
        if targetBlob == nil, let renamed = try repo.followRenames(path, from: from) {
            newPath = renamed
            targetBlob = repo.targetTree.blobID(at: renamed)
        }
        guard let targetBlob else { return nil }
        if targetBlob == blob { return (newPath, start, end) }
        let mapped = mapRange(start, end, through: try repo.diff(blob, targetBlob))
        if mapped.intact { return (newPath, mapped.start, mapped.end) }
        let block = try repo.lines(blob).block(start, end)
        guard
            let match = findByContent(
                block, in: try repo.lines(targetBlob), expected: mapped.start, lengths: [block.count], hints: [],
                similar: false)
        else { return nil }
        return (newPath, match.start, match.end)
    }
}
