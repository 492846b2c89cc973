import ArborCore
import Testing

@Suite("Changes by id: idempotent against the browser's own reads, marks going with their items")
struct MutationByIDTests {
    @Test func insertedIDsAreListedAtOnceAndTheirContentAskedFor() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source, mode: .multiple)
        source.setChildren(of: "pumps", ["p0", "p1", "p2", "p3", "p9"])
        driver.send(.insertItems(["p9", "p0"], of: "pumps", at: [4, 0]))
        #expect(driver.state.items(in: 3).map { driver.state.store[$0].id } == ["p0", "p1", "p2", "p3", "p9"])
        #expect(driver.focusedID(3) == "p2", "the focus stays on its item")
        #expect(driver.pending.count == 2, "the content of each new item is asked for")
        await driver.settle()
        #expect(driver.titles(3) == ["P0", "P1", "P2", "P3", "P9"])
        driver.send(.insertItems(["p9", "p1"], of: "pumps", at: [0, 3]))
        #expect(driver.titles(3) == ["P0", "P1", "P2", "P3", "P9"], "ids listed already stay where they are, once")
        #expect(driver.pending.isEmpty)
        driver.send(.insertItems(["x"], of: "unknown", at: [0]))
        driver.send(.removeItems(["x"], of: "unknown"))
        #expect(driver.pending.isEmpty)
    }

    @Test func anInsertIntoAListNotReadAsksForItsCountAgain() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source, mode: .multiple)
        source.setChildren(of: "berlin", ["b1", "b2"])
        driver.send(.insertItems(["b2"], of: "berlin", at: [1]))
        let berlin = driver.state.store.handle(for: "berlin")!
        let plants = driver.state.store.handle(for: "plants")!
        #expect(driver.pending.contains { if case .countChildren(plants, ["berlin"], _) = $0 { true } else { false } })
        await driver.settle()
        #expect(driver.state.store[berlin].children == nil, "the list itself is read when it is opened")
    }

    @Test func theIndexedInsertOfAnItemTheListAlreadyHasAddsNoRow() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source, mode: .multiple)
        source.setChildren(of: "pumps", ["p0", "p1", "p2", "p3"])
        driver.send(.invalidateChildren(of: "pumps"))
        await driver.settle()
        driver.send(.insertChildren(of: "pumps", at: [0]))
        await driver.settle()
        #expect(driver.titles(3) == ["P0", "P1", "P2", "P3"])
    }

    @Test func removedIDsGoWithTheirMarksAndTheMarksBelowThem() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source, mode: .multiple)
        driver.send(.selection(.toggleFocused))
        driver.send(.previousLevel)
        driver.send(.selection(.toggleFocused))
        driver.send(.moveFocus(by: 1))
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids == ["p2", "pumps", "tower"])
        source.setChildren(of: "hamburg", ["tower"])
        driver.send(.removeItems(["pumps", "gone-already"], of: "hamburg"))
        #expect(driver.titles(2) == ["Tower"])
        #expect(driver.state.selection.ids == ["tower"], "the marks of pumps and of p2 below it went")
        #expect(driver.state.message == "2 marked items went away")
        driver.send(.removeItems(["tower"], of: "hamburg"))
        #expect(driver.state.selection.ids.isEmpty)
        #expect(driver.state.message == "“Tower” went away; 1 marked item went away")
    }

    @Test func aChangeLandingWhileItsListIsReadAsksForItAgain() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source, mode: .multiple)
        driver.send(.invalidateChildren(of: "pumps"))
        let staleRead = driver.pending.removeFirst()
        let staleAnswer = await driver.answer(staleRead)
        source.setChildren(of: "pumps", ["p1", "p2"])
        driver.send(.removeItems(["p3"], of: "pumps"))
        #expect(driver.titles(3) == ["P1", "P2"])
        driver.send(staleAnswer)
        #expect(driver.titles(3) == ["P1", "P2"], "the reading from before the change is dropped")
        #expect(driver.pending.count == 1, "and made again")
        await driver.settle()
        #expect(driver.titles(3) == ["P1", "P2"])
    }
}
