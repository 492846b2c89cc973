@testable import ArborCore
import Dispatch
import Foundation
import Testing

@Suite("Work held back until the first frame")
struct FirstFrameGateTests {
    @Test func aClosedGateHoldsWorkForItsBoundAndAnOpenOneNotAtAll() {
        let gate = FirstFrameGate()
        #expect(!gate.opened)
        let start = MonotonicClock.seconds()
        gate.wait(atMost: 0.05)
        #expect(MonotonicClock.seconds() - start >= 0.05)
        gate.open()
        #expect(gate.opened)
        let again = MonotonicClock.seconds()
        gate.wait(atMost: 10)
        #expect(MonotonicClock.seconds() - again < 1)
    }

    @Test func openingTheGateLetsAWaitingThreadGoOn() {
        let gate = FirstFrameGate()
        let start = MonotonicClock.seconds()
        let done = DispatchSemaphore(value: 0)
        // A thread of its own: the wait blocks it, as it blocks the worker thread that reads an input's rest.
        Thread.detachNewThread {
            gate.wait(atMost: 10)
            done.signal()
        }
        usleep(50_000)
        gate.open()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(MonotonicClock.seconds() - start < 5)
    }

    @Test func aGateFollowingTheBrowsersOpensWithItsNextFrameOrAtOnceWhenItDrawsNone() {
        let browser = FirstFrameGate()
        let unseen = FirstFrameGate(following: browser)
        unseen.openWithNextFrame()
        #expect(unseen.opened, "no frame drawn yet (a printing command): opened at once")
        browser.open()
        let file = FirstFrameGate(following: browser)
        #expect(!file.opened)
        file.openWithNextFrame()
        #expect(!file.opened, "the frame showing the file's first part is still to be drawn")
        browser.open()
        #expect(file.opened)
    }
}
