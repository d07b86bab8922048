import Git
import RelopsCore

/// The `String.fromEnvironment('KEY', defaultValue: ...)` reads of the repository's Dart sources
/// under `lib/` (what a `--dart-define=KEY=...` overrides), and the files that a
/// `--dart-define-from-file` in a Fastfile, CI workflow, `codemagic.yaml`, Makefile or script names.
/// Each read on the first question, once. Not thread-safe: one per scan.
final class DartEnvironmentDefaults {
    /// One read: the default as written (quoted) and where (`lib/config.dart:3`).
    struct Read: Sendable, Equatable {
        let defaultValue: String
        let location: String
        /// The Dart file that reads it (`lib/config.dart`).
        let path: String
    }

    private let files: FileList
    private let read: ProjectFileReader
    private var byKey: [String: Read]?
    private var namedFiles: [String: String]?

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// Where a `--dart-define-from-file` names the file at `path` (`ios/fastlane/Fastfile:3`), nil
    /// when none does. The value is read from the repository root and from the file's own folder.
    func defineFile(naming path: String) -> String? {
        if let namedFiles { return namedFiles[path] }
        var found: [String: String] = [:]
        let pattern = /--dart-define-from-file[= ]["']?([^\s"']+)/
        let runners = ["fastfile", "makefile", "codemagic.yaml"].map { Array($0.utf8) }
        let shell = Array(".sh".utf8), yaml = [Array(".yml".utf8), Array(".yaml".utf8)]
        for i in 0..<files.count {
            let runsBuilds =
                runners.contains { files.name(at: i, endsWith: $0, wholeName: true) }
                || files.name(at: i, endsWith: shell)
            guard runsBuilds || yaml.contains(where: { files.name(at: i, endsWith: $0) }) else { continue }
            let path = files.path(at: i)
            // A YAML file runs builds only as a GitHub workflow.
            guard runsBuilds || path.hasPrefix(".github/workflows/"), let bytes = read(i, path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("--dart-define-from-file") else { continue }
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for match in line.matches(of: pattern) {
                    let value = String(match.output.1)
                    for named in [resolve(value, from: ""), resolve(value, from: folderOf(path))].compactMap({ $0 }) {
                        if found[named] == nil { found[named] = "\(path):\(n + 1)" }
                    }
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
        let pattern = /String\.fromEnvironment\(\s*['"]([A-Za-z0-9_.]+)['"]\s*,\s*defaultValue:\s*('[^'\n]*'|"[^"\n]*")/
        let dart = Array(".dart".utf8)
        for i in 0..<files.count where files.name(at: i, endsWith: dart) {
            let path = files.path(at: i)
            guard path.hasSuffix(".dart"), path.hasPrefix("lib/") || path.contains("/lib/"),
                let bytes = read(i, path)
            else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("fromEnvironment") else { continue }
            for (n, line) in text.split(
                separator: "\n", omittingEmptySubsequences: false
            ).enumerated() {
                for match in line.matches(of: pattern) where found[String(match.output.1)] == nil {
                    found[String(match.output.1)] = Read(
                        defaultValue: String(match.output.2), location: "\(path):\(n + 1)", path: path)
                }
            }
        }
        byKey = found
        return found[key]
    }
}
