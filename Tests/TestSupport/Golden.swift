import Foundation
import Testing

/// The package's source root (where `Runbooks/`, `Templates/` and `Tests/` live).
public let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Compares `actual` with the golden file at `path` (relative to the source root). With
/// `RELOPS_RECORD_GOLDEN=1` it writes the file instead, and the test still fails saying so: a
/// recording is never silent, and a test never passes by recording.
public func expectGolden(_ actual: String, at path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = sourceRoot + "/" + path
    if ProcessInfo.processInfo.environment["RELOPS_RECORD_GOLDEN"] == "1" {
        do {
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: URL(fileURLWithPath: file))
            Issue.record("recorded \(path); run again without RELOPS_RECORD_GOLDEN", sourceLocation: sourceLocation)
        } catch {
            Issue.record("could not record \(path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: file) else {
        Issue.record("missing golden file \(path) (record with RELOPS_RECORD_GOLDEN=1)", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    #expect(
        actual == expected, "differs from \(path) (re-record with RELOPS_RECORD_GOLDEN=1 if the change is intended)",
        sourceLocation: sourceLocation)
}
