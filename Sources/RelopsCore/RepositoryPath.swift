import Foundation
import Git

/// Why relops refused a path of the repository, or could not read the file there.
public struct RepositoryPathError: RelopsFailure, Sendable, Equatable {
    /// What is wrong with the path.
    public enum Kind: Sendable, Equatable {
        /// An absolute path where a repository path is expected.
        case absolute
        /// The path leaves the repository: `through` is the symlink or `..` that leads out,
        /// `destination` where it leads.
        case leaves(through: String, destination: String)
        /// More symlinks than `RepositoryPath.maximumLinks` (a loop, or a chain built to exhaust).
        case tooManyLinks
        /// Nothing at the path (or a component is not a folder).
        case missing
        /// Not a regular file: `kind` says what it is (`a FIFO`, `a socket`, `a folder`).
        case notRegular(kind: String)
        /// Over the reader's size limit.
        case tooLarge(size: Int, limit: Int)
        /// The file system refused (`errno` text).
        case unreadable(String)
    }

    /// The path as the caller named it (relative to the repository).
    public let path: String
    /// What is wrong.
    public let kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// Refusals are bad input (exit 2); an I/O failure is "could not check" (exit 3).
    public var category: FailureCategory {
        if case .unreadable = kind { return .couldNotCheck }
        return .badInput
    }

    /// True when the path leaves the repository, is absolute or loops: relops refuses the command,
    /// where a missing, irregular or oversized file is reported and skipped by finders.
    public var isEscape: Bool {
        switch kind {
        case .absolute, .leaves, .tooManyLinks: return true
        default: return false
        }
    }

    public var description: String { "\(path): \(reason)" }

    /// What is wrong, without the path.
    public var reason: String {
        switch kind {
        case .absolute:
            return "an absolute path where a path inside the repository is expected (relops does not read or "
                + "write outside the repository)"
        case .leaves(let through, let destination):
            return "leads outside the repository (\(through), to \(destination)); relops does not read or write "
                + "outside the repository"
        case .tooManyLinks:
            return "more than \(RepositoryPath.maximumLinks) symlinks to follow (a loop?); not followed"
        case .missing: return "no such file in the working tree"
        case .notRegular(let what): return "\(what), not a regular file; relops reads only regular files"
        case .tooLarge(let size, let limit): return "\(size) bytes, over the \(limit)-byte limit for this file"
        case .unreadable(let why): return "cannot read: \(why)"
        }
    }
}

/// The one containment rule for every path relops reads or writes in a repository: the path is
/// resolved component by component (each `lstat`ed, each symlink followed and counted), and one
/// that leaves the repository through a symlink or `..`, or is absolute, is refused.
public enum RepositoryPath {
    /// The most symlinks followed while resolving one path (Linux's own limit).
    public static let maximumLinks = 40

    /// The absolute path of `path` (relative to the repository `root`) with every symlink
    /// resolved, all of it inside the repository. With `missingAllowed`, components that do not
    /// exist yet (a file or folder about to be written) are kept as written; otherwise a missing
    /// one is `.missing`. The caller must open the result without following a symlink again.
    public static func resolve(_ path: String, in root: String, missingAllowed: Bool = false)
        throws(RepositoryPathError) -> String
    {
        if path.hasPrefix("/") { throw RepositoryPathError(path: path, kind: .absolute) }
        let base = canonical(root)
        var pending: [String] = path.split(separator: "/").reversed().map(String.init)
        var resolved: [String] = []
        var links = 0
        var missing = false
        var lastLink: String?
        func leaves(_ through: String, _ rest: [String]) -> RepositoryPathError {
            let destination = lexical(([base] + resolved + rest.reversed()).joined(separator: "/"))
            return RepositoryPathError(path: path, kind: .leaves(through: through, destination: destination))
        }
        while let part = pending.popLast() {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                guard !resolved.isEmpty else {
                    throw leaves(lastLink ?? "its \"..\" climbs above the repository root", pending + [".."])
                }
                resolved.removeLast()
                continue
            }
            let here = base + "/" + (resolved + [part]).joined(separator: "/")
            if missing {
                resolved.append(part)
                continue
            }
            var info = stat()
            guard withFileSystemPath(here, { lstat($0, &info) }) == 0 else {
                let code = errno
                if code == ENOENT && missingAllowed {
                    missing = true
                    resolved.append(part)
                    continue
                }
                if code == ENOENT || code == ENOTDIR { throw RepositoryPathError(path: path, kind: .missing) }
                throw RepositoryPathError(path: path, kind: .unreadable(errnoText(code)))
            }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                resolved.append(part)
                continue
            }
            links += 1
            guard links <= maximumLinks else { throw RepositoryPathError(path: path, kind: .tooManyLinks) }
            let target = readLink(here) ?? ""
            let link = (resolved + [part]).joined(separator: "/")
            let through = "\(link) is a symlink to \(target)"
            lastLink = through
            if target.hasPrefix("/") {
                guard let inside = relativeInside(target, roots: [base, lexical(root)]) else {
                    let destination = lexical(([target] + pending.reversed()).joined(separator: "/"))
                    throw RepositoryPathError(path: path, kind: .leaves(through: through, destination: destination))
                }
                resolved = []
                pending += inside.reversed()
            } else {
                pending += target.split(separator: "/").reversed().map(String.init)
            }
        }
        return resolved.isEmpty ? base : base + "/" + resolved.joined(separator: "/")
    }

    /// `root` with its own symlinks resolved (`realpath`), or as given when that fails. The last
    /// answer is kept: a finder resolves thousands of paths in one repository.
    public static func canonical(_ root: String) -> String {
        if let known = CanonicalRootCache.shared.answer(for: root) { return known }
        guard let pointer = withFileSystemPath(root, { realpath($0, nil) }) else { return lexical(root) }
        defer { free(pointer) }
        let answer = decodePath(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).map { $0 })
        CanonicalRootCache.shared.keep(answer, for: root)
        return answer
    }

    /// `a/./b/../c` as `a/c`, keeping a leading `/`; a `..` above the start is kept.
    public static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Whether the absolute path `candidate` lies inside the repository `root` as written
    /// (lexically, after `.` and `..`), and its repository-relative path when it does.
    public static func relativePath(of candidate: String, inRepository root: String) -> String? {
        relativeInside(lexical(candidate), roots: [canonical(root), lexical(root)]).map { $0.joined(separator: "/") }
    }

    static func relativeInside(_ absolute: String, roots: [String]) -> [String]? {
        let parts = absolute.split(separator: "/").map(String.init)
        for root in roots {
            let prefix = root.split(separator: "/").map(String.init)
            if parts.count >= prefix.count, Array(parts.prefix(prefix.count)) == prefix {
                return Array(parts.dropFirst(prefix.count))
            }
        }
        return nil
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = withFileSystemPath(path) { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else { return nil }
        return decodePath(Array(buffer.prefix(count)).map { UInt8(bitPattern: $0) })
    }
}

/// The last root `RepositoryPath.canonical` resolved, under a lock.
private final class CanonicalRootCache: @unchecked Sendable {
    static let shared = CanonicalRootCache()
    private let lock = NSLock()
    private var last: (root: String, canonical: String)?

    func answer(for root: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return last?.root == root ? last?.canonical : nil
    }

    func keep(_ canonical: String, for root: String) {
        lock.lock()
        defer { lock.unlock() }
        last = (root, canonical)
    }
}
