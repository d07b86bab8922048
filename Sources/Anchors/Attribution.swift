import Git

/// The block's way from its base to the target along the first-parent chain.
struct BlockTrace {
    /// The commits that moved, edited or removed it.
    var commits: [AnchorCommit] = []
    /// The first commit that removed it or rewrote it beyond an exact match (its index on the
    /// chain), with the path and the block's lines just before it.
    var loss: (index: Int, path: String, block: ArraySlice<String>)?
}

extension CodeRepository {
    /// The first-parent commits between the base and the target that moved, edited or removed the block.
    func attribute(path: String, start: Int, end: Int, base: ObjectID, baseBlob: ObjectID)
        throws(GitError) -> [AnchorCommit]
    {
        try trace(path: path, start: start, end: end, base: base, baseBlob: baseBlob).commits
    }

    /// Follows the block commit by commit (only commits that changed its file) and records who
    /// moved, edited or removed it, and where it was lost. Once per (path, lines, base): the
    /// status and the attribution of an anchor share one walk, and so do anchors citing the same
    /// lines.
    func trace(path: String, start: Int, end: Int, base: ObjectID, baseBlob: ObjectID)
        throws(GitError) -> BlockTrace
    {
        let key = TraceKey(path: path, start: start, end: end, base: base)
        if let known = traces[key] { return known }
        let traced = try walkBlock(path: path, start: start, end: end, base: base, baseBlob: baseBlob)
        traces[key] = traced
        return traced
    }

    private func walkBlock(path: String, start: Int, end: Int, base: ObjectID, baseBlob: ObjectID)
        throws(GitError) -> BlockTrace
    {
        var trace = BlockTrace()
        guard let landing = landingIndex(of: base) else { return trace }
        let chain = chain
        var current = (path: path, start: start, end: end, blob: baseBlob)
        func record(_ commit: CommitInfo, shift: Int?, renamedTo: String? = nil) {
            trace.commits.append(
                AnchorCommit(
                    id: commit.id.hex, subject: commit.subject,
                    pr: pullRequestNumber(subject: commit.subject, message: commit.message),
                    shift: shift, renamedTo: renamedTo))
        }
        // Walk only the commits that changed the file, from the one after the landing point.
        var points = try changePoints(current.path, from: landing).dropFirst()
        if chain[landing].id != base {
            // The base sits on a merged branch: start at the commit that merged it.
            let merged = [(index: landing, blob: try blob(at: current.path, in: chain[landing].id))]
            points = (merged + points)[...]
        }
        while let point = points.first {
            points = points.dropFirst()
            let commit = chain[point.index]
            var blob = point.blob
            var renamedTo: String?
            if blob == nil {
                let parent = point.index > 0 ? chain[point.index - 1].id : base
                if let renamed = try self.renamed(current.path, parent, commit.id) {
                    renamedTo = renamed
                    current.path = renamed
                    blob = try self.blob(at: renamed, in: commit.id)
                    points = try changePoints(renamed, from: point.index).dropFirst()
                }
            }
            guard let blob else {
                record(commit, shift: nil)
                trace.loss = (point.index, current.path, try lines(current.blob).block(current.start, current.end))
                break
            }
            if blob == current.blob {
                if renamedTo != nil { record(commit, shift: 0, renamedTo: renamedTo) }
                continue
            }
            let hunks = try diff(current.blob, blob)
            let mapped = mapRange(current.start, current.end, through: hunks)
            if mapped.intact {
                if mapped.start != current.start || renamedTo != nil {
                    record(commit, shift: mapped.start - current.start, renamedTo: renamedTo)
                }
                (current.start, current.end) = (mapped.start, mapped.end)
            } else {
                let old = try lines(current.blob).block(current.start, current.end)
                let match = findByContent(
                    old, in: try lines(blob), expected: mapped.start,
                    lengths: [old.count, mapped.end - mapped.start + 1], hints: [])
                if let match, match.kind == .exact {
                    record(commit, shift: match.start - current.start, renamedTo: renamedTo)
                } else {
                    record(commit, shift: nil, renamedTo: renamedTo)
                    if trace.loss == nil, match?.kind != .whitespace { trace.loss = (point.index, current.path, old) }
                }
                guard let match else { break }
                (current.start, current.end) = (match.start, match.end)
            }
            current.blob = blob
        }
        return trace
    }
}
