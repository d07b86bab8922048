import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// Where the shipped runbooks are looked for, and what a binary that finds none says (issue 23).
@Suite(.relopsCommands) struct ShippedFilesTests {
    @Test func theFoldersLookedInAreRealPathsEachOnceUpToTheRoot() {
        #expect(ShippedFiles.candidates(executable: "/relops", environment: [:]) == ["/share/relops", "/"])
        let folder = TemporaryFolder("shipped-candidates")
        let looked = ShippedFiles.candidates(executable: folder.path + "/bin/../bin/./relops", environment: [:])
        #expect(looked.prefix(3) == [folder.path + "/share/relops", folder.path + "/bin", folder.path])
        #expect(Set(looked).count == looked.count)
        #expect(!looked.contains { $0.contains("//") || $0.contains("/./") || $0.contains("/../") })

        let explicit = ShippedFiles.candidates(executable: "/x/relops", environment: ["RELOPS_SHARE": "share/"])
        #expect(explicit == [FileManager.default.currentDirectoryPath + "/share"])
    }

    @Test func aCopiedBinaryWithoutShareRelopsSaysWhereItLookedAndHowToPointItThere() throws {
        let folder = TemporaryFolder("copied-binary")
        try FileManager.default.createDirectory(atPath: folder.url("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: relopsBinary, toPath: folder.url("bin/relops"))
        let repo = GitFixture("no-shipped-runbooks")
        repo.write("README.md", "# app\n")
        repo.commit("app")
        // The folders it must name: share/relops beside bin/, then bin/ and up to five above it.
        var expected = [folder.path + "/share/relops"]
        var above = folder.url("bin")
        while expected.count < 7 {
            expected.append(above)
            if above == "/" { break }
            above = (above as NSString).deletingLastPathComponent
        }
        for arguments in [["runbook", "list"], ["runbook", "run", "domain-cutover"], ["demo"]] {
            let output = runProcess(
                folder.url("bin/relops"), arguments, in: repo.root, environment: ["RELOPS_SHARE": ""])
            #expect(output.status == 3, "\(arguments): \(output.stdout)\(output.stderr)")
            #expect(
                output.stderr.contains(
                    "cannot find the shipped runbooks: no Runbooks/ and Templates/run-report.md in "
                        + expected.joined(separator: ", ") + "; set RELOPS_SHARE"),
                "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("make install"), "\(arguments): \(output.stderr)")
            #expect(!output.stderr.contains("//"), "\(arguments): \(output.stderr)")
        }
    }
}
