import Foundation
import TestSupport
import Testing

/// `relops status` and `cutover --exclude` reach `--help`, the man pages and the completion
/// scripts, which all come from the same CommandSpecs.
@Suite struct StatusAndExcludeDocsTests {
    @Test func helpManPagesAndCompletionsCoverStatusAndExclude() throws {
        let help = relops(["--help"])
        #expect(help.stdout.contains("\n  status "), "\(help.stdout)")
        let status = relops(["status", "--help"])
        #expect(status.status == 0)
        for flag in ["--host", "--local", "--allow-unchecked", "--dal-endpoint", "--apple-cdn-endpoint", "--cacert"] {
            #expect(status.stdout.contains(flag), "\(flag)")
        }
        #expect(relops(["cutover", "--help"]).stdout.contains("--exclude PATH|GLOB|PATH:LINE"))

        let folder = TemporaryFolder("status-man")
        let written = relops(["help", "--man", folder.path], environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        #expect(written.status == 0, "\(written.stderr)")
        let page = String(decoding: folder.read("relops-status.1"), as: UTF8.self)
        #expect(page.hasPrefix(".TH RELOPS-STATUS 1"))
        #expect(page.contains("markdown") && page.contains("allow\\-unchecked"), "\(page)")
        let cutover = String(decoding: folder.read("relops-cutover.1"), as: UTF8.self)
        #expect(cutover.contains("exclude"))

        for shell in ["bash", "zsh", "fish"] {
            let script = relops(["completion", shell])
            #expect(script.status == 0)
            #expect(script.stdout.contains("status"), "\(shell)")
            #expect(script.stdout.contains("exclude"), "\(shell)")
            #expect(script.stdout.contains("markdown"), "\(shell)")
        }
    }
}
