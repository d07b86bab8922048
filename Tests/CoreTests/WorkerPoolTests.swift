import Synchronization
import Testing

@testable import RelopsCore

@Suite struct WorkerPoolTests {
    @Test(arguments: [DescriptorTables.shared, .ownPerThread])
    func runVisitsEveryItemOnceWithOneStatePerThread(descriptors: DescriptorTables) {
        let states = Atomic<Int>(0)
        let parts = WorkerPool(threads: 3).run(
            count: 1000, batch: 7, descriptors: descriptors,
            makeState: { () -> [Int] in
                states.wrappingAdd(1, ordering: .relaxed)
                return []
            },
            work: { seen, i in seen.append(i) }, finish: { $0 })
        #expect(parts.flatMap { $0 }.sorted() == Array(0..<1000))
        #expect(parts.count == states.load(ordering: .relaxed))
        #expect((1...3).contains(parts.count))
    }

    /// Shrinking takes: every item once, each thread's in increasing order; taken one after
    /// another they are 42 runs for 22,000 items (688 at a fixed 32), each of at least 32 items
    /// but the last, getting smaller.
    @Test func shrinkingTakesKeepNeighboursTogether() {
        let parts = WorkerPool(threads: 2).run(
            count: 22_000, batch: 32, shrinking: true, makeState: { [Int]() }, work: { seen, i in seen.append(i) },
            finish: { $0 })
        #expect(parts.flatMap { $0 }.sorted() == Array(0..<22_000))
        #expect(parts.allSatisfy { $0 == $0.sorted() })
        func takes(shrinking: Bool) -> [Range<Int>] {
            let items = ItemCounter(count: 22_000, batch: 32, shrinkingFor: shrinking ? 2 : nil)
            return Array(sequence(first: items.take()) { _ in items.take() }.prefix { $0 != nil }.compactMap { $0 })
        }
        let shrinking = takes(shrinking: true)
        #expect(shrinking.count == 42)
        #expect(shrinking.first == 0..<2750)
        #expect(
            zip(shrinking, shrinking.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && $0.count >= $1.count })
        #expect(shrinking.last?.upperBound == 22_000 && shrinking.dropLast().allSatisfy { $0.count >= 32 })
        #expect(takes(shrinking: false).count == 688)
    }

    @Test func runStartsNoMoreThreadsThanThereAreBatches() {
        let parts = WorkerPool(threads: 8).run(
            count: 2, batch: 32, makeState: { 0 }, work: { n, _ in n += 1 }, finish: { $0 })
        #expect(parts == [2])
        #expect(WorkerPool(threads: 4).run(count: 0, makeState: { 0 }, work: { _, _ in }, finish: { $0 }).isEmpty)
    }

    @Test func mapKeepsTheInputOrderAndThrowsTheFirstErrorInInputOrder() throws {
        let pool = WorkerPool(threads: 2)
        let doubled = try pool.map(Array(0..<500), makeState: { 0 }) { item, _ throws(Failure) in item * 2 }
        #expect(doubled == (0..<500).map { $0 * 2 })
        do {
            _ = try pool.map(Array(0..<100), makeState: { 0 }) { item, _ throws(Failure) in
                if item == 90 || item == 40 { throw Failure(.couldNotCheck, "item \(item)") }
                return item
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "item 40")
        }
    }

    @Test func keepUntilExitNeverFreesWhatItKeeps() {
        let kept = FreedMark(), dropped = FreedMark()
        do {
            keepUntilExit(Tracked(kept))
            _ = Tracked(dropped)
        }
        #expect(dropped.freed, "a value no one keeps is freed (the flag works)")
        #expect(!kept.freed, "a kept value is never deinitialised")
    }
}

/// Set when the `Tracked` value holding it is deinitialised.
final class FreedMark: Sendable {
    private let mark = Atomic<Bool>(false)
    var freed: Bool { mark.load(ordering: .relaxed) }
    func set() { mark.store(true, ordering: .relaxed) }
}

final class Tracked {
    let flag: FreedMark
    init(_ flag: FreedMark) { self.flag = flag }
    deinit { flag.set() }
}
