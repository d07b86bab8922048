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

/// What decided among the files a name fits: the rule that singled one out, or the rules whose
/// candidates, taken together, leave one (`identifiers+cited-folder`).
struct NameDecision {
    let repo: CodeRepository
    let path: String
    /// The rules that narrowed the candidates, in the order they stand; one when a rule decided alone.
    let evidence: [NameEvidence]

    /// The id the JSON's `decided_by` shows: the rules' ids joined by `+`.
    var id: String { evidence.map(\.rawValue).joined(separator: "+") }
}

extension AnchorAudit {
    /// Decides among the files a name fits, from context. First the rules one by one, in this
    /// order: the folder the document describes (what the whole page is about); the sentence's
    /// identifiers found in exactly one candidate at the base (what this sentence says, before
    /// what the rest of the page cites); the folder the document's other citations lie under; the
    /// cited lines holding what the sentence names (a count of words, the weakest). When none
    /// singles one out alone, the candidates each rule keeps are intersected (an identifier two of
    /// five files hold, and a folder the page cites that holds one of those two), and the cited
    /// lines decide among what is left. (An earlier full path is decided by `resolve`.) Nil when
    /// no evidence singles one out.
    func decide(
        among candidates: [(repo: CodeRepository, path: String)], _ anchor: FoundAnchor, doc: String,
        context: DocumentContext, blamed: () -> BlamedLine
    ) throws(GitError) -> NameDecision? {
        let identifiers = identifierHints(anchor.hints)
        let kept: [(NameEvidence, Set<Int>?)] = [
            (.documentFolder, byDocumentFolder(candidates, doc: doc)),
            (
                .identifiers,
                try byIdentifiersInFile(candidates, anchor, identifiers: identifiers, doc: doc, blamed: blamed)
            ),
            (.citedFolder, byCitedFolder(candidates, context: context)),
        ]
        for (evidence, set) in kept {
            if let set, set.count == 1, let one = set.first {
                return NameDecision(repo: candidates[one].repo, path: candidates[one].path, evidence: [evidence])
            }
        }
        var remaining = Set(candidates.indices)
        var narrowing: [NameEvidence] = []
        for case (let evidence, let set?) in kept where set.count < candidates.count {
            let both = remaining.intersection(set)
            // Rules that point apart decide nothing between them: the earlier one stands.
            guard !both.isEmpty, both.count < remaining.count else { continue }
            remaining = both
            narrowing.append(evidence)
        }
        let left = remaining.sorted().map { candidates[$0] }
        if left.count == 1 { return NameDecision(repo: left[0].repo, path: left[0].path, evidence: narrowing) }
        var named = identifiers
        for word in anchor.words where !named.contains(word) { named.append(word) }
        if let chosen = try choose(among: left, anchor, identifiers: named, doc: doc, blamed: blamed) {
            return NameDecision(repo: chosen.repo, path: chosen.path, evidence: narrowing + [.content])
        }
        return nil
    }

    /// The candidates under the deepest folder of the document's path that some but not all
    /// candidates lie under; nil when none of the folders tells.
    func byDocumentFolder(_ candidates: [(repo: CodeRepository, path: String)], doc: String) -> Set<Int>? {
        let folders = doc.split(separator: "/").dropLast().map { $0.lowercased() }
        for folder in folders.reversed() {
            let under = candidates.indices.filter { index in
                label(candidates[index].repo, candidates[index].path).split(separator: "/").dropLast().contains {
                    $0.lowercased() == folder
                }
            }
            if under.isEmpty || under.count == candidates.count { continue }
            return Set(under)
        }
        return nil
    }

    /// The candidates whose folders the document's other path citations lie under, each citation
    /// counted for the deepest candidate folder holding it; nil when they lie under none, or
    /// when the candidates lie in several repositories (which one a bare name reads in is its
    /// sentence's to say, and a new paragraph starts afresh). Reads the first 512 distinct paths
    /// the document names.
    func byCitedFolder(_ candidates: [(repo: CodeRepository, path: String)], context: DocumentContext) -> Set<Int>? {
        guard let first = candidates.first, candidates.allSatisfy({ $0.repo === first.repo }) else { return nil }
        let folders = candidates.map { candidate in
            candidate.path.split(separator: "/").dropLast().map { $0 + "/" }.joined()
        }
        var cited = Set<Int>()
        for (repo, path) in citedFiles(context) where repo === first.repo {
            let holders = candidates.indices.filter { !folders[$0].isEmpty && path.hasPrefix(folders[$0]) }
            guard let deepest = holders.max(by: { folders[$0].count < folders[$1].count }) else { continue }
            cited.insert(deepest)
        }
        return cited.isEmpty ? nil : cited
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
    /// the sentence puts in backticks; else the candidates that hold every identifier some but not
    /// all of them hold. Nil when no identifier tells, or two identifiers that one candidate alone
    /// holds point apart, or the shared ones leave none.
    func byIdentifiersInFile(
        _ candidates: [(repo: CodeRepository, path: String)], _ anchor: FoundAnchor, identifiers: [String],
        doc: String, blamed: () -> BlamedLine
    ) throws(GitError) -> Set<Int>? {
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
        var alone: Int?
        var shared: Set<Int>?
        for identifier in identifiers {
            let needle = Array(identifier.utf8)
            let holders = contents.indices.filter { contents[$0].map { containsWord(needle, in: $0) } ?? false }
            if holders.count == 1 {
                if let alone, alone != holders[0] { return nil }
                alone = holders[0]
            } else if holders.count > 1 && holders.count < candidates.count {
                shared = (shared ?? Set(holders)).intersection(holders)
            }
        }
        if let alone { return [alone] }
        return shared?.isEmpty == false ? shared : nil
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
