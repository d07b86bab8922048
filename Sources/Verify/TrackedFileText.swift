import Foundation
import RelopsCore

/// Reading tracked files for the repository checks: the bytes are searched for a marker before any
/// `String` is made, so the thousands of source files that hold none cost one read and one
/// `memmem` each.
enum TrackedFileText {
    /// Files larger than this are not read: the limit every command reads project files with (a
    /// large app's `project.pbxproj` runs to several MB).
    static let sizeCap = RepositoryFile.Limit.projectFile

    /// The text of `path` (relative to the repository `root`) when it holds one of `markers` (any,
    /// when `markers` is empty); nil when it is unreadable, too big, holds none, or is reached
    /// through a symlink (a folder's or its own) that leads outside the repository.
    static func read(_ path: String, in root: String, containing markers: [String] = []) -> String? {
        try? readOrRefuse(path, in: root, containing: markers)
    }

    /// As `readOrRefuse`, with a refusal said in `notes` ("`path: why: what`") instead of thrown, so
    /// the file is never taken for one that holds nothing; a tracked file deleted from the working
    /// tree holds nothing to read and is no note.
    static func read(
        _ path: String, in root: String, containing markers: [String] = [], orNote what: String,
        in notes: inout [String]
    ) -> String? {
        do {
            return try readOrRefuse(path, in: root, containing: markers)
        } catch {
            if error.kind != .missing { notes.append("\(error.description): \(what)") }
            return nil
        }
    }

    /// As `read`, but a file relops may not or cannot read (it leads outside the repository, is not
    /// a regular file, is too large) throws, so a caller can say so instead of taking it for a
    /// file that holds nothing; nil only when the file holds none of `markers`.
    static func readOrRefuse(_ path: String, in root: String, containing markers: [String] = [])
        throws(RepositoryPathError) -> String?
    {
        // The containment rule on the whole path, regular files only (a FIFO is never waited on), bounded.
        let data = try RepositoryFile.read(path, in: root, limit: sizeCap)
        guard markers.isEmpty || markers.contains(where: { bytesContain(data, $0) }) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
