import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The shipped `domain-cutover`'s inventory with `auto` counts stops on an `unknown` occurrence,
/// even with `--accept-counts`, until a person classifies it (issue 29).
@Suite struct UnknownStopEndToEndTests {
    let old = "old.example.net"

    func makeRepository() -> GitFixture {
        let repo = GitFixture("unknown-stop")
        repo.write("app/build.gradle", "plugins { id 'com.android.application' }\n")
        repo.write("app/src/main/java/com/example/Links.kt", "const val HOME = \"https://\(old)/\"\n")
        repo.write("firmware/links.c", "const char *home = \"https://\(old)\";\n")
        repo.commit("an app and a file no build file places")
        return repo
    }

    func run(_ repo: GitFixture) -> ProcessOutput {
        let vars = [
            "old_host=\(old)", "new_host=new.example.net", "min_app_version=2.0", "association_config=external",
        ]
        return relops(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--accept-counts", "--new"]
                + vars.flatMap { ["--var", $0] }, in: repo.root)
    }

    func state(_ repo: GitFixture) throws -> RunState { try RunStore(repositoryRoot: repo.root).find(nil) }

    @Test func theInventoryStopsOnUnknownUntilItIsClassified() throws {
        let repo = makeRepository()
        let stopped = run(repo)
        #expect(stopped.status == 1, "\(stopped.stdout)\(stopped.stderr)")
        #expect(
            stopped.stdout.contains(
                "the scan found 1 unknown occurrence: no build file relops read places it; --accept-counts does not accept them."
            ), "\(stopped.stdout)")
        #expect(stopped.stdout.contains("--var expect_unknown=1"))
        let first = try state(repo)
        #expect(first.steps[0].status == .failed)
        #expect(first.vars.first { $0.name == "expect_binary" }?.value == "auto")

        repo.write(".relops.yml", "classify:\n  - { glob: \"firmware/**\", class: binary-literal }\n")
        repo.commit("firmware ships in the app")
        let classified = run(repo)
        let second = try state(repo)
        #expect(second.steps[0].status == .passed, "\(classified.stdout)\(classified.stderr)")
        #expect(second.vars.first { $0.name == "expect_binary" }?.value == "2")
        #expect(second.vars.first { $0.name == "expect_unknown" }?.value == "0")
    }
}
