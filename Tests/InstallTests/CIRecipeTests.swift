import Foundation
import TestSupport
import Testing
import YAML

/// The CI recipes in docs/ci, run as written on a fixture repository: the sample repository
/// `relops demo --keep` leaves behind (cutover applied, one ADR anchor lost). GitHub and GitLab
/// are not needed: each file must parse as YAML, and each `run:`/`script:` runs with bash as the
/// runners do, with relops on PATH. Only the steps that install relops and the `uses:` actions
/// (checkout, uploads) are left out.
@Suite struct CIRecipeTests {
    struct Step {
        let name: String
        let script: String
        let environment: [String: String]
    }

    /// A fixture repository (the demo's sample after its runs) and a PATH with relops on it.
    func fixture() throws -> (folder: TemporaryFolder, repo: String, path: String) {
        let folder = TemporaryFolder("ci-recipe")
        let demo = relops(["demo", "--keep", folder.url("demo")])
        try #require(demo.status == 0, "\(demo.stderr)")
        return (folder, folder.url("demo/sample-app"), relopsOnPath(folder))
    }

    func recipe(_ name: String) throws -> YAMLNode {
        let text = try String(contentsOfFile: sourceRoot + "/docs/ci/" + name, encoding: .utf8)
        return try parseYAML(text)
    }

    func strings(_ node: YAMLNode?) -> [String: String] {
        var out: [String: String] = [:]
        for (key, value) in node?.pairs ?? [] { out[key] = value.string }
        return out
    }

    /// A GitHub Actions job's `run:` steps, with the job's and the step's `env`.
    func githubSteps(_ workflow: YAMLNode, job: String) throws -> [Step] {
        let node = try #require(workflow["jobs"]?[job], "no job \(job)")
        let jobEnvironment = strings(node["env"])
        return (node["steps"]?.items ?? []).compactMap { step in
            guard let script = step["run"]?.string, step["name"]?.string != "Install relops" else { return nil }
            return Step(
                name: step["name"]?.string ?? script, script: script,
                environment: jobEnvironment.merging(strings(step["env"])) { $1 })
        }
    }

    /// A GitLab job's `script:` lines as one script (GitLab runs them in one shell, failing on the
    /// first that fails) with the job's `variables`.
    func gitlabScript(_ pipeline: YAMLNode, job: String) throws -> Step {
        let node = try #require(pipeline[job], "no job \(job)")
        let items = try #require(node["script"]?.items, "\(job) has no script")
        let lines = items.compactMap { $0.string }
        return Step(name: job, script: lines.joined(separator: "\n"), environment: strings(node["variables"]))
    }

    func run(_ step: Step, in repo: String, path: String, extra: [String: String] = [:]) -> ProcessOutput {
        bash(step.script, in: repo, environment: step.environment.merging(["PATH": path]) { $1 }.merging(extra) { $1 })
    }

