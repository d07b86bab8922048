import CSystemCalls

/// A worker's batches of whole-file reads through one io_uring (`relops_file_ring`): up to
/// `files` files a batch, each opened, read once into a buffer of its own and closed by linked
/// requests, for one system call a batch where plain calls cost three a file (on this kind of
/// machine, with its mitigations, each call's entry and exit about 0.5 µs). A file the ring did
/// not read whole, as git's index says it is, is read the plain way by the caller, who reports
/// what that says: the ring only ever saves calls, never decides an answer.
/// Not thread-safe: made, used and released on the thread whose descriptor table it opens in
/// (the kernel's helper threads that may serve the ring share that table and end with the ring).
final class FileRing {
    static let files = 16
    /// The largest file (by git's index) read through a ring: a slot's buffer keeps its size, so
    /// a worker's slots hold at most 4 MiB (larger files cost far more to copy than to call for).
    static let largestFile = 1 << 18
    private let ring: OpaquePointer
    /// Each slot's buffer; a caller takes one by swapping its own in (`take`).
    private var buffers: [ReadBuffer]
    private var counts = [Int](repeating: -1, count: FileRing.files)
    /// Each slot's expected size (git's index), or -1 when the slot is not queued.
    private var expected = [Int](repeating: -1, count: FileRing.files)

    /// Nil where the kernel offers no io_uring this can use (older than 5.18, a seccomp filter,
    /// `kernel.io_uring_disabled`): the caller reads the plain way.
    init?() {
        guard let made = relops_file_ring_create(UInt32(Self.files)) else { return nil }
        ring = made
        buffers = (0..<Self.files).map { _ in ReadBuffer(capacity: 1 << 16) }
    }

    deinit { relops_file_ring_destroy(ring) }

    /// Queues `path` (relative to `dirfd`, opened with `flags`) into `slot`, to be read whole if
    /// it is `size` bytes long. False when it cannot be queued (read it the plain way).
    func queue(slot: Int, dirfd: Int32, path: UnsafePointer<CChar>, flags: Int32, size: Int) -> Bool {
        guard size < Int(Int32.max) - ReadBuffer.padding else { return false }
        let buffer = buffers[slot]
        buffer.reserve(size + 1)
        // One byte more than the index says: a file that grew fills it, and is read again.
        let capacity = UInt32(min(buffer.capacity, Int(UInt32.max)))
        guard relops_file_ring_queue(ring, UInt32(slot), dirfd, path, flags, buffer.pointer, capacity) == 0 else {
            return false
        }
        expected[slot] = size
        return true
    }

    /// Runs the queued files. False when the batch could not be run at all (then no slot holds
    /// a file, and the ring should not be used again).
    func run() -> Bool {
        let ran = counts.withUnsafeMutableBufferPointer { relops_file_ring_run(ring, $0.baseAddress) == 0 }
        for slot in 0..<Self.files where !ran || counts[slot] != expected[slot] { expected[slot] = -1 }
        return ran
    }

    /// True when `slot` holds its file whole after `run`.
    func holdsFile(_ slot: Int) -> Bool { expected[slot] >= 0 }

    /// Swaps `buffer` with `slot`'s, which holds its file (`holdsFile`), and frees the slot.
    func take(_ slot: Int, into buffer: inout ReadBuffer) {
        swap(&buffer, &buffers[slot])
        buffer.count = expected[slot]
        buffer.pad()
        expected[slot] = -1
    }
}
