import Foundation
import Git
import RelopsCore
import Scan

/// How `cutover --apply` should behave.
public struct ApplyOptions: Sendable {
    public var allowDirty = false
    /// Create branch `relops/cutover-<new host>` and one commit.
    public var commit = false
    /// Called after each file is renamed into place with the count so far (tests use it to
    /// simulate a crash at a chosen point).
    public var afterEachFile: (@Sendable (Int) -> Void)?

    public init(allowDirty: Bool = false, commit: Bool = false, afterEachFile: (@Sendable (Int) -> Void)? = nil) {
        self.allowDirty = allowDirty
        self.commit = commit
        self.afterEachFile = afterEachFile
    }
}

/// What an apply did.
public struct ApplyOutcome: Sendable {
    public let journal: CutoverJournal
    /// Interrupted cutovers found first and what was done with them.
    public let recovered: [String]
    public let branch: String?
    public let commit: ObjectID?
}

/// The branch `--commit` creates.
public func cutoverBranch(for host: String) -> String { "relops/cutover-\(host)" }

/// Applies a plan: refuses dirty affected files (unless allowed), finishes any interrupted
/// cutover first, stores every original and new content as git blobs and journals them before
/// touching a file, then replaces each file atomically, and reads every written file back to
/// prove no occurrence of the old host remains.
public func applyCutover(_ project: Project, _ plan: CutoverPlan, _ options: ApplyOptions) throws(Failure) -> ApplyOutcome {
    let recovered = try recoverUnfinished(project, revert: false, force: false)
    guard plan.unreadable.isEmpty else {
        throw Failure(.couldNotCheck, "cannot apply: \(plan.unreadable.map { "\($0.path) (\($0.message))" }.joined(separator: ", ")) "
                      + "could not be read, so the plan may be incomplete")
    }
    let paths = plan.files.map(\.path)
    if !options.allowDirty {
        let dirty: Set<String>
        do { dirty = try project.repository.modifiedPaths() } catch {
            throw Failure(.couldNotCheck, "\(project.root): cannot read the working tree status: \(error.message)")
        }
        let affected = paths.filter { dirty.contains($0) }
        if !affected.isEmpty {
            throw Failure(.checkFailed, "uncommitted changes in files the cutover would rewrite: \(affected.joined(separator: ", ")); "
                          + "commit or stash them, or pass --allow-dirty")
        }
    }
    let branch = cutoverBranch(for: plan.to)
    if options.commit && project.repository.branchExists(branch) {
        throw Failure(.checkFailed, "branch \(branch) already exists; delete or rename it, or run without --commit")
    }
    for path in paths { try ensureInsideRepository(path, project) }

    // 1. Originals and new contents become blobs; the journal names them before any file changes.
    let (id, created) = CutoverJournal.newID()
    var entries: [CutoverJournal.Entry] = []
    var contents: [[UInt8]] = []
    for file in plan.files {
        let full = project.root + "/" + file.path
        guard let data = FileManager.default.contents(atPath: full) else {
            throw Failure(.couldNotCheck, "\(file.path): cannot read")
        }
        let original = Array(data)
        var info = stat()
        let mode = lstat(full, &info) == 0 ? UInt32(info.st_mode & 0o7777) : 0o644
        let updated = try rewrite(original, with: file.edits, path: file.path)
        do {
            entries.append(CutoverJournal.Entry(path: file.path, original: try project.repository.writeBlob(original),
                                                new: try project.repository.writeBlob(updated),
                                                occurrenceClass: file.occurrenceClass.rawValue, edits: file.edits.count, mode: mode))
        } catch {
            throw Failure(.couldNotCheck, "\(file.path): cannot store its content in the object database: \(error.message)")
        }
        contents.append(updated)
    }
    var journal = CutoverJournal(id: id, created: created, from: plan.from, to: plan.to, state: .preparing, files: entries)
    try journal.save(project)

    // 2. Temporary files beside each target, one filesystem sync for blobs and temporaries, then the renames.
    var staged: [StagedWrite] = []
    do {
        for (file, bytes) in zip(plan.files, contents) {
            staged.append(try StagedWrite.stage(bytes, for: project.root + "/" + file.path, tag: id))
        }
    } catch {
        staged.forEach { $0.discard() }
        journal.state = .abandoned
        try? journal.save(project)
        throw error
    }
    StagedWrite.syncFileSystem(containing: project.root)
    journal.state = .applying
    try journal.save(project)
    for (n, write) in staged.enumerated() {
        try write.commit()
        options.afterEachFile?(n + 1)
    }
    StagedWrite.syncFileSystem(containing: project.root)
    journal.state = .applied

    // 3. Read back what was written: no occurrence of the old host may remain.
    var remaining: [String] = []
    for file in plan.files {
        let bytes = FileManager.default.contents(atPath: project.root + "/" + file.path).map { Array($0) } ?? []
        if !HostSearch.occurrenceOffsets(of: plan.from, in: bytes).isEmpty { remaining.append(file.path) }
    }
    guard remaining.isEmpty else {
        try journal.save(project)
        throw Failure(.checkFailed, "after writing, \(plan.from) still occurs in \(remaining.joined(separator: ", ")); "
                      + "undo with `relops cutover undo \(id)`")
    }

    var commitID: ObjectID?
    if options.commit {
        do {
            try project.repository.createBranchAtHeadAndSwitch(branch)
            commitID = try project.repository.commitPaths(paths, message: commitMessage(plan, id: id))
        } catch {
            try journal.save(project)
            throw Failure(.couldNotCheck, "the files are rewritten, but the commit failed: \(error.message)")
        }
        journal.branch = branch
        journal.commit = commitID?.hex
    }
    try journal.save(project)
    return ApplyOutcome(journal: journal, recovered: recovered, branch: options.commit ? branch : nil, commit: commitID)
}

func commitMessage(_ plan: CutoverPlan, id: String) -> String {
    var lines = ["Cut over from \(plan.from) to \(plan.to)", "",
                 "relops cutover \(id) rewrote \(plan.edits.count) occurrence\(plan.edits.count == 1 ? "" : "s") in \(plan.files.count) file\(plan.files.count == 1 ? "" : "s")."]
    for cls in OccurrenceClass.allCases {
        let files = plan.files.filter { $0.occurrenceClass == cls }
        guard !files.isEmpty else { continue }
        lines.append("")
        lines.append("\(cls.rawValue):")
        lines += files.map { "  \($0.path)" }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Refuses a path that resolves outside the working tree (through a symlinked folder).
func ensureInsideRepository(_ path: String, _ project: Project) throws(Failure) {
    let root = (project.root as NSString).resolvingSymlinksInPath
    let folder = ((project.root + "/" + path) as NSString).deletingLastPathComponent
    let resolved = (folder as NSString).resolvingSymlinksInPath
    guard resolved == root || resolved.hasPrefix(root + "/") else {
        throw Failure(.badInput, "\(path): resolves outside the repository (\(resolved)); refusing to write it")
    }
    var info = stat()
    if lstat(project.root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
        throw Failure(.badInput, "\(path): is a symlink; refusing to write through it")
    }
}
