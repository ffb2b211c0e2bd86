#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Maps over items on `jobs` threads with a large stack — swift-syntax's visitors recurse as deep as the code
/// nests — and keeps the input order, so output never depends on timing. With a `budget`, an item still
/// running after the seconds it allows is given up: `timedOut` answers for it, its thread is left to finish
/// unheard, and a new thread takes its place, so one pathological file cannot hold up the run.
enum ParallelMap {
    struct Budget<Input, Output>: Sendable {
        /// Seconds an item may take (asked only of items running longer than `least`).
        let seconds: @Sendable (Input) -> Double
        let least: Double
        let timedOut: @Sendable (Input) -> Output
    }

    /// Reserved address space, not memory: pages are touched only as deep as a thread recurses.
    static let stackSize = 512 << 20

    static func map<Input: Sendable, Output: Sendable>(
        _ items: [Input], jobs: Int, budget: Budget<Input, Output>? = nil,
        _ transform: @escaping @Sendable (Input) -> Output
    ) -> [Output] {
        guard !items.isEmpty else { return [] }
        let state = State<Output>(count: items.count)
        @Sendable func startWorker() {
            let thread = Thread {
                let worker = state.register()
                while let index = state.claimNext(worker) {
                    state.set(index, transform(items[index]), by: worker)
                }
            }
            thread.stackSize = stackSize
            thread.start()
        }
        for _ in 0..<min(max(jobs, 1), items.count) { startWorker() }
        while !state.waitUntilDone(checkingEvery: budget == nil ? nil : 0.1) {
            guard let budget else { continue }
            for (worker, index, elapsed) in state.overdue(after: budget.least) where elapsed > budget.seconds(items[index]) {
                if state.abandon(worker, index: index, answer: budget.timedOut(items[index])) { startWorker() }
            }
        }
        return state.values()
    }

    /// Maps `0..<count` on `jobs` threads, each taking contiguous shares, for items that cost microseconds (a
    /// `stat` and a decode): no bookkeeping per item, no budget, the default stack. Output in input order.
    static func shares<Output: Sendable>(_ count: Int, jobs: Int, _ transform: @escaping @Sendable (Int) -> Output) -> [Output] {
        shares(count, jobs: jobs, each: {}) { _, index in transform(index) }
    }

    /// `shares`, with what `each` makes once a share handed to that share's items: what they may use without the
    /// other threads.
    static func shares<Context, Output: Sendable>(
        _ count: Int, jobs: Int, each context: @escaping @Sendable () -> Context, _ transform: @escaping @Sendable (Context, Int) -> Output
    ) -> [Output] {
        guard count > 0 else { return [] }
        // Four shares a thread: one slow share cannot leave the other threads idle for long.
        let shareCount = min(count, max(jobs, 1) * 4)
        return [Output](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: shareCount) { share in
                let made = context()
                for index in (share * count / shareCount)..<((share + 1) * count / shareCount) {
                    (base + index).initialize(to: transform(made, index))
                }
            }
            initialized = count
        }
    }

    private final class State<Value>: @unchecked Sendable {
        private var storage: [Value?]
        private var filled = 0
        private var counter = 0
        private var workers = 0
        /// What each worker is on, and since when: by the wall clock, and by its thread's CPU clock.
        private var current: [Int: (index: Int, since: Date, cpuSince: Double)] = [:]
        /// Each worker thread's CPU clock, where the system lets another thread read it.
        private var clocks: [Int: WorkerClock] = [:]
        private var abandoned = Set<Int>()
        private let condition = NSCondition()

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func register() -> Int {
            condition.lock()
            defer { condition.unlock() }
            workers += 1
            clocks[workers] = WorkerClock.ofCurrentThread()
            return workers
        }

        /// The next index no thread has taken yet; nil once there is none, or for a worker given up on.
        func claimNext(_ worker: Int) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard counter < storage.count, !abandoned.contains(worker) else {
                current[worker] = nil
                return nil
            }
            counter += 1
            current[worker] = (counter - 1, Date(), clocks[worker]?.seconds() ?? 0)
            return counter - 1
        }

        func set(_ index: Int, _ value: Value, by worker: Int) {
            condition.lock()
            defer { condition.unlock() }
            guard !abandoned.contains(worker), storage[index] == nil else { return }
            storage[index] = value
            filled += 1
            // Only the last value wakes the waiting thread: a wake-up per item cost a context switch per file.
            if filled == storage.count { condition.broadcast() }
        }

        /// Waits until every item has a value; with `checkingEvery`, returns false after that long otherwise.
        func waitUntilDone(checkingEvery interval: Double?) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while filled < storage.count {
                if let interval {
                    if !condition.wait(until: Date(timeIntervalSinceNow: interval)) { return filled == storage.count }
                } else {
                    condition.wait()
                }
            }
            return true
        }

        /// The items running for more than `seconds`, with the time each has taken: the CPU time of its thread
        /// where the system tells it (Linux), so that more jobs than cores, or a loaded machine, do not make a
        /// file look slow; else the time on the wall clock scaled by the cores each running item can have (more
        /// jobs than cores then make no difference; a loaded machine still does).
        func overdue(after seconds: Double) -> [(worker: Int, index: Int, elapsed: Double)] {
            condition.lock()
            defer { condition.unlock() }
            let now = Date()
            // Without a thread clock, the wall clock's time shared among the items running at once on fewer cores.
            let running = current.keys.count { !abandoned.contains($0) }
            let share = min(1, Double(ProcessInfo.processInfo.activeProcessorCount) / Double(max(1, running)))
            return current.filter { !abandoned.contains($0.key) && now.timeIntervalSince($0.value.since) > seconds }
                .map { worker, item in
                    let cpu = clocks[worker]?.seconds().map { $0 - item.cpuSince }
                    return (worker, item.index, cpu ?? now.timeIntervalSince(item.since) * share)
                }
                .sorted { $0.index < $1.index }
        }

        /// Gives up on `worker` if it is still on `index`; returns whether it did (it may have moved on since).
        @discardableResult
        func abandon(_ worker: Int, index: Int, answer: Value) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            guard current[worker]?.index == index else { return false }
            abandoned.insert(worker)
            current[worker] = nil
            if storage[index] == nil {
                storage[index] = answer
                filled += 1
            }
            if filled == storage.count { condition.broadcast() }
            return true
        }

        func values() -> [Value] {
            condition.lock()
            defer { condition.unlock() }
            return storage.compactMap { $0 }
        }
    }
}

/// A thread's CPU clock, readable from any thread (Linux's `pthread_getcpuclockid`).
struct WorkerClock {
    #if os(Linux)
    let clock: clockid_t

    static func ofCurrentThread() -> WorkerClock? {
        var clock = clockid_t()
        guard pthread_getcpuclockid(pthread_self(), &clock) == 0 else { return nil }
        return WorkerClock(clock: clock)
    }

    /// The CPU seconds the thread has run; nil once it cannot be read.
    func seconds() -> Double? {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    #else
    static func ofCurrentThread() -> WorkerClock? { nil }
    func seconds() -> Double? { nil }
    #endif
}
