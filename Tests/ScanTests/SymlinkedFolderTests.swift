import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

@testable import Scan

/// Every file's bytes under `folder`, by path: to check that nothing there changed.
func filesUnder(_ folder: String) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for case let relative as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
        files[relative] = FileManager.default.contents(atPath: folder + "/" + relative).map { Array($0) }
    }
    return files
}

/// A repository whose tracked `a/b.txt` and `p/q/r.txt` lie, in the working tree, behind folders
/// replaced by symlinks to a folder outside it (made in the test's own temporary folder), which
/// holds its own `b.txt` and `r.txt` with the host; `p/q2/t.txt`, `p/s.txt` and `z.txt` are real.
func repositoryWithSymlinkedFolders(_ outside: TemporaryFolder) throws -> GitFixture {
    outside.write("b.txt", "outside: https://\(host)/y\n")
    outside.write("r.txt", "outside: https://\(host)/r\n")
    let repo = GitFixture("symlinked-folders")
    repo.write("a/b.txt", "inside: nothing\n")
    repo.write("p/q/r.txt", "inside: https://\(host)/committed\n")
    repo.write("p/q2/t.txt", "https://\(host)/t\n")
    repo.write("p/s.txt", "https://\(host)/s\n")
    repo.write("z.txt", "https://\(host)/z\n")
    repo.commit("tree")
    for folder in ["a", "p/q"] {
        try FileManager.default.removeItem(atPath: repo.root + "/" + folder)
        symlink(outside.path, repo.root + "/" + folder)
    }
    return repo
}

