import Git

/// The evidence that decided which file a name several files fit cites (`handler.go:40`).
enum NameEvidence: String {
    /// A full path with that name was written earlier in the section, else in the document.
    case earlierPath = "earlier-path"
    /// Exactly one candidate lies under a folder the document's own path names
    /// (`wiki/modules/iam/login.md` describes the `iam` module).
    case documentFolder = "document-folder"
    /// An identifier in a code span of the sentence exists in exactly one candidate at the base.
    case identifiers
    /// The document's other citations lie under exactly one candidate's folder
    /// (`modules/iam/routes.go:3` elsewhere in the page decides `handler.go:12` for the iam module).
    case citedFolder = "cited-folder"
    /// Exactly one candidate's cited lines at the base hold most of what the sentence names.
    case content
}

extension AnchorAudit {
    /// Decides among the files a name fits, from context, in this order: the folder the document
    /// describes (what the whole page is about); the sentence's identifiers found in exactly one
    /// candidate at the base (what this sentence says, before what the rest of the page cites);
    /// the folder the document's other citations lie under; the cited lines holding what the
    /// sentence names (a count of words, the weakest). (An earlier full path is decided by
    /// `resolve`.) Nil when no evidence singles one out.
    func decide(
        among candidates: [(repo: CodeRepository, path: String)], _ anchor: FoundAnchor, doc: String,
        context: DocumentContext, blamed: () -> BlamedLine
    ) throws(GitError) -> (repo: CodeRepository, path: String, evidence: NameEvidence)? {
        if let chosen = byDocumentFolder(candidates, doc: doc) { return (chosen.repo, chosen.path, .documentFolder) }
        let identifiers = identifierHints(anchor.hints)
        if let chosen = try byIdentifiersInFile(candidates, anchor, identifiers: identifiers, doc: doc, blamed: blamed)
        {
            return (chosen.repo, chosen.path, .identifiers)
        }
        if let chosen = byCitedFolder(candidates, context: context) { return (chosen.repo, chosen.path, .citedFolder) }
        var named = identifiers
        for word in anchor.words where !named.contains(word) { named.append(word) }
        if let chosen = try choose(among: candidates, anchor, identifiers: named, doc: doc, blamed: blamed) {
            return (chosen.repo, chosen.path, .content)
        }
        return nil
    }

    /// The one candidate under the deepest folder of the document's path that some but not all
    /// candidates lie under; nil when that folder holds several (or none of the folders tells).
    func byDocumentFolder(_ candidates: [(repo: CodeRepository, path: String)], doc: String)
        -> (repo: CodeRepository, path: String)?
    {
        let folders = doc.split(separator: "/").dropLast().map { $0.lowercased() }
        for folder in folders.reversed() {
            let under = candidates.filter { candidate in
                label(candidate.repo, candidate.path).split(separator: "/").dropLast().contains {
                    $0.lowercased() == folder
                }
            }
            if under.isEmpty || under.count == candidates.count { continue }
            return under.count == 1 ? under[0] : nil
        }
        return nil
    }

    /// The one candidate whose folder the document's other path citations lie under, each counted
    /// for the deepest candidate folder holding it; nil when they lie under several or none, or
    /// when the candidates lie in several repositories (which one a bare name reads in is its
    /// sentence's to say, and a new paragraph starts afresh). Reads the first 512 distinct paths
    /// the document names.
    func byCitedFolder(_ candidates: [(repo: CodeRepository, path: String)], context: DocumentContext)
        -> (repo: CodeRepository, path: String)?
    {
        guard let first = candidates.first, candidates.allSatisfy({ $0.repo === first.repo }) else { return nil }
        let folders = candidates.map { candidate in
            candidate.path.split(separator: "/").dropLast().map { $0 + "/" }.joined()
        }
        var cited: Int?
        for (repo, path) in citedFiles(context) where repo === first.repo {
            let holders = candidates.indices.filter { !folders[$0].isEmpty && path.hasPrefix(folders[$0]) }
            guard let deepest = holders.max(by: { folders[$0].count < folders[$1].count }) else { continue }
            if let cited, cited != deepest { return nil }
            cited = deepest
        }
        return cited.map { candidates[$0] }
    }

    /// The files the document's first 512 distinct paths (with a folder) name, resolved once per document.
    private func citedFiles(_ context: DocumentContext) -> [(repo: CodeRepository, path: String)] {
        if let known = citedFilesOfDocument, known.doc == context.doc { return known.files }
        var files: [(repo: CodeRepository, path: String)] = []
        var seen = Set<String>()
        for named in context.scan.namedFiles where named.path.contains("/") && seen.count < 512 {
            guard seen.insert(named.path).inserted, case .file(let repo, let path) = resolve(named.path) else {
                continue
            }
            files.append((repo, path))
        }
        citedFilesOfDocument = (context.doc, files)
        return files
    }

    /// The candidate that alone holds, anywhere in the file at the anchor's base, an identifier
    /// the sentence puts in backticks; nil when none does or two identifiers point apart.
    func byIdentifiersInFile(
        _ candidates: [(repo: CodeRepository, path: String)], _ anchor: FoundAnchor, identifiers: [String],
        doc: String, blamed: () -> BlamedLine
    ) throws(GitError) -> (repo: CodeRepository, path: String)? {
        guard !identifiers.isEmpty else { return nil }
        var contents: [[UInt8]?] = []
        for candidate in candidates {
            guard
                case .found(let base, _, _) = try self.base(
                    for: anchor, doc: doc, repo: candidate.repo, path: candidate.path, blamed: blamed),
                let blob = try candidate.repo.blob(at: candidate.path, in: base)
            else {
                contents.append(nil)
                continue
            }
            contents.append(try candidate.repo.repository.blobContent(blob))
        }
        var chosen: Int?
        for identifier in identifiers {
            let needle = Array(identifier.utf8)
            let holders = contents.indices.filter { contents[$0].map { containsWord(needle, in: $0) } ?? false }
            guard holders.count == 1 else { continue }
            if let chosen, chosen != holders[0] { return nil }
            chosen = holders[0]
        }
        return chosen.map { candidates[$0] }
    }
}

/// True when `needle` occurs in `haystack` as a whole word (no letter, digit or `_` on either
/// side). Compares bytes: no Foundation string search.
func containsWord(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= haystack.count else { return false }
    let n = needle.count
    return haystack.withUnsafeBufferPointer { h in
        needle.withUnsafeBufferPointer { w in
            var i = 0
            let last = h.count - n
            while i <= last {
                if h[i] == first {
                    var k = 1
                    while k < n && h[i + k] == w[k] { k += 1 }
                    if k == n {
                        let before = i == 0 ? 0x20 : h[i - 1]
                        let after = i + n == h.count ? 0x20 : h[i + n]
                        if !(isAlnum(before) || before == 0x5F) && !(isAlnum(after) || after == 0x5F) { return true }
                    }
                }
                i += 1
            }
            return false
        }
    }
}
