import Foundation
import Git
import RelopsCore
import Synchronization

/// What a file looked like when the cutover read it: enough to notice, just before its rename,
/// that another program wrote to it since.
struct FileSnapshot: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec
    /// Permission bits, for a file that has to be re-created.
    let mode: UInt32

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
        mode = UInt32(info.st_mode & 0o7777)
    }

    static func == (a: FileSnapshot, b: FileSnapshot) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
}

/// Reads a whole file and describes it from the same open file (`fstat`), so the description is
/// of the bytes read.
func readFileWithSnapshot(_ path: String) -> ([UInt8], FileSnapshot)? {
    guard let (bytes, status) = readFileAndStatus(path) else { return nil }
    return (bytes, FileSnapshot(status))
}

/// Renames each staged file over its target after checking the target is still what was read,
/// on two workers (one at a time when a test watches each file). A changed target, or a failed
/// rename, stops the apply: the files already replaced get their originals back and the journal
/// says `rolled-back`; the error names the file.
func replaceChecked(
    _ project: Project, _ journal: inout CutoverJournal, _ prepared: [PreparedFile], _ staged: [StagedWrite],
    afterEachFile: (@Sendable (Int) -> Void)?
) throws(Failure) {
    if let afterEachFile {
        for (n, write) in staged.enumerated() {
            do throws(Failure) {
                try ensureUnchanged(prepared[n], root: project.root)
                try write.commit()
            } catch {
                throw rollBack(project, &journal, replaced: Array(0..<n), staged: staged, cause: error)
            }
            afterEachFile(n + 1)
        }
        return
    }
    let root = project.root
    let firstFailure = Mutex<Failure?>(nil)
    let replaced = WorkerPool(threads: 2).run(
        count: staged.count, makeState: { [Int]() },
        work: { done, n in
            guard firstFailure.withLock({ $0 == nil }) else { return }  // stop at the first failure
            do throws(Failure) {
                try ensureUnchanged(prepared[n], root: root)
                try staged[n].commit()
                done.append(n)
            } catch {
                firstFailure.withLock { if $0 == nil { $0 = error } }
            }
        },
        finish: { $0 }
    ).flatMap { $0 }
    if let cause = firstFailure.withLock({ $0 }) {
        throw rollBack(project, &journal, replaced: replaced.sorted(), staged: staged, cause: cause)
    }
}

/// Throws when the file is no longer what was read: its size, times or inode differ and so does
/// its content (a file only touched, same bytes, is still fine).
func ensureUnchanged(_ file: PreparedFile, root: String) throws(Failure) {
    let path = root + "/" + file.entry.path
    guard let info = fileStatus(path) else {
        throw Failure(
            .couldNotCheck, "\(file.entry.path) was removed while the cutover was being applied (\(errnoText()))")
    }
    if FileSnapshot(info) == file.snapshot { return }
    if info.st_mode & S_IFMT == S_IFREG, let bytes = readFile(path), (try? gitBlobID(of: bytes)) == file.entry.original
    {
        return
    }
    throw Failure(
        .couldNotCheck,
        "\(file.entry.path) changed while the cutover was being applied (another program wrote to it)")
}

/// Puts back the originals of the files at `replaced` (indexes into the journal's files) and
/// removes every other temporary file; returns the error to throw: the cause, and either that
/// nothing is changed, or which command restores the tree.
func rollBack(
    _ project: Project, _ journal: inout CutoverJournal, replaced: [Int], staged: [StagedWrite], cause: Failure
) -> Failure {
    let done = Set(replaced)
    for (n, write) in staged.enumerated() where !done.contains(n) { write.discard() }
    var leftAlone: [String] = []
    do throws(Failure) {
        for entry in replaced.map({ journal.files[$0] }) {
            // A file changed after its own rename is someone's newer edit: keep it.
            if try currentBlob(project, entry.path) != entry.new {
                leftAlone.append(entry.path)
                continue
            }
            try writeBlob(project, entry.original, to: entry.path, mode: entry.mode, tag: journal.id)
        }
        StagedWrite.syncFileSystem(containing: project.root)
        journal.state = .rolledBack
        try journal.save(project)
    } catch {
        return Failure(
            .couldNotCheck,
            "\(cause.message); stopped after replacing \(replaced.count) file(s), and putting them back failed "
                + "(\(error.message)); restore the tree with `relops cutover undo \(journal.id)`")
    }
    let kept = leftAlone.isEmpty ? "" : "; changed again since, left as they are: \(leftAlone.joined(separator: ", "))"
    return Failure(
        .couldNotCheck,
        "\(cause.message); stopped and put back the \(replaced.count - leftAlone.count) file(s) already replaced, "
            + "so the cutover changed nothing (cutover \(journal.id) is rolled back)\(kept). Run it again")
}

/// Refuses to rewrite a JSON configuration file that is not valid UTF-8 or holds a lone
/// surrogate escape (`\ud800` without its pair): an editor or a JSON reader would mangle or
/// reject it, so the cutover stops before writing anything. The check is `ConfigText`'s.
func ensureConfigText(_ bytes: [UInt8], path: String) throws(Failure) {
    guard path.lowercased().hasSuffix(".json") else { return }
    // A UTF-16 or UTF-32 file is checked as the text the cutover edits.
    let body =
        try TextEncoding(announcedBy: bytes).map { encoding throws(Failure) in
            try decodedText(bytes, encoding, path: path)
        } ?? (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
    guard let problem = ConfigText.firstProblem(in: body) else { return }
    switch problem.kind {
    case .invalidUTF8:
        throw Failure(
            .badInput,
            "\(path): not valid UTF-8 near byte \(problem.offset); refusing to rewrite a JSON configuration file")
    case .loneSurrogate(let digits):
        throw Failure(
            .badInput,
            "\(path): a lone surrogate escape (\\u\(digits)) at byte \(problem.offset) is not a character; "
                + "refusing to rewrite a JSON configuration file")
    }
}
