import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// How a step shows what its commands printed: a long output is saved whole in the run folder and
/// shown as its head, the diff's per-file stat and the saved path; the same output a previous
/// step printed is not printed again.
@Suite(.relopsCommands) struct RunbookOutputTests {
    let book = """
        ---
        title: Output
        ---
        ## Preview
        ```relops
        relops cutover --from old.example.net --to new.example.net
        ```
        ## Android
        ```relops
        relops scan --host new.example.net --expect binary=2
        ```
        ## iOS
        ```relops
        relops scan --host new.example.net --expect binary=2
        ```
        ## Again, other output
        ```relops
        relops scan --host old.example.net
        ```
        """

    /// A cutover preview as relops prints it: verdict, summary, then a diff of 60 files, then the follow-ups.
    static let preview: String = {
        var lines = [
            "Preview: old.example.net -> new.example.net, 60 occurrence(s) in 60 file(s) (docs 60).", "== summary",
        ]
        for n in 1...60 {
            lines += [
                "--- a/Docs/page\(n).md", "+++ b/Docs/page\(n).md", "@@ -1,2 +1,2 @@", " title", "-old.example.net",
            ]
            lines += n == 1 ? ["+new.example.net", "+second added line"] : ["+new.example.net"]
        }
        lines += ["== not rewritten:", "  Docs/kept.md:3: kept, by your exclusion `Docs/kept.md`"]
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func aLongDiffIsSavedInTheRunFolderAndShownAsItsStatAndPath() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        io.relopsResults["cutover --from old.example.net --to new.example.net"] = CommandOutput(
            status: 0, output: Self.preview)
        let run = try engine(try runbook(book), folder, io, options: nonInteractive())
        _ = try run.run()
        let excerpt = try #require(run.state.steps[0].checks.first?.excerpt)
        let path = ".relops/runs/\(run.state.runID)/step-1-1.txt"
        #expect(try String(contentsOfFile: folder.url(path), encoding: .utf8) == Self.preview)
        let lines = excerpt.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Preview: old.example.net -> new.example.net") == true)
        #expect(lines.contains("diff of 60 file(s), 361 lines (in the saved output):"))
        #expect(lines.contains("  Docs/page1.md  | +2 -1"))
        #expect(lines.contains("  … and 45 more file(s)"))
        #expect(lines.count <= 40)
        #expect(lines.contains("  Docs/kept.md:3: kept, by your exclusion `Docs/kept.md`"))
        #expect(lines.last == "full output (365 lines): \(path)")
        #expect(!excerpt.contains("omitted") && !excerpt.contains("+new.example.net"))
        // The run folder is git-ignored with the rest of the run state.
        #expect(try String(contentsOfFile: folder.url(".relops/runs/.gitignore"), encoding: .utf8).hasSuffix("*\n"))
    }

    @Test func theSameOutputAsAnEarlierStepIsNotRepeated() throws {
        let folder = TemporaryFolder()
        let io = ScriptedIO()
        let scan =
            "2 occurrences of new.example.net: binary-literal 2\nA.kt:1:1: new.example.net\nB.plist:1:1: new.example.net\n"
        io.relopsResults["scan --host new.example.net --expect binary=2"] = CommandOutput(status: 0, output: scan)
        io.relopsResults["scan --host old.example.net"] = CommandOutput(status: 0, output: scan)
        let run = try engine(try runbook(book), folder, io, options: nonInteractive())
        #expect(try run.run() == .complete)
        #expect(run.state.steps[1].checks.first?.excerpt == scan.trimmingCharacters(in: .newlines))
        #expect(run.state.steps[2].checks.first?.excerpt == "(the same output as step 2, not repeated)")
        // Another command printing the same is shown: only a repeat of the same check is folded.
        #expect(run.state.steps[3].checks.first?.excerpt == scan.trimmingCharacters(in: .newlines))
        // Both still ran: the check is made again, only its output is not shown twice.
        #expect(
            io.relopsCalls.filter { $0 == ["scan", "--host", "new.example.net", "--expect", "binary=2"] }.count == 2)
    }

    /// An apply as relops prints it: verdict, a long summary, what is still to do, then the diff.
    @Test func whatIsStillToDoIsShownEvenWhenTheLinesBeforeTheDiffAreCut() {
        var lines = ["Applied cutover 1: old.example.net -> new.example.net, 30 occurrence(s).", "== summary"]
        lines += (1...20).map { "  summary line \($0)" }
        lines += ["", "== still to do, in this order:", "1. Serve the association files on new.example.net first."]
        lines += ["2. Rebuild and resubmit: Android app `app` (3 occurrences).", ""]
        for n in 1...30 { lines += ["--- a/f\(n).txt", "+++ b/f\(n).txt", "@@ -1 +1 @@", "-old.example.net", "+new"] }
        let excerpt = LongOutput.excerpt(lines.joined(separator: "\n"), savedAt: "saved.txt")
        let shown = excerpt.split(separator: "\n").map(String.init)
        #expect(shown.first == lines.first)
        #expect(shown.contains("1. Serve the association files on new.example.net first."))
        #expect(shown.contains("2. Rebuild and resubmit: Android app `app` (3 occurrences)."))
        #expect(shown.contains("… (12 more lines before the diff)"))
        #expect(shown.contains("diff of 30 file(s), 150 lines (in the saved output):"))
        #expect(shown.count <= LongOutput.maximumLines)
        #expect(shown.last == "full output (177 lines): saved.txt")
    }
}
