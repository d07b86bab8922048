import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// Issue 39, cases 1, 5 and 6: what a repository says is data, never authority. A repository's
/// own runbook may not act on another repository or write outside its own; `.relops.yml` may not
/// choose how the shipped runbook's checks are made; a run state the repository carries (or
/// another operator's) is not resumed as if this operator had run it. Each runs the built binary
/// under a kill bound, with a sentinel repository and folder outside compared byte for byte.
@Suite(.relopsCommands) struct RunbookTrustBoundaryTests {
    static let cutoverVars = [
        "--var", "old_host=old.example.org", "--var", "new_host=new.example.org", "--var", "min_app_version=2.0",
    ]

    /// A SHA-256 fingerprint of 32 different bytes.
    static let fingerprint = (0..<32).map { String(format: "%02X", $0 * 7 + 1) }.joined(separator: ":")

    /// `relops` killed after two minutes, so a run that hangs fails the test instead of the suite.
    func bounded(_ arguments: [String], in folder: String) -> ProcessOutput {
        runProcess("/usr/bin/timeout", ["-s", "KILL", "120", relopsBinary] + arguments, in: folder)
    }

    /// Every file and symlink under `folder` (but `.git`'s internals), byte for byte.
    func snapshot(_ folder: String) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        for name in names where !name.hasPrefix(".git/") && name != ".git" {
            let path = folder + "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                out[name] = Array(("-> " + target).utf8)
            } else if let data = FileManager.default.contents(atPath: path) {
                out[name] = Array(data)
            } else {
                out[name] = []
            }
        }
        return out
    }

    /// A repository with a file that names the old host, and another repository beside it (the
    /// one a hostile runbook aims at) that names it too.
    func repositories() -> (repo: GitFixture, other: GitFixture, outside: TemporaryFolder) {
        let repo = GitFixture("trust-repo")
        repo.write("README.md", "See https://old.example.org/help\n")
        let other = GitFixture("trust-other")
        other.write("README.md", "Other project: https://old.example.org/\n")
        other.commit("Other")
        let outside = TemporaryFolder("trust-outside")
        outside.write("sentinel.txt", "nothing may change here\n")
        return (repo, other, outside)
    }

    @Test func aRepositoryRunbookThatShadowsTheShippedOneCannotActOnAnotherRepositoryOrWriteOutside() {
        let (repo, other, outside) = repositories()
        repo.write(
            ".relops/runbooks/domain-cutover.md",
            """
            # Domain cutover

            ## Rewrite
            ```relops
            relops cutover --from old.example.org --to new.example.org --apply --repo \(other.root)
            ```

            ## Render
            ```relops
            relops association render --package com.example.app --fingerprint \(Self.fingerprint) --out \(outside.path)/site
            ```
            """)
        repo.commit("A hostile runbook")
        let otherBefore = snapshot(other.root)
        let outsideBefore = snapshot(outside.path)
        let repoBefore = snapshot(repo.root)
        for extra in [[], ["--trust-repository"]] {
            let run = bounded(["runbook", "run", "domain-cutover", "--non-interactive"] + extra, in: repo.root)
            #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
            #expect(
                run.stderr.contains(
                    ".relops/runbooks/domain-cutover.md is this repository's own runbook, and it hides the runbook relops ships as domain-cutover"
                ), "\(run.stderr)")
            #expect(
                run.stderr.contains("`--repo \(other.root)` (from .relops/runbooks/domain-cutover.md:"), "\(run.stderr)"
            )
            #expect(run.stderr.contains("a runbook runs its commands on the repository it was started in"))
            #expect(
                run.stderr.contains("`--out \(outside.path)/site`: \(outside.path)/site: an absolute path"),
                "\(run.stderr)")
            #expect(!run.stdout.contains("$ relops"), "no command ran: \(run.stdout)")
        }
        #expect(snapshot(other.root) == otherBefore)
        #expect(snapshot(outside.path) == outsideBefore)
        #expect(snapshot(repo.root).filter { !$0.key.hasPrefix(".relops/runs") } == repoBefore)
    }

    @Test func aPathInsideTheRepositoryIsTakenFromARepositoryRunbook() {
        let (repo, _, _) = repositories()
        repo.write(
            "Runbooks/render.md",
            """
            # Render

            ## Render
            ```relops
            relops association render --package com.example.app --fingerprint \(Self.fingerprint) --out site --repo .
            ```
            """)
        repo.commit("A runbook that renders into the repository")
        let run = bounded(["runbook", "run", "render", "--non-interactive"], in: repo.root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains("\nRunbooks/render.md is this repository's own runbook: its commands run on")
                || run.stderr.hasPrefix("Runbooks/render.md is this repository's own runbook: its commands run on"))
        #expect(FileManager.default.fileExists(atPath: repo.root + "/site/.well-known/assetlinks.json"))
    }

    @Test func relopsYmlCannotChooseHowTheShippedRunbookChecks() throws {
        let (repo, _, _) = repositories()
        repo.write(
            ".relops.yml",
            "vars:\n  verify_flags: \"--allow-unchecked --offline --resolve new.example.org:443:127.0.0.1\"\n")
        repo.commit("Flags from the repository")
        let refused = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive"] + Self.cutoverVars, in: repo.root)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        for flag in ["--allow-unchecked", "--offline", "--resolve new.example.org:443:127.0.0.1"] {
            #expect(
                refused.stderr.contains(".relops.yml vars.verify_flags: `\(flag)` decides how relops checks"),
                "\(flag): \(refused.stderr)")
        }
        #expect(refused.stderr.contains("pass --trust-repository"))
        #expect(!refused.stdout.contains("$ relops"), "no step ran: \(refused.stdout)")

        // The operator's own value wins over the repository's, and is taken without a word.
        let operatorsOwn = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--new", "--var", "verify_flags=--offline"]
                + Self.cutoverVars, in: repo.root)
        #expect(operatorsOwn.status != 2, "\(operatorsOwn.stdout)\(operatorsOwn.stderr)")
        #expect(!operatorsOwn.stderr.contains("decides how relops checks"))

        // Trusted for this run: the values taken are listed before the first step.
        let trusted = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--new", "--trust-repository"] + Self.cutoverVars,
            in: repo.root)
        #expect(trusted.status != 2, "\(trusted.stdout)\(trusted.stderr)")
        let listed = try #require(
            trusted.stdout.range(of: "With --trust-repository, this run takes these values from the repository:"))
        let firstStep = try #require(trusted.stdout.range(of: "== 1."))
        #expect(listed.upperBound < firstStep.lowerBound)
        #expect(trusted.stdout.contains(".relops.yml vars.verify_flags: --allow-unchecked"))
        #expect(trusted.stdout.contains(".relops.yml vars.verify_flags: --resolve new.example.org:443:127.0.0.1"))
    }

    /// Which release binary step 9 checks decides what its pass means: `.relops.yml` cannot choose it.
    @Test func relopsYmlCannotChooseTheReleaseBinaryAStepChecks() throws {
        let (repo, _, _) = repositories()
        repo.write(".relops.yml", "vars:\n  android_artifact: build/known-good.apk\n")
        repo.commit("A binary from the repository")
        let refused = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive"] + Self.cutoverVars, in: repo.root)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                ".relops.yml vars.android_artifact: `--artifact build/known-good.apk` decides how relops checks"),
            "\(refused.stderr)")
        #expect(!refused.stdout.contains("$ relops"), "no step ran: \(refused.stdout)")
    }

    @Test func aVariableNeverSetsAnEnvironmentRelopsReads() throws {
        let book = try runbook(
            "---\nvars:\n  share: {default: /elsewhere}\n  host: {default: a.example.com}\n---\n# R\n\n## S\n\n- [ ] x\n"
        )
        let variables = try RunVariables(runbook: book, config: [("check_outcome", "/tmp/x")], overrides: [])
        #expect(variables.environment["RELOPS_SHARE"] == nil)
        #expect(variables.environment["RELOPS_CHECK_OUTCOME"] == nil)
        #expect(variables.environment["RELOPS_HOST"] == "a.example.com")
    }

    /// A run state with the shipped domain-cutover's first six steps passed by `operatorName`.
    func plantedRun(_ repo: GitFixture, operatorName: String, vars: [RunState.Variable] = []) throws -> RunState {
        let book = try Runbook(contentsOf: packageRoot + "/Runbooks/domain-cutover.md")
        var state = RunState(
            runID: "domain-cutover-20260101T000000Z", runbook: "domain-cutover", runbookPath: book.path,
            title: book.title, started: "2026-01-01T00:00:00Z", finished: nil, operator: operatorName,
            machine: "elsewhere.example", vars: vars, steps: [])
        state.steps = book.steps.map { step in
            var record = StepRecord(number: step.number, id: step.id, title: step.title)
            if step.number <= 6 {
                record.status = .passed
                record.operator = operatorName
            }
            return record
        }
        try RunStore(repositoryRoot: repo.root).save(state)
        return state
    }

    @Test func aRunStateTheRepositoryCarriesIsNotResumedAsTheOperators() throws {
        let (repo, _, _) = repositories()
        let state = try plantedRun(
            repo, operatorName: "attacker",
            vars: [RunState.Variable(name: "verify_flags", value: "--allow-unchecked")])
        repo.git("add", "-f", ".relops/runs/\(state.runID).json")
        repo.commit("Steps 1-6 done, trust me")
        let refused = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive"] + Self.cutoverVars, in: repo.root)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                ".relops/runs/\(state.runID).json: run \(state.runID) is not yours to resume: git tracks it (it came with the repository); attacker started it, not Test Author; it was started on elsewhere.example"
            ), "\(refused.stderr)")
        #expect(refused.stderr.contains("--resume-foreign"))
        #expect(!refused.stdout.contains("$ relops"))

        // Resumed on the operator's word, its values are the repository's: its flags are refused.
        let foreign = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--resume-foreign"] + Self.cutoverVars,
            in: repo.root)
        #expect(foreign.status == 2, "\(foreign.stdout)\(foreign.stderr)")
        #expect(
            foreign.stderr.contains(
                ".relops/runs/\(state.runID).json (git tracks it (it came with the repository); attacker started it"),
            "\(foreign.stderr)")
        #expect(foreign.stderr.contains("`--allow-unchecked` decides how relops checks"))

        // A new run starts from step 1.
        let fresh = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive", "--new"] + Self.cutoverVars, in: repo.root)
        #expect(fresh.stdout.contains("Starting run domain-cutover-"), "\(fresh.stdout)\(fresh.stderr)")
        #expect(fresh.stdout.contains("== 1. Inventory the old host"))
    }

    @Test func anotherOperatorsRunIsNotResumedAndItsAcceptedCountsAreNotTaken() throws {
        let (repo, _, _) = repositories()
        repo.commit("An app")
        let accepted = RunState.Variable(
            name: "expect_unknown", value: "7", source: "found by step 1, accepted by someone at 2026-01-01")
        let state = try plantedRun(repo, operatorName: "someone else", vars: [accepted])
        let refused = bounded(
            ["runbook", "run", "domain-cutover", "--non-interactive"] + Self.cutoverVars, in: repo.root)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("someone else started it, not Test Author"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("git tracks it"))

        let store = RunStore(repositoryRoot: repo.root)
        #expect(try store.acceptedValues(of: "domain-cutover").map(\.value) == ["7"])
        #expect(try store.acceptedValues(of: "domain-cutover", ownedBy: RunOwner(operatorName: "Test Author")).isEmpty)
        let mine = RunOwner(operatorName: "someone else", machine: "elsewhere.example")
        #expect(try mine.foreignness(of: state, in: store) == nil)
    }

    @Test func aCorruptRunStateIsNamedWithWhatIsWrongWhere() throws {
        let (repo, _, _) = repositories()
        repo.commit("An app")
        let state = try plantedRun(repo, operatorName: "Test Author")
        let path = repo.root + "/.relops/runs/\(state.runID).json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"status\" : \"passed\"", with: "\"status\" : \"done\"").write(
            toFile: path, atomically: true, encoding: .utf8)
        let run = bounded(["runbook", "status"], in: repo.root)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                ".relops/runs/\(state.runID).json: not a relops run state (steps[0].status: Cannot initialize StepStatus from invalid String value done); move it out of .relops/runs to start afresh"
            ), "\(run.stderr)")
    }

    @Test func aRunStateOfANewerFormatIsRefusedNamingIt() throws {
        let (repo, _, _) = repositories()
        repo.commit("An app")
        let state = try plantedRun(repo, operatorName: "Test Author")
        let path = repo.root + "/.relops/runs/\(state.runID).json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let newer = text.replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 2")
        #expect(newer != text)
        try newer.write(toFile: path, atomically: true, encoding: .utf8)
        let run = bounded(["runbook", "status"], in: repo.root)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                ".relops/runs/\(state.runID).json: not a relops run state (format 2; this relops reads format 1, "
                    + "a newer relops wrote it)"), "\(run.stderr)")
    }

    @Test func everyOptionThatDecidesHowRelopsChecksOrWhereItActsSaysSo() {
        let checking: Set = [
            "resolve", "connect-to", "cacert", "offline", "local", "allow-unchecked", "tls-only", "print-curl",
            "dal-endpoint", "apple-cdn-endpoint",
        ]
        let acting: Set = ["repo", "out", "junit", "templates", "keep", "code"]
        var seen: Set<String> = []
        var pending = [(RelopsCommands.root, "relops")]
        while let (command, name) = pending.popLast() {
            for option in command.options {
                if checking.contains(option.name) {
                    #expect(option.authority == .howItChecks, "\(name) --\(option.name)")
                } else if acting.contains(option.name) {
                    #expect(option.authority == .whereItActs, "\(name) --\(option.name)")
                }
                seen.insert(option.name)
            }
            pending += command.subcommands.map { ($0, name + " " + $0.name) }
        }
        #expect(seen.isSuperset(of: checking.union(acting)), "\(checking.union(acting).subtracting(seen))")
    }

    @Test func eachSpellingOfAnOptionIsHeldToTheBoundary() throws {
        let root = GitFixture("trust-spelling")
        let boundary = RunAuthority(repositoryRoot: root.root, trustsRepository: false, tree: RelopsCommands.root)
        func words(_ texts: [String], from origin: String?) -> [ArgumentWord] {
            texts.map { ArgumentWord(text: $0, origin: origin) }
        }
        for line in [
            ["association", "render", "--out=/outside/site"], ["association", "render", "--out", "../outside"],
            ["verify", "--offline"], ["verify", "--cacert=ca.pem"], ["scan", "--repo=/elsewhere"],
        ] {
            #expect(throws: Failure.self, "\(line)") { try boundary.check(words(line, from: ".relops.yml vars.x")) }
        }
        // The operator's own words: any path but another repository, any check option.
        #expect(try boundary.check(words(["association", "render", "--out=/outside/site"], from: nil)).isEmpty)
        #expect(try boundary.check(words(["verify", "--offline", "--cacert", "/ca.pem"], from: nil)).isEmpty)
        #expect(throws: Failure.self) { try boundary.check(words(["scan", "--repo", "/elsewhere"], from: nil)) }
        #expect(try boundary.check(words(["scan", "--repo", root.root + "/."], from: nil)).isEmpty)
        // Inside the repository, a repository's path is taken; trusted, its check options are listed.
        #expect(try boundary.check(words(["association", "render", "--out", "site"], from: "x")).isEmpty)
        let trusted = RunAuthority(repositoryRoot: root.root, trustsRepository: true, tree: RelopsCommands.root)
        #expect(try trusted.check(words(["verify", "--cacert", "ca.pem"], from: "x")) == ["x: --cacert ca.pem"])
    }
}
