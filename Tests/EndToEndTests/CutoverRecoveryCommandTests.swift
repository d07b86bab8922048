import Foundation
import TestSupport
import Testing

/// A killed `--subdomains --include-email --commit` apply, in an LF and in a `* text=auto eol=crlf`
/// repository (checked out with CRLF by git): the next apply finishes it exactly as an
/// uninterrupted apply writes and commits, and `undo` reverts it byte for byte.
@Suite struct InterruptedOptionsCommandTests {
    static let args = [
        "cutover", "--from", "app.example.com", "--to", "links.example.net", "--apply", "--subdomains",
        "--include-email", "--commit",
    ]

    func repository(crlf: Bool) -> GitFixture {
        let repo = GitFixture(crlf ? "crlf" : "lf")
        if crlf { repo.write(".gitattributes", "* text=auto eol=crlf\n") }
        for i in 0..<12 {
            repo.write(
                String(format: "f/file%02d.txt", i),
                "file \(i): https://app.example.com/x\nmail ops@app.example.com, https://Vault.app.example.com/v1\n")
        }
        repo.commit("files")
        if crlf {
            try? FileManager.default.removeItem(atPath: repo.root + "/f")
            repo.git("checkout", "--", ".")
        }
        #expect(repo.readText("f/file00.txt").contains("\r\n") == crlf)
        #expect(repo.git("status", "--porcelain").isEmpty)
        return repo
    }

    /// Every file under `f/` except temporaries, by name.
    func contents(_ repo: GitFixture) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: repo.root + "/f") where !name.hasSuffix(".tmp")
        {
            files[name] = repo.read("f/" + name)
        }
        return files
    }

    /// Kills an apply after its fifth rename; returns the files as they were before it.
    func killedApply(_ repo: GitFixture) throws -> [String: [UInt8]] {
        let originals = try contents(repo)
        let killed = relops(Self.args, in: repo.root, environment: ["RELOPS_TEST_CRASH_AFTER": "5"])
        #expect(killed.status != 0, "\(killed.stdout)\(killed.stderr)")
        let now = try contents(repo)
        #expect(now.keys.filter { now[$0] != originals[$0] }.count == 5)
        let list = relops(["cutover", "list"], in: repo.root)
        #expect(list.stdout.contains("--to links.example.net --subdomains --include-email`"), "\(list.stdout)")
        return originals
    }

    @Test(arguments: [false, true])
    func theNextApplyFinishesItAsAnUninterruptedApplyWrites(crlf: Bool) throws {
        let reference = repository(crlf: crlf)
        let whole = relops(Self.args, in: reference.root)
        #expect(whole.status == 0, "\(whole.stderr)")
        let repo = repository(crlf: crlf)
        _ = try killedApply(repo)
        // Every temporary file lost: each remaining file is rebuilt from its stored original.
        for name in try FileManager.default.contentsOfDirectory(atPath: repo.root + "/f") where name.hasSuffix(".tmp") {
            try FileManager.default.removeItem(atPath: repo.root + "/f/" + name)
        }
        let finish = relops(Self.args, in: repo.root)
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(
            finish.stdout.contains("was interrupted; completed the remaining 7 file(s); committed "), "\(finish.stdout)"
        )
        #expect(try contents(repo) == (try contents(reference)))
        for fixture in [repo, reference] {
            #expect(fixture.git("rev-parse", "--abbrev-ref", "HEAD") == "relops/cutover-links.example.net\n")
            #expect(fixture.git("status", "--porcelain").isEmpty)
            #expect(fixture.git("show", "HEAD:f/file07.txt").hasPrefix("file 7: https://links.example.net/x\nmail"))
        }
        // The same commit message but for the cutover's id.
        let message = { (fixture: GitFixture) in
            fixture.git("log", "-1", "--format=%B").split(separator: "\n").map {
                $0.hasPrefix("relops cutover ")
                    ? $0.split(separator: " ").dropFirst(3).joined(separator: " ") : String($0)
            }
        }
        #expect(message(repo) == message(reference) && message(repo).count == 15, "\(message(repo))")
        let eol = crlf ? "\r\n" : "\n"
        #expect(
            repo.readText("f/file07.txt")
                == "file 7: https://links.example.net/x\(eol)mail ops@links.example.net, https://Vault.links.example.net/v1\(eol)"
        )
    }

    @Test(arguments: [false, true])
    func undoRevertsItByteForByte(crlf: Bool) throws {
        let repo = repository(crlf: crlf)
        let originals = try killedApply(repo)
        let undo = relops(["cutover", "undo"], in: repo.root)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try contents(repo) == originals)
        #expect(repo.git("status", "--porcelain").isEmpty)
    }
}
