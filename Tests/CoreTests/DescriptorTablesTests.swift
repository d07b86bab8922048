import CSystemCalls
import Foundation
import RelopsCore
import Synchronization
import TestSupport
import Testing

@Suite struct DescriptorTablesTests {
    /// The file (device, inode) that `fd` stands for in the calling thread's table; nil when
    /// `fd` is not open there.
    static func identity(_ fd: Int32) -> [UInt64]? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// Whether this kernel (and its seccomp filter) gives a thread its own descriptor table: asked
    /// on a thread of its own, which ends at once.
    static func threadsGetTheirOwnTables() -> Bool {
        let answer = Mutex<Int32>(-1)
        let done = DispatchSemaphore(value: 0)
        Thread {
            answer.withLock { $0 = relops_unshare_descriptor_table() }
            done.signal()
        }.start()
        done.wait()
        return answer.withLock { $0 } == 0
    }

    @Test func aStartedThreadSeesTheRunsDescriptorsAndKeepsItsOwnToItself() throws {
        let folder = TemporaryFolder("descriptor-tables")
        folder.write("before", "opened before the run")
        folder.write("inside", "opened by a started thread")
        let before = open(folder.url("before"), O_RDONLY | O_CLOEXEC)
        try #require(before >= 0)
        defer { close(before) }
        let beforeFile = try #require(Self.identity(before))
        var info = stat()
        try #require(stat(folder.url("inside"), &info) == 0)
        let insideFile = [UInt64(info.st_dev), UInt64(info.st_ino)]
        let caller = pthread_self()
        // What each started thread saw: the run's descriptor, and the one it opened and left open.
        let seen = Mutex<[(sawBefore: Bool, opened: Int32)]>([])
        let parts = WorkerPool(threads: 2).run(
            count: 64, descriptors: .ownPerThread,
            makeState: { () -> Int in
                if pthread_equal(pthread_self(), caller) == 0 {
                    let opened = open(folder.url("inside"), O_RDONLY | O_CLOEXEC)
                    seen.withLock { $0.append((Self.identity(before) == beforeFile, opened)) }
                }
                return 0
            },
            work: { n, _ in n += 1 }, finish: { $0 })
        #expect(parts.reduce(0, +) == 64)
        let started = seen.withLock { $0 }
        try #require(started.count == 1, "one thread started besides the caller's")
        #expect(started[0].sawBefore, "the descriptor open when the run began is there on the started thread")
        #expect(started[0].opened >= 0)
        if Self.threadsGetTheirOwnTables() {
            // Its copy of the table ended with it: that number is not the file here.
            #expect(Self.identity(started[0].opened) != insideFile)
        } else {
            // Refused (a seccomp filter): the thread shared the table, as a plain pool's do.
            #expect(Self.identity(started[0].opened) == insideFile)
            close(started[0].opened)
        }
    }
}
