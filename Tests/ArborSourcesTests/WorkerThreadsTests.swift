@testable import ArborSources
import Dispatch
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Long work runs on threads of its own, at a lower priority, never on the pool that Swift's tasks share.
@Suite("Worker threads")
struct WorkerThreadsTests {
    @Test func everyPartRunsOnceAndAllAtTheSameTime() {
        let runs = Mutex<[Int]>([])
        let arrived = Atomic<Int>(0)
        let together = Atomic<Bool>(true)
        WorkerThreads.perform(4) { part in
            runs.withLock { $0.append(part) }
            // Each part waits for the others: the parts run at the same time, or this would time out.
            arrived.add(1, ordering: .relaxed)
            let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
            while arrived.load(ordering: .relaxed) < 4 {
                if DispatchTime.now().uptimeNanoseconds > deadline {
                    together.store(false, ordering: .relaxed)
                    break
                }
                sched_yield()
            }
        }
        #expect(runs.withLock { $0.sorted() } == [0, 1, 2, 3])
        let allTogether = together.load(ordering: .relaxed)
        #expect(allTogether)
    }

    #if canImport(Glibc)
    @Test func theThreadsItStartsRunBelowTheCallersPriority() {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let caller = getpriority(which, 0)
        let seen = Mutex<[Int: Int32]>([:])
        WorkerThreads.perform(2) { part in
            let niceness = getpriority(which, 0)
            seen.withLock { $0[part] = niceness }
        }
        // Part 0 runs on the caller's thread, at its priority, which stays as it was.
        #expect(seen.withLock { $0 } == [0: caller, 1: min(19, caller + WorkerThreads.niceness)])
        #expect(getpriority(which, 0) == caller)
    }
    #endif

    @Test func startedWorkRuns() {
        let ran = DispatchSemaphore(value: 0)
        WorkerThreads.start { ran.signal() }
        #expect(ran.wait(timeout: .now() + 10) == .success, "the work ran within 10 s")
    }
}
