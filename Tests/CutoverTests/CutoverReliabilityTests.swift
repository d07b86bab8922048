import Cutover
import Foundation
import Git
import RelopsCore
import TestSupport
import Testing

/// A file changed during the renames, a failed rename, one undo per cutover, unreadable journals,
/// config files that cannot be rewritten safely.
@Suite struct CutoverReliabilityTests {
    func threeFiles() -> GitFixture {
        let repo = GitFixture()
        for name in ["a.txt", "b.txt", "c.txt"] { repo.write(name, "\(name) app.example.com\n") }
        repo.commit("three")
        return repo
    }

    func failure(_ body: () throws -> Void) -> Failure? {
        do {
            try body()
            return nil
        } catch { return error as? Failure }
    }

    @Test func aFileEditedAfterPlanningStopsTheApplyAndEverythingIsPutBack() throws {
        let repo = threeFiles()
        let root = repo.root
        // After a.txt is renamed, another program appends to b.txt (still to be renamed).
        let options = ApplyOptions(afterEachFile: { n in
            if n == 1, let handle = FileHandle(forWritingAtPath: root + "/b.txt") {
                handle.seekToEndOfFile()
                handle.write(Data("an edit\n".utf8))
                handle.closeFile()
            }
        })
        let error = failure { _ = try apply(repo, options) }
        #expect(error?.category == .couldNotCheck)
        #expect(
            error?.message.hasPrefix("b.txt changed while the cutover was being applied") == true,
            "\(error?.message ?? "")")
        #expect(error?.message.contains("put back the 1 file(s) already replaced") == true)
        #expect(repo.readText("a.txt") == "a.txt app.example.com\n")
        #expect(repo.readText("b.txt") == "b.txt app.example.com\nan edit\n")
        #expect(repo.readText("c.txt") == "c.txt app.example.com\n")
        #expect(try CutoverJournal.all(try Project(path: root)).last?.state == .rolledBack)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func aFileOnlyTouchedKeepsTheApplyGoing() throws {
        let repo = threeFiles()
        let root = repo.root
        let options = ApplyOptions(afterEachFile: { n in if n == 1 { utimes(root + "/b.txt", nil) } })
        #expect(try apply(repo, options).journal.state == .applied)
        #expect(repo.readText("b.txt") == "b.txt links.example.net\n")
    }

    @Test func aFailedRenameRollsBackAndSaysSo() throws {
        let repo = threeFiles()
        let root = repo.root
        // The temporary file of b.txt disappears: its rename fails.
        let options = ApplyOptions(afterEachFile: { n in
            guard n == 1 else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            where name.hasPrefix(".b.txt.relops-") {
                unlink(root + "/" + name)
            }
        })
        let error = failure { _ = try apply(repo, options) }
        #expect(
            error?.message.contains("b.txt: cannot replace: No such file or directory") == true,
            "\(error?.message ?? "")")
        #expect(error?.message.contains("the cutover changed nothing") == true)
        for name in ["a.txt", "b.txt", "c.txt"] { #expect(repo.readText(name) == "\(name) app.example.com\n") }
    }

    /// Marks the last journal as cut off halfway through its renames, with `a.txt` not renamed yet.
    func interruptSecondCutover(_ repo: GitFixture, _ project: Project) throws {
        let journal = try #require(try CutoverJournal.all(project).first { $0.to == "third.example.org" })
        let file = CutoverJournal.folder(project) + "/\(journal.id).json"
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "\"applied\"", with: "\"applying\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        repo.write("a.txt", "a.txt links.example.net\n")
    }

    @Test func undoUndoesOnlyTheInterruptedCutoverNotTheOneBefore() throws {
        let repo = threeFiles()
        let project = try Project(path: repo.root)
        _ = try apply(repo)
        repo.commit("first cutover")
        _ = try applyCutover(
            project, try planCutover(project, from: new, to: "third.example.org"), ApplyOptions(),
            lock: try locked(project))
        try interruptSecondCutover(repo, project)
        let undone = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(undone.journal.to == "third.example.org")
        for name in ["a.txt", "b.txt", "c.txt"] { #expect(repo.readText(name) == "\(name) links.example.net\n") }
        #expect(try CutoverJournal.all(project).map(\.state) == [.applied, .undone])
        #expect(try CutoverJournal.all(project).map(\.to) == [new, "third.example.org"])
        // The next undo is the earlier cutover's.
        _ = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(repo.readText("a.txt") == "a.txt app.example.com\n")
    }

    @Test func anEarlierCutoverCannotBeUndoneWhileALaterOneIsInterrupted() throws {
        let repo = threeFiles()
        let project = try Project(path: repo.root)
        let first = try apply(repo)
        repo.commit("first cutover")
        _ = try applyCutover(
            project, try planCutover(project, from: new, to: "third.example.org"), ApplyOptions(),
            lock: try locked(project))
        try interruptSecondCutover(repo, project)
        let error = failure {
            _ = try undoCutover(project, id: first.journal.id, force: false, lock: try locked(project))
        }
        #expect(error?.category == .checkFailed && error?.message.contains("undo it first") == true)
    }

    @Test func anEmptyIdIsAUsageError() throws {
        let repo = threeFiles()
        _ = try apply(repo)
        let project = try Project(path: repo.root)
        for id in ["", " "] {
            #expect(
                failure { _ = try undoCutover(project, id: id, force: false, lock: try locked(project)) }?.category
                    == .usage)
        }
        #expect(repo.readText("a.txt") == "a.txt links.example.net\n")
    }

    @Test func anUnreadableJournalFolderIsAnErrorNamingIt() throws {
        let repo = threeFiles()
        let project = try Project(path: repo.root)
        let folder = CutoverJournal.folder(project)
        try FileManager.default.createDirectory(atPath: folderOf(folder), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder, contents: Data("not a folder".utf8)))
        let error = failure { _ = try CutoverJournal.all(project) }
        #expect(
            error?.category == .couldNotCheck
                && error?.message.hasPrefix(folder + ": cannot read the cutover journals") == true)
        #expect(failure { _ = try apply(repo) }?.category == .couldNotCheck)
        #expect(repo.readText("a.txt") == "a.txt app.example.com\n")
    }

    @Test(arguments: [
        ("{\"Host\": \"https://app.example.com\", \"Bad\": \"\\ud800\"}\n", "lone surrogate escape (\\ud800)"),
        ("{\"Host\": \"https://app.example.com\", \"Bad\": \"\\udc00\\ud800\"}\n", "lone surrogate escape (\\udc00)"),
    ])
    func aJSONConfigWithALoneSurrogateIsRefusedBeforeAnyWrite(text: String, reason: String) throws {
        let repo = GitFixture()
        repo.write("appsettings.json", text)
        repo.write("a.txt", "app.example.com\n")
        repo.commit("config")
        let error = failure { _ = try apply(repo) }
        #expect(error?.category == .badInput && error?.message.contains(reason) == true, "\(error?.message ?? "")")
        #expect(repo.readText("appsettings.json") == text)
        #expect(repo.readText("a.txt") == "app.example.com\n")
        #expect(try CutoverJournal.all(try Project(path: repo.root)).isEmpty)
    }

    @Test func aJSONConfigThatIsNotUTF8IsRefusedAndAPairedSurrogateIsFine() throws {
        let repo = GitFixture()
        repo.write(
            "appsettings.json",
            bytes: Array("{\"Host\": \"app.example.com\", \"x\": \"".utf8) + [0xC3, 0x28] + [0x22, 0x7D])
        repo.write("ok.json", "{\"Host\": \"app.example.com\", \"smile\": \"\\ud83d\\ude00\", \"q\": \"\\\\ud800\"}\n")
        repo.commit("config")
        let error = failure { _ = try apply(repo) }
        #expect(
            error?.message.hasPrefix("appsettings.json: not valid UTF-8 near byte 34") == true,
            "\(error?.message ?? "")")
        repo.write("appsettings.json", "{}\n")
        repo.commit("fixed")
        #expect(try apply(repo).journal.state == .applied)
        #expect(repo.readText("ok.json").contains("links.example.net"))
    }

    @Test func diffHeadersEscapeANewlineInAName() {
        let lines = unifiedDiff(path: "a\nb.txt", old: Array("x app.example.com\n".utf8), new: Array("x y\n".utf8))
        #expect(lines.first?.text == "--- \"a/a\\nb.txt\"")
        #expect(lines.dropFirst().first?.text == "+++ \"b/a\\nb.txt\"")
    }

    /// Writes `text` to a file whose name is the given bytes (not necessarily UTF-8).
    func writeRaw(_ root: String, _ name: [UInt8], _ text: String) {
        let path = Array(root.utf8) + [0x2F] + name + [0]
        let fd = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    @Test func aFileNameThatIsNotUTF8IsRewrittenJournalledAndUndoneByItsBytes() throws {
        let repo = GitFixture()
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
        writeRaw(repo.root, latin1, "see app.example.com\n")
        repo.write("a\nb.txt", "app.example.com\n")
        repo.write("plain.txt", "app.example.com\n")
        repo.commit("names")
        let outcome = try apply(repo)
        let name = decodePath(latin1)
        #expect(outcome.journal.files.map(\.path).sorted() == ["a\nb.txt", name, "plain.txt"].sorted())
        #expect(escapedText(name) == "\"caf\\351.txt\"")
        #expect(pathBytes(name) == latin1)
        #expect(readFile(repo.root + "/" + name) == Array("see links.example.net\n".utf8))
        #expect(repo.readText("a\nb.txt") == "links.example.net\n")
        // The journal keeps the bytes: undo finds the file again.
        let project = try Project(path: repo.root)
        _ = try undoCutover(project, id: nil, force: false, lock: try locked(project))
        #expect(readFile(repo.root + "/" + name) == Array("see app.example.com\n".utf8))
        #expect(repo.git("status", "--porcelain").isEmpty)
    }

    @Test func pathBytesRoundTripEveryByteString() {
        let samples: [[UInt8]] = [
            [], Array("plain/é.txt".utf8), [0xFF], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xF4, 0x8F, 0xBC, 0x80],
            Array("a".utf8) + [0x80, 0x80] + Array("é".utf8),
        ]
        for bytes in samples { #expect(pathBytes(decodePath(bytes)) == bytes, "\(bytes)") }
        #expect(decodePath(Array("plain/é.txt".utf8)) == "plain/é.txt")
    }
}
