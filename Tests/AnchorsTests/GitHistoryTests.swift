import Foundation
import Git
import TestSupport
import Testing

/// The Git wrapper calls the anchor audit stands on, checked against the git CLI.
@Suite struct GitHistoryTests {
    @Test func firstParentHistoryBlobDiffsChangedFilesAndRenames() throws {
        let repo = GitFixture()
        repo.write("a.txt", "1\n2\n3\n4\n")
        repo.write("old/name.txt", numbered("line", 1...20))
        let first = repo.commit("First", date: "2026-01-01T00:00:00Z")
        repo.write("a.txt", "0\n1\n2\nthree\n4\n")
        repo.write("new/name.txt", numbered("line", 1...20))
        repo.git("rm", "-q", "old/name.txt")
        let second = repo.commit("Second (#2)", date: "2026-01-02T00:00:00Z")
        let repository = try Repository(at: repo.root)

        let history = try repository.firstParentHistory(from: try repository.resolveCommit("HEAD"))
        #expect(history.map(\.id.hex) == [second, first])
        #expect(history[0].subject == "Second (#2)" && history[0].parents.map(\.hex) == [first])
        #expect(history[1].time == 1_767_225_600)

        let oldBlob = try #require(try repository.tree(ofCommit: history[1].id).blobID(at: "a.txt"))
        let newBlob = try #require(try repository.tree(ofCommit: history[0].id).blobID(at: "a.txt"))
        #expect(
            try repository.diffBlobs(oldBlob, newBlob) == [
                DiffHunk(oldStart: 0, oldLines: 0, newStart: 1, newLines: 1),
                DiffHunk(oldStart: 3, oldLines: 1, newStart: 4, newLines: 1),
            ])
        #expect(
            try repository.diffBlob(oldBlob, toBuffer: Array("1\n2\n3\n4\n5\n".utf8))
                == [DiffHunk(oldStart: 4, oldLines: 0, newStart: 5, newLines: 1)])

        let changed = try repository.changedFiles(from: history[1].id, to: history[0].id)
        #expect(Set(changed.map(\.path)) == ["a.txt", "new/name.txt", "old/name.txt"])
        #expect(changed.first { $0.path == "old/name.txt" }?.blob == nil)
        #expect(try repository.renames(from: history[1].id, to: history[0].id) == ["old/name.txt": "new/name.txt"])
        #expect(try repository.tree(ofCommit: history[0].id).blobID(at: "old/name.txt") == nil)
        #expect(repository.contains(history[1].id, in: history[0].id))
        #expect(!repository.contains(history[0].id, in: history[1].id))
    }

    @Test func changedBlobsAgreeWithGitDiffTreeAndSkipNothingThatChanged() throws {
        let repo = GitFixture()
        for k in 0..<30 { repo.write("m\(k % 3)/p\(k % 5)/f\(k).go", "package p\n// \(k)\n") }
        repo.write("x", "a file\n")
        repo.write("m1-extra.txt", "sorts between m1 and m1/\n")
        repo.write("z/deep/er/file.txt", "deep\n")
        var commits = [repo.commit("Start")]
        repo.write("m0/p0/f0.go", "package p\n// changed\n")
        repo.write("m2/p4/new.go", "package p\n")
        try FileManager.default.removeItem(atPath: repo.root + "/m1/p1/f1.go")
        try FileManager.default.removeItem(atPath: repo.root + "/x")
        repo.write("x/now-a-folder.txt", "inside\n")
        try FileManager.default.removeItem(atPath: repo.root + "/z")
        repo.write("z", "a file now\n")
        commits.append(repo.commit("Reshape"))
        let repository = try Repository(at: repo.root)
        for (old, new) in [(commits[0], commits[1]), (commits[1], commits[0])] {
            let ours = try repository.changedBlobs(from: ObjectID(hex: old), to: try #require(ObjectID(hex: new)))
            let lines = repo.git("diff-tree", "-r", "--no-renames", old, new).split(separator: "\n")
            let expected = lines.map { line -> String in
                let fields = line.split(separator: "\t")
                let meta = fields[0].split(separator: " ")
                return fields[1] + (meta[4] == "D" ? " -" : " " + meta[3])
            }
            #expect(ours.map { $0.path + " " + ($0.blob?.hex ?? "-") }.sorted() == expected.sorted())
        }
        let everything = try repository.changedBlobs(from: nil, to: try #require(ObjectID(hex: commits[0])))
        #expect(everything.count == 33)
        #expect(
            everything.map(\.path)
                == repo.git("ls-tree", "-r", "--name-only", commits[0]).split(separator: "\n").map(String.init))
    }
}
