import Git

extension AnchorAudit {
    /// For an anchor whose cited lines at its blamed base hold nothing to cite (past the end, or
    /// only blank, brace or comment lines): the base of the older commit that wrote the anchor's
    /// own text, when blame named a later edit of its line (`written`; nil for an edit not
    /// committed yet, in `workingTree`) and the lines there hold code. The anchor was right when
    /// written and moved since; nil when it was wrong when written.
    func anchorTextBase(
        _ anchor: FoundAnchor, doc: String, repo: CodeRepository, path: String, written: ObjectID?,
        workingTree: [UInt8]
    ) throws(GitError) -> (base: ObjectID, blob: ObjectID, lines: BlobLines, written: ObjectID)? {
        let token = Array(anchor.written.utf8)
        var inTree = 0
        if written == nil {
            var from = 0
            while let at = firstOccurrence(of: token, in: workingTree, from: from) {
                inTree += 1
                from = at + token.count
            }
        }
        guard let origin = try anchorOrigin(anchor, doc: doc, written: written, atLeast: inTree), origin != written,
            case .found(let base, _, _) = try base(writtenAt: origin, repo: repo),
            let blob = try repo.blob(at: path, in: base)
        else { return nil }
        let lines = try repo.lines(blob)
        guard anchor.end <= lines.count, !isTrivialBlock(lines.block(anchor.start, anchor.end)) else { return nil }
        return (base, blob, lines, origin)
    }

    /// The commit that wrote the anchor itself. Blame names the commit that last wrote the
    /// anchor's document line; when that commit only edited the line around the anchor (another
    /// anchor on it re-pinned, a word fixed), the anchor's own text is older, and so is the code it
    /// was written against. Walks the document's first-parent versions back from `written` (nil:
    /// from HEAD's version, which must hold the text at least `atLeast` times, as often as the
    /// working tree does) while each older version holds the anchor's text as often, and returns
    /// the commit that wrote the oldest of them (into a merged branch when a merge brought it);
    /// `written` itself when the anchor is as new as its line; nil when nothing holds it.
    private func anchorOrigin(_ anchor: FoundAnchor, doc: String, written: ObjectID?, atLeast: Int)
        throws(GitError) -> ObjectID?
    {
        let token = Array(anchor.written.utf8)
        guard !token.isEmpty, let history = documentsHistory, let head = history.chain.last,
            let landing = history.landingIndex(of: written ?? head.id)
        else { return written }
        let key = doc + "\u{0}" + anchor.written + "\u{0}" + (written?.hex ?? "") + "\u{0}\(atLeast)"
        if let known = anchorOrigins[key] { return known }
        var depth = 64
        var origin = written
        while true {
            let points = try history.changePoints(doc, from: max(0, landing - depth))
            guard let current = points.lastIndex(where: { $0.index <= landing }), let blob = points[current].blob
            else { break }
            let wanted = try occurrences(of: token, in: blob, history)
            guard wanted > 0, wanted >= atLeast else { break }
            var oldest = current
            while oldest > 0, let older = points[oldest - 1].blob,
                try occurrences(of: token, in: older, history) >= wanted
            {
                oldest -= 1
            }
            if oldest == 0 && points[0].index > 0 && depth < history.chain.count {
                // The text is older than the walk so far: go further back.
                depth *= 4
                continue
            }
            if oldest < current || written == nil, let version = points[oldest].blob {
                origin = try writer(of: version, at: points[oldest].index, token: token, doc: doc, history)
            }
            break
        }
        anchorOrigins[key] = origin
        return origin
    }

    /// The commit that brought `version` of the document at chain commit `index`: that commit, or
    /// for a merge the commit of the merged branch that wrote the line holding `token`.
    private func writer(
        of version: ObjectID, at index: Int, token: [UInt8], doc: String, _ history: CodeRepository
    ) throws(GitError) -> ObjectID {
        guard history.chain[index].parents.count > 1 else { return history.chain[index].id }
        let bytes = try history.repository.blobContent(version)
        guard let at = firstOccurrence(of: token, in: bytes) else { return history.chain[index].id }
        let line = bytes[..<at].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return try history.branchCommit(path: doc, mergeIndex: index, line: line)
    }

    /// How often `token` stands in a document version as an anchor of its own, once per (blob, token).
    private func occurrences(of token: [UInt8], in blob: ObjectID, _ history: CodeRepository) throws(GitError) -> Int {
        let key = blob.hex + "\u{0}" + String(decoding: token, as: UTF8.self)
        if let known = tokenCounts[key] { return known }
        let bytes = try history.repository.blobContent(blob)
        var count = 0, from = 0
        while let at = firstOccurrence(of: token, in: bytes, from: from) {
            count += 1
            from = at + token.count
        }
        tokenCounts[key] = count
        return count
    }
}

/// The offset of the first place at or after `from` where `token` stands as an anchor of its own:
/// not the tail of a longer path or number (`:12` in `A.cs:12`), not the head of a longer one
/// (`:12` in `:123` or `:12-14`).
func firstOccurrence(of token: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
    guard let first = token.first, token.count <= bytes.count else { return nil }
    var i = from
    while i + token.count <= bytes.count {
        defer { i += 1 }
        guard bytes[i] == first, bytes[i..<(i + token.count)].elementsEqual(token) else { continue }
        if first != 0x2C && i > 0 && isPathByte(bytes[i - 1]) { continue }
        let after = i + token.count
        if after < bytes.count && (isAlnum(bytes[after]) || bytes[after] >= 0x80) { continue }
        if after + 1 < bytes.count && bytes[after] == 0x2D && isDigit(bytes[after + 1]) { continue }
        return i
    }
    return nil
}
