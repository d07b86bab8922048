import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Runbook

/// Issue 31: the runbook readers and writers keep to the repository. The run folder, a
/// repository's own runbooks and the association file a runbook variable names are refused when
/// a symlink planted in the repository leads them outside; nothing outside changes.
@Suite(.relopsCommands) struct RunbookContainmentTests {
    @Test func eachRunbookReaderRefusesAPathThatLeavesTheRepository() throws {
        let sandbox = TemporaryFolder("hostile-runbook")
        let repo = GitFixture("repo")
        sandbox.write("outside/runs/.keep", "")
        sandbox.write("outside/runbooks/escape.md", "# Escape\n\n## Step\n\n- [ ] read me\n")
        sandbox.write("outside/Web/appsettings.json", "{ \"AppAssociation\": {} }\n")
        symlink(sandbox.url("outside/runs"), repo.root + "/.relops-runs-target")
        try FileManager.default.createDirectory(atPath: repo.root + "/.relops", withIntermediateDirectories: true)
        symlink("../.relops-runs-target", repo.root + "/.relops/runs")
        symlink(sandbox.url("outside/runbooks"), repo.root + "/Runbooks")
        symlink(sandbox.url("outside/Web"), repo.root + "/Web")
        let outsideBefore = try FileManager.default.subpathsOfDirectory(atPath: sandbox.url("outside")).sorted()

        let store = RunStore(repositoryRoot: repo.root)
        for (name, attempt) in [
            ("RunStore.all", { _ = try store.all() }), ("RunStore.createFolder", { try store.createFolder() }),
            ("RunLock", { _ = try RunLock(runbook: "escape", store: store) }),
        ] as [(String, () throws -> Void)] {
            let error = #expect(throws: Failure.self, "\(name)") { try attempt() }
            #expect(
                error?.message.contains(".relops/runs: leads outside the repository") == true,
                "\(name): \(String(describing: error))")
        }
        let catalog = RunbookCatalog(repositoryRoot: repo.root, shipped: nil)
        let entry = try #require(catalog.entries().first { $0.name == "escape" })
        #expect(entry.title.contains("leads outside the repository"), "\(entry.title)")
        let runbook = #expect(throws: Failure.self) { try catalog.resolve("escape") }
        #expect(runbook?.message.contains("Runbooks/escape.md: leads outside the repository") == true)
        let choice = #expect(throws: Failure.self) {
            try AssociationChoice.repositoryPath("Web/appsettings.json", root: repo.root, what: "association_config")
        }
        #expect(choice?.message.contains("association_config: Web/appsettings.json: leads outside") == true)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: sandbox.url("outside")).sorted() == outsideBefore)
        #expect(sandbox.readText("outside/runbooks/escape.md") == "# Escape\n\n## Step\n\n- [ ] read me\n")
    }
}
