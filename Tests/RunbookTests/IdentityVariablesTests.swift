import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// Issue 38, case 5: `old_host` was asked for although `.relops.yml` has `app.web_host`. A
/// declared variable with no value that the app's identity knows is taken, saying from where.
@Suite(.relopsCommands) struct IdentityVariablesTests {
    @Test func oldHostComesFromTheWebHostOfRelopsYml() throws {
        let repo = GitFixture("identity-vars")
        repo.write(".relops.yml", "app:\n  web_host: old.example.org\n")
        repo.write("README.md", "https://old.example.org/\n")
        repo.commit("App")
        let missing = relops(["runbook", "run", "domain-cutover", "--non-interactive"], in: repo.root)
        #expect(missing.status == 2, "\(missing.stdout)\(missing.stderr)")
        #expect(missing.stderr.contains("domain-cutover needs 2 variables that have no value:"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("  old_host "))
        let run = relops(
            [
                "runbook", "run", "domain-cutover", "--non-interactive", "--var", "new_host=new.example.org",
                "--var", "min_app_version=2.0",
            ], in: repo.root)
        #expect(run.stdout.contains("$ relops scan --host old.example.org"), "\(run.stdout)\(run.stderr)")
        let state = try RunStore(repositoryRoot: repo.root).find(nil)
        let old = try #require(state.vars.first { $0.name == "old_host" })
        #expect(old.value == "old.example.org" && old.source == ".relops.yml app.web_host")
        // The operator's value wins.
        let given = try RunVariables(
            runbook: try Runbook(contentsOf: packageRoot + "/Runbooks/domain-cutover.md"), config: [],
            overrides: ["old_host=a.example.org", "new_host=b.example.org", "min_app_version=1"],
            identity: [("old_host", "old.example.org", ".relops.yml app.web_host")])
        #expect(given.value(of: "old_host") == "a.example.org")
    }
}
