import CSystemCalls
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
    /// thread's state at the end, one per thread that ran, in no particular order. `makeState`,
    /// `work` and `finish` of one thread run on that thread. With `descriptors: .ownPerThread`
    /// see `DescriptorTables` for what they may do with descriptors.
    ///
    /// With `shrinking`, `batch` is the least a thread takes: each take is a share of what is
    /// left (`ItemCounter`), so a thread works through long runs of neighbouring items (a scan's
    /// files, folder after folder) and the last takes are small enough for the threads to finish
    /// together. Each thread still sees its items in increasing order.
    public func run<State, Output: Sendable>(
        count: Int, batch: Int = 1, shrinking: Bool = false, descriptors: DescriptorTables = .shared,
        makeState: @Sendable () -> State,
        work: @Sendable (inout State, Int) -> Void,
        finish: @Sendable (inout State) -> Output
    ) -> [Output] {
        run(
            count: count, batch: batch, shrinking: shrinking, descriptors: descriptors, makeState: makeState,
            workOn: { state, taken in for i in taken { work(&state, i) } }, finish: finish)
    }

    /// `run`, with `workOn` called once for each run of consecutive items a thread takes (in
    /// increasing order), so it can work on several at once.
    public func run<State, Output: Sendable>(
        count: Int, batch: Int = 1, shrinking: Bool = false, descriptors: DescriptorTables = .shared,
        makeState: @Sendable () -> State,
        workOn: @Sendable (inout State, Range<Int>) -> Void,
        finish: @Sendable (inout State) -> Output
    ) -> [Output] {
        guard count > 0 else { return [] }
        let batch = max(1, batch)
        let outputs = Mutex<[Output]>([])
        let threadCount = min(threads, (count + batch - 1) / batch)
        let items = ItemCounter(count: count, batch: batch, shrinkingFor: shrinking ? threadCount : nil)
        @Sendable func thread() {
            var state = makeState()
            while let taken = items.take() { workOn(&state, taken) }
            let output = finish(&state)
            outputs.withLock { $0.append(output) }
        }
        switch descriptors {
        case .shared: DispatchQueue.concurrentPerform(iterations: threadCount) { _ in thread() }
        case .ownPerThread: runOnStartedThreads(threadCount, thread)
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

/// The items of a `WorkerPool` run, taken by its threads a run of neighbours at a time: `batch`
/// at a time, or, shrinking for `threads` threads, a `4 * threads`th of what is left, never
/// fewer than `batch` (two threads scanning 22,000 files take 42 runs instead of 688 batches of
/// 32, and a scan's worker opens a folder again only where one of its runs starts).
final class ItemCounter: Sendable {
    private let next = Atomic<Int>(0)
    let count: Int
    let batch: Int
    let shrinkingFor: Int?

    init(count: Int, batch: Int, shrinkingFor threads: Int?) {
        self.count = count
        self.batch = max(1, batch)
        shrinkingFor = threads.map { max(1, $0) }
    }

    /// The calling thread's next items; nil when none are left.
    func take() -> Range<Int>? {
        guard let threads = shrinkingFor else {
            let first = next.wrappingAdd(batch, ordering: .relaxed).oldValue
            return first < count ? first..<min(first + batch, count) : nil
        }
        var first = next.load(ordering: .relaxed)
        while first < count {
            let size = max(batch, (count - first) / (4 * threads))
            let (taken, found) = next.compareExchange(expected: first, desired: first + size, ordering: .relaxed)
            if taken { return first..<min(first + size, count) }
            first = found
        }
        return nil
    }
}

/// How the threads of a `WorkerPool` run hold file descriptors.
public enum DescriptorTables: Sendable {
    /// Every thread shares the process's descriptor table: a descriptor may pass between threads.
    case shared
    /// The caller's thread works in the process's table; every other thread is one the pool starts
    /// for this run and ends before it returns, with its own copy of the table
    /// (`unshare(CLONE_FILES)`), so the many opens and closes of a scan's threads no longer
    /// contend for the one lock of a shared table. A started thread may use the descriptors that
    /// were open when the run began, and those it opens itself, which it must close itself (a
    /// value that closes one on release must be released on the thread that made it). It may not
    /// keep a descriptor for other threads, nor start a thread (which would keep its copy). Where
    /// the kernel or a seccomp filter refuses the copy, the started threads share the table.
    case ownPerThread
}

/// Runs `body` on the caller's thread and on `count - 1` threads started for it, each of which
/// first takes its own copy of the descriptor table; returns when all have finished. A thread
/// that cannot be started leaves its share to the others (`body` takes items from a shared counter).
private func runOnStartedThreads(_ count: Int, _ body: @Sendable () -> Void) {
    withoutActuallyEscaping(body) { body in runOnStartedThreads(count, escaping: body) }
}

/// `runOnStartedThreads` with `body` held by the started threads, which end before it returns.
private func runOnStartedThreads(_ count: Int, escaping body: @escaping @Sendable () -> Void) {
    final class Start: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var started: [pthread_t] = []
    for _ in 1..<max(1, count) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Start(body)).toOpaque()
        let made = pthread_create(
            &thread, nil,
            { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                _ = relops_unshare_descriptor_table()
                start.body()
                return nil
            }, context)
        if made == 0 {
            started.append(thread)
        } else {
            Unmanaged<Start>.fromOpaque(context).release()
        }
    }
    body()
    for thread in started { pthread_join(thread, nil) }
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

/// Keeps `value` until the process exits, never freeing it: for a command that ends right after
/// (`relops scan`), where freeing a scan's caches and results, thousands of objects one by one,
/// would only take a core from the output being written (and lock the heaps it writes with).
public func keepUntilExit<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(KeptUntilExit(value))
}

/// A value `keepUntilExit` holds: retained once more than anyone releases it.
private final class KeptUntilExit<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
