import Foundation
import TestSupport
import Testing

/// Issue 39: the repository's own revision-note template (`Templates/adr-revision.md`) is read as
/// every repository file is. Through a symlinked `Templates/` it would copy a file from outside
/// the repository into the ADR; a FIFO there would hang `repin` for ever.
@Suite struct RevisionTemplateContainmentTests {
    func repin(_ repo: AnchorRepo) -> ProcessOutput {
        runProcess(
            "/usr/bin/timeout",
            ["-s", "KILL", "60", relopsBinary, "anchors", "repin", "--revision-note", "--date", "2026-09-01"],
            in: repo.root)
    }

    @Test func aTemplateReachedThroughASymlinkOutIsRefusedAndNothingIsWritten() {
        let repo = AnchorRepo.drifted()
        let outside = TemporaryFolder("revision-template-outside")
        outside.write("adr-revision.md", "## Revision ({{date}})\n\nSECRET FROM OUTSIDE\n")
        symlink(outside.path, repo.root + "/Templates")
        let document = repo.read("Docs/adr/0001-deep-links.md")
        let run = repin(repo)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("Templates/adr-revision.md: leads outside the repository"), "\(run.stderr)")
        #expect(repo.read("Docs/adr/0001-deep-links.md") == document)
        #expect(outside.readText("adr-revision.md") == "## Revision ({{date}})\n\nSECRET FROM OUTSIDE\n")
    }

    @Test func aFIFOInPlaceOfTheTemplateIsRefusedNotWaitedOn() {
        let repo = AnchorRepo.drifted()
        try? FileManager.default.createDirectory(atPath: repo.root + "/Templates", withIntermediateDirectories: true)
        #expect(mkfifo(repo.root + "/Templates/adr-revision.md", 0o644) == 0)
        let run = repin(repo)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("Templates/adr-revision.md: a FIFO, not a regular file"), "\(run.stderr)")
    }

    @Test func theRepositorysOwnTemplateIsUsed() {
        let repo = AnchorRepo.drifted()
        repo.write("Templates/adr-revision.md", "## Revision ({{date}}) by the team\n\n{{items}}\n")
        let run = repin(repo)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(repo.readText("Docs/adr/0001-deep-links.md").contains("## Revision (2026-09-01) by the team"))
    }
}
