import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Scan

/// A repository folder holding every kind of path a build-file read can meet: a plain file, a file
/// behind a folder symlink that stays inside, a file symlink, a folder symlink and an absolute
/// one leading outside, an absolute symlink back inside, a FIFO, a folder, a file over the limit.
private func treeOfEveryKind(_ repo: TemporaryFolder, outside: TemporaryFolder) -> [String] {
    repo.write("plain/deep/App.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"></Project>\n")
    repo.write("plain/small.txt", "1234")
    repo.write("big.txt", String(repeating: "x", count: 100))
    outside.write("secret.txt", "outside\n")
    symlink("plain", repo.url("inside"))
    symlink("plain/small.txt", repo.url("file-link.txt"))
    symlink(outside.path, repo.url("out"))
    symlink("../" + nameOf(outside.path), repo.url("climbs"))
    symlink(repo.url("plain"), repo.url("absolute-inside"))
    mkfifo(repo.url("pipe"), 0o600)
    return [
        "plain/deep/App.csproj", "plain/small.txt", "big.txt", "inside/small.txt", "file-link.txt",
        "out/secret.txt", "climbs/secret.txt", "absolute-inside/small.txt", "pipe", "plain", "missing.txt",
        "plain/missing/x.txt", "plain/small.txt/x", "plain/../plain/small.txt", "./plain/small.txt",
        "plain//small.txt", "/etc/hostname", "",
    ]
}

/// What a read gave: the bytes, or the refusal's words.
private func outcome(_ read: () throws(RepositoryPathError) -> [UInt8]) -> String {
    do throws(RepositoryPathError) {
        return "bytes " + String(decoding: try read(), as: UTF8.self)
    } catch {
        return "refused " + error.description
    }
}

@Suite struct RootedFileReaderTests {
    @Test func everyPathReadsAsRepositoryFileReadsIt() {
        let repo = TemporaryFolder("rooted-repo")
        let outside = TemporaryFolder("rooted-outside")
        let reader = RootedFileReader(root: repo.path)
        for path in treeOfEveryKind(repo, outside: outside) {
            let expected = outcome { () throws(RepositoryPathError) in
                try RepositoryFile.read(path, in: repo.path, limit: 64)
            }
            let got = outcome { () throws(RepositoryPathError) in try reader.read(path, limit: 64) }
            #expect(got == expected, "\(path)")
        }
        #expect(
            outcome { () throws(RepositoryPathError) in try reader.read("out/secret.txt", limit: 64) }.hasPrefix(
                "refused "))
    }

    /// Only a plain path to a regular file with no symlink on it is read through the root's
    /// handle; everything else goes the whole way (nil here).
    @Test func theRootsHandleSettlesOnlyPlainRegularFilesWithoutASymlink() throws {
        let repo = TemporaryFolder("rooted-repo")
        let outside = TemporaryFolder("rooted-outside")
        _ = treeOfEveryKind(repo, outside: outside)
        let reader = RootedFileReader(root: repo.path)
        #expect(try reader.readBeneath("plain/small.txt", limit: 64) == Array("1234".utf8))
        #expect(try reader.readBeneath("plain/deep/App.csproj", limit: 64)?.count == 44)
        for path in [
            "inside/small.txt", "file-link.txt", "out/secret.txt", "climbs/secret.txt", "absolute-inside/small.txt",
            "pipe", "plain", "missing.txt",
        ] {
            #expect(try reader.readBeneath(path, limit: 64) == nil, "\(path)")
        }
        #expect(throws: RepositoryPathError.self) { try reader.readBeneath("big.txt", limit: 64) }
    }

    @Test func aPlainPathIsMadeOfNamesAlone() {
        for path in ["a", "a/b.csproj", "a b/c", ".github/workflows/ci.yml", "a/.b/c..d"] {
            #expect(isPlain(path), "\(path)")
        }
        for path in ["", "/a", "a/", "a//b", "./a", "a/./b", "a/..", "../a", "a/\u{0}b"] {
            #expect(!isPlain(path), "\(path)")
        }
    }

    @Test func aRootThatCannotBeOpenedReadsTheWholeWay() {
        let repo = TemporaryFolder("rooted-repo")
        repo.write("a.txt", "a")
        let missingRoot = repo.url("not-there")
        let reader = RootedFileReader(root: missingRoot)
        let expected = outcome { () throws(RepositoryPathError) in
            try RepositoryFile.read("a.txt", in: missingRoot, limit: 64)
        }
        #expect(outcome { () throws(RepositoryPathError) in try reader.read("a.txt", limit: 64) } == expected)
        #expect(expected.hasPrefix("refused "))
    }
}
