import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The demo's workspace: the sample written through libgit2 is the sample the git CLI writes, a
/// temporary workspace goes away, and `--keep` takes only a new or empty folder.
@Suite(.relopsCommands) struct DemoWorkspaceTests {
    let folder = TemporaryFolder("demo-workspace")

    @Test func theSampleWrittenThroughLibgit2IsTheSampleTheGitCLIWrites() throws {
        let workspace = try DemoWorkspace(keep: folder.url("kept"))
        try workspace.writeSample()
        let expected = makeSampleRepository()
        // Same trees, messages and dates, commit by commit, on main; nothing left uncommitted.
        let format = "--format=%T %at %ct %s"
        #expect(gitOutput("log", format, in: workspace.repository) == gitOutput("log", format, in: expected.root))
        #expect(
            gitOutput("rev-list", "--count", "HEAD", in: workspace.repository) == "\(SampleRepository.history.count)\n")
        #expect(gitOutput("symbolic-ref", "--short", "HEAD", in: workspace.repository) == "main\n")
        #expect(gitOutput("status", "--porcelain", in: workspace.repository) == "")
        #expect(
            gitOutput("log", "-1", "--format=%an <%ae>", in: workspace.repository)
                == "Sam Developer <sam@example.com>\n")
        // The certificate sits outside the repository, as Play Console hands it out.
        #expect(folder.readText("kept/play-console/deployment_cert.pem") == SampleRepository.newCertificatePEM)
        #expect(!workspace.certificate.hasPrefix(workspace.repository + "/"))
    }

    @Test func aTemporaryWorkspaceIsRemovedAndAKeptOneStays() throws {
        let temporary = try DemoWorkspace(keep: nil)
        #expect(!temporary.kept)
        #expect((temporary.folder as NSString).lastPathComponent.hasPrefix(DemoWorkspace.temporaryPrefix))
        #expect(FileManager.default.fileExists(atPath: temporary.folder))
        temporary.removeIfTemporary()
        #expect(!FileManager.default.fileExists(atPath: temporary.folder))

        let kept = try DemoWorkspace(keep: folder.url("new/nested"))
        #expect(kept.kept)
        kept.removeIfTemporary()
        #expect(FileManager.default.fileExists(atPath: folder.url("new/nested")))
    }

    @Test func keepTakesAnEmptyFolderAndRefusesANonEmptyOneOrAFile() throws {
        try FileManager.default.createDirectory(atPath: folder.url("empty"), withIntermediateDirectories: true)
        #expect(try DemoWorkspace(keep: folder.url("empty")).folder == folder.url("empty"))

        folder.write("busy/notes.txt", "mine\n")
        folder.write("file.txt", "a file\n")
        for (path, message) in [
            ("busy", "the folder is not empty (it holds notes.txt)"), ("file.txt", "exists and is not a folder"),
        ] {
            do {
                _ = try DemoWorkspace(keep: folder.url(path))
                Issue.record("--keep \(path) was accepted")
            } catch {
                #expect(error.category == .usage)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(folder.readText("busy/notes.txt") == "mine\n")
    }
}
