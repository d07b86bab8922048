import Foundation
import Git

/// One reusable, page-aligned read buffer per worker, with 64 zero bytes of padding after the
/// data so the SIMD search may read past the end.
final class ReadBuffer {
    static let padding = 64
    private(set) var pointer: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// How many bytes the last read put in the buffer.
    var count = 0

    init(capacity: Int = 1 << 18) {
        self.capacity = capacity
        pointer = .allocate(byteCount: capacity + ReadBuffer.padding, alignment: 4096)
    }

    deinit { pointer.deallocate() }

    var bytes: UnsafePointer<UInt8> { UnsafePointer(pointer.assumingMemoryBound(to: UInt8.self)) }

    /// Grows to at least `needed` bytes, keeping the first `count` bytes.
    func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: newCapacity + ReadBuffer.padding, alignment: 4096)
        fresh.copyMemory(from: pointer, byteCount: count)
        pointer.deallocate()
        pointer = fresh
        capacity = newCapacity
    }

    /// Shrinks back after an unusually large file, so one huge file does not pin memory.
    func release(above limit: Int) {
        guard capacity > limit else { return }
        pointer.deallocate()
        capacity = 1 << 18
        pointer = .allocate(byteCount: capacity + ReadBuffer.padding, alignment: 4096)
        count = 0
    }

    /// Zeroes the padding after the data.
    func pad() {
        (pointer + count).initializeMemory(as: UInt8.self, repeating: 0, count: ReadBuffer.padding)
    }

    /// Reads an open file to its end. `sizeHint` is the size git's index recorded: a read that
    /// stops exactly there, short of the buffer's end, is taken as the end of the file.
    /// Returns 0 or an errno.
    func readAll(_ fd: Int32, sizeHint: Int) -> Int32 {
        count = 0
        if sizeHint > capacity { reserve(sizeHint + 1) }
        while true {
            if count == capacity { reserve(capacity * 2) }
            let (read, error) = readFromFile(
                fd, into: UnsafeMutableRawBufferPointer(start: pointer, count: capacity), at: count,
                stoppingAt: sizeHint)
            count = read
            if error != 0 { return error }
            // Short of full: the file ended, or stopped where git's index said it would.
            if count < capacity { break }
        }
        pad()
        return 0
    }

    /// Copies bytes in (a blob or a symlink target).
    func load(_ source: UnsafeRawBufferPointer) {
        count = 0
        reserve(source.count)
        if let base = source.baseAddress, source.count > 0 { pointer.copyMemory(from: base, byteCount: source.count) }
        count = source.count
        pad()
    }
}
