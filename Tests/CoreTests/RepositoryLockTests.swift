import Foundation
import RelopsCore
import TestSupport
import Testing

@Suite struct RepositoryLockTests {
    func message(_ body: () throws -> Void) -> Failure? {
        do {
            try body()
            return nil
        } catch { return error as? Failure }
    }

    @Test func aSecondHolderIsRefusedNamingTheFirst() throws {
        let folder = TemporaryFolder("lock")
        let first = try RepositoryLock(folder: folder.path, purpose: "cutover --apply")
        let error = message { _ = try RepositoryLock(folder: folder.path, purpose: "cutover undo") }
        #expect(error?.category == .couldNotCheck)
        #expect(error?.message.contains("locked by `relops cutover --apply` (pid \(getpid()) on host") == true)
        first.release()
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/lock"))
        _ = try RepositoryLock(folder: folder.path, purpose: "again")
    }

    @Test func aLockWhoseProcessIsGoneIsTakenOver() throws {
        let folder = TemporaryFolder("lock")
        let gone = runProcess("sh", ["-c", "echo $$"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let mine = try RepositoryLock(folder: folder.path, purpose: "probe")
        let text = try String(contentsOfFile: folder.path + "/lock", encoding: .utf8)
        mine.release()
        // The same host, a pid that has exited.
        let stale = text.replacingOccurrences(of: "pid=\(getpid())", with: "pid=\(gone)")
        try stale.write(toFile: folder.path + "/lock", atomically: true, encoding: .utf8)
        let taken = try RepositoryLock(folder: folder.path, purpose: "cutover --apply")
        #expect(try String(contentsOfFile: folder.path + "/lock", encoding: .utf8).contains("pid=\(getpid())"))
        taken.release()
        // Another host's lock is never taken over, even with a pid that is gone here.
        let foreign = stale.replacingOccurrences(of: "host=", with: "host=elsewhere-")
        try foreign.write(toFile: folder.path + "/lock", atomically: true, encoding: .utf8)
        #expect(
            message { _ = try RepositoryLock(folder: folder.path, purpose: "x") }?.message.contains(
                "on host elsewhere-") == true)
    }

    @Test func releasingNeverRemovesAnotherHoldersLock() throws {
        let folder = TemporaryFolder("lock")
        let lock = try RepositoryLock(folder: folder.path, purpose: "one")
        try "pid=1\nhost=elsewhere\npurpose=other\nsince=now\ntoken=abc\n".write(
            toFile: folder.path + "/lock", atomically: true, encoding: .utf8)
        lock.release()
        #expect(FileManager.default.fileExists(atPath: folder.path + "/lock"))
    }
}

@Suite struct HostileValueTests {
    @Test func aNewlineInAHostIsNamed() {
        for (text, name) in [
            ("a.example.com\nb", "a newline (\\n)"), ("a.example.com\n", "a newline (\\n)"),
            ("a\tb.com", "a tab (\\t)"),
        ] {
            #expect {
                try HostName.strict(text, option: "--to")
            } throws: { error in
                let failure = error as? Failure
                return failure?.category == .usage && failure?.message.contains(name) == true
                    && failure?.message.contains("\n") == false
            }
        }
    }

    @Test func pathsAreEscapedAsGitDoes() {
        #expect(escapedText("plain/path é.txt") == "plain/path é.txt")
        #expect(escapedText("a\nb") == "\"a\\nb\"")
        #expect(escapedText("q\"b\\c\u{1}") == "\"q\\\"b\\\\c\\001\"")
    }

    @Test func revisionNamesThatArePathsAreUsageErrors() throws {
        for bad in ["../../etc", "/etc/passwd", "-x", "a b", "HEAD:secret", ""] {
            #expect(throws: Failure.self, "\(bad)") { try checkRevisionName(bad) }
        }
        for good in ["main", "HEAD~2", "v1.2", "feature/x", "0123abcd", "HEAD^"] { try checkRevisionName(good) }
    }
}
