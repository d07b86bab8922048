import Foundation
import TestSupport
import Testing

@testable import Scan

/// A pipe whose write end sits at a chosen descriptor number: the read end tells whether the
/// write end is still open (a read of an empty pipe waits while a writer is open, and returns 0
/// once none is), without asking about a number that another test's thread may reuse once closed.
private struct Pipe {
    let reader: Int32
    let writer: Int32

    /// A pipe with its write end at the lowest free number from `number` up.
    init(writerAtOrAbove number: Int32) {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        reader = ends[0]
        writer = fcntl(ends[1], F_DUPFD, number)
        precondition(writer >= number)
        close(ends[1])
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
    }

    /// True when no write end is open any more (its read end is at its end).
    var writerClosed: Bool { var byte: UInt8 = 0; return read(reader, &byte, 1) == 0 }
}

/// The first of 50 descriptor numbers for one test (`slot` 0, 1 or 2), high enough that this
/// process's other tests, which take the lowest free numbers, do not get them while it holds them.
private func highNumbers(slot: Int32) -> Int32 {
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    return Int32(min(700, Int(limit.rlim_cur) - 200)) + 50 * slot
}

@Suite struct HeldDescriptorsTests {
    /// Four files' descriptors handed in around one the owner keeps (a folder opened between two
    /// files): the four are closed, in two runs, and the one between them is not, with
    /// `close_range` and without.
    @Test(arguments: [true, false])
    func onlyTheDescriptorsHandedInAreClosed(closingRanges: Bool) {
        let base = highNumbers(slot: closingRanges ? 0 : 1)
        var pipes: [Pipe] = []
        for k in 0..<5 { pipes.append(Pipe(writerAtOrAbove: base + Int32(k))) }
        #expect(pipes.map(\.writer) == (0..<5).map { base + Int32($0) })
        let kept = pipes[2]
        let held = HeldDescriptors(closingRanges: closingRanges)
        for k in [0, 1, 3, 4] { held.close(pipes[k].writer) }
        #expect(held.count == 4)
        #expect(pipes.allSatisfy { !$0.writerClosed }, "nothing is closed before closeAll")
        held.closeAll()
        #expect(held.count == 0)
        #expect([0, 1, 3, 4].allSatisfy { pipes[$0].writerClosed })
        #expect(!kept.writerClosed, "the descriptor between two runs is the owner's and stays open")
        close(kept.writer)
        for pipe in pipes { close(pipe.reader) }
    }

    /// Once `limit` are held they are closed without being asked, and what is held when the
    /// value is released is closed then.
    @Test func theLimitAndTheReleaseCloseWhatIsHeld() {
        let base = highNumbers(slot: 2)
        let pipes = (0..<HeldDescriptors.limit + 2).map { Pipe(writerAtOrAbove: base + Int32($0)) }
        do {
            let held = HeldDescriptors()
            for pipe in pipes.prefix(HeldDescriptors.limit) { held.close(pipe.writer) }
            #expect(held.count == 0)
            #expect(pipes.prefix(HeldDescriptors.limit).allSatisfy { $0.writerClosed })
            for pipe in pipes.suffix(2) { held.close(pipe.writer) }
            #expect(held.count == 2 && !pipes[pipes.count - 1].writerClosed)
        }
        #expect(pipes.suffix(2).allSatisfy { $0.writerClosed })
        for pipe in pipes { close(pipe.reader) }
    }

    /// A scan holds the descriptors of files it has read: with a limit of 24 open files a
    /// process (fewer than it would hold), it closes them when an open finds none left, and reads
    /// every file in every folder.
    @Test func aScanUnderALowDescriptorLimitReadsEveryFile() {
        let repo = GitFixture("held-descriptors")
        for folder in 0..<4 {
            for file in 0..<40 { repo.write("f\(folder)/sub/\(file).txt", "https://\(host)/\(folder)/\(file)\n") }
        }
        repo.commit("files")
        let run = runProcess(
            "/usr/bin/prlimit", ["--nofile=24:24", relopsBinary, "scan", "--repo", repo.root, "--host", host])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("160 occurrences of \(host) in 160 files"), "\(run.stdout.prefix(300))")
        #expect(!run.stdout.contains("cannot open"))
    }
}
