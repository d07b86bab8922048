import Git
import RelopsCore

/// The `String.fromEnvironment('KEY', defaultValue: ...)` reads of the repository's Dart sources
/// under `lib/` (what a `--dart-define=KEY=...` overrides), and the files that a
/// `--dart-define-from-file` in a Fastfile, CI workflow, `codemagic.yaml`, Makefile or script names.
/// Each read on the first question, once; the Dart files the scan's workers already searched
/// (`learn`) are not read again. Not thread-safe: one per scan.
final class DartEnvironmentDefaults {
    /// One read: the default as written (quoted) and where (`lib/config.dart:3`).
    struct Read: Sendable, Equatable {
        let defaultValue: String
        let location: String
        /// The Dart file that reads it (`lib/config.dart`).
        let path: String
    }

    /// The reads of one Dart source (file `index` of the scan's list), in file order.
    struct FileReads: Sendable {
        let index: Int
        let reads: [(key: String, read: Read)]
    }

    private let files: FileList
    private let read: ProjectFileReader
    private var byKey: [String: Read]?
    private var namedFiles: [String: String]?
    /// For each file of the list: its reads when the workers searched it, nil otherwise.
    private var searched: [[(key: String, read: Read)]?] = []

    /// True for a Dart source under a `lib/` folder, whose `String.fromEnvironment` reads count.
    static func isLibrarySource(_ path: String) -> Bool {
        path.hasSuffix(".dart")
            && (path.hasPrefix("lib/")
                || ByteSearch.contains(libFolder, inBytesOf: path))
    }

    private static let libFolder = Array("/lib/".utf8)

    /// The reads of a Dart source's bytes, in file order.
    static func reads(in bytes: [UInt8], path: String) -> [(key: String, read: Read)] {
        let call = Array("String.fromEnvironment(".utf8)
        var lines = LineCounter(bytes)
        return ByteSearch.offsets(of: call, in: bytes).compactMap { at in
            environmentRead(bytes, after: at + call.count).map { key, value in
                (key, Read(defaultValue: value, location: "\(path):\(lines.line(at: at))", path: path))
            }
        }
    }

    /// What the workers found in the Dart sources they searched (`searched`, indices of the
    /// list), `reads` those with any; asked before the first `read(of:)`.
    func learn(searched indices: [Int], reads: [FileReads]) {
        // No Dart source searched (most repositories): no list of every file, all nil, to make.
        guard !indices.isEmpty || !reads.isEmpty else { return searched = [] }
        searched = Array(repeating: nil, count: files.count)
        for i in indices where i < files.count { searched[i] = [] }
        for file in reads where file.index < files.count { searched[file.index] = file.reads }
    }

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// Where a `--dart-define-from-file` names the file at `path` (`ios/fastlane/Fastfile:3`), nil
    /// when none does. The value is read from the repository root and from the file's own folder.
    func defineFile(naming path: String) -> String? {
        if let namedFiles { return namedFiles[path] }
        var found: [String: String] = [:]
        let fastfile = Array("fastfile".utf8), makefile = Array("makefile".utf8)
        let codemagic = Array("codemagic.yaml".utf8), shell = Array(".sh".utf8)
        let yml = Array(".yml".utf8), yaml = Array(".yaml".utf8)
        let option = Array("--dart-define-from-file".utf8)
        for i in 0..<files.count {
            // Written out, not as a list of names: this looks at every path of the repository. Each
            // name looked for ends in `e` (Fastfile, Makefile), `h` (`.sh`) or `l` (`.yml`, `.yaml`).
            switch files.lastLowerByte(at: i) {
            case UInt8(ascii: "e"), UInt8(ascii: "h"), UInt8(ascii: "l"): break
            default: continue
            }
            let runsBuilds =
                files.name(at: i, endsWith: fastfile, wholeName: true)
                || files.name(at: i, endsWith: makefile, wholeName: true)
                || files.name(at: i, endsWith: codemagic, wholeName: true) || files.name(at: i, endsWith: shell)
            guard runsBuilds || files.name(at: i, endsWith: yml) || files.name(at: i, endsWith: yaml) else { continue }
            let path = files.path(at: i)
            // A YAML file runs builds only as a GitHub workflow.
            guard runsBuilds || path.hasPrefix(".github/workflows/"), let bytes = read(i, path) else { continue }
            var lines = LineCounter(bytes)
            for at in ByteSearch.offsets(of: option, in: bytes) {
                guard let value = Self.defineFileValue(bytes, after: at + option.count) else { continue }
                let line = lines.line(at: at)
                for named in [resolve(value, from: ""), resolve(value, from: folderOf(path))].compactMap({ $0 }) {
                    if found[named] == nil { found[named] = "\(path):\(line)" }
                }
            }
        }
        namedFiles = found
        return found[path]
    }

