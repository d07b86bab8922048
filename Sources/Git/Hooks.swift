internal import CGit2
import Foundation

extension Repository {
    /// The folder git runs hooks from: `core.hooksPath` (relative to the working tree, `~/` at
    /// the home folder), else `hooks` in the common git folder (shared by linked worktrees).
    public var hooksFolder: String {
        if let configured = configString("core.hooksPath"), !configured.isEmpty {
            if configured.hasPrefix("/") { return configured }
            if configured.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
                return home + configured.dropFirst(1)
            }
            return (workingDirectory ?? gitDirectory) + "/" + configured
        }
        let common = pointerIfOpens.flatMap { git_repository_commondir($0) }.map { String(cString: $0) }
        var folder = common ?? gitDirectory
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder + "/hooks"
    }

    /// Those of `names` that git would run here: an executable file of that name in
    /// `hooksFolder` (a `.sample` is not one). Only the files' status is read, never their content.
    public func installedHooks(_ names: [String]) -> [String] {
        let folder = hooksFolder
        return names.filter { name in
            var info = stat()
            let path = folder + "/" + name
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
        }
    }
}
