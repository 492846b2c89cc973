import ArborCore
import ArborTUI
import Testing

@Suite("The run loop walks a find ahead once the screen rests")
struct FindAheadControllerTests {
    /// Whether the effects ask for the walk ahead of a find.
    func walksAhead(_ effects: InputEffects) -> Bool {
        effects.sourceRequests.contains { if case .walkAhead = $0 { true } else { false } }
    }

    @Test func theRestAfterOpeningAsksForTheWalkOnceAndEveryKeyPutsItOff() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plants.json", width: 100, height: 30)
        #expect(driver.takeTimers().contains(.findAhead), "opening starts the rest")
        await driver.press(.down)
        #expect(driver.takeTimers().contains(.findAhead), "a key starts it again")
        await driver.send(.timer(.spinner))
        #expect(!driver.takeTimers().contains(.findAhead), "a timer's tick is rest")
        #expect(walksAhead(await driver.send(.timer(.findAhead))))
        await driver.press(.up)
        #expect(!driver.takeTimers().contains(.findAhead), "once a session")
        #expect(!walksAhead(await driver.send(.timer(.findAhead))))
    }

    @Test func aFindOpenBeforeTheRestWalksItselfAndNothingMore() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plants.json", width: 100, height: 30)
        await driver.press(.character("F"), .character("p"))
        _ = driver.takeTimers()
        #expect(!walksAhead(await driver.send(.timer(.findAhead))))
        await driver.press(.character("q"))
        #expect(!driver.takeTimers().contains(.findAhead))
    }
}
