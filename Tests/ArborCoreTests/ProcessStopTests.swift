@testable import ArborCore
import Synchronization
import Testing

@Suite("Work done before the program stops itself")
struct ProcessStopTests {
    @Test func whatWasAddedIsDoneInOrderEachTime() {
        let done = Mutex<[String]>([])
        let tag = "stop-\(Int.random(in: 0..<1_000_000))"
        ProcessStop.beforeStopping { done.withLock { $0.append(tag + "-first") } }
        ProcessStop.beforeStopping { done.withLock { $0.append(tag + "-second") } }
        ProcessStop.prepare()
        ProcessStop.prepare()
        let ours = done.withLock { $0 }.filter { $0.hasPrefix(tag) }
        #expect(ours == [tag + "-first", tag + "-second", tag + "-first", tag + "-second"])
    }
}
