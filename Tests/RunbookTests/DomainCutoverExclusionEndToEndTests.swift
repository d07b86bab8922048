import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped `domain-cutover` with a `cutover.exclude` entry, for both platforms: the kept
/// occurrence survives the apply, step 6 counts it as kept, steps 9 and 10 count it with the new
/// host's, step 10 does not print step 9's scan again, and the long preview is saved in the run
/// folder instead of being cut.
@Suite(.relopsCommands) struct DomainCutoverExclusionEndToEndTests {
    let old = SampleRepository.oldHost
    let new = SampleRepository.newHost
    let webSettings = "Source/Hosts/UI/App.UI.Web/appsettings.json"
    let kept = "Source/Hosts/UI/App.UI/Platforms/Android/MainActivity.cs"

    @Test func theExcludedLineIsKeptAndCountedAsKeptThroughTheRun() throws {
        let repo = makeSampleRepository("exclude-run")
        _ = repo.git("rm", "-q", ".relops.yml")
        repo.write(".relops.yml", "cutover:\n  exclude:\n    - \(kept)\n")
        repo.commit("Keep the app's default instance name")
        let web = try SampleWebHost()
        for host in [old, new] { #expect(web.deploy(repo, to: host, config: webSettings).status == 0) }
        let vars = [
            "old_host=\(old)", "new_host=\(new)", "association_config=\(webSettings)",
            "android_package=com.example.conference", "min_app_version=2.0",
            "verify_flags=\(web.verifyFlags)",
        ].flatMap { ["--var", $0] }
        let confirms = ["7", "8", "9", "10", "12", "14", "15"].flatMap { ["--confirm", $0] }
        let result = relops(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--accept-counts", "--skip", "13=no device"]
                + vars + confirms, in: repo.root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(repo.readText(kept).contains("\"\(old)\""))
        let done = try RunStore(repositoryRoot: repo.root).find(nil)

        let preview = try #require(done.steps[3].checks.first?.excerpt)
        #expect(preview.hasPrefix("Preview: \(old) -> \(new),"), "\(preview)")
        #expect(preview.contains("kept, by your exclusion"))
        #expect(!preview.contains("lines omitted"))
        // The preview is longer than an excerpt: saved whole, shown as its head, stat and path.
        let saved = try #require(preview.split(separator: "\n").last.map(String.init))
        #expect(saved.hasPrefix("full output ("), "\(preview)")
        let path = String(saved.split(separator: " ").last ?? "")
        #expect(path.hasPrefix(".relops/runs/\(done.runID)/step-4-"))
        let whole = try String(contentsOfFile: repo.root + "/" + path, encoding: .utf8)
        #expect(whole.contains("+++ b/Source/Hosts/UI/App.UI/appsettings.json"))
        #expect(preview.contains("diff of 4 file(s)"))
        #expect(preview.contains("  Source/Hosts/UI/App.UI/appsettings.json "))
        // The run folder is ignored: the saved diff never shows up as a change or a scan hit.
        #expect(!repo.git("status", "--porcelain").contains(".relops"))

        #expect(done.steps[5].status == .passed)
        #expect(done.steps[5].checks.first?.excerpt?.contains("kept, by your exclusion `\(kept)`") == true)
        let androidScan = try #require(done.steps[8].checks.first { $0.kind == .relops })
        #expect(androidScan.text.contains("--host \(new) --host \(old) --expect binary=3"))
        #expect(androidScan.excerpt?.contains(kept) == true)
        let iosScan = try #require(done.steps[9].checks.first { $0.kind == .relops })
        #expect(iosScan.exitCode == 0 && iosScan.excerpt == "(the same output as step 9, not repeated)")
        // What the person reads: the scan once, then the pointer.
        #expect(result.stdout.components(separatedBy: "(the same output as step 9, not repeated)").count == 2)
    }
}
