import Git
import RelopsCore

/// A repository that anchors point into, opened once, with the caches an audit shares across
/// anchors: trees, blob lines, blob-to-blob diffs, renames, and one first-parent chain.
final class CodeRepository {
    /// The anchor prefix (`MMCA.ADC`), or "" for the code repository.
    let name: String
    let repository: Repository
    let target: ObjectID
    let targetTree: Tree
    /// True when the documents live in this repository too (the base is the blamed commit itself).
    let holdsDocuments: Bool

    /// The first-parent chain ending at the target, oldest first.
    let chain: [CommitInfo]
    /// Every file path at the target, by its last segment.
    let filesByName: [String: [String]]
    /// Every folder name at the target (any depth), and the names at its root.
    let folderNames: Set<String>
    let rootNames: Set<String>

    /// Opens the history and the file list at `target`. A history or tree that cannot be read
    /// is a failure naming the repository (exit 3), never an empty answer.
    init(name: String, repository: Repository, target: ObjectID, holdsDocuments: Bool) throws(Failure) {
        self.name = name
        self.repository = repository
        self.target = target
        self.holdsDocuments = holdsDocuments
        let location = repository.workingDirectory ?? repository.gitDirectory
        do {
            targetTree = try repository.tree(ofCommit: target)
        } catch {
            throw Failure(.couldNotCheck, "\(location): cannot read commit \(target.short): \(error.message)")
        }
        do {
            chain = try repository.firstParentHistory(from: target).reversed()
        } catch {
            throw Failure(.couldNotCheck, "\(location): cannot read the history of \(target.short): \(error.message)")
        }
        var byName: [String: [String]] = [:]
        var folders = Set<String>(), roots = Set<String>()
        do {
            let list = try repository.treeFiles(atCommit: target.hex)
            for i in 0..<list.count {
                let path = list.path(at: i)
                byName[lastSegment(path), default: []].append(path)
                let segments = path.split(separator: "/")
                if let first = segments.first { roots.insert(String(first)) }
                for folder in segments.dropLast() { folders.insert(String(folder)) }
            }
        } catch {
            throw Failure(.couldNotCheck, "\(location): cannot list the files of \(target.short): \(error.message)")
        }
        filesByName = byName
        folderNames = folders
        rootNames = roots
    }

    // MARK: History

    private(set) lazy var chainIndex: [ObjectID: Int] = {
        var index: [ObjectID: Int] = [:]
        for (i, c) in chain.enumerated() { index[c.id] = i }
        return index
    }()
    /// Landing points found so far, by commit (also filled by the walk of merged branches).
    var landings: [ObjectID: Int?] = [:]
    /// The parents of commits off the chain that a walk of a merged branch read.
    var branchParents: [ObjectID: [ObjectID]] = [:]

