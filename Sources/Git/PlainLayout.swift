import Foundation

/// A repository found without libgit2: a working tree with an ordinary `.git` folder, owned by
/// the user running relops, with nothing in its config that moves the working tree or needs an
/// extension. That is almost every clone, and opening it this way costs a few `stat`s instead of
/// libgit2's initialisation (about 5 ms: libgit2 reads the system's CA bundle for HTTPS as it
/// starts). A linked worktree (`git worktree add`) is found the same way. Anything else (a
/// submodule, whose `.git` file names a folder of the parent repository, a bare repository,
/// `core.worktree`, `core.bare`, includes, extensions, another owner, a search that would cross
/// a file system) returns nil, and libgit2 opens the repository as before and decides.
struct PlainLayout: Equatable {
    /// The working tree, absolute, symbolic links resolved (as libgit2 reports it).
    let workingDirectory: String
    /// `workingDirectory + "/.git"`.
    let gitDirectory: String

    /// Looks for the repository enclosing `path` the way libgit2 does (`path` itself, then each
    /// parent, checking the folder and its `.git`); nil unless what it finds first is plain.
    static func discover(from path: String) -> PlainLayout? {
        guard let resolved = realPath(path) else { return nil }
        var folder = resolved
        guard let device = deviceOf(folder) else { return nil }
        while true {
            // A folder that is itself a git folder (bare, or `.git` named directly): libgit2's case.
            if looksLikeGitFolder(folder) { return nil }
            let dotGit = folder == "/" ? "/.git" : folder + "/.git"
            var info = stat()
            if lstat(dotGit, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFREG { return linkedWorktree(folder, gitFile: dotGit) }
                guard info.st_mode & S_IFMT == S_IFDIR, looksLikeGitFolder(dotGit) else { return nil }
                return isPlain(gitDirectory: dotGit, commonDirectory: dotGit, workingDirectory: folder)
                    ? PlainLayout(workingDirectory: folder, gitDirectory: dotGit) : nil
            }
            guard errno == ENOENT, folder != "/" else { return nil }
            let parent = parentFolder(of: folder)
            // libgit2 stops at a file-system boundary unless asked not to: let it report that.
            guard deviceOf(parent) == device else { return nil }
            folder = parent
        }
    }

    /// What libgit2 checks before it calls a folder a git folder: `HEAD` with `objects/` and
    /// `refs/`, or with a `commondir` file (a linked worktree's own folder).
    private static func looksLikeGitFolder(_ folder: String) -> Bool {
        func exists(_ name: String) -> Bool {
            var info = stat()
            return lstat(folder + "/" + name, &info) == 0
        }
        return exists("HEAD") && (exists("objects") && exists("refs") || exists("commondir"))
    }

    /// A linked worktree (`git worktree add`): its `.git` file names its own git folder
    /// (`.git/worktrees/NAME`, which holds its `HEAD` and index), and that folder's `commondir`
    /// names the repository's (objects, refs, config). A submodule's `.git` file names a folder
    /// without `commondir`: left to libgit2, like anything else that does not fit.
    private static func linkedWorktree(_ folder: String, gitFile: String) -> PlainLayout? {
        guard let target = firstLine(of: gitFile, after: "gitdir: "),
            let gitDirectory = realPath(target.hasPrefix("/") ? target : folder + "/" + target),
            let common = firstLine(of: gitDirectory + "/commondir", after: ""),
            let commonDirectory = realPath(common.hasPrefix("/") ? common : gitDirectory + "/" + common)
        else { return nil }
        var info = stat()
        guard lstat(gitDirectory + "/config.worktree", &info) != 0,
            isPlain(gitDirectory: gitDirectory, commonDirectory: commonDirectory, workingDirectory: folder)
        else { return nil }
        return PlainLayout(workingDirectory: folder, gitDirectory: gitDirectory)
    }

    /// The first line of a small file, after `prefix`, without its line ending; nil when the file
    /// cannot be read, is not small, or does not start with `prefix`.
    private static func firstLine(of path: String, after prefix: String) -> String? {
        guard let bytes = readWholeFile(path, maximum: 65536), bytes.starts(with: prefix.utf8) else { return nil }
        let line = bytes.dropFirst(prefix.utf8.count).prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }

    /// Owned by the current user (working tree, git folder and the repository's common folder,
    /// which is the git folder itself except in a linked worktree), every part where git puts it,
    /// and a config that only holds settings that leave the layout alone.
    private static func isPlain(gitDirectory: String, commonDirectory: String, workingDirectory: String) -> Bool {
        func isOwned(_ path: String, _ kind: mode_t) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == kind && info.st_uid == geteuid()
        }
        guard isOwned(workingDirectory, S_IFDIR), isOwned(gitDirectory, S_IFDIR), isOwned(commonDirectory, S_IFDIR),
            isOwned(gitDirectory + "/HEAD", S_IFREG), isOwned(commonDirectory + "/objects", S_IFDIR),
            isOwned(commonDirectory + "/refs", S_IFDIR)
        else { return false }
        guard let config = readWholeFile(commonDirectory + "/config", maximum: 65536) else { return false }
        return configLeavesLayoutAlone(String(decoding: config, as: UTF8.self))
    }

    /// False for any setting that moves or removes the working tree, pulls in other files, or
    /// needs a repository extension: `core.worktree`, `core.bare = true` (or any value but false),
    /// `[include]`/`[includeIf]`, `[extensions]`, `repositoryformatversion` other than 0 or 1.
    static func configLeavesLayoutAlone(_ text: String) -> Bool {
        for rawLine in text.utf8.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            let line = asciiLowercased(trimmed(rawLine[...]))
            guard let first = line.first, first != UInt8(ascii: "#"), first != UInt8(ascii: ";") else { continue }
            if first == UInt8(ascii: "[") {
                if line.starts(with: "[include".utf8) || line.starts(with: "[extensions".utf8)
                    || contains(line, "worktree")
                {
                    return false
                }
                continue
            }
            let equals = line.firstIndex(of: UInt8(ascii: "="))
            let key = String(decoding: trimmed(line[..<(equals ?? line.endIndex)]), as: UTF8.self)
            let value = equals.map { String(decoding: trimmed(line[($0 + 1)...]), as: UTF8.self) }
            switch key {
            case "worktree": return false
            case "bare": if !["false", "no", "off", "0"].contains(value ?? "") { return false }
            case "repositoryformatversion": if !["0", "1"].contains(value ?? "") { return false }
            default: continue
            }
        }
        return true
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isBlank($0) }), let end = bytes.lastIndex(where: { !isBlank($0) })
        else { return [] }
        return bytes[start...end]
    }

    private static func trimmed(_ bytes: Substring.UTF8View) -> ArraySlice<UInt8> { trimmed(ArraySlice(bytes)) }

    private static func asciiLowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    }

    private static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func deviceOf(_ folder: String) -> dev_t? {
        var info = stat()
        return stat(folder, &info) == 0 ? info.st_dev : nil
    }

    private static func parentFolder(of folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { return "/" }
        return String(folder[..<slash])
    }
}
