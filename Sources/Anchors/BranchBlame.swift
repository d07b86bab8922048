import Git

extension CodeRepository {
    /// For each line of `content` (the stored form of `path`), the commit that last wrote it as
    /// git's blame names it, nil when not committed yet: the shared first-parent walk, and where
    /// that lands a line on a merge, the walk into the merged branch (`branchCommit`).
    func blame(path: String, content: [UInt8]) throws(GitError) -> [ObjectID?] {
        var owners: [ObjectID?] = []
        for origin in try firstParentOrigins(path: path, content: content) {
            guard let origin else {
                owners.append(nil)
                continue
            }
            owners.append(
                chain[origin.index].parents.count > 1
                    ? try branchCommit(path: path, mergeIndex: origin.index, line: origin.line)
                    : chain[origin.index].id)
        }
        return owners
    }

    /// The commit that wrote line `line` (1-based) of `path` as merge `chain[index]` has it, when
    /// the first-parent walk gives the line to that merge. The walk goes into the merged branch
    /// and on through its history the way git's blame does: at each commit, to the first parent
    /// whose version of the file is the same blob, else to the first parent that has the line
    /// unchanged, so merges inside the branch (main merged in, a branch of the branch, branches
    /// merged into each other) are followed too. A line that was on the first-parent chain
    /// already (a merge that put back a line main had dropped) is followed along the chain from
    /// there. The merge itself when the merge wrote the line or the branch cannot be read.
    /// Blob diffs and trees are the shared caches; the landing point of a branch commit is noted.
    func branchCommit(path: String, mergeIndex index: Int, line: Int, depth: Int = 0) throws(GitError) -> ObjectID {
        let merge = chain[index]
        guard merge.parents.count > 1, let mergeBlob = try blob(at: path, in: merge.id) else { return merge.id }
        var step = (id: merge.id, blob: mergeBlob, line: line)
        var parents = Array(merge.parents.dropFirst())
        // A branch is short; a walk this long is not a pull request: leave the line to the merge.
        for _ in 0..<2000 {
            guard let next = try lineParent(path, step.blob, step.line, among: parents) else {
                if step.id != merge.id { landings[step.id] = index }
                return step.id
            }
            if let k = chainIndex[next.id] {
                guard depth < 8, let origin = try chainOrigin(path: path, index: k, line: next.line) else {
                    return merge.id
                }
                return chain[origin.index].parents.count > 1
                    ? try branchCommit(path: path, mergeIndex: origin.index, line: origin.line, depth: depth + 1)
                    : chain[origin.index].id
            }
            step = next
            parents = try commitParents(next.id)
        }
        return merge.id
    }

    /// The parent a line passes to, as git's blame passes it: the first parent with the same blob
    /// (the line keeps its number), else the first parent whose blob has the line unchanged; nil
    /// when no parent has it (the commit wrote it).
    private func lineParent(_ path: String, _ blob: ObjectID, _ line: Int, among parents: [ObjectID])
        throws(GitError) -> (id: ObjectID, blob: ObjectID, line: Int)?
    {
        var versions: [(id: ObjectID, blob: ObjectID)] = []
        for parent in parents {
            guard let parentBlob = try self.blob(at: path, in: parent) else { continue }
            if parentBlob == blob { return (parent, parentBlob, line) }
            versions.append((parent, parentBlob))
        }
        for version in versions {
            if let older = oldLine(forNew: line, try diff(version.blob, blob)) {
                return (version.id, version.blob, older)
            }
        }
        return nil
    }

    /// Where on the first-parent chain line `line` of `path` (as chain commit `k` has it) was
    /// written: the chain index of that commit and the line's number there. The walk goes back in
    /// growing steps, as far as the line needs.
    private func chainOrigin(path: String, index k: Int, line: Int) throws(GitError) -> (index: Int, line: Int)? {
        var depth = 64
        while true {
            let floor = max(0, k - depth)
            let points = try changePoints(path, from: floor).filter { $0.index <= k }
            var at = line
            var j = points.count - 1
            while j >= 0 {
                guard let new = points[j].blob else { return nil }
                if j == 0 { break }
                guard let old = points[j - 1].blob, let older = oldLine(forNew: at, try diff(old, new)) else {
                    return (points[j].index, at)
                }
                (at, j) = (older, j - 1)
            }
            if floor == 0 { return (0, at) }
            depth *= 4
        }
    }

    /// The parents of a commit off the chain, read once.
    private func commitParents(_ id: ObjectID) throws(GitError) -> [ObjectID] {
        if let known = branchParents[id] { return known }
        let parents = try repository.commitInfo(id).parents
        branchParents[id] = parents
        return parents
    }
}