    /// The index in `chain` of the first commit that contains `commit` (itself when it is on the chain).
    func landingIndex(of commit: ObjectID) -> Int? {
        if let i = chainIndex[commit] { return i }
        if let known = landings[commit] { return known }
        var lo = 0, hi = chain.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if repository.contains(commit, in: chain[mid].id) { hi = mid } else { lo = mid + 1 }
        }
        let result: Int? = lo < chain.count ? lo : nil
        landings[commit] = result
        return result
    }

    /// The newest first-parent commit whose committer time is at or before `time`.
    func commit(currentAt time: Int64) -> ObjectID? {
        var lo = 0, hi = chain.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if chain[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? chain[lo - 1].id : nil
    }

    // MARK: Trees, blobs, diffs

    private var trees: [ObjectID: Tree] = [:]
    private var blobs: [ObjectID: BlobLines] = [:]
    private var diffs: [BlobPair: [DiffHunk]] = [:]
    private var renameMaps: [BlobPair: [String: String]] = [:]
    private var blobAt: [PathAtCommit: ObjectID?] = [:]

    var traces: [TraceKey: BlockTrace] = [:]

    struct TraceKey: Hashable {
        let path: String
        let start: Int
        let end: Int
        let base: ObjectID
    }

    struct BlobPair: Hashable {
        let old: ObjectID
        let new: ObjectID
    }

    struct PathAtCommit: Hashable {
        let commit: ObjectID
        let path: String
    }

    func tree(_ commit: ObjectID) throws(GitError) -> Tree {
        if commit == target { return targetTree }
        if let tree = trees[commit] { return tree }
        let tree = try repository.tree(ofCommit: commit)
        trees[commit] = tree
        return tree
    }

    func blob(at path: String, in commit: ObjectID) throws(GitError) -> ObjectID? {
        let key = PathAtCommit(commit: commit, path: path)
        if let known = blobAt[key] { return known }
        let id = try tree(commit).blobID(at: path)
        blobAt[key] = id
        return id
    }

    func lines(_ blob: ObjectID) throws(GitError) -> BlobLines {
        if let known = blobs[blob] { return known }
        let lines = BlobLines(try repository.blobContent(blob))
        blobs[blob] = lines
        return lines
    }

    /// The hunks from `old` to `new`, computed once per pair.
    func diff(_ old: ObjectID, _ new: ObjectID) throws(GitError) -> [DiffHunk] {
        let key = BlobPair(old: old, new: new)
        if let known = diffs[key] { return known }
        let hunks = try repository.diffBlobs(old, new)
        diffs[key] = hunks
        return hunks
    }

    /// The points along `chain` from index `floor` where the blob at `path` changes: the first
    /// entry is the blob at `floor`, each further entry a commit that changed it (nil: removed).
    func changePoints(_ path: String, from floor: Int) throws(GitError) -> [(index: Int, blob: ObjectID?)] {
        guard !chain.isEmpty else { return [] }
        let floor = min(max(0, floor), chain.count - 1)
        try index(downTo: floor)
        var out: [(index: Int, blob: ObjectID?)] = [(floor, try blob(at: path, in: chain[floor].id))]
        for point in (changeLog[path] ?? []).filter({ $0.index > floor }).sorted(by: { $0.index < $1.index })
        where point.blob != out.last!.blob {
            out.append(point)
        }
        return out
    }

    private var commitChanges: [Int: [(path: String, blob: ObjectID?)]] = [:]

    /// The files chain commit `index` added, changed or removed against its first parent, once per commit.
    func changedFiles(at index: Int) throws(GitError) -> [(path: String, blob: ObjectID?)] {
        if let known = commitChanges[index] { return known }
        let changes = try repository.changedBlobs(from: index > 0 ? chain[index - 1].id : nil, to: chain[index].id)
        commitChanges[index] = changes
        return changes
    }

    /// For every path, the chain commits (above `indexedFloor`) that changed it.
    private var changeLog: [String: [(index: Int, blob: ObjectID?)]] = [:]
    private lazy var indexedFloor = chain.count - 1

    /// Extends the shared first-parent walk down to chain index `floor`: each commit is diffed
    /// against its first parent once, tree to tree (unchanged folders are skipped), and only as far
    /// back as some anchor's base or some document line needs.
    private func index(downTo floor: Int) throws(GitError) {
        while indexedFloor > floor {
            let k = indexedFloor
            for change in try repository.changedBlobs(from: chain[k - 1].id, to: chain[k].id) {
                changeLog[change.path, default: []].append((k, change.blob))
            }
            indexedFloor -= 1
        }
    }

    /// For each line of `content` (the working-tree version of `path`), the first-parent commit
    /// that last wrote it, nil when not committed yet: a blame along the shared first-parent walk,
    /// so every document costs a few cached diffs instead of a walk of its own. The walk goes back
    /// in growing steps, only as far as the oldest line needs.
    func firstParentBlame(path: String, content: [UInt8]) throws(GitError) -> [ObjectID?] {
        try firstParentOrigins(path: path, content: content).map { $0.map { chain[$0.index].id } }
    }

    /// For each line of `content`, the chain index of the commit that last wrote it and the
    /// line's number in that commit's version of `path`; nil when not committed yet.
    func firstParentOrigins(path: String, content: [UInt8]) throws(GitError) -> [(index: Int, line: Int)?] {
        let lineCount = content.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } + (content.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
        var owners = [(index: Int, line: Int)?](repeating: nil, count: lineCount)
        guard let head = targetTree.blobID(at: path), !chain.isEmpty else { return owners }
        // Lines of the current version still to attribute: (line in the version, document line).
        var start: [(line: Int, doc: Int)]
        if try Repository.blobID(of: content) == head {
            start = (0..<lineCount).map { ($0 + 1, $0) }
        } else {
            let hunks = try repository.diffBlob(head, toBuffer: content)
            start = (0..<lineCount).compactMap { i in oldLine(forNew: i + 1, hunks).map { ($0, i) } }
        }
        var depth = 64
        while true {
            let floor = max(0, chain.count - 1 - depth)
            var found = owners
            var pending = start
            let points = try changePoints(path, from: floor)
            var k = points.count - 1
            var deeper = false
            while k >= 0 && !pending.isEmpty {
                let (index, blob) = points[k]
                guard let blob else { break }
                if k == 0 && index > 0 {
                    // Lines older than the walk so far: go further back.
                    deeper = true
                    break
                }
                guard k > 0, let previous = points[k - 1].blob else {
                    for p in pending { found[p.doc] = (index, p.line) }
                    break
                }
                let hunks = try diff(previous, blob)
                var next: [(line: Int, doc: Int)] = []
                for p in pending {
                    if let old = oldLine(forNew: p.line, hunks) {
                        next.append((old, p.doc))
                    } else {
                        found[p.doc] = (index, p.line)
                    }
                }
                pending = next
                k -= 1
            }
            if !deeper {
                owners = found
                break
            }
            depth *= 4
        }
        return owners
    }

    private var renamedPaths: [RenameKey: String?] = [:]
    private var followed: [PathAtCommit: String?] = [:]

    struct RenameKey: Hashable {
        let path: String
        let old: ObjectID
        let new: ObjectID
    }

    /// Where `path` went between two commits when it was renamed, computed once per (path, pair)
    /// and only when asked (a cited file is missing). Between a chain commit and its first parent
    /// the commit's renames are found once for every path (`renames(at:)`); between other commits
    /// by libgit2: exact renames first, then similarity among plausible candidates.
    func renamed(_ path: String, _ old: ObjectID, _ new: ObjectID) throws(GitError) -> String? {
        if let k = chainIndex[new], k > 0, chain[k - 1].id == old { return try renames(at: k).forward[path] }
        let key = RenameKey(path: path, old: old, new: new)
        if let known = renamedPaths[key] { return known }
        let found = try repository.renamedPath(path, from: old, to: new)
        renamedPaths[key] = found
        return found
    }

    var chainRenames: [Int: (forward: [String: String], backward: [String: String])] = [:]

    private var origins: [PathAtCommit: String?] = [:]

    /// The path at `base` of the file that is `path` at the target, following renames backwards
    /// along the first-parent chain (a suffix or elided name resolved at the target, for a file
    /// renamed since); nil when it did not exist at the base. Once per (path, base).
    func pathAtBase(_ path: String, base: ObjectID) throws(GitError) -> String? {
        let key = PathAtCommit(commit: base, path: path)
        if let known = origins[key] { return known }
        var found: String?
        if let landing = landingIndex(of: base) {
            var current = path
            for _ in 0..<16 {
                let points = try changePoints(current, from: landing)
                if points.first?.blob != nil {
                    found = current
                    break
                }
                guard let created = points.dropFirst().first(where: { $0.blob != nil }) else { break }
                let k = created.index
                if let old = try renames(at: k).backward[current] {
                    current = old
                } else {
                    break
                }
            }
        }
        origins[key] = found
        return found
    }

    /// Where `path` (as it was at `base`) lives at the target, following renames commit by commit
    /// along the first-parent chain (small diffs, shared by every anchor); a direct rename
    /// detection from `base` to the target when the chain cannot tell. Once per (path, base).
    func followRenames(_ path: String, from base: ObjectID) throws(GitError) -> String? {
        let key = PathAtCommit(commit: base, path: path)
        if let known = followed[key] { return known }
        var found: String?
        if let landing = landingIndex(of: base) {
            var current = path, after = landing
            while let gone = try changePoints(current, from: after).dropFirst().first(where: { $0.blob == nil }) {
                guard let next = try renamed(current, chain[gone.index - 1].id, chain[gone.index].id) else { break }
                current = next
                after = gone.index
            }
            if current != path && targetTree.blobID(at: current) != nil { found = current }
        }
        if found == nil { found = try renamed(path, base, target) }
        followed[key] = found
        return found
    }

    // MARK: Files at the target

    /// Tracked paths at the target that equal `suffix` or end with `/suffix`.
    func files(withSuffix suffix: String) -> [String] {
        (filesByName[lastSegment(suffix)] ?? []).filter { $0 == suffix || $0.hasSuffix("/" + suffix) }.sorted()
    }

    private var filesByNameAt: [ObjectID: [String: [String]]] = [:]

    /// Paths at `commit` that equal `suffix` or end with `/suffix`: for a name cited when its file
    /// had a name it no longer has. The commit's file list is read once, and only when asked.
    func files(withSuffix suffix: String, at commit: ObjectID) throws(GitError) -> [String] {
        if commit == target { return files(withSuffix: suffix) }
        if filesByNameAt[commit] == nil {
            var byName: [String: [String]] = [:]
            let list = try repository.treeFiles(atCommit: commit.hex)
            for i in 0..<list.count {
                let path = list.path(at: i)
                byName[lastSegment(path), default: []].append(path)
            }
            filesByNameAt[commit] = byName
        }
        return (filesByNameAt[commit]?[lastSegment(suffix)] ?? []).filter { $0 == suffix || $0.hasSuffix("/" + suffix) }
            .sorted()
    }
}

func lastSegment(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}

/// The pull-request number of a commit: `(#123)` in its subject, or a merge message
/// (`Merge pull request #123 from ...`).
func pullRequestNumber(subject: String, message: String) -> Int? {
    func number(after marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker, options: .backwards) else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }
    if let n = number(after: "(#", in: subject) { return n }
    if subject.hasPrefix("Merge pull request #") { return number(after: "#", in: subject) }
    if let line = message.split(separator: "\n").first(where: { $0.contains("pull request #") }) {
        return number(after: "#", in: String(line))
    }
    return nil
}

/// The old-side line of new-side line `line`, or nil when a hunk added or rewrote it.
func oldLine(forNew line: Int, _ hunks: [DiffHunk]) -> Int? {
    if case .shifted(let old) = position(of: line, through: hunks, reverse: true) { return old }
    return nil
}
