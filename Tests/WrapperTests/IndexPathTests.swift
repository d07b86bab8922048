import Foundation
import TestSupport
import Testing

@testable import Git

/// A file list of `paths`, in order.
private func list(_ paths: [String]) -> FileList {
    var files = FileList()
    for path in paths { files.append(path: path, kind: .file, id: .zero) }
    return files
}

/// A crafted index is the repository's data: a path git would never write there nor check out
/// (`../x`, an empty, `.` or `.git` component) is refused before any file is read or written,
/// naming it, wherever it sits in the path block (the wide search and its byte-by-byte end).
@Suite struct IndexPathTests {
    static let refused = [
        "../x.txt", "a/../../x.txt", "a/..", "..", ".", "./a", "a/./b", "a//b", "a/", "/etc/passwd", ".git/config",
        "a/.git/hooks/pre-commit", "a/.GIT/x", "a/.Git", "",
    ]
    static let kept = [
        ".gitignore", ".github/workflows/ci.yml", "a/.gitx/y", "a/..b/c", "a/b../c", "a/...", ".well-known/x.json",
        "a/.g/b", "a.git/x", "a/x.git",
    ]

    @Test(arguments: refused)
    func aPathGitNeverChecksOutIsFoundWhereverItSits(path: String) {
        let padding = (0..<300).map { "src/module\($0)/File\($0).cs" }
        for at in [0, 150, 300] {
            var paths = padding
            paths.insert(path, at: at)
            #expect(list(paths).firstPathGitRefuses == at, "\(path.debugDescription) at \(at)")
        }
    }

    @Test func pathsGitChecksOutAreKept() {
        let padding = (0..<300).map { "src/module\($0)/File\($0).cs" }
        #expect(list(Self.kept + padding + Self.kept).firstPathGitRefuses == nil)
        #expect(list([]).firstPathGitRefuses == nil)
    }

    /// End to end: an index whose `aa/x.txt` was rewritten to `../x.txt` (the checksum left
    /// alone, as the reader does not check it). The scan exits 3 naming the path; the file
    /// beside the repository, which holds the host, is never read.
    @Test func aScanOfAnIndexLeadingOutsideTheRepositoryRefusesIt() throws {
        let outer = TemporaryFolder("outer")
        outer.write("x.txt", "OUTSIDE https://app.example.com/leak\n")
        outer.write("repo/aa/x.txt", "inside https://app.example.com/in\n")
        let root = outer.url("repo")
        for arguments in [
            ["init", "-q"], ["add", "aa/x.txt"],
            ["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "x"],
        ] {
            #expect(runGit(arguments, in: root).status == 0)
        }
        let index = root + "/.git/index"
        var bytes = try #require(FileManager.default.contents(atPath: index))
        let at = try #require(bytes.firstRange(of: Data("aa/x.txt".utf8)))
        bytes.replaceSubrange(at.lowerBound..<at.lowerBound + 2, with: Data("..".utf8))
        try bytes.write(to: URL(fileURLWithPath: index))
        let repository = try Repository(at: root)
        #expect(
            performing: { try repository.indexFiles() },
            throws: { ($0 as? GitError)?.description.contains("\"../x.txt\", a path git never checks out") == true })
        let scan = relops(["scan", "--repo", root, "--host", "app.example.com", "--format", "json"])
        #expect(scan.status == 3)
        #expect(scan.stderr.contains("\"../x.txt\", a path git never checks out"), "\(scan.stderr)")
        #expect(!scan.stdout.contains("OUTSIDE") && !scan.stderr.contains("OUTSIDE"))
    }
}
