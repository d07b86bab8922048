import Cutover
import Foundation
import RelopsCore
import Scan
import TestSupport
import Testing

/// The failure `body` throws, or nil.
private func failureOf(_ body: () throws -> Void) -> Failure? {
    do {
        try body()
        return nil
    } catch { return error as? Failure }
}

/// A repository with a committed `* text=auto eol=crlf` behaves like an LF one: the blobs hold LF,
/// git itself checks the files out with CRLF.
@Suite struct CutoverLineEndingTests {
    func crlfRepository() -> GitFixture {
        let repo = GitFixture("crlf")
        repo.write(".gitattributes", "* text=auto eol=crlf\n")
        repo.write("a.txt", "app.example.com\nline\n")
        repo.write("b.txt", "see app.example.com\n")
        repo.commit("files")
        for name in ["a.txt", "b.txt"] { try? FileManager.default.removeItem(atPath: repo.root + "/" + name) }
        repo.git("checkout", "--", ".")
        #expect(repo.readText("a.txt") == "app.example.com\r\nline\r\n")
        #expect(repo.git("show", "HEAD:a.txt") == "app.example.com\nline\n")
        #expect(repo.git("status", "--porcelain").isEmpty)
        return repo
    }

    @Test func anUnmodifiedCRLFFileIsCleanAndAModifiedOneIsDirty() throws {
        let repo = crlfRepository()
        repo.write("b.txt", "see app.example.com\r\nlocal edit\r\n")
        let error = failureOf { _ = try apply(repo) }
        #expect(error?.category == .checkFailed)
        #expect(error?.message.contains("would rewrite: b.txt;") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("a.txt") == false)
        #expect(repo.readText("a.txt") == "app.example.com\r\nline\r\n")

        repo.git("checkout", "--", "b.txt")
        #expect(try apply(repo).journal.state == .applied)
        #expect(repo.readText("a.txt") == "links.example.net\r\nline\r\n")
        #expect(repo.readText("b.txt") == "see links.example.net\r\n")
        let project = try Project(path: repo.root)
        let undone = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(Set(undone.restored) == ["a.txt", "b.txt"] && undone.changedSince.isEmpty)
        #expect(repo.readText("a.txt") == "app.example.com\r\nline\r\n")
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func theCommitOfACRLFCheckoutHoldsLFBlobsAndLeavesTheTreeClean() throws {
        let repo = crlfRepository()
        _ = try apply(repo, ApplyOptions(commit: true))
        #expect(repo.git("show", "HEAD:a.txt") == "links.example.net\nline\n")
        #expect(repo.readText("a.txt") == "links.example.net\r\nline\r\n")
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func aRevisionScanReadsBlobsAndAgreesWithTheCRLFWorkingTree() throws {
        let repo = crlfRepository()
        let project = try Project(path: repo.root)
        let tree = try scan(project, ScanRequest(hosts: [old])).occurrences
        let committed = try scan(project, ScanRequest(hosts: [old], revision: "HEAD")).occurrences
        #expect(tree.count == 2)
        #expect(
            tree.map { "\($0.path):\($0.line):\($0.column)" } == committed.map { "\($0.path):\($0.line):\($0.column)" })
    }
}

/// The journal records the plan's options, so recovery rewrites exactly as the apply did; a
/// journal written before it did means no options.
@Suite struct CutoverJournalOptionsTests {
    func journalFile(_ project: Project) throws -> String {
        let folder = CutoverJournal.folder(project)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        return folder + "/" + (try #require(names.first))
    }

    func rewriteJournal(_ file: String, _ change: (inout [String: Any]) -> Void) throws {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
    }

    @Test func theJournalRecordsThePlansOptionsAndFamily() throws {
        let repo = GitFixture()
        repo.write("a.txt", "https://api.app.example.com ops@app.example.com app.example.com\n")
        repo.commit("a")
        let project = try Project(path: repo.root)
        let options = CutoverOptions(includeEmail: true, subdomains: true)
        let thePlan = try planCutover(project, from: old, to: new, options: options)
        _ = try applyCutover(project, thePlan, ApplyOptions(), lock: try locked(project))
        let journal = try #require(try CutoverJournal.all(project).last)
        #expect(journal.options == options)
        #expect(journal.familyRenames.map { "\($0.old)->\($0.new)" } == ["api.app.example.com->api.links.example.net"])
        let written = repo.read("a.txt")
        #expect(
            String(decoding: written, as: UTF8.self)
                == "https://api.links.example.net ops@links.example.net links.example.net\n")
        // Cut off halfway with a.txt still old and its temporary file lost: recovery recomputes it with the options.
        try rewriteJournal(try journalFile(project)) { $0["state"] = "applying" }
        repo.git("checkout", "--", "a.txt")
        #expect(try finishInterruptedCutovers(project, lock: try locked(project)).count == 1)
        #expect(repo.read("a.txt") == written)
    }

    @Test func aJournalWithoutOptionsMeansNoneAndIsStillFinished() throws {
        let repo = GitFixture()
        repo.write("a.txt", "app.example.com ops@app.example.com\n")
        repo.commit("a")
        let project = try Project(path: repo.root)
        _ = try apply(repo)
        // As an older relops wrote it, cut off halfway: no options, a.txt still old, its temporary file lost.
        let file = try journalFile(project)
        try rewriteJournal(file) { object in
            object["options"] = nil
            object["state"] = "applying"
        }
        repo.git("checkout", "--", "a.txt")
        let journal = try #require(try CutoverJournal.all(project).last)
        #expect(journal.options == CutoverOptions() && journal.familyRenames.isEmpty)
        #expect(try finishInterruptedCutovers(project, lock: try locked(project)).count == 1)
        #expect(repo.readText("a.txt") == "links.example.net ops@app.example.com\n")

        try rewriteJournal(file) { $0["options"] = ["subdomains": "yes"] }
        let error = failureOf { _ = try CutoverJournal.all(project) }
        #expect(error?.category == .badInput)
        #expect(error?.message.hasPrefix(file + ": journal field `options`") == true, "\(error?.message ?? "")")
    }
}
