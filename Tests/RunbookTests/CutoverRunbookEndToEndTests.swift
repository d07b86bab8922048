import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped domain cutover runbook on the demo's sample repository, with the real `scan` and
/// `cutover`. Its `verify` blocks are taken out until `relops verify` is in this build; the rest
/// is the shipped text.
@Suite struct CutoverRunbookEndToEndTests {
    let old = SampleRepository.oldHost
    let new = SampleRepository.newHost

    /// The sample repository with `domain-cutover.md` minus its verify blocks as a repository runbook.
    func sample() throws -> GitFixture {
        let repo = GitFixture("cutover-runbook")
        for commit in SampleRepository.history {
            for file in commit.files { repo.write(file.path, file.content) }
            repo.commit(commit.message, date: commit.date)
        }
        let shipped = try String(contentsOfFile: packageRoot + "/Runbooks/domain-cutover.md", encoding: .utf8)
        let withoutVerify = shipped.replacing(/```relops\n(relops verify[^\n]*\n)+```\n/, with: "")
        #expect(withoutVerify != shipped)
        // Untracked, so the cutover never sees it.
        repo.write(".relops/runbooks/cutover.md", withoutVerify)
        return repo
    }

    var vars: [String] {
        let counts = SampleRepository.expectedCounts
        return [
            "old_host=\(old)", "new_host=\(new)", "expect_binary=\(counts.binary)", "expect_server=\(counts.server)",
            "expect_docs=\(counts.docs)", "expect_other=\(counts.other)",
        ].flatMap { ["--var", $0] }
    }

    func statuses(_ repo: GitFixture) throws -> [StepStatus] {
        try RunStore(repositoryRoot: repo.root).find(nil).steps.map(\.status)
    }

    @Test func stopsAtARefusedApplyAndResumesAfterTheFileIsCommitted() throws {
        let repo = try sample()
        let settings = "Source/Hosts/UI/App.UI/appsettings.json"
        repo.write(settings, repo.readText(settings) + "\n")  // an uncommitted edit in an affected file
        let ci = ["runbook", "run", "cutover", "--non-interactive", "--confirm", "6", "--confirm", "8"] + vars

        let first = relops(ci, in: repo.root)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("Step 4 failed: `relops cutover --from \(old) --to \(new) --apply` exited 1"))
        #expect(first.stdout.contains(settings))
        #expect(try statuses(repo) == [.passed, .passed, .passed, .failed, .pending, .pending, .pending, .pending])
        #expect(repo.readText(settings).contains(old))

        repo.commit("Trailing newline in the MAUI settings")
        let second = relops(ci, in: repo.root)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("Resuming run cutover-"))
        #expect(second.stdout.contains("[x] 1. Inventory the old host  passed (checked again)"))
        #expect(
            try statuses(repo) == [.passed, .passed, .passed, .passed, .passed, .confirmed, .passed, .confirmed])
        for path in [
            settings, "Source/Hosts/UI/App.UI/Platforms/iOS/Entitlements.plist",
            "Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs", "Docs/MobileReleaseRunbook.md",
        ] {
            #expect(repo.readText(path).contains(new), "\(path)")
            #expect(!repo.readText(path).contains("//" + old), "\(path)")
        }
        let report = relops(["runbook", "report", "cutover"], in: repo.root)
        #expect(report.stdout.contains("- [x] **4. Apply the cutover**: passed"))
        #expect(report.stdout.contains("binary-config 1, binary-literal 2, server 1, docs 2, test 0, other 1"))
    }

    @Test func reopensTheNoOldHostStepWhenSomeoneBringsTheOldHostBack() throws {
        let repo = try sample()
        let first = relops(["runbook", "run", "cutover", "--non-interactive"] + vars, in: repo.root)
        #expect(first.status == 1)
        #expect(try statuses(repo) == [.passed, .passed, .passed, .passed, .passed, .failed, .pending, .pending])
        repo.commit("Cutover to \(new)")

        // A new constant brings the old host back into the Android binary.
        repo.write(
            "Source/Hosts/UI/App.UI/Platforms/Android/Links.cs",
            "namespace Sample;\npublic static class Links { public const string Legacy = \"\(old)\"; }\n")
        repo.commit("Legacy link host")
        let second = relops(
            ["runbook", "run", "cutover", "--non-interactive", "--confirm", "6", "--confirm", "8"] + vars,
            in: repo.root)
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        // Steps 1 to 3 came before the cutover: their evidence is history and is not checked again.
        #expect(second.stdout.contains("[x] 1. Inventory the old host  passed\n"))
        #expect(second.stdout.contains("[ ] 5. No old host remains  reopened: `relops scan --host \(old) --expect"))
        #expect(second.stdout.contains("Links.cs"))
        // Step 6 keeps its failure from the first run: the run stopped at step 5 before reaching it.
        #expect(try statuses(repo) == [.passed, .passed, .passed, .passed, .failed, .failed, .pending, .pending])
        // `git add -A` (GitFixture.commit) left the run state out: it is ignored.
        #expect(repo.git("ls-files", ".relops/runs") == "")
        #expect(FileManager.default.fileExists(atPath: repo.folder.url(".relops/runs/.gitignore")))
    }
}
