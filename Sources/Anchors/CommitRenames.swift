import Git

/// How alike two files must be for a removed one and an added one to be a rename: git's
/// default (`-M50%`).
let renameSimilarity = 0.5

/// Above this many unpaired removed or added files a commit's renames are exact ones only
/// (libgit2's and git's default rename limit is of the same size).
let renameLimit = 400

extension CodeRepository {
    /// The renames of chain commit `index` against its first parent, both ways, found once per
    /// commit for every path: among the files the commit removed and added (its changed files,
    /// already read for the shared walk), the same blob under a new path first, then the most
    /// alike pairs of the same extension at least half alike by lines.
    func renames(at index: Int) throws(GitError) -> (forward: [String: String], backward: [String: String]) {
        if let known = chainRenames[index] { return known }
        var forward: [String: String] = [:], backward: [String: String] = [:]
        defer { chainRenames[index] = (forward, backward) }
        guard index > 0 else { return (forward, backward) }
        let parent = chain[index - 1].id
        var removed: [(path: String, blob: ObjectID)] = []
        var added: [(path: String, blob: ObjectID)] = []
        for change in try changedFiles(at: index) {
            let before = try blob(at: change.path, in: parent)
            if let now = change.blob {
                if before == nil { added.append((change.path, now)) }
            } else if let before {
                removed.append((change.path, before))
            }
        }
        guard !removed.isEmpty, !added.isEmpty else { return (forward, backward) }
        func pair(_ old: String, _ new: String) {
            forward[old] = new
            backward[new] = old
        }
        // The same blob: the removed file's own name first, then in path order.
        var byBlob: [ObjectID: [String]] = [:]
        for file in added { byBlob[file.blob, default: []].append(file.path) }
        var unpaired: [(path: String, blob: ObjectID)] = []
        for file in removed {
            let paths = (byBlob[file.blob] ?? []).filter { backward[$0] == nil }
            if let same = paths.first(where: { lastSegment($0) == lastSegment(file.path) }) ?? paths.first {
                pair(file.path, same)
            } else {
                unpaired.append(file)
            }
        }
        let open = added.filter { backward[$0.path] == nil }
        guard !unpaired.isEmpty, !open.isEmpty, unpaired.count <= renameLimit, open.count <= renameLimit else {
            return (forward, backward)
        }
        var scored: [(score: Double, old: String, new: String)] = []
        for file in unpaired {
            let old = try lines(file.blob)
            var counts: [String: Int]?
            for candidate in open where sameKind(file.path, candidate.path) {
                let new = try lines(candidate.blob)
                // Two files of very different lengths cannot be half alike: no need to compare.
                guard 2 * Double(min(old.count, new.count)) >= renameSimilarity * Double(old.count + new.count) else {
                    continue
                }
                if counts == nil { counts = lineCounts(old) }
                let score = lineSimilarity(counts ?? [:], old.count, new)
                if score >= renameSimilarity { scored.append((score, file.path, candidate.path)) }
            }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : ($0.old, $0.new) < ($1.old, $1.new) }
        for entry in scored where forward[entry.old] == nil && backward[entry.new] == nil {
            pair(entry.old, entry.new)
        }
        return (forward, backward)
    }
}

/// True when two paths could be one file renamed: the same extension, or the same name.
func sameKind(_ a: String, _ b: String) -> Bool {
    let x = lastSegment(a), y = lastSegment(b)
    if x == y { return true }
    guard let dx = x.lastIndex(of: "."), let dy = y.lastIndex(of: ".") else { return false }
    return x[dx...] == y[dy...]
}

/// How many times each line occurs in a file.
func lineCounts(_ lines: BlobLines) -> [String: Int] {
    var counts: [String: Int] = [:]
    for line in lines.lines { counts[line, default: 0] += 1 }
    return counts
}

/// How alike two files are by their lines: twice the lines they share (as multisets) over the
/// lines of both, 0...1. `counts` are the first file's `lineCounts`, `count` its number of lines.
func lineSimilarity(_ counts: [String: Int], _ count: Int, _ b: BlobLines) -> Double {
    guard count + b.count > 0 else { return 1 }
    var counts = counts
    var common = 0
    for line in b.lines {
        if let n = counts[line], n > 0 {
            counts[line] = n - 1
            common += 1
        }
    }
    return 2 * Double(common) / Double(count + b.count)
}
