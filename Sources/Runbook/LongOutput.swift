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
            shown = opening(Array(lines[..<range.lowerBound]))
            shown.append("diff of \(files.count) file(s), \(range.count) lines (in the saved output):")
            let width = files.map(\.path.count).max() ?? 0
            // The list of what is still to do takes room from the per-file stat, never from the bound.
            let fileRows = max(3, min(15, maximumLines - shown.count - 12))
            shown += files.prefix(fileRows).map {
                "  \($0.path.padding(toLength: width, withPad: " ", startingAt: 0)) | +\($0.added) -\($0.removed)"
            }
            if files.count > fileRows { shown.append("  … and \(files.count - fileRows) more file(s)") }
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

    /// The lines before a diff: the first 12 (the verdict and totals), then, when they are cut, the
    /// list of what is still to do (what needs a person), which is never left to the saved file.
    static func opening(_ before: [String]) -> [String] {
        var shown = Array(before.prefix(12))
        guard before.count > 12 else { return shown }
        let rest = before[12...]
        guard let start = rest.firstIndex(where: { $0.hasPrefix("== still to do") }) else {
            shown.append("… (\(rest.count) more lines before the diff)")
            return shown
        }
        let toDo = rest[start...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.prefix(12)
        let omitted = rest.count - toDo.count
        if omitted > 0 { shown.append("… (\(omitted) more lines before the diff)") }
        return shown + toDo
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
