import Git
import RelopsCore

/// The `String.fromEnvironment('KEY', defaultValue: ...)` reads of the repository's Dart sources
/// under `lib/`: what a `--dart-define=KEY=...` overrides. Read on the first question, once. Not
/// thread-safe: one per scan.
final class DartEnvironmentDefaults {
    /// One read: the default as written (quoted) and where (`lib/config.dart:3`).
    struct Read: Sendable, Equatable {
        let defaultValue: String
        let location: String
    }

    private let files: FileList
    private let read: ProjectFileReader
    private var byKey: [String: Read]?

    init(files: FileList, read: @escaping ProjectFileReader) {
        self.files = files
        self.read = read
    }

    /// The first read of `key` in file order, nil when no Dart source under `lib/` reads it with a default.
    func read(of key: String) -> Read? {
        if let byKey { return byKey[key] }
        var found: [String: Read] = [:]
        let pattern = /String\.fromEnvironment\(\s*['"]([A-Za-z0-9_.]+)['"]\s*,\s*defaultValue:\s*('[^'\n]*'|"[^"\n]*")/
        for i in 0..<files.count {
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
                        defaultValue: String(match.output.2), location: "\(path):\(n + 1)")
                }
            }
        }
        byKey = found
        return found[key]
    }
}
