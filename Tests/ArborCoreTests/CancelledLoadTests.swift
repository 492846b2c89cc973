import ArborCore
import Testing

@Suite("A load the source cancelled because its list left the screen")
struct CancelledLoadTests {
    @Test func aCancelledListThatIsShownIsAskedAgainWithoutAMessage() async throws {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.expand)
        guard case .loadChildren(let handle, _, let generation) = try #require(driver.pending.first) else {
            Issue.record("expanding asked for no children")
            return
        }
        driver.pending.removeFirst()
        driver.send(.loaded(.children(handle, generation: generation, .failure(.cancelled("the list is no longer shown")))))
        #expect(driver.state.message == nil)
        guard case .loadChildren(let again, _, let newer) = try #require(driver.pending.first) else {
            Issue.record("the shown list was not asked again")
            return
        }
        #expect(again == handle && newer != generation)
        await driver.settle()
        #expect(driver.state.store[handle].childLoad == .loaded)
        #expect(SourceError.cancelled("x").isCancellation && !SourceError("x").isCancellation)
    }

    @Test func aCancelledPageIsNotAFailureAndIsAskedAgainWhenShown() async throws {
        var driver = await openedDriver(WidePager(count: 10_000))
        driver.pending = []
        driver.send(.last)
        guard case .loadChildPage(let parent, _, _, let epoch) = try #require(driver.pending.first) else {
            Issue.record("the last page was not asked for")
            return
        }
        driver.pending = []
        driver.send(.loaded(.childPage(parent, epoch: epoch, start: 0, .failure(.cancelled("the list is no longer shown")))))
        #expect(driver.state.message == nil)
        driver.send(.loaded(.childPage(parent, epoch: epoch, start: 256, .failure(SourceError("disk on fire")))))
        #expect(driver.state.message == "disk on fire")
    }
}
