import Git
import RelopsCore

/// Classifies the located hits: project files are read on the first hit, each file's own text
/// once and only when a rule needs it (comments, a pipeline's deploy steps, an HSTS header).
func classifyHits(
    _ hits: [LocatedHit], files: FileList, config: ProjectConfig, readProjectFile: @escaping ProjectFileReader,
    readHitFile: ProjectFileReader, symlinks: Set<String>
) -> [HostOccurrence] {
    guard !hits.isEmpty else { return [] }
    let classifier = Classifier(files: files, config: config, read: readProjectFile)
    var facts: (index: Int, facts: FileFacts) = (-1, .none)
    var occurrences: [HostOccurrence] = []
    occurrences.reserveCapacity(hits.count)
    for hit in hits {
        if facts.index != hit.fileIndex {
            // A file is read a second time only when a rule needs its text, never a huge one, and
            // never through a symlink (its occurrences are in the link text, not in the target).
            let worth =
                FileFacts.worthReading(hit.path) && files.sizes[hit.fileIndex] <= FileFacts.largestRead
                && !symlinks.contains(hit.path)
            let read = worth ? readHitFile(hit.fileIndex, hit.path) : nil
            facts = (hit.fileIndex, read.map { FileFacts(path: hit.path, bytes: $0) } ?? .none)
        }
        let site = OccurrenceSite(path: hit.path, offset: hit.offset, encoding: hit.encoding, line: hit.text)
        let (cls, rule) = classifier.classify(site, facts: facts.facts)
        var occurrence = HostOccurrence(
            host: hit.host, path: hit.path, line: hit.line, column: hit.column, offset: hit.offset,
            found: hit.found, occurrenceClass: cls, rule: rule, encoding: hit.encoding, text: hit.text)
        occurrence.coversSubdomains =
            LineFacts.coversSubdomains(hit.text) || (facts.facts.hstsIncludesSubdomains && cls == .server)
        if hit.encoding != .email {
            occurrence.redirectURI = LineFacts.redirectURI(hit.text, found: hit.found, column: textColumn(hit))
        }
        occurrences.append(occurrence)
    }
    return occurrences
}

/// The hit's 1-based column within `text` (a long line is cut around the match, after a `…`).
private func textColumn(_ hit: LocatedHit) -> Int {
    guard hit.text.hasPrefix("…") else { return hit.column }
    return 200 + "…".utf8.count + 1
}

/// Related names that are themselves scanned hosts are occurrences of those hosts, never related:
/// with `--host host.com --host vault.host.com`, `vault.host.com` is listed once.
func withoutScannedHosts(_ related: [RelatedHost], _ hosts: [String]) -> [RelatedHost] {
    let scanned = Set(hosts)
    return related.filter { !scanned.contains($0.found) }.sorted {
        ($0.path, $0.line, $0.column, $0.host) < ($1.path, $1.line, $1.column, $1.host)
    }
}
