import Foundation
import TestSupport
import Testing

/// End-to-end: `anchors audit` and `anchors repin` on a hostile repository never read or write
/// outside it, through a document's folder, a committed symlink document or a `.relops` symlink.
/// Each test keeps a sentinel folder outside the repository and checks it byte for byte.
@Suite struct AnchorsContainmentTests {
    /// Every entry under `path`: a file's bytes, a symlink's target, a folder by kind.
    func snapshot(_ path: String) -> [String: String] {
        var out: [String: String] = [:]
        let items = FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []
        for item in items {
            let full = path + "/" + item
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                out[item] = "link " + target
            } else if let data = FileManager.default.contents(atPath: full) {
                out[item] = "file " + data.base64EncodedString()
            } else {
                out[item] = "folder"
            }
        }
        return out
    }

    @Test func repinThroughADocumentsFolderSymlinkedOutsideIsRefusedAndWritesNothing() {
        let repo = AnchorRepo.drifted(.lf, "folder-link")
        let outside = TemporaryFolder("outside")
        outside.write("adr/0001-deep-links.md", repo.readText("Docs/adr/0001-deep-links.md"))
        try? FileManager.default.removeItem(atPath: repo.root + "/Docs")
        #expect(symlink(outside.path, repo.root + "/Docs") == 0)
        let before = snapshot(outside.path)

        for command in ["repin", "audit"] {
            let result = relops(["anchors", command], in: repo.root)
            #expect(result.status == 2, "\(command): \(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains("Docs/adr/0001-deep-links.md: leads outside the repository (Docs is a symlink"),
                "\(command): \(result.stderr)")
        }
        #expect(snapshot(outside.path) == before)
        #expect(!FileManager.default.fileExists(atPath: repo.root + "/.relops/anchors.lock"))
    }

    @Test func auditOfACommittedSymlinkDocumentIsRefusedNotReadOutside() {
        let repo = AnchorRepo.drifted(.lf, "document-link")
        let outside = TemporaryFolder("outside")
        outside.write("secret.md", "At `Src/A.cs:5`, a secret.\n")
        #expect(symlink(outside.url("secret.md"), repo.root + "/Docs/adr/0002-secret.md") == 0)
        repo.commit("A linked document")
        let before = snapshot(outside.path)

        // Named on the command line, or found by `anchors.docs` among tracked files.
        for arguments in [
            ["audit"], ["audit", "Docs/adr/0002-secret.md"], ["repin"], ["repin", "Docs/adr/0002-secret.md"],
        ] {
            let command = arguments.joined(separator: " ")
            let result = relops(["anchors"] + arguments, in: repo.root)
            #expect(result.status == 2, "\(command): \(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "Docs/adr/0002-secret.md: leads outside the repository (Docs/adr/0002-secret.md is a symlink to "
                        + outside.url("secret.md")),
                "\(command): \(result.stderr)")
            #expect(!result.stdout.contains("0002-secret.md"), "\(command): \(result.stdout)")
        }
        #expect(snapshot(outside.path) == before)
    }

    @Test func aCommittedRelopsFolderSymlinkedOutsideGetsNoLockAndNoDocumentIsWritten() {
        let repo = AnchorRepo.drifted(.lf, "relops-link")
        let outside = TemporaryFolder("outside")
        outside.write("keep.txt", "sentinel\n")
        #expect(symlink(outside.path, repo.root + "/.relops") == 0)
        repo.commit("Linked .relops")
        let document = repo.readText("Docs/adr/0001-deep-links.md")
        let before = snapshot(outside.path)

        let repin = relops(["anchors", "repin"], in: repo.root)
        #expect(repin.status == 2, "\(repin.stdout)\(repin.stderr)")
        #expect(
            repin.stderr.contains(
                ".relops/anchors.lock: cannot read the anchors lock: leads outside the repository (.relops is a "
                    + "symlink to \(outside.path)"),
            "\(repin.stderr)")
        #expect(snapshot(outside.path) == before)
        #expect(!FileManager.default.fileExists(atPath: outside.url("anchors.lock")))
        #expect(repo.readText("Docs/adr/0001-deep-links.md") == document)
    }
}
