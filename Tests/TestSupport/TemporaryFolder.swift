import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder's absolute path, with symlinks resolved (so it compares equal to what libgit2 reports).
    public let path: String

    public init(_ label: String = "relops-test") {
        let base = (NSTemporaryDirectory() as NSString).resolvingSymlinksInPath
        let candidate = base + "/\(label)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: candidate, withIntermediateDirectories: true)
        path = (candidate as NSString).resolvingSymlinksInPath
    }

    deinit {
        if ProcessInfo.processInfo.environment["RELOPS_KEEP_TEST_FOLDERS"] == nil {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// `path` joined with a relative path.
    public func url(_ relative: String) -> String { path + "/" + relative }

    /// Writes text to a relative path, creating folders.
    public func write(_ relative: String, _ text: String) {
        write(relative, bytes: Array(text.utf8))
    }

    /// Writes bytes to a relative path, creating folders.
    public func write(_ relative: String, bytes: [UInt8]) {
        let full = url(relative)
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }

    /// Reads a relative path's bytes (empty when missing).
    public func read(_ relative: String) -> [UInt8] {
        FileManager.default.contents(atPath: url(relative)).map { Array($0) } ?? []
    }

    /// Reads a relative path as UTF-8 text.
    public func readText(_ relative: String) -> String {
        String(decoding: read(relative), as: UTF8.self)
    }
}
