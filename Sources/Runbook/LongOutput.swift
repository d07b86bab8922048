import Foundation
import RelopsCore

/// A step's output too long to show whole: saved in full in the run folder, and shown as its
/// opening lines (relops commands answer first), the per-file stat of a diff in it, its closing
/// lines, and the saved file's path, instead of lines cut out of the middle; at most 40 lines.
public enum LongOutput {
    /// More lines than this are saved and summarised (the excerpt's own bound).
    public static let maximumLines = 40

    /// Whether `output` (colour codes removed) is long enough to be saved.
    public static func isLong(_ output: String) -> Bool { cleanLines(output).count > maximumLines }

    /// The excerpt of a long output saved at `path` (relative to the repository root).
    public static func excerpt(_ output: String, savedAt path: String) -> String {
        let lines = cleanLines(output)
        let range = diffRange(lines)
        var shown: [String]
        if let range {
            let files = DiffStat.files(in: Array(lines[range]))
            shown = Array(lines[..<range.lowerBound].prefix(12))
            if range.lowerBound > 12 { shown.append("… (\(range.lowerBound - 12) more lines before the diff)") }
            shown.append("diff of \(files.count) file(s), \(range.count) lines (in the saved output):")
            let width = files.map(\.path.count).max() ?? 0
            shown += files.prefix(15).map {
                "  \($0.path.padding(toLength: width, withPad: " ", startingAt: 0)) | +\($0.added) -\($0.removed)"
            }
            if files.count > 15 { shown.append("  … and \(files.count - 15) more file(s)") }
            let after = lines[range.upperBound...]
            shown += after.prefix(8)
            if after.count > 8 { shown.append("… (\(after.count - 8) more lines)") }
        } else {
            shown = Array(lines.prefix(30))
            shown.append("… (\(lines.count - 30) more lines)")
        }
        shown.append("full output (\(lines.count) lines): \(path)")
        return shown.map { $0.count > 300 ? String($0.prefix(300)) + " …" : $0 }.joined(separator: "\n")
    }

    /// A stable digest of a command's output, so a later step that prints the same is not shown twice.
    public static func digest(_ output: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in output.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    static func cleanLines(_ output: String) -> [String] {
        let clean = output.replacing(/\u{1B}\[[0-9;]*[A-Za-z]/, with: "")
        var lines = clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The lines of the first unified diff in `lines`: from its first `--- ` header to the last
    /// line that reads as part of a diff.
    static func diffRange(_ lines: [String]) -> Range<Int>? {
        guard
            let start = lines.indices.first(where: {
                lines[$0].hasPrefix("--- ") && $0 + 1 < lines.count && lines[$0 + 1].hasPrefix("+++ ")
            })
        else { return nil }
        var end = start
        while end < lines.count, let first = lines[end].first, "-+ @\\".contains(first) { end += 1 }
        return start..<end
    }
}

/// Lines added and removed per file of a unified diff.
enum DiffStat {
    static func files(in diff: [String]) -> [(path: String, added: Int, removed: Int)] {
        var files: [(path: String, added: Int, removed: Int)] = []
        var index = 0
        while index < diff.count {
            let line = diff[index]
            if line.hasPrefix("--- "), index + 1 < diff.count, diff[index + 1].hasPrefix("+++ ") {
                var path = String(diff[index + 1].dropFirst(4))
                if path.hasPrefix("b/") { path.removeFirst(2) }
                files.append((path, 0, 0))
                index += 2
                continue
            }
            if !files.isEmpty, !line.hasPrefix("@@") {
                if line.hasPrefix("+") { files[files.count - 1].added += 1 }
                if line.hasPrefix("-") { files[files.count - 1].removed += 1 }
            }
            index += 1
        }
        return files
    }
}