@Suite struct SymlinkedFolderTests {
    @Test(arguments: [1, 2])
    func aFileBehindASymlinkedFolderIsNeverReadAndSaysWhy(workers: Int) throws {
        let outside = TemporaryFolder("outside")
        let repo = try repositoryWithSymlinkedFolders(outside)
        let before = filesUnder(outside.path)
        let result = try scanRepository(repo.root, workers: workers)
        #expect(result.occurrences.map(\.path) == ["p/q2/t.txt", "p/s.txt", "z.txt"])
        #expect(!result.occurrences.contains { $0.text.contains("outside") })
        #expect(result.filesScanned == 3)
        #expect(!result.isIncomplete)
        #expect(result.problems.map(\.path) == ["a/b.txt", "p/q/r.txt"])
        let realOutside = RepositoryPath.canonical(outside.path)
        #expect(
            result.problems.first?.message
                == "folder a is a symlink leading outside the repository (to \(realOutside)): not scanned")
        #expect(
            result.problems.last?.message.hasPrefix("folder p/q is a symlink leading outside the repository") == true)
        #expect(!result.jsonText.contains("outside:"))
        #expect(filesUnder(outside.path) == before)
    }

    @Test func untrackedFilesDoNotReachBehindASymlinkedFolder() throws {
        let outside = TemporaryFolder("outside")
        let repo = try repositoryWithSymlinkedFolders(outside)
        let result = try scanRepository(repo.root, includeUntracked: true)
        #expect(!result.occurrences.contains { $0.text.contains("outside") })
        #expect(!result.jsonText.contains("outside:"))
        #expect(result.problems.map(\.path).contains("a/b.txt"))
    }

    @Test func revReadsTheCommittedBlobsWhateverTheWorkingTreeHolds() throws {
        let outside = TemporaryFolder("outside")
        let repo = try repositoryWithSymlinkedFolders(outside)
        let result = try scanRepository(repo.root, revision: "HEAD")
        #expect(result.occurrences.map(\.path) == ["p/q/r.txt", "p/q2/t.txt", "p/s.txt", "z.txt"])
        #expect(result.occurrence("p/q/r.txt")?.text == "inside: https://\(host)/committed")
        #expect(result.problems.isEmpty)
    }

    @Test func aSymlinkedFolderLeadingInsideIsNotReadThroughEither() throws {
        let repo = GitFixture("inside-link")
        repo.write("real/b.txt", "https://\(host)/real\n")
        repo.write("a/b.txt", "https://\(host)/a\n")
        repo.commit("tree")
        try FileManager.default.removeItem(atPath: repo.root + "/a")
        symlink("real", repo.root + "/a")
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.map(\.path) == ["real/b.txt"])
        #expect(result.problems.map(\.path) == ["a/b.txt"])
        #expect(
            result.problems.first?.message.hasPrefix("folder a is a symlink (to real): not scanned through it") == true)
    }

    /// With `openat2` (one call per new folder) and without it (a kernel that lacks it: a
    /// `fstatat` per component), the same answers.
    @Test(arguments: [true, false])
    func aFolderCheckedOnceServesItsFilesAndItsSiblingsAreCheckedAgain(openingWithoutSymlinks: Bool) {
        let outside = TemporaryFolder("outside")
        let repo = TemporaryFolder("tree")
        for folder in ["x/y", "x/yz", "w"] {
            try? FileManager.default.createDirectory(atPath: repo.url(folder), withIntermediateDirectories: true)
        }
        symlink(outside.path, repo.url("x/y/link"))
        repo.write("x/yz/e.txt", "e\n")
        let rootFD = open(repo.path, O_RDONLY | O_DIRECTORY)
        defer { close(rootFD) }
        let folders = WorkingTreeFolders(openingWithoutSymlinks: openingWithoutSymlinks)
        func refusal(_ path: String) -> String? {
            path.withCString { folders.refusal(for: $0, length: path.utf8.count, rootFD: rootFD, root: repo.path) }
        }
        let paths = [
            "top.txt", "x/y/a.txt", "x/y/link/b.txt", "x/y/link/c/d.txt", "x/y/link2.txt", "x/yz/e.txt", "w/f.txt",
            "x/y/link/g.txt", "missing/h.txt", "w/f.txt/i.txt", "x/y/link/c/e.txt",
        ]
        let refusals = paths.map(refusal)
        #expect(
            refusals.map { $0 != nil } == [false, false, true, true, false, false, false, true, false, false, true])
        #expect(refusals[2]?.hasPrefix("folder x/y/link is a symlink leading outside the repository") == true)
        #expect(refusals[3] == refusals[2])
        // A file in a real folder opens through the folder the check opened.
        let fd = "x/yz/e.txt".withCString { path -> Int32 in
            #expect(folders.refusal(for: path, length: 10, rootFD: rootFD, root: repo.path) == nil)
            return folders.open(path, length: 10, rootFD: rootFD, flags: O_RDONLY | O_NOFOLLOW)
        }
        #expect(fd >= 0)
        if fd >= 0 { close(fd) }
    }

    /// A worker keeps the folders on the way open: a subfolder opens from its parent, the parent is
    /// not opened again when its files come back after the subfolder's, and a deep path holds
    /// at most `openLimit` folders open. A symlink below an open folder is still refused. The
    /// same with `openat2` and without (then a folder is opened when its first file is).
    @Test(arguments: [true, false])
    func aFolderOpensFromTheNearestOpenFolderOnItsWay(openingWithoutSymlinks: Bool) {
        let outside = TemporaryFolder("outside")
        let repo = TemporaryFolder("tree")
        let deep = (1...12).map { "d\($0)" }.joined(separator: "/")
        for folder in ["x/y/z", deep] {
            try? FileManager.default.createDirectory(atPath: repo.url(folder), withIntermediateDirectories: true)
        }
        symlink(outside.path, repo.url("x/y/link"))
        let rootFD = open(repo.path, O_RDONLY | O_DIRECTORY)
        defer { close(rootFD) }
        let folders = WorkingTreeFolders(openingWithoutSymlinks: openingWithoutSymlinks)
        /// The refusal of `path`; a file with none is opened (and closed) as a worker would.
        func refusal(_ path: String) -> String? {
            path.withCString { name -> String? in
                let length = path.utf8.count
                if let refused = folders.refusal(for: name, length: length, rootFD: rootFD, root: repo.path) {
                    return refused
                }
                let fd = folders.open(name, length: length, rootFD: rootFD, flags: O_RDONLY | O_NOFOLLOW)
                if fd >= 0 { close(fd) }
                return nil
            }
        }
        #expect(refusal("x/a.txt") == nil && folders.openFolderLengths == [1])
        #expect(refusal("x/y/z/a.txt") == nil && folders.openFolderLengths == [1, 5])
        #expect(refusal("x/y/b.txt") == nil && folders.openFolderLengths == [1, 3])
        #expect(refusal("x/b.txt") == nil && folders.openFolderLengths == [1])
        #expect(refusal("x/y/link/c.txt")?.hasPrefix("folder x/y/link is a symlink leading outside") == true)
        #expect(folders.openFolderLengths == [1])
        var path = ""
        for n in 1...12 {
            path += (n == 1 ? "" : "/") + "d\(n)"
            #expect(refusal(path + "/f.txt") == nil)
        }
        #expect(folders.openFolderLengths.count == WorkingTreeFolders.openLimit)
        #expect(folders.openFolderLengths.last == deep.utf8.count)
    }
}

