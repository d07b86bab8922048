import Foundation
import Git
import RelopsCore

/// One scanning thread: its own buffer, its own repository handle for `--rev`, its own results.
struct FileWorker {
    let files: FileList
    let needleStore: NeedleStore
    let source: FileSource
    let rootFD: Int32
    /// The file being searched (a batch's buffer is swapped in, `FileRing.take`).
    var buffer = ReadBuffer()
    /// Batches of working-tree reads through io_uring, where the kernel offers one; nil for
    /// blobs, with `batchedReads: false`, or once a batch could not be run.
    var ring: FileRing?
    /// The first file of the batch in `ring`, and each of its files' slot (-1: read the plain way).
    var batchStart = 0
    var batchSlots: [Int] = []
    /// Which folders along the paths are real folders (never read through a symlinked one).
    let folders = WorkingTreeFolders()
    var repository: Repository?
    /// The scan's classifier, which this worker uses when no other worker is.
    let classifier: SharedClassifier
    /// Files with hits this worker has not classified yet (another worker was classifying), in file order.
    var pending: [FileHits] = []
    /// The hits of the file being searched.
    var fileHits: [LocatedHit] = []
    var output = UnclassifiedScan()
    var matches: [Match] = []
    /// True while the file in the buffer is a symlink's text.
    var loadedLink = false

    init(
        files: FileList, needles: [Needle], source: FileSource, rootFD: Int32, classifier: SharedClassifier,
        batchedReads: Bool = true
    ) {
        self.files = files
        self.classifier = classifier
        needleStore = NeedleStore(needles)
        self.source = source
        self.rootFD = rootFD
        if case .objects(let gitDir) = source { repository = try? Repository(at: gitDir) }
        if case .workingTree = source, batchedReads { ring = FileRing() }
    }

    mutating func scanFile(_ i: Int) {
        let kind = files.kinds[i]
        loadedLink = kind == .symlink
        if kind == .submodule {
            output.problems.append(
                ScanProblem(
                    path: files.path(at: i), message: "submodule: not scanned (scan its repository on its own)",
                    isError: false))
            return
        }
        switch source {
        case .workingTree:
            guard loadFromWorkingTree(i) else { return }
        case .objects:
            guard let repository else {
                output.problems.append(
                    ScanProblem(path: files.path(at: i), message: "cannot open the object database", isError: true))
                return
            }
            do {
                try repository.withBlobContent(files.ids[i]) { buffer.load($0) }
            } catch {
                output.problems.append(ScanProblem(path: files.path(at: i), message: "\(error)", isError: true))
                return
            }
            if kind == .symlink { output.symlinks.insert(files.path(at: i)) }
        }
        // One compare for an ordinary file: only a UTF-16 or UTF-32 byte order mark starts so.
        if !loadedLink, buffer.count >= 2, buffer.bytes[0] >= 0xFE || buffer.bytes[0] == 0 {
            guard decodeAnnounced(i) else { return }
        }
        output.filesScanned += 1
        noteDartReads(i)
        search(i)
    }

    /// The `String.fromEnvironment` reads of a Dart source under `lib/` (in the buffer), so the
    /// classifier need not read it again for a `--dart-define`.
    mutating func noteDartReads(_ i: Int) {
        guard !loadedLink, files.name(at: i, endsWith: Self.dartExtension) else { return }
        let path = files.path(at: i)
        guard DartEnvironmentDefaults.isLibrarySource(path) else { return }
        output.dartSearched.append(i)
        let bytes = UnsafeBufferPointer(start: buffer.bytes, count: buffer.count)
        guard ByteSearch.contains(Self.environmentCall, in: bytes, ignoringCase: false) else { return }
        let reads = DartEnvironmentDefaults.reads(in: Array(bytes), path: path)
        if !reads.isEmpty { output.dartReads.append(.init(index: i, reads: reads)) }
    }

    private static let dartExtension = Array(".dart".utf8)
    private static let environmentCall = Array("String.fromEnvironment(".utf8)

