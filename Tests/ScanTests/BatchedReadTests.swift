import Foundation
import RelopsCore
import TestSupport
import Testing

@testable import Scan

/// True where this kernel lets a process use io_uring as `FileRing` does (Linux 5.18, no
/// seccomp filter refusing it): elsewhere a scan reads the plain way, which every other test holds.
private let ringAvailable = FileRing() != nil

@Suite struct BatchedReadTests {
    /// A batch holds a file only when it read it whole at the size git's index gave: a file of
    /// another length, a missing one, a folder and a FIFO with a writer but no data are left to
    /// the plain way, and the FIFO costs no wait. A slot is used again by the next batch.
    @Test(.enabled(if: ringAvailable, "io_uring is not available here"))
    func aBatchHoldsOnlyTheFilesItReadWholeAtTheirIndexedSize() throws {
        let folder = TemporaryFolder("ring")
        folder.write("a.txt", "https://\(host)/a\n")
        folder.write("grown.txt", "0123456789")
        folder.write("empty.txt", "")
        #expect(mkdir(folder.url("dir"), 0o755) == 0)
        #expect(mkfifo(folder.url("fifo"), 0o600) == 0)
        // Open for reading and writing, a FIFO has a writer at once, and no data.
        let writer = open(folder.url("fifo"), O_RDWR | O_NONBLOCK)
        #expect(writer >= 0)
        defer { close(writer) }
        let root = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(root) }
        let ring = try #require(FileRing())
        let files = [
            ("a.txt", 26), ("grown.txt", 4), ("empty.txt", 0), ("missing.txt", 3), ("dir", 0), ("fifo", 0),
        ]
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        for (slot, (path, size)) in files.enumerated() {
            #expect(path.withCString { ring.queue(slot: slot, dirfd: root, path: $0, flags: flags, size: size) })
        }
        #expect(ring.run())
        #expect(files.indices.map { ring.holdsFile($0) } == [true, false, true, false, false, false])
        var buffer = ReadBuffer(capacity: 16)
        ring.take(0, into: &buffer)
        #expect(
            String(decoding: UnsafeBufferPointer(start: buffer.bytes, count: buffer.count), as: UTF8.self)
                == "https://\(host)/a\n")
        #expect(!ring.holdsFile(0))
        #expect("grown.txt".withCString { ring.queue(slot: 0, dirfd: root, path: $0, flags: flags, size: 10) })
        #expect(ring.run())
        #expect(ring.holdsFile(0) && !ring.holdsFile(1))
        ring.take(0, into: &buffer)
        #expect(
            String(decoding: UnsafeBufferPointer(start: buffer.bytes, count: buffer.count), as: UTF8.self)
                == "0123456789")
    }

    /// A scan finds the same with batches as the plain way, and the batches read every file that
    /// is still as committed: files in folders nested twelve deep (more folders than a worker keeps
    /// open, so folders are closed while a batch is queued through them), 70 files in one folder
    /// (five batches), 25 sibling folders; a file grown since the commit (its new line found), one
    /// deleted, one now a folder, one under a folder that is now a symlink, one over the ring's largest.
    @Test(.enabled(if: ringAvailable, "io_uring is not available here"))
    func aScanFindsTheSameInBatchesAsThePlainWay() throws {
        let repo = GitFixture("batched")
        var deep = ""
        for depth in 1...12 {
            deep += "d\(depth)/"
            for k in 0..<3 { repo.write(deep + "f\(k).txt", "https://\(host)/\(depth)/\(k)\n") }
        }
        for k in 0..<70 { repo.write("many/\(k).cs", "var u = \"https://\(host)/\(k)\";\n") }
        for k in 0..<25 { repo.write("wide/w\(k)/a.txt", "see \(host) and api.\(host)\n") }
        repo.write("grown.txt", "first\n")
        repo.write("deleted.txt", "https://\(host)/gone\n")
        repo.write("real/inside.txt", "https://\(host)/inside\n")
        repo.write("nowfolder.txt", "x\n")
        repo.write("large.txt", String(repeating: "a", count: FileRing.largestFile + 10) + "\nhttps://\(host)/end\n")
        repo.commit("files")
        let changed = 5
        let grown = try #require(FileHandle(forWritingAtPath: repo.root + "/grown.txt"))
        grown.seekToEndOfFile()
        grown.write(Data("https://\(host)/grown\n".utf8))
        grown.closeFile()
        try FileManager.default.removeItem(atPath: repo.root + "/deleted.txt")
        try FileManager.default.removeItem(atPath: repo.root + "/nowfolder.txt")
        try FileManager.default.createDirectory(
            atPath: repo.root + "/nowfolder.txt", withIntermediateDirectories: false)
        let outside = TemporaryFolder("outside")
        outside.write("inside.txt", "https://\(host)/outside\n")
        try FileManager.default.removeItem(atPath: repo.root + "/real")
        symlink(outside.path, repo.root + "/real")

        let project = try Project(path: repo.root)
        let batched = try scan(project, ScanRequest(hosts: [host], workers: 2))
        var plainRequest = ScanRequest(hosts: [host], workers: 2)
        plainRequest.batchedReads = false
        let plain = try scan(project, plainRequest)
        func summary(_ result: ScanResult) -> [String] {
            result.occurrences.map { "\($0.path):\($0.line):\($0.column) \($0.occurrenceClass) \($0.ruleID)" }
                + result.related.map { "related \($0.path):\($0.line):\($0.column) \($0.found)" }
                + result.problems.map { "problem \($0.path): \($0.message)" }
                + ["scanned \(result.filesScanned)"]
        }
        #expect(summary(batched) == summary(plain))
        #expect(batched.occurrences.contains { $0.path == "grown.txt" && $0.line == 2 })
        #expect(batched.occurrences.contains { $0.path == "large.txt" })
        #expect(!batched.occurrences.contains { $0.path.hasPrefix("real/") })
        let tracked = 36 + 70 + 25 + changed
        #expect(batched.readsInBatches == tracked - changed)
        #expect(plain.readsInBatches == 0)
    }

    /// A batch of eight or more files that reads none whole (a cold cache, a file system that
    /// cannot read without waiting; here: every file changed since the commit) turns the ring off
    /// for the rest of the worker's files, which the plain way reads: the unchanged files after
    /// it come through no batch, and the findings are the same.
    @Test(.enabled(if: ringAvailable, "io_uring is not available here"))
    func aBatchThatReadsNothingWholeTurnsTheRingOff() throws {
        let repo = GitFixture("batch-switch")
        for k in 0..<FileRing.files { repo.write(String(format: "a%02d.txt", k), "https://\(host)/a\(k)\n") }
        for k in 0..<20 { repo.write(String(format: "b%02d.txt", k), "https://\(host)/b\(k)\n") }
        repo.commit("files")
        for k in 0..<FileRing.files {
            repo.write(String(format: "a%02d.txt", k), "https://\(host)/a\(k) changed\n")
        }
        let project = try Project(path: repo.root)
        let batched = try scan(project, ScanRequest(hosts: [host], workers: 1))
        var plainRequest = ScanRequest(hosts: [host], workers: 1)
        plainRequest.batchedReads = false
        let plain = try scan(project, plainRequest)
        #expect(batched.occurrences.map(\.text) == plain.occurrences.map(\.text))
        #expect(batched.occurrences.count == FileRing.files + 20)
        #expect(batched.readsInBatches == 0)
    }
}
