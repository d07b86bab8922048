import Foundation
import TestSupport
import Testing

@testable import Scan

/// The access time of `path` (seconds since 1970).
private func accessTime(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return info.st_atim.tv_sec
}

/// Sets the access time of `path` to 2020-01-01 and its modification time to 2025-01-01: a read
/// then updates the access time on a file system mounted `relatime` or `strictatime`.
private func ageAccessTime(_ path: String) {
    var times = [timespec(tv_sec: 1_577_836_800, tv_nsec: 0), timespec(tv_sec: 1_735_689_600, tv_nsec: 0)]
    utimensat(AT_FDCWD, path, &times, 0)
}

/// True when reading a file here updates its access time (not a `noatime` mount): only then can
/// a scan's reads be told apart from none.
private func readsUpdateAccessTimes() -> Bool {
    let folder = TemporaryFolder("atime-probe")
    folder.write("probe.txt", "probe\n")
    let path = folder.url("probe.txt")
    ageAccessTime(path)
    _ = FileManager.default.contents(atPath: path)
    return accessTime(path) != 1_577_836_800
}

@Suite struct AccessTimeTests {
    @Test(.enabled(if: readsUpdateAccessTimes(), "reads do not update access times on this file system"))
    func aScanLeavesTheAccessTimesOfWhatItReads() throws {
        let repo = GitFixture("atime")
        repo.write("a.txt", "https://\(host)/a\n")
        repo.write("src/b.txt", "nothing here\n")
        // A build file the classifier reads (through the root's handle).
        repo.write("Api/Api.csproj", "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n")
        repo.write("Api/Links.cs", "const string Host = \"https://\(host)/x\";\n")
        repo.commit("files")
        let read = ["a.txt", "src/b.txt", "Api/Api.csproj", "Api/Links.cs"]
        for path in read { ageAccessTime(repo.root + "/" + path) }
        let result = try scanRepository(repo.root)
        #expect(result.occurrences.map(\.path) == ["Api/Links.cs", "a.txt"])
        #expect(result.classOf("Api/Links.cs") == .server)
        #expect(result.filesScanned == 4)
        for path in read {
            #expect(accessTime(repo.root + "/" + path) == 1_577_836_800, "\(path)")
        }
    }

    @Test(.enabled(if: readsUpdateAccessTimes(), "reads do not update access times on this file system"))
    func aBuildFileReadTheWholeWayKeepsItsAccessTimeToo() throws {
        let folder = TemporaryFolder("atime-repository-file")
        folder.write("real/App.csproj", "<Project />\n")
        symlink("real", folder.url("link"))
        ageAccessTime(folder.url("real/App.csproj"))
        let reader = RootedFileReader(root: folder.path)
        #expect(try reader.readBeneath("link/App.csproj", limit: 1024) == nil)
        #expect(try reader.read("link/App.csproj", limit: 1024) == Array("<Project />\n".utf8))
        #expect(accessTime(folder.url("real/App.csproj")) == 1_577_836_800)
    }
}