    /// Puts the text of a file that announces UTF-16 or UTF-32 (by its byte order mark) in the
    /// buffer as UTF-8, so offsets, lines and columns are the UTF-8 text's; false, with the file
    /// listed as "not scanned: encoding", when its bytes are not text in that encoding.
    mutating func decodeAnnounced(_ i: Int) -> Bool {
        let bytes = UnsafeBufferPointer(start: buffer.bytes, count: buffer.count)
        guard let encoding = TextEncoding(announcedBy: bytes) else { return true }
        switch encoding.decode(bytes) {
        case .success(let text):
            text.withUnsafeBytes { buffer.load($0) }
            return true
        case .failure(let problem):
            output.problems.append(
                ScanProblem(
                    path: files.path(at: i),
                    message: "not scanned: encoding (a \(encoding.rawValue) byte order mark, but \(problem))",
                    isError: false, isUndecodable: true))
            return false
        }
    }

    /// How a working-tree file is opened: never through a symlink, never waiting (a FIFO), never
    /// as a controlling terminal.
    static let openFlags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK

    /// Reads file `i` into the buffer; false when it was skipped (recorded as a problem).
    mutating func loadFromWorkingTree(_ i: Int) -> Bool {
        if takeFromBatch(i) { return true }
        let kind = files.kinds[i]
        let rootFD = self.rootFD
        if case .workingTree(let root) = source, let refusal = refusalOfFolders(i, root) {
            // Neither the file nor the link text: whatever is there lies behind the folder's link.
            output.problems.append(ScanProblem(path: files.path(at: i), message: refusal, isError: false))
            return false
        }
        if kind == .symlink {
            output.symlinks.insert(files.path(at: i))
            return readLink(i)
        }
        let folders = self.folders
        let length = files.pathLength(at: i)
        let fd = files.withCPath(at: i) {
            folders.open($0, length: length, rootFD: rootFD, flags: Self.openFlags)
        }
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                output.problems.append(
                    ScanProblem(
                        path: files.path(at: i), message: "deleted in the working tree: not scanned", isError: false))
            case ELOOP:
                // Tracked as a file but now a symlink: scan the link text, never its target.
                output.symlinks.insert(files.path(at: i))
                return readLink(i)
            default:
                output.problems.append(
                    ScanProblem(path: files.path(at: i), message: "cannot open: \(errnoText(code))", isError: true))
            }
            return false
        }
        defer { folders.close(fd) }
        let rc = buffer.readAll(fd, sizeHint: Int(files.sizes[i]))
        if rc != 0 {
            output.problems.append(
                ScanProblem(path: files.path(at: i), message: "cannot read: \(errnoText(rc))", isError: true))
            return false
        }
        return true
    }

    /// Why file `i` is not read because a folder along its path is a symlink; nil when none is.
    func refusalOfFolders(_ i: Int, _ root: String) -> String? {
        let folders = self.folders
        let rootFD = self.rootFD
        let length = files.pathLength(at: i)
        return files.withCPath(at: i) { folders.refusal(for: $0, length: length, rootFD: rootFD, root: root) }
    }

    mutating func readLink(_ i: Int) -> Bool {
        loadedLink = true
        var target = [UInt8](repeating: 0, count: 4096)
        let rootFD = self.rootFD
        let n = files.withCPath(at: i) { path in
            target.withUnsafeMutableBytes {
                readlinkat(rootFD, path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 4096)
            }
        }
        guard n >= 0 else {
            output.problems.append(
                ScanProblem(path: files.path(at: i), message: "cannot read the symlink: \(errnoText())", isError: true))
            return false
        }
        target.withUnsafeBytes { buffer.load(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        return true
    }

    /// Searches the loaded file for every needle.
    mutating func search(_ i: Int) {
        let base = buffer.bytes
        let count = buffer.count
        // Whether it is binary (a NUL in its first 8000 bytes) is asked only of a file with a match.
        var binary: Bool?
        var lines = LineLocator(base: base, count: count)
        var path: String?
        var parts: PathParts?
        var lastOccurrence = -1
        fileHits.removeAll(keepingCapacity: true)
        let patterns = needleStore.patterns
        for n in patterns.indices {
            matches.removeAll(keepingCapacity: true)
            findMatches(of: patterns[n], in: base, count: count, into: &matches)
            if matches.isEmpty { continue }
            let needle = needleStore.needles[n]
            let filePath = path ?? files.path(at: i)
            path = filePath
            let isBinary = binary ?? (count > 0 && memchr(base, 0, min(count, 8000)) != nil)
            binary = isBinary
            if isBinary {
                if matches.contains(where: { if case .occurrence = $0.kind { return true } else { return false } }) {
                    output.binaryFiles.append(BinaryFileHit(host: needle.host, path: filePath))
                }
                continue
            }
            for match in matches {
                let position = lines.locate(match.offset)
                switch match.kind {
                case .occurrence(let encoding):
                    lastOccurrence = max(lastOccurrence, match.offset)
                    let fileParts = parts ?? PathParts(filePath)
                    parts = fileParts
                    fileHits.append(
                        locatedHit(
                            match.offset, of: needle, encoding, at: position, in: fileParts, i,
                            text: lines.lineText(around: match.offset, length: needle.bytes.count)))
                case .related(let start, let end):
                    output.related.append(
                        RelatedHost(
                            host: needle.host, found: lowercaseName(start, end), path: filePath,
                            line: position.line, column: position.column))
                case .notHost(let start, let end, let reason):
                    output.notHost.append(
                        NotHostToken(
                            host: needle.host, found: lowercaseName(start, end), path: filePath,
                            line: position.line, column: position.column, reason: reason))
                }
            }
        }
        // Found needle by needle: put the file's occurrences in file order (`UnclassifiedScan.merge`).
        var k = 1
        while k < fileHits.count && fileHits[k - 1].isBefore(fileHits[k]) { k += 1 }
        if k < fileHits.count { fileHits.sort { $0.isBefore($1) } }
        if lastOccurrence >= 0, let parts {
            let hits = FileHits(hits: fileHits, file: hitFile(i, parts, through: lastOccurrence))
            if fileHits.contains(where: { ByteSearch.contains("--dart-define", in: $0.text) }) {
                output.pending.append(hits)  // a `--dart-define` needs every Dart source's reads
            } else {
                pending.append(hits)
                output.classified += classifier.classifyIfFree(&pending)
            }
        }
        if count > 1 << 26 { buffer.release(above: 1 << 26) }
    }

    /// The name at `start..<end` of the buffer, lowercase.
    func lowercaseName(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: buffer.bytes + start, count: end - start), as: UTF8.self)
            .lowercased()
    }

    /// The facts of file `i` (in the buffer) for its occurrences up to byte `last`: only when a
    /// rule needs its text, never for a huge file, and never for a symlink (its occurrences are in
    /// the link text, not in the target).
    func hitFile(_ i: Int, _ parts: PathParts, through last: Int) -> HitFile {
        guard !loadedLink, files.sizes[i] <= FileFacts.largestRead, FileFacts.worthReading(parts) else {
            return HitFile(index: i, parts: parts, facts: .none)
        }
        let bytes = UnsafeBufferPointer(start: buffer.bytes, count: buffer.count)
        return HitFile(index: i, parts: parts, facts: FileFacts(parts, bytes: bytes, occurrencesThrough: last))
    }

    /// What this worker found, its last files classified: it waits for the classifier if the
    /// other worker has it (that one may still be reading), so little is left for after the pool.
    mutating func finished() -> UnclassifiedScan {
        output.classified += classifier.classify(pending)  // later files than any classified before
        pending.removeAll()
        return output
    }

    /// The occurrence of `needle` at byte `offset` of file `i` (in the buffer), with what its line says.
    func locatedHit(
        _ offset: Int, of needle: Needle, _ encoding: OccurrenceEncoding, at position: (line: Int, column: Int),
        in parts: PathParts, _ i: Int, text: String
    ) -> LocatedHit {
        let found = String(
            decoding: UnsafeBufferPointer(start: buffer.bytes + offset, count: needle.bytes.count), as: UTF8.self)
        let reading = LineReading(
            text, found: found, column: textColumn(text, column: position.column), encoding: encoding,
            lowerName: parts.lowerName)
        return LocatedHit(
            host: needle.host, path: parts.path, line: position.line, column: position.column, offset: offset,
            found: found, encoding: encoding, text: text, fileIndex: i, reading: reading)
    }
}
