internal import CGit2

extension Repository {
    /// The files whose blob differs between the trees of `parent` and `commit` (every file of
    /// `commit` when `parent` is nil): each path with its new blob id, nil when removed. Walks
    /// both trees side by side and never enters a folder whose tree id is the same on both sides,
    /// so a commit that changes two files of a 5,000-file tree reads a handful of small trees
    /// (libgit2's tree diff visits every entry). No rename detection; submodules are left out.
    /// Paths come in tree order.
    public func changedBlobs(from parent: ObjectID?, to commit: ObjectID) throws(GitError) -> [(
        path: String, blob: ObjectID?
    )] {
        let newTree = try tree(ofCommit: commit)
        let oldTree = try parent.map { id throws(GitError) in try tree(ofCommit: id) }
        var out: [(path: String, blob: ObjectID?)] = []
        var prefix: [UInt8] = []
        try compareTrees(oldTree?.pointer, newTree.pointer, prefix: &prefix, into: &out)
        return out
    }

    /// Appends what changed from `old` to `new` (either may be nil: all added or all removed).
    private func compareTrees(
        _ old: OpaquePointer?, _ new: OpaquePointer?, prefix: inout [UInt8],
        into out: inout [(path: String, blob: ObjectID?)]
    ) throws(GitError) {
        let oldCount = old.map { git_tree_entrycount($0) } ?? 0
        let newCount = new.map { git_tree_entrycount($0) } ?? 0
        var i = 0, j = 0
        while i < oldCount || j < newCount {
            let a = old.flatMap { i < oldCount ? git_tree_entry_byindex($0, i) : nil }
            let b = new.flatMap { j < newCount ? git_tree_entry_byindex($0, j) : nil }
            let order: Int32
            if let a, let b { order = treeOrder(a, b) } else { order = a == nil ? 1 : -1 }
            if order == 0, let a, let b {
                i += 1
                j += 1
                if sameID(git_tree_entry_id(a), git_tree_entry_id(b))
                    && git_tree_entry_filemode(a) == git_tree_entry_filemode(b)
                {
                    continue
                }
                try visit(old: a, new: b, prefix: &prefix, into: &out)
            } else if order < 0, let a {
                i += 1
                try visit(old: a, new: nil, prefix: &prefix, into: &out)
            } else if let b {
                j += 1
                try visit(old: nil, new: b, prefix: &prefix, into: &out)
            }
        }
    }

    /// One entry name present on one side or both (with different ids): a folder on both sides
    /// is compared inside; a file is reported with its new blob, or removed.
    private func visit(
        old: OpaquePointer?, new: OpaquePointer?, prefix: inout [UInt8],
        into out: inout [(path: String, blob: ObjectID?)]
    ) throws(GitError) {
        let oldIsTree = old.map { git_tree_entry_type($0) == GIT_OBJECT_TREE } ?? false
        let newIsTree = new.map { git_tree_entry_type($0) == GIT_OBJECT_TREE } ?? false
        let oldIsFile = old.map { git_tree_entry_type($0) == GIT_OBJECT_BLOB } ?? false
        let newIsFile = new.map { git_tree_entry_type($0) == GIT_OBJECT_BLOB } ?? false
        guard let entry = old ?? new, let name = git_tree_entry_name(entry) else { return }
        let mark = prefix.count
        defer { prefix.removeSubrange(mark...) }
        appendCString(name, to: &prefix)
        if oldIsTree || newIsTree {
            let oldTree = oldIsTree ? try lookupTree(old) : nil
            defer { git_tree_free(oldTree) }
            let newTree = newIsTree ? try lookupTree(new) : nil
            defer { git_tree_free(newTree) }
            prefix.append(0x2F)
            try compareTrees(oldTree, newTree, prefix: &prefix, into: &out)
            prefix.removeLast()
            // A file replaced by a folder (or the reverse) under the same name.
            if oldIsFile { out.append((String(decoding: prefix, as: UTF8.self), nil)) }
            if newIsFile, let new {
                out.append((String(decoding: prefix, as: UTF8.self), ObjectID(git_tree_entry_id(new).pointee)))
            }
            return
        }
        if newIsFile, let new {
            out.append((String(decoding: prefix, as: UTF8.self), ObjectID(git_tree_entry_id(new).pointee)))
        } else if oldIsFile {
            out.append((String(decoding: prefix, as: UTF8.self), nil))
        }
    }

    private func lookupTree(_ entry: OpaquePointer?) throws(GitError) -> OpaquePointer? {
        guard let entry else { return nil }
        var tree: OpaquePointer?
        let repo = try pointer
        try check(git_tree_lookup(&tree, repo, git_tree_entry_id(entry)), "git_tree_lookup")
        return tree
    }
}

/// Git's order of tree entries: names compared bytewise, a folder's as if it ended in `/`.
private func treeOrder(_ a: OpaquePointer, _ b: OpaquePointer) -> Int32 {
    guard let x = git_tree_entry_name(a), let y = git_tree_entry_name(b) else { return 0 }
    let xTree = git_tree_entry_type(a) == GIT_OBJECT_TREE, yTree = git_tree_entry_type(b) == GIT_OBJECT_TREE
    var k = 0
    while true {
        var c = UInt8(bitPattern: x[k]), d = UInt8(bitPattern: y[k])
        if c == 0 && d == 0 { return xTree == yTree ? 0 : (xTree ? 1 : -1) }
        if c == 0 { c = xTree ? 0x2F : 0 }
        if d == 0 { d = yTree ? 0x2F : 0 }
        if c != d { return c < d ? -1 : 1 }
        if x[k] == 0 || y[k] == 0 { return xTree == yTree ? 0 : (xTree ? 1 : -1) }
        k += 1
    }
}

/// True when two object ids are the same 20 bytes.
private func sameID(_ a: UnsafePointer<git_oid>?, _ b: UnsafePointer<git_oid>?) -> Bool {
    guard let a, let b else { return false }
    return withUnsafeBytes(of: a.pointee.id) { x in
        withUnsafeBytes(of: b.pointee.id) { y in x.prefix(20).elementsEqual(y.prefix(20)) }
    }
}

private func appendCString(_ s: UnsafePointer<CChar>, to bytes: inout [UInt8]) {
    var k = 0
    while s[k] != 0 {
        bytes.append(UInt8(bitPattern: s[k]))
        k += 1
    }
}
