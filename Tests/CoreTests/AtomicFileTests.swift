import Foundation
import RelopsCore
import Testing
import TestSupport

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
