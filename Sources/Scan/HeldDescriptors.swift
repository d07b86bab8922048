import CSystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The descriptors of the files a worker has read, closed together: one `close_range` for each
/// run of consecutive descriptor numbers instead of one `close` for each file. A system call's
/// entry and exit cost about as much as closing a file (on this kind of machine, with its
/// mitigations, 0.9 µs a call): a scan of 22,000 files made 22,000 `close` calls.
///
/// Only descriptors handed to `close(_:)` are ever closed: a run grows only by the number one
/// past its last, so it holds exactly the numbers handed in, never one its owner holds for
/// something else (a folder opened between two files takes a number that splits the run).
/// Not thread-safe, and the descriptors belong to the thread's table: made, used and released on
/// the thread that opened them (`DescriptorTables.ownPerThread`).
final class HeldDescriptors {
    /// The most held at once: with the few the run began with and a worker's open folders, a
    /// thread's table stays within the 64 entries the kernel gives it before growing it.
    static let limit = 32
    private var runs: [(first: Int32, last: Int32)] = []
    private(set) var count = 0
    /// False once the kernel refused `close_range` (older than 5.9, or a seccomp filter).
    private var closesRanges: Bool

    /// `closingRanges: false` closes each descriptor alone, as where the kernel has no
    /// `close_range` (tests hold the two ways to the same result).
    init(closingRanges: Bool = true) {
        closesRanges = closingRanges
        runs.reserveCapacity(Self.limit)
    }

    deinit { closeAll() }

    /// Takes `fd` (open, and no longer used) to close with the next run; closes what is held once
    /// `limit` are.
    func close(_ fd: Int32) {
        if let run = runs.last, run.last &+ 1 == fd {
            runs[runs.count - 1].last = fd
        } else {
            runs.append((fd, fd))
        }
        count += 1
        if count == Self.limit { closeAll() }
    }

    /// Closes every descriptor held.
    func closeAll() {
        for run in runs {
            if run.first < run.last && closesRanges
                && relops_close_range_direct(UInt32(run.first), UInt32(run.last)) == 0
            {
                continue
            }
            // One alone, or no `close_range`: it fails before closing anything.
            if run.first < run.last { closesRanges = false }
            for fd in run.first...run.last { _ = relops_close_direct(fd) }
        }
        runs.removeAll(keepingCapacity: true)
        count = 0
    }
}
