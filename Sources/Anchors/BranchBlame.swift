import Git

extension CodeRepository {
    /// The commit that wrote line `line` (1-based) of `path` as merge `chain[index]` has it, when
    /// the first-parent walk gives the line to that merge: followed into the merged branch
    /// (its tip, then first parents) while the line is there unchanged, down to the branch commit
    /// that added it; the merge itself when the merge wrote it or the branch cannot be read.
    /// Blob diffs and trees are the shared caches, so a document costs a few small diffs per
    /// merged pull request instead of a blame of its own; the commit's landing point is noted.
    func branchCommit(path: String, mergeIndex index: Int, line: Int) throws(GitError) -> ObjectID {
        let merge = chain[index]
        guard merge.parents.count > 1, let mergeBlob = try blob(at: path, in: merge.id) else { return merge.id }
        var current = merge.parents[1]
        guard chainIndex[current] == nil, let tipBlob = try blob(at: path, in: current),
            var at = try sameLine(line, from: mergeBlob, to: tipBlob)
        else { return merge.id }
        var currentBlob = tipBlob
        // A branch is short; a walk this long is not a pull request: leave the line to the merge.
        for _ in 0..<2000 {
            guard let parent = try commitParents(current).first, chainIndex[parent] == nil,
                let parentBlob = try blob(at: path, in: parent),
                let older = try sameLine(at, from: currentBlob, to: parentBlob)
            else {
                landings[current] = index
                return current
            }
            (current, currentBlob, at) = (parent, parentBlob, older)
        }
        return merge.id
    }

    /// Where line `line` of blob `new` stands in blob `old`, when the diff leaves it unchanged.
    private func sameLine(_ line: Int, from new: ObjectID, to old: ObjectID) throws(GitError) -> Int? {
        new == old ? line : oldLine(forNew: line, try diff(old, new))
    }

    /// The parents of a commit off the chain, read once.
    private func commitParents(_ id: ObjectID) throws(GitError) -> [ObjectID] {
        if let known = branchParents[id] { return known }
        let parents = try repository.commitInfo(id).parents
        branchParents[id] = parents
        return parents
    }
}
