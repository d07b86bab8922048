import Foundation
import RelopsCore
import TestSupport
import Testing

@Suite struct AtomicFileTests {
    @Test func replacesContentKeepsModeAndLeavesNoTemporaryFile() throws {
        let folder = TemporaryFolder()
        folder.write("run.sh", "old\n")
        chmod(folder.url("run.sh"), 0o755)
        try AtomicFile.write(Array("new\n".utf8), to: folder.url("run.sh"))
        #expect(folder.readText("run.sh") == "new\n")
        var info = stat()
        stat(folder.url("run.sh"), &info)
        #expect(info.st_mode & 0o777 == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.sh"])
    }

    @Test func refusesToReplaceASymlink() throws {
        let folder = TemporaryFolder()
        folder.write("target.txt", "x")
        symlink("target.txt", folder.url("link.txt"))
        #expect(throws: Failure.self) { try AtomicFile.write(Array("y".utf8), to: folder.url("link.txt")) }
        #expect(folder.readText("target.txt") == "x")
    }
}

@Suite struct FileIOTests {
    @Test func readFileReadsWholeFilesAndReportsMissingOnes() {
        let folder = TemporaryFolder()
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        folder.write("big.bin", bytes: big)
        folder.write("empty.txt", "")
        #expect(readFile(folder.url("big.bin")) == big)
        #expect(readFile(folder.url("empty.txt")) == [])
        #expect(readFile(folder.url("missing")) == nil)
        #expect(folderOf("a/b/c.txt") == "a/b" && folderOf("c.txt") == "" && folderOf("/c") == "/")
        #expect(nameOf("a/b/c.txt") == "c.txt" && nameOf("c.txt") == "c.txt")
    }
}

@Suite struct StagedWriteTests {
    @Test func keepsGroupWritableModesDespiteTheUmaskAndReplacesALeftoverTemporary() throws {
        let folder = TemporaryFolder()
        folder.write("shared.txt", "old\n")
        chmod(folder.url("shared.txt"), 0o664)
        folder.write(".shared.txt.relops-T1.tmp", "half-written leftover")
        let staged = try StagedWrite.stage(Array("new\n".utf8), for: folder.url("shared.txt"), tag: "T1")
        try staged.commit()
        var info = stat()
        stat(folder.url("shared.txt"), &info)
        #expect(info.st_mode & 0o777 == 0o664)
        #expect(folder.readText("shared.txt") == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["shared.txt"])
    }
}
