import CHeap
import Foundation
import Testing

/// `relops_grow_heaps_in_large_steps`, which `main` calls before any thread starts: a thread's new
/// arena is made writable in one piece instead of a page run at a time. Run in a fresh process,
/// where the thread below gets an arena made after the setting (no thread there has exited, so
/// none is reused).
@Suite struct HeapGrowthTests {
    @Test func aNewThreadsArenaIsWritableInOneStep() async {
        await #expect(processExitsWith: .success) {
            guard relops_grow_heaps_in_large_steps() == 1 else { exit(2) }
            var writable = 0
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { pointer in
                    let block = malloc(1_000)
                    let address = UInt(bitPattern: block)
                    // The writable mapping that holds the block: the arena's heap.
                    let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
                    for line in maps.split(separator: "\n") where line.split(separator: " ")[1].hasPrefix("rw") {
                        let range = line.split(separator: " ")[0].split(separator: "-").compactMap {
                            UInt($0, radix: 16)
                        }
                        if range.count == 2, range[0] <= address, address < range[1] {
                            pointer?.assumingMemoryBound(to: Int.self).pointee = Int(range[1] - range[0])
                        }
                    }
                    free(block)
                    return nil
                }, &writable)
            guard started == 0, pthread_join(thread, nil) == 0 else { exit(3) }
            // Without the setting glibc makes 132 KiB of a new arena writable, then grows it a page run at a time.
            exit(writable >= Int(RELOPS_HEAP_GROWTH) / 2 ? 0 : 1)
        }
    }
}
