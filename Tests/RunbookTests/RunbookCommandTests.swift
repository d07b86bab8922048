import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// The built binary: real processes for ```relops``` and ```sh``` steps, exit codes, files.
@Suite(.relopsCommands) struct RunbookCommandTests {
    /// A repository with a runbook whose relops steps use commands this branch has.
    func fixture(_ runbook: String) -> GitFixture {
        let repo = GitFixture("runbook")
        repo.write("Runbooks/release.md", runbook)
        repo.write("README.md", "sample\n")
        repo.commit("Sample repository")
        return repo
    }

    let gated = """
        ---
        title: Gated release
        vars:
          marker: ready.txt
        ---
        ## Version
        ```relops
        relops --version
        ```
        ## Gate
        ```sh
        test -f "{{marker}}" && echo "found {{marker}}"
        ```
        ## Sign-off
        - [ ] Release approved
        """

    @Test func listsShippedAndRepositoryRunbooks() throws {
        let repo = fixture(gated)
        let text = relops(["runbook", "list"], in: repo.root)
        #expect(text.status == 0)
        #expect(
            text.stdout.split(separator: "\n").contains {
                $0.hasPrefix("release ") && $0.hasSuffix(" Gated release  (repository)")
            })
        let json = relops(["runbook", "list", "--format", "json"], in: repo.root)
        #expect(json.status == 0)
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [[String: String]]])
        let names = parsed["runbooks"]?.map { "\($0["name"] ?? "")/\($0["origin"] ?? "")" } ?? []
        #expect(
            names == [
                "release/repository", "adr-anchor-audit/shipped", "domain-cutover/shipped",
                "fingerprint-rotation/shipped",
            ])
        #expect(parsed["runbooks"]?.first { $0["name"] == "domain-cutover" }?["title"] == "Domain cutover")
    }

    @Test func stopsAtAFailingStepResumesAfterTheFixAndReports() throws {
        let repo = fixture(gated)
        let first = relops(["runbook", "run", "release", "--non-interactive", "--allow-shell"], in: repo.root)
        #expect(first.status == 1)
        #expect(first.stdout.contains("relops \(relopsVersion)"))
        #expect(first.stdout.contains("Step 2 failed: the ```sh``` block exited 1"))

        repo.write("ready.txt", "yes\n")
        let second = relops(["runbook", "run", "release", "--non-interactive", "--allow-shell"], in: repo.root)
        #expect(second.status == 1)
        #expect(second.stdout.contains("Resuming run release-"))
        #expect(second.stdout.contains("found ready.txt"))
        #expect(second.stdout.contains("needs a person to confirm \"Release approved\""))

        let third = relops(["runbook", "run", "release", "--non-interactive", "--confirm", "sign-off"], in: repo.root)
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        #expect(third.stdout.contains("All 3 steps done."))

        let status = relops(["runbook", "status", "--format", "json"], in: repo.root)
        #expect(status.status == 0)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(parsed["outcome"] as? String == "complete")
        #expect(parsed["operator"] as? String == "Test Author")
        let steps = try #require(parsed["steps"] as? [[String: Any]])
        #expect(steps.map { $0["status"] as? String } == ["passed", "passed", "confirmed"])

        let text = relops(["runbook", "status", "release"], in: repo.root)
        #expect(text.stdout.contains("[x] 3. Sign-off  confirmed"))
        // Answer first: the outcome, then the totals, then each step.
        #expect(text.stdout.split(separator: "\n").dropFirst().first == "3 of 3 steps done (2 passed, 1 confirmed)")

        let junit = repo.folder.url("out/junit.xml")
        try FileManager.default.createDirectory(atPath: repo.folder.url("out"), withIntermediateDirectories: true)
        let report = relops(["runbook", "report", "--junit", junit], in: repo.root)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix("# Gated release: run report"))
        #expect(report.stdout.contains("- [x] **2. Gate**: passed"))
        #expect(report.stdout.contains("| Operator | Test Author |"))
        #expect(repo.readText("out/junit.xml").contains("<testcase classname=\"release\" name=\"3. Sign-off\""))
        // The lock is gone once a run ends.
        #expect(!FileManager.default.fileExists(atPath: repo.folder.url(".relops/runs/release.lock")))
    }

    @Test(
        "A person at a terminal answers the prompts (a pseudo-terminal through script(1))",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aPersonAtATerminalAnswersThePrompts() throws {
        let repo = fixture(gated)
        repo.write("ready.txt", "yes\n")
        // Step 1 run, step 2 run and allow the shell block, step 3 run and confirm.
        let command = "\(relopsBinary) runbook run release"
        let run = runProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"], in: repo.root, input: "r\nr\ny\nr\ny\n")
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("Run this shell block? [y/N]"))
        #expect(run.stdout.contains("Confirm: Release approved [y/N]"))
        #expect(run.stdout.contains("All 3 steps done."))
        let state = try RunStore(repositoryRoot: repo.root).find(nil)
        #expect(state.steps.map(\.status) == [.passed, .passed, .confirmed])
        #expect(state.steps[2].checks.first?.excerpt == "confirmed by Test Author")
    }

    @Test func aMaliciousValueIsNeverRunAsACommand() throws {
        let repo = fixture(
            """
            ---
            vars:
              label: {}
            ---
            ## Shell
            ```sh
            echo "label={{label}}"
            echo label={{label}}
            ```
            ## Relops
            ```relops
            relops runbook list --format {{label}}
            ```
            """)
        let evil = "x\"; touch pwned1; echo \"$(touch pwned2)`touch pwned3`; touch pwned4"
        let run = relops(
            ["runbook", "run", "release", "--non-interactive", "--allow-shell", "--var", "label=\(evil)"], in: repo.root
        )
        // The relops step fails on the unknown format: the value arrived as one argument.
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("label=\(evil)"))
        #expect(run.stdout.contains("--format \(evil) is not supported here"))
        for name in ["pwned1", "pwned2", "pwned3", "pwned4"] {
            #expect(!FileManager.default.fileExists(atPath: repo.folder.url(name)), "\(name) was created")
        }
    }

    @Test func aSecretFromTheEnvironmentReachesTheStepsButNeitherStateNorReport() throws {
        let repo = fixture(
            """
            ---
            vars:
              store_token: {secret: true, description: The store API token}
            ---
            ## Upload
            ```sh
            echo "uploading with $RELOPS_STORE_TOKEN"
            test "{{store_token}}" = "$RELOPS_STORE_TOKEN"
            ```
            """)
        let secret = "tok-7f3a9c2e-very-secret"
        let missing = relops(["runbook", "run", "release", "--non-interactive", "--allow-shell"], in: repo.root)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("store_token  The store API token [secret: set RELOPS_STORE_TOKEN]"))
        #expect(missing.stderr.contains("  export RELOPS_STORE_TOKEN=VALUE"))
        #expect(!missing.stderr.contains("--var store_token"))

        let run = relops(
            ["runbook", "run", "release", "--non-interactive", "--allow-shell"], in: repo.root,
            environment: ["RELOPS_STORE_TOKEN": secret])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("uploading with ***"))
        #expect(!run.stdout.contains(secret))
        let state = try RunStore(repositoryRoot: repo.root).find(nil)
        let stateText = repo.readText(".relops/runs/\(state.runID).json")
        #expect(stateText.contains("uploading with ***"))
        #expect(!stateText.contains(secret))
        let report = relops(["runbook", "report", "--junit", repo.folder.url("junit.xml")], in: repo.root)
        #expect(report.status == 0)
        #expect(report.stdout.contains("| `store_token` | `(secret)` |"))
        #expect(!report.stdout.contains(secret))
        #expect(!repo.readText("junit.xml").contains(secret))
    }

    @Test func refusesASecondConcurrentRun() throws {
        let repo = fixture(gated)
        // This test process is alive, so its pid holds the lock as another run would.
        repo.write(".relops/runs/release.lock", "\(getpid())\n")
        let run = relops(["runbook", "run", "release", "--non-interactive"], in: repo.root)
        #expect(run.status == 3)
        #expect(run.stderr.contains("another run of release is in progress (pid \(getpid())"))
        #expect(repo.readText(".relops/runs/release.lock") == "\(getpid())\n")
    }

    @Test func refusesASecondRunWhileTheFirstIsRunning() throws {
        let repo = fixture(
            """
            ## Wait for the go
            ```sh
            touch started
            while [ ! -f go ]; do sleep 0.05; done
            ```
            """)
        let first = Process()
        first.executableURL = URL(fileURLWithPath: relopsBinary)
        first.arguments = ["runbook", "run", "release", "--non-interactive", "--allow-shell"]
        first.currentDirectoryURL = URL(fileURLWithPath: repo.root)
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer {
            repo.write("go", "")
            first.waitUntilExit()
        }
        // Wait (boundedly) until the first run is inside its step, holding the lock.
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: repo.folder.url("started")) { usleep(50_000) }
        try #require(FileManager.default.fileExists(atPath: repo.folder.url("started")))

        let second = relops(["runbook", "run", "release", "--non-interactive", "--allow-shell"], in: repo.root)
        #expect(second.status == 3)
        #expect(second.stderr.contains("another run of release is in progress (pid \(first.processIdentifier)"))

        repo.write("go", "")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(try RunStore(repositoryRoot: repo.root).find(nil).isComplete)
    }

    @Test func badUsageExitsTwoAndNamesTheProblem() throws {
        let repo = fixture(gated)
        let unknown = relops(["runbook", "run", "relase", "--non-interactive"], in: repo.root)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no runbook `relase` (did you mean `release`?)"))
        let badVar = relops(["runbook", "run", "release", "--var", "makrer=x"], in: repo.root)
        #expect(badVar.status == 2)
        #expect(badVar.stderr.contains("has no variable `makrer` (did you mean `marker`?)"))
        let missing = relops(["runbook", "run", "domain-cutover", "--non-interactive"], in: repo.root)
        #expect(missing.status == 2)
        // Every missing variable at once, with its description and the line to copy.
        // Issue 30: android_package may be left empty (an iOS-only app), so it is not missing.
        #expect(missing.stderr.contains("domain-cutover needs 3 variables that have no value:"))
        #expect(!missing.stderr.contains("--var android_package=VALUE"))
        for name in ["old_host", "new_host", "min_app_version"] {
            #expect(missing.stderr.contains("  --var \(name)=VALUE"), "\(name)")
        }
        #expect(missing.stderr.contains("The custom domain the app moves to"))
        let noRuns = relops(["runbook", "status"], in: repo.root)
        #expect(noRuns.status == 2)
        #expect(noRuns.stderr.contains("no runs in"))
        let badConfirm = relops(["runbook", "run", "release", "--non-interactive", "--confirm", "9"], in: repo.root)
        #expect(badConfirm.status == 2)
        #expect(badConfirm.stderr.contains("--confirm 9: release has no such step"))
    }
}