    /// The results of a SARIF log written by a recipe.
    func sarifResults(_ file: String) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: file), "\(file) was not written")
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return try #require(run["results"] as? [[String: Any]])
    }

    @Test func pullRequestWorkflowAuditsAnchorsToSARIFAndGatesOnTheOldHost() throws {
        let (folder, repo, path) = try fixture()
        _ = folder
        let workflow = try recipe("github-pull-request.yml")
        let anchors = try githubSteps(workflow, job: "anchors")
        #expect(anchors.map(\.name) == ["Audit ADR anchors", "Annotate the pull request"])
        // The sample has one lost anchor and three whose lines the committed cutover rewrote in
        // place: the audit step fails, and its SARIF names each.
        let audit = run(anchors[0], in: repo, path: path)
        #expect(audit.status == 1, "\(audit.stderr)")
        let results = try sarifResults(repo + "/relops-anchors.sarif")
        #expect(
            results.compactMap { $0["ruleId"] as? String }.sorted()
                == ["anchor-changed", "anchor-changed", "anchor-changed", "anchor-lost"])
        let annotate = run(anchors[1], in: repo, path: path)
        #expect(
            annotate.status == 0 && annotate.stdout.contains("::warning file=Docs/adr/043-mobile-deep-links.md,line=11")
        )
        // The gate passes once the old host is gone, and fails on a host that still ships.
        let gate = try #require(try githubSteps(workflow, job: "old-host-gate").first)
        #expect(gate.environment["RELOPS_OLD_HOST"] == "adc-ui.kindrock-1234.eastus.azurecontainerapps.io")
        let passed = run(gate, in: repo, path: path)
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(try sarifResults(repo + "/relops-scan.sarif").isEmpty)
        let failed = run(gate, in: repo, path: path, extra: ["RELOPS_OLD_HOST": "app.example.com"])
        #expect(failed.status == 1, "\(failed.stderr)")
    }

    @Test func gitlabJobsRunTheSameChecks() throws {
        let (folder, repo, path) = try fixture()
        _ = folder
        let pipeline = try recipe("gitlab-ci.yml")
        let audit = run(try gitlabScript(pipeline, job: "relops-anchors"), in: repo, path: path)
        #expect(audit.status == 1)
        #expect(try sarifResults(repo + "/relops-anchors.sarif").count == 4)
        #expect(pipeline["relops-anchors"]?["artifacts"]?["paths"]?.items?.first?.string == "relops-anchors.sarif")
        let gate = run(try gitlabScript(pipeline, job: "relops-old-host-gate"), in: repo, path: path)
        #expect(gate.status == 0, "\(gate.stderr)")
        folder.write(
            "demo/sample-app/.relops/runbooks/nightly-verify.md",
            try String(contentsOfFile: sourceRoot + "/docs/ci/nightly-verify.md", encoding: .utf8))
        let nightly = run(
            try gitlabScript(pipeline, job: "relops-nightly-verify"), in: repo, path: path,
            extra: ["RELOPS_VERIFY_FLAGS": "--local"])
        #expect(nightly.status == 0, "\(nightly.stdout)\(nightly.stderr)")
        #expect(
            pipeline["relops-nightly-verify"]?["artifacts"]?["reports"]?["junit"]?.string == "relops-verify.junit.xml")
        let junit = String(decoding: folder.read("demo/sample-app/relops-verify.junit.xml"), as: UTF8.self)
        #expect(junit.contains("<testsuite") && junit.contains("failures=\"0\""), "\(junit)")
    }

    @Test func nightlyWorkflowVerifiesThroughTheRunbookAndWritesJUnit() throws {
        let (folder, repo, path) = try fixture()
        folder.write(
            "demo/sample-app/.relops/runbooks/nightly-verify.md",
            try String(contentsOfFile: sourceRoot + "/docs/ci/nightly-verify.md", encoding: .utf8))
        let workflow = try recipe("github-nightly-verify.yml")
        #expect(workflow["on"]?["schedule"]?.items?.first?["cron"]?.string == "17 4 * * *")
        let steps = try githubSteps(workflow, job: "verify")
        #expect(steps.map(\.name) == ["Verify the production hosts"])
        // Live hosts are not reachable from a test: --local checks the rendered documents instead.
        let passed = run(steps[0], in: repo, path: path, extra: ["RELOPS_VERIFY_FLAGS": "--local"])
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        let junit = String(decoding: folder.read("demo/sample-app/relops-verify.junit.xml"), as: UTF8.self)
        #expect(junit.contains("<testsuite") && junit.contains("failures=\"0\""), "\(junit)")
        #expect(String(decoding: folder.read("demo/sample-app/relops-verify.md"), as: UTF8.self).contains("- [x]"))
        // A host that cannot be verified fails the job, and the JUnit report says why.
        let failed = run(
            steps[0], in: repo, path: path,
            extra: ["RELOPS_VERIFY_FLAGS": "--local --host unrelated.example.org --package org.example.other"])
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        let report = String(decoding: folder.read("demo/sample-app/relops-verify.junit.xml"), as: UTF8.self)
        #expect(report.contains("<failure"), "\(report)")
    }
}
