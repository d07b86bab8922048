import Foundation
import Git
import RelopsCore

/// One file's hits (in file order) and what its worker found in it, before classification.
struct FileHits: Sendable {
    let hits: [LocatedHit]
    let file: HitFile
}

/// One file's classified occurrences.
struct ClassifiedFile: Sendable {
    let index: Int
    /// Variable so that `movingOccurrences` can move them out.
    var occurrences: [HostOccurrence]
}

/// The scan's one classifier, shared by the file workers. A worker that found hits in a file
/// classifies it when no other worker is classifying (`classifyIfFree`), else keeps it for later,
/// so classifying overlaps reading instead of following it. One classifier behind one lock: each
/// build file is still read and parsed once, and its caches see one thread at a time. It is made
/// on the first file with a hit, so a scan with none never reads a build file.
final class SharedClassifier: @unchecked Sendable {
    private let lock = NSLock()
    private let files: FileList
    private let config: ProjectConfig
    private let read: ProjectFileReader
    private var classifier: Classifier?

    init(files: FileList, config: ProjectConfig, read: @escaping ProjectFileReader) {
        self.files = files
        self.config = config
        self.read = read
    }

    /// Hands the classifier what the workers found in the Dart sources they searched.
    func learnDartReads(searched: [Int], reads: [DartEnvironmentDefaults.FileReads]) {
        lock.lock()
        defer { lock.unlock() }
        let classifier = self.classifier ?? Classifier(files: files, config: config, read: read)
        self.classifier = classifier
        classifier.dartDefaults.learn(searched: searched, reads: reads)
    }

    /// Classifies `pending` and empties it, unless another thread is classifying: then nothing.
    func classifyIfFree(_ pending: inout [FileHits]) -> [ClassifiedFile] {
        guard !pending.isEmpty, lock.try() else { return [] }
        defer { lock.unlock() }
        let done = pending.map(classifyLocked)
        pending.removeAll(keepingCapacity: true)
        return done
    }

    /// Classifies `pending`, waiting for the classifier if another thread has it.
    func classify(_ pending: [FileHits]) -> [ClassifiedFile] {
        guard !pending.isEmpty else { return [] }
        lock.lock()
        defer { lock.unlock() }
        return pending.map(classifyLocked)
    }

    /// One file's occurrences: project files are read on the first hit, and what depends on the
    /// file alone (its `.relops.yml` override, its path rules) is worked out once for all its hits.
    private func classifyLocked(_ pending: FileHits) -> ClassifiedFile {
        let classifier = self.classifier ?? Classifier(files: files, config: config, read: read)
        self.classifier = classifier
        let file = FileClassification(
            parts: pending.file.parts, facts: pending.file.facts, fixed: classifier.fileRule(pending.file.parts.path))
        return ClassifiedFile(
            index: pending.file.index, occurrences: pending.hits.map { classifier.occurrence($0, in: file) })
    }
}

extension Classifier {
    /// The classified occurrence of `hit`, one of `file`'s.
    func occurrence(_ hit: LocatedHit, in file: FileClassification) -> HostOccurrence {
        let site = OccurrenceSite(offset: hit.offset, encoding: hit.encoding, line: hit.text, column: hit.textColumn)
        let decision = classify(site, in: file)
        let cls = decision.cls, rule = decision.reason
        var occurrence = HostOccurrence(
            host: hit.host, path: hit.path, line: hit.line, column: hit.column, offset: hit.offset,
            found: hit.found, occurrenceClass: cls, rule: rule, ruleID: decision.rule, encoding: hit.encoding,
            text: hit.text)
        occurrence.products =
            (decision.rule == FlutterDartDefine.id ? dartDefineProducts(hit.text, column: hit.textColumn) : nil)
            ?? (decision.rule == FlutterPluginPlatformCode.id ? pluginPlatformProducts(hit.path) : nil)
            ?? products(of: hit.path, class: cls, in: file)
        occurrence.claim = hit.reading.claim ?? placeholderClaim(rule, file, line: hit.text)
        occurrence.coversSubdomains =
            hit.reading.coversSubdomains || (cls == .server && file.facts.hstsIncludesSubdomains)
        occurrence.redirectURI = hit.reading.redirectURI
        return occurrence
    }
}

/// One file's share of the classification, worked out once for all its occurrences. A class: the
/// rules see it once per occurrence (`LineContext`), and a copy of its paths, comments and
/// products would retain and release each of them every time.
final class FileClassification {
    let parts: PathParts
    let facts: FileFacts
    /// A `classify` override or relops's own configuration: decides every occurrence of the file.
    let fixed: Decision?
    /// The path rules' answer, once an occurrence needed it.
    var byPath: Decision?
    /// The products that carry the file, each once in the order of their links, once a binary or
    /// server occurrence needed them (every occurrence of the file has them).
    var products: [Product]?

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
