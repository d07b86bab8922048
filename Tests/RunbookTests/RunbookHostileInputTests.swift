import Foundation
import RelopsCore
import Runbook
import TestSupport
import Testing

/// Issue 17's runbook items, each reproduced with the built binary or the parser: variables that
/// differ only in case (10), a huge front matter (12), a step left running by a killed run (13);
/// and shipped runbooks that cannot be found (issue 14).
@Suite(.relopsCommands) struct RunbookHostileInputTests {
    /// A repository with `Runbooks/<name>.md` holding `text`, and `.relops.yml` when given.
    func repository(_ name: String, _ text: String, config: String? = nil) -> GitFixture {
        let repo = GitFixture("hostile-runbook")
        repo.write("README.md", "# app\n")
        repo.write("Runbooks/\(name).md", text)
        if let config { repo.write(".relops.yml", config) }
        repo.commit("A repository runbook")
        return repo
    }

    /// The names in `.relops/runs` (the lock and the state files), none when the folder is missing.
    func runFiles(_ repo: GitFixture) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repo.root + "/.relops/runs")) ?? []).filter {
            $0 != ".gitignore"
        }
    }

    let scanStep = "## Scan\n```relops\nrelops scan --host {{new_host}}\n```\n"

    @Test func frontMatterVariablesThatDifferOnlyInCaseAreAUsageErrorNamingBoth() {
        let repo = repository(
            "move", "---\nvars:\n  NEW_HOST: a.example.com\n  new_host: b.example.com\n---\n" + scanStep)
        let output = relops(["runbook", "run", "move", "--non-interactive"], in: repo.root)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("`vars.new_host` and `vars.NEW_HOST` (line 3) differ only in case"))
        #expect(runFiles(repo).isEmpty)
    }

    @Test func aConfigValueAndAVarInAnotherCaseAreOneVariable() throws {
        let repo = repository(
            "move", "---\nvars:\n  new_host:\n    description: where to\n---\n" + scanStep,
            config: "vars:\n  NEW_HOST: a.example.com\n")
        let output = relops(
            ["runbook", "run", "move", "--non-interactive", "--var", "New_Host=b.example.com"], in: repo.root)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("$ relops scan --host b.example.com  -> exit 0"))
        let state = try RunStore(repositoryRoot: repo.root).find(nil)
        #expect(state.vars.map { "\($0.name)=\($0.value)" } == ["new_host=b.example.com"])
        #expect(runFiles(repo) == [state.runID + ".json"])  // no lock left behind
    }

    @Test func configVariablesThatDifferOnlyInCaseAreAUsageError() {
        let repo = repository(
            "move", scanStep, config: "vars:\n  NEW_HOST: a.example.com\n  new_host: b.example.com\n")
        let output = relops(["runbook", "run", "move", "--non-interactive"], in: repo.root)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains(".relops.yml vars: `NEW_HOST` and `new_host` differ only in case"))
        #expect(runFiles(repo).isEmpty)
    }

    @Test func aFrontMatterOfTwentyThousandVariablesIsRefusedAndAThousandResolve() throws {
        func frontMatter(_ count: Int) -> String {
            "---\nvars:\n" + (0..<count).map { "  v\($0): x\($0)\n" }.joined() + "---\n## Only\n- [x] done\n"
        }
        let refused = try #require(throws: Failure.self) {
            _ = try Runbook(parsing: frontMatter(20_000), path: "Runbooks/huge.md")
        }
        #expect(refused.message == "Runbooks/huge.md:3:3: `vars` declares 20000 variables; at most 1000 are allowed")
        let book = try Runbook(parsing: frontMatter(1000), path: "Runbooks/large.md")
        let variables = try RunVariables(runbook: book, config: [], overrides: ["v999=y"])
        #expect(variables.order.count == 1000 && variables.values["v999"] == "y")
    }

    @Test func noShippedRunbooksSaysWhereItLookedAndExits3() {
        let repo = repository("own", "## Only\n- [x] done\n")
        let share = TemporaryFolder("empty-share")
        let environment = ["RELOPS_SHARE": share.path]
        let list = relops(["runbook", "list"], in: repo.root, environment: environment)
        #expect(list.status == 3, "\(list.stdout)\(list.stderr)")
        #expect(list.stdout.contains("own"))  // the repository's own runbooks are still listed
        #expect(list.stderr.contains("cannot find the shipped runbooks: RELOPS_SHARE=\(share.path) holds no Runbooks/"))
        let run = relops(["runbook", "run", "domain-cutover"], in: repo.root, environment: environment)
        #expect(run.status == 3, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("cannot find the shipped runbooks"))
    }

    // MARK: - A step left running (issue 17 item 13)

    let longStep = """
        ---
        vars:
          pidfile:
            description: where the step writes its pid
          seconds:
            default: "30"
        ---
        ## Long step
        ```sh
        echo $$ > {{pidfile}}
        sleep {{seconds}}
        ```

        """

    /// Starts `relops runbook run long` (with posix_spawn: Foundation's `Process` waits for pipes the
    /// orphaned step would keep open) and returns its pid and the step's, once the step has
    /// written its pid and the run state holds it.
    func startLongRun(_ repo: GitFixture, pidfile: String) throws -> (relops: pid_t, step: Int32) {
        let arguments = [
            relopsBinary, "runbook", "run", "long", "--repo", repo.root, "--non-interactive", "--allow-shell",
            "--var", "pidfile=\(pidfile)",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in Int32(0)...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var relops: pid_t = 0
        guard posix_spawn(&relops, relopsBinary, &actions, nil, argv, environ) == 0 else {
            throw Failure(.couldNotCheck, "cannot start \(relopsBinary)")
        }
        for _ in 0..<600 {
            if let text = try? String(contentsOfFile: pidfile, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                (try? RunStore(repositoryRoot: repo.root).find(nil).steps[0].pid) == pid
            {
                return (relops, pid)
            }
            usleep(50_000)
        }
        kill(relops, SIGKILL)
        throw Failure(.couldNotCheck, "the step never wrote its pid to \(pidfile)")
    }

    /// Waits for `pid` to end: its exit status, or 128 + the signal that ended it.
    func exitStatus(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Waits (bounded) until `pid` no longer runs as a step.
    func waitUntilGone(_ pid: Int32) -> Bool {
        for _ in 0..<600 {
            if !StepProcess.isRunningStep(pid) { return true }
            usleep(50_000)
        }
        return false
    }

    @Test func sigtermIsForwardedToTheStepAndWaitedFor() throws {
        let repo = repository("long", longStep)
        let pidfile = repo.folder.url("step.pid")
        let (runner, pid) = try startLongRun(repo, pidfile: pidfile)
        kill(runner, SIGTERM)
        // relops itself exits (not killed by the signal) with 128 + SIGTERM once the step ended.
        #expect(exitStatus(runner) == 128 + SIGTERM)
        // relops waited for the step: nothing of it is left running.
        #expect(!StepProcess.isRunningStep(pid))
        if StepProcess.isRunningStep(pid) { kill(-pid, SIGKILL) }
        let state = try RunStore(repositoryRoot: repo.root).find(nil)
        #expect(state.steps[0].status == .failed && state.steps[0].pid == nil)
        #expect(state.steps[0].checks.first?.exitCode == 128 + SIGTERM)
    }

    @Test func aResumeRefusesWhileTheKilledRunsStepStillRunsNamingItsPid() throws {
        let repo = repository("long", longStep)
        let pidfile = repo.folder.url("step.pid")
        let (runner, pid) = try startLongRun(repo, pidfile: pidfile)
        kill(runner, SIGKILL)
        #expect(exitStatus(runner) == 128 + SIGKILL)
        defer { kill(-pid, SIGKILL) }
        #expect(try RunStore(repositoryRoot: repo.root).find(nil).steps[0].pid == pid)

        let refused = relops(
            ["runbook", "run", "long", "--non-interactive", "--allow-shell", "--var", "seconds=0"], in: repo.root)
        #expect(refused.status == 3, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("step 1 (Long step) of run long-"))
        #expect(refused.stderr.contains("is still running as pid \(pid)"))
        #expect(refused.stderr.contains("kill -TERM -\(pid)"))

        kill(-pid, SIGKILL)
        #expect(waitUntilGone(pid))
        let resumed = relops(
            ["runbook", "run", "long", "--non-interactive", "--allow-shell", "--var", "seconds=0"], in: repo.root)
        #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
        #expect(resumed.stdout.contains("Resuming run long-"))
    }
}