    /// The first read of `key` in file order, nil when no Dart source under `lib/` reads it with a default.
    func read(of key: String) -> Read? {
        if let byKey { return byKey[key] }
        var found: [String: Read] = [:]
        let dart = Array(".dart".utf8)
        for i in 0..<files.count where files.name(at: i, endsWith: dart) {
            let known = i < searched.count ? searched[i] : nil
            if let known, known.isEmpty { continue }
            let path = files.path(at: i)
            guard Self.isLibrarySource(path) else { continue }
            let reads: [(key: String, read: Read)]
            if let known {
                reads = known
            } else {
                guard let bytes = read(i, path) else { continue }
                reads = Self.reads(in: bytes, path: path)
            }
            for (name, value) in reads where found[name] == nil { found[name] = value }
        }
        byKey = found
        return found[key]
    }

    /// The value after `--dart-define-from-file` at `at`: `=` or a space, an optional quote, then
    /// the bytes up to white space or a quote. nil when there is none.
    static func defineFileValue(_ bytes: [UInt8], after start: Int) -> String? {
        var at = start
        guard at < bytes.count, bytes[at] == UInt8(ascii: "=") || bytes[at] == 0x20 else { return nil }
        at += 1
        if at < bytes.count && isQuote(bytes[at]) { at += 1 }
        let valueStart = at
        while at < bytes.count && !isSpace(bytes[at]) && bytes[at] != 0x0A && !isQuote(bytes[at]) { at += 1 }
        return at > valueStart ? String(decoding: bytes[valueStart..<at], as: UTF8.self) : nil
    }

    /// After `String.fromEnvironment(` at `start`, on one line: a quoted key of `[A-Za-z0-9_.]`,
    /// then `, defaultValue:` and a quoted value (kept with its quotes). nil for any other call.
    static func environmentRead(_ bytes: [UInt8], after start: Int) -> (String, String)? {
        var at = start
        func skipSpaces() { while at < bytes.count && isSpace(bytes[at]) { at += 1 } }
        skipSpaces()
        guard at < bytes.count, isQuote(bytes[at]) else { return nil }
        at += 1
        let keyStart = at
        while at < bytes.count && isKeyByte(bytes[at]) { at += 1 }
        guard at > keyStart, at < bytes.count, isQuote(bytes[at]) else { return nil }
        let key = String(decoding: bytes[keyStart..<at], as: UTF8.self)
        at += 1
        skipSpaces()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { return nil }
        at += 1
        skipSpaces()
        let label = Array("defaultValue:".utf8)
        guard at + label.count <= bytes.count, Array(bytes[at..<(at + label.count)]) == label else { return nil }
        at += label.count
        skipSpaces()
        guard at < bytes.count, isQuote(bytes[at]) else { return nil }
        let quote = bytes[at], valueStart = at
        at += 1
        while at < bytes.count && bytes[at] != quote && bytes[at] != 0x0A { at += 1 }
        guard at < bytes.count, bytes[at] == quote else { return nil }
        return (key, String(decoding: bytes[valueStart...at], as: UTF8.self))
    }

    /// White space within a line: space, tab, vertical tab, form feed, carriage return.
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D && b != 0x0A) }

    private static func isQuote(_ b: UInt8) -> Bool { b == 0x22 || b == 0x27 }

    /// `[A-Za-z0-9_.]`.
    private static func isKeyByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2E
    }
}
