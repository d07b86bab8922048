import Git
import RelopsCore

/// Where a document copied in whole came from: a repository the audit reads that held a
/// document of the same name when the copy was committed, and who wrote each of the document's
/// lines there.
struct CopySource {
    let repo: CodeRepository
    /// The commit of `repo` that wrote each line of the document as it stands (nil: not in the copy).
    let owners: [ObjectID?]
}

extension AnchorAudit {
    /// The base of a document line that blame gives to `written`, the commit that added the whole
    /// document, when the document was copied in from a repository this audit reads (ADRs written
    /// beside the code, later moved to a documentation repository): blame stops at the copy, and
    /// the code as the author saw it is older. The line is blamed again in the copy it was made
    /// from, the document of the same name in that repository at its commit current when the copy
    /// was committed, and the commit there that wrote the line gives the base (the commit itself
    /// when the anchor cites that repository, else the anchor's repository's commit current at its
    /// time). Nil when the document was not added whole there, no repository held one such
    /// document, or the line is not in it: blame's commit stands.
    func copiedBase(doc: String, line: Int, written: ObjectID, repo: CodeRepository) throws(GitError) -> BaseLookup? {
        guard let source = try copySource(doc: doc, written: written), line >= 1, line <= source.owners.count,
            let origin = source.owners[line - 1]
        else { return nil }
        if source.repo.repository === repo.repository { return .found(origin, .copied, written: nil) }
        let time = try source.repo.repository.commitInfo(origin).time
        guard let id = repo.commit(currentAt: time) else { return nil }
        return .found(id, .copied, written: nil)
    }

    /// The copy `doc` was made from, when `written` added it whole; once per document and commit.
    private func copySource(doc: String, written: ObjectID) throws(GitError) -> CopySource? {
        let key = doc + "\u{0}" + written.hex
        if let known = copySources[key] { return known }
        let found = try findCopySource(doc: doc, written: written)
        copySources[key] = .some(found)
        return found
    }

    private func findCopySource(doc: String, written: ObjectID) throws(GitError) -> CopySource? {
        guard let stored = storedDocument, stored.path == doc, let history = documentsHistory else { return nil }
        let info = try documentsRepository.commitInfo(written)
        // Added whole: the document is not in the commit's first parent.
        if let parent = info.parents.first, try history.blob(at: doc, in: parent) != nil { return nil }
        let name = lastSegment(doc)
        var seen: [ObjectIdentifier] = []
        for other in [code] + prefixed.map(\.repo) where other.repository !== documentsRepository {
            guard !seen.contains(ObjectIdentifier(other.repository)) else { continue }
            seen.append(ObjectIdentifier(other.repository))
            guard let then = other.commit(currentAt: info.time) else { continue }
            let copy: CodeRepository
            do {
                copy = try CodeRepository(
                    name: other.name, repository: other.repository, target: then, holdsDocuments: false)
            } catch {
                throw GitError(
                    kind: .failed, call: "reading \(then.short) for a copied document", message: error.message)
            }
            guard let paths = copy.filesByName[name], paths.count == 1 else { continue }
            let owners = try copy.blame(path: paths[0], content: stored.bytes)
            if owners.contains(where: { $0 != nil }) { return CopySource(repo: other, owners: owners) }
        }
        return nil
    }
}
