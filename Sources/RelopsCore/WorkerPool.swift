import Dispatch
import Foundation
import Synchronization

/// A fixed number of threads working through independent items (files to scan, files to
/// rewrite). Each thread first makes its own state (a read buffer, a libgit2 handle: neither is
/// shared between threads), then takes items from one shared counter in batches, so a slow
/// item never holds up the others. Scan and cutover both run their parallel work here.
public struct WorkerPool: Sendable {
    /// How many threads work at most (never more than there are batches).
    public let threads: Int

    /// A pool of `threads` threads (at least one); by default one per core.
    public init(threads: Int = availableCores()) {
        self.threads = max(1, threads)
    }

    /// Calls `work(&state, i)` once for every `i` in `0..<count`, `batch` consecutive items at a
    /// time, each thread with its own state from `makeState`. Returns what `finish` makes of each
    /// thread's state at the end, one per thread that ran, in no particular order.
    public func run<State, Output: Sendable>(
        count: Int, batch: Int = 1,
        makeState: @Sendable () -> State,
        work: @Sendable (inout State, Int) -> Void,
        finish: @Sendable (inout State) -> Output
    ) -> [Output] {
        guard count > 0 else { return [] }
        let batch = max(1, batch)
        let next = Atomic<Int>(0)
        let outputs = Mutex<[Output]>([])
        let threadCount = min(threads, (count + batch - 1) / batch)
        DispatchQueue.concurrentPerform(iterations: threadCount) { _ in
            var state = makeState()
            while true {
                let first = next.wrappingAdd(batch, ordering: .relaxed).oldValue
                if first >= count { break }
                for i in first..<min(first + batch, count) { work(&state, i) }
            }
            let output = finish(&state)
            outputs.withLock { $0.append(output) }
        }
        return outputs.withLock { $0 }
    }

    /// `transform` applied to every item on the pool; the results keep the input order.
    public func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let parts = run(
            count: items.count, makeState: { [(index: Int, result: Result)]() },
            work: { done, i in done.append((i, transform(items[i]))) }, finish: { $0 })
        var ordered = [Result?](repeating: nil, count: items.count)
        for part in parts {
            for done in part { ordered[done.index] = done.result }
        }
        return ordered.compactMap { $0 }  // `run` calls `work` once for every index
    }

    /// `transform` applied to every item on the pool, each thread with its own state from
    /// `makeState`. Results keep the input order; the first error in input order is thrown, after
    /// every item has run.
    public func map<Item: Sendable, State, Result: Sendable>(
        _ items: [Item], makeState: @Sendable () -> State,
        _ transform: @Sendable (Item, inout State) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        typealias Done = (index: Int, outcome: Swift.Result<Result, Failure>)
        let parts = run(
            count: items.count, makeState: { (makeState(), [Done]()) },
            work: { state, i in
                do throws(Failure) {
                    state.1.append((i, .success(try transform(items[i], &state.0))))
                } catch {
                    state.1.append((i, .failure(error)))
                }
            },
            finish: { $0.1 })
        var ordered = [Swift.Result<Result, Failure>?](repeating: nil, count: items.count)
        for part in parts {
            for done in part { ordered[done.index] = done.outcome }
        }
        var results: [Result] = []
        results.reserveCapacity(items.count)
        for (i, outcome) in ordered.enumerated() {
            switch outcome {
            case .success(let value): results.append(value)
            case .failure(let error): throw error
            case nil: throw Failure(.couldNotCheck, "internal error: item \(i) was not processed")
            }
        }
        return results
    }
}

/// The cores parallel work may use: the online processors, capped by a cgroup v2 CPU quota
/// (`/sys/fs/cgroup/cpu.max`). Two cheap calls where Foundation's `activeProcessorCount` costs a
/// third of a millisecond, as much as classifying a few hundred occurrences.
public func availableCores() -> Int {
    var cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    if let text = readFile("/sys/fs/cgroup/cpu.max") {
        let fields = text.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        if fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1].trimmingWhitespace()),
            quota > 0, period > 0
        {
            cores = min(cores, max(1, (quota + period - 1) / period))
        }
    }
    return cores
}

/// Drops `value` on a background thread: when the caller's copy is the last but this one, what
/// it holds is freed there, not on the caller's path (a scan's caches and results, thousands of
/// strings, freed one by one). A process that exits first never frees it, which is as good.
public func releaseElsewhere<Value: Sendable>(_ value: Value) {
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
}