@Suite struct ProjectFileContainmentTests {
    @Test func aBuildFileBehindASymlinkedFolderIsRefusedNamingWhereItLeads() throws {
        let outside = TemporaryFolder("outside")
        outside.write("build.gradle", "plugins { id 'com.android.application' }\n")
        let repo = GitFixture("build-file-link")
        repo.write("app/build.gradle", "plugins { id 'com.android.library' }\n")
        repo.commit("app")
        try FileManager.default.removeItem(atPath: repo.root + "/app")
        symlink(outside.path, repo.root + "/app")
        let refused = ProjectFileRefusals()
        let read = FileSource.workingTree(repo.root).projectFileReader(
            FileList(), try Repository(at: repo.root), refused: refused)
        #expect(read(0, "app/build.gradle") == nil)
        let problems = refused.added(to: [])
        #expect(problems.map(\.path) == ["app/build.gradle"])
        let message = try #require(problems.first?.message)
        #expect(message.hasPrefix("build file not read: leads outside the repository (app is a symlink to"))
        #expect(message.contains(RepositoryPath.canonical(outside.path) + "/build.gradle"))
        #expect(problems.first?.isError == false)
    }

    @Test func aBuildFileThatIsASymlinkLeadingOutsideIsNotReadByTheScan() throws {
        let outside = TemporaryFolder("outside")
        outside.write("build.gradle", "plugins { id 'com.android.application' }\n")
        let repo = GitFixture("build-file-symlink")
        repo.write("app/src/main/res/values/strings.xml", "<string name=\"h\">https://\(host)</string>\n")
        try FileManager.default.createDirectory(atPath: repo.root + "/app", withIntermediateDirectories: true)
        symlink(outside.url("build.gradle"), repo.root + "/app/build.gradle")
        repo.commit("app")
        let result = try scanRepository(repo.root)
        // Read, the outside file would make `app` an Android application and the string binary-config.
        #expect(result.classOf("app/src/main/res/values/strings.xml") != .binaryConfig)
        let problem = try #require(result.problems.first { $0.path == "app/build.gradle" })
        #expect(problem.message.hasPrefix("build file not read: leads outside the repository"))
        #expect(result.products.isEmpty)
    }

    @Test func aBuildFileInsideTheRepositoryIsStillRead() throws {
        let repo = GitFixture("build-file-inside")
        repo.write("app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write("app/src/main/res/values/strings.xml", "<string name=\"h\">https://\(host)</string>\n")
        repo.commit("app")
        let result = try scanRepository(repo.root)
        #expect(result.classOf("app/src/main/res/values/strings.xml") == .binaryConfig)
        #expect(result.problems.isEmpty)
    }
}
