import Git
import RelopsCore

/// Classifies the located hits with what the file workers found in each file with a hit
/// (`hitFiles`, in file order, like the hits): project files are read on the first hit, and what
/// depends on the file alone (its `.relops.yml` override, its path rules) is worked out once per file.
func classifyHits(
    _ hits: [LocatedHit], files: FileList, config: ProjectConfig, readProjectFile: @escaping ProjectFileReader,
    hitFiles: [HitFile]
) -> [HostOccurrence] {
    guard !hits.isEmpty else { return [] }
    let classifier = Classifier(files: files, config: config, read: readProjectFile)
    var occurrences: [HostOccurrence] = []
    occurrences.reserveCapacity(hits.count)
    var first = 0, nextFile = 0
    while first < hits.count {
        let hit = hits[first]
        var end = first + 1
        while end < hits.count && hits[end].fileIndex == hit.fileIndex { end += 1 }
        while nextFile < hitFiles.count && hitFiles[nextFile].index < hit.fileIndex { nextFile += 1 }
        let known = nextFile < hitFiles.count && hitFiles[nextFile].index == hit.fileIndex
        var file = FileClassification(
            parts: known ? hitFiles[nextFile].parts : PathParts(hit.path),
            facts: known ? hitFiles[nextFile].facts : .none, fixed: classifier.fileRule(hit.path))
        for k in first..<end { occurrences.append(classifier.occurrence(hits[k], in: &file)) }
        first = end
    }
    return occurrences
}

extension Classifier {
    /// The classified occurrence of `hit`, one of `file`'s.
    func occurrence(_ hit: LocatedHit, in file: inout FileClassification) -> HostOccurrence {
        let site = OccurrenceSite(offset: hit.offset, encoding: hit.encoding, line: hit.text, column: hit.textColumn)
        let decision = classify(site, in: &file)
        let cls = decision.cls, rule = decision.reason
        var occurrence = HostOccurrence(
            host: hit.host, path: hit.path, line: hit.line, column: hit.column, offset: hit.offset,
            found: hit.found, occurrenceClass: cls, rule: rule, ruleID: decision.rule, encoding: hit.encoding,
            text: hit.text)
        occurrence.products = products(of: hit.path, class: cls, in: &file)
        occurrence.claim = hit.reading.claim ?? placeholderClaim(rule, file, line: hit.text)
        occurrence.coversSubdomains =
            hit.reading.coversSubdomains || (cls == .server && file.facts.hstsIncludesSubdomains)
        occurrence.redirectURI = hit.reading.redirectURI
        return occurrence
    }
}

/// One file's share of the classification, worked out once for all its occurrences.
struct FileClassification {
    let parts: PathParts
    let facts: FileFacts
    /// A `classify` override or relops's own configuration: decides every occurrence of the file.
    let fixed: Decision?
    /// The path rules' answer, once an occurrence needed it.
    var byPath: Decision?
    /// The products that carry the file, once a binary or server occurrence needed them.
    var links: [ProductLink]?

    init(parts: PathParts, facts: FileFacts, fixed: Decision?) {
        self.parts = parts
        self.facts = facts
        self.fixed = fixed
    }
}

/// The 1-based column within `text` of a match at byte `column` of its line: a long line is cut
/// around the match, after a `…` (`LineLocator.lineText`).
func textColumn(_ text: String, column: Int) -> Int {
    // `…` is E2 80 A6: look at the first byte before comparing characters.
    guard text.utf8.first == 0xE2, text.hasPrefix("…") else { return column }
    return 200 + "…".utf8.count + 1
}

extension LocatedHit {
    /// The hit's 1-based column within `text`.
    var textColumn: Int { Scan.textColumn(text, column: column) }
}

/// Related names that are themselves scanned hosts are occurrences of those hosts, never related:
/// with `--host host.com --host vault.host.com`, `vault.host.com` is listed once.
func withoutScannedHosts(_ related: [RelatedHost], _ hosts: [String]) -> [RelatedHost] {
    let scanned = Set(hosts)
    return related.filter { !scanned.contains($0.found) }.sorted {
        ($0.path, $0.line, $0.column, $0.host) < ($1.path, $1.line, $1.column, $1.host)
    }
}
