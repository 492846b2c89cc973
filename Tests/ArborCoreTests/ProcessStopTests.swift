@testable import ArborCore
import Synchronization
import Testing

@Suite("Work done before the program stops itself")
struct ProcessStopTests {
    /// A list of its own: preparing the program's would give up the leases other tests are holding.
    @Test func whatWasAddedIsDoneInOrderEachTime() {
        let stop = ProcessStop()
        let done = Mutex<[String]>([])
        stop.beforeStopping { done.withLock { $0.append("first") } }
        stop.beforeStopping { done.withLock { $0.append("second") } }
        stop.prepare()
        stop.prepare()
        #expect(done.withLock { $0 } == ["first", "second", "first", "second"])
    }
}
