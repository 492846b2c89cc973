import ArborCore
@testable import ArborTUI
import Testing

@Suite("The footer's one message: the most pressing of what there is to say")
struct FooterMessageTests {
    @Test func eachKindOutranksThoseBelowIt() {
        var state = BrowserState()
        var chrome = ScreenChrome()
        #expect(FooterMessage.shown(state: state, chrome: chrome, notice: nil) == nil)
        #expect(FooterMessage.shown(state: state, chrome: chrome, notice: "3 problems") == FooterMessage(text: "3 problems", kind: .standingNotice))
        _ = state.apply(.sourceTrouble("line 4: bad"))
        #expect(FooterMessage.shown(state: state, chrome: chrome, notice: "3 problems")?.kind == .sourceTrouble)
        _ = state.apply(.sourceProblem("no children"))
        #expect(FooterMessage.shown(state: state, chrome: chrome, notice: "3 problems") == FooterMessage(text: "no children", kind: .event))
        chrome.note = "copied id “x”"
        #expect(FooterMessage.shown(state: state, chrome: chrome, notice: "3 problems")?.kind == .keyNote)
        #expect(FooterMessage.Kind.allCases.filter(\.warns) == [.standingNotice, .sourceTrouble])
    }

    @Test func aWarningIsDrawnAsAnErrorAndAnEventIsNot() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 100, height: 20)
        await driver.send(.sourceChange(.problem("plant.json:3:1: unexpected end")))
        var grid = driver.controller.render()
        let row = grid.height - 1
        let warning = try #require(driver.lines.last?.distance(of: "plant.json"))
        #expect(grid[warning, row].style.role == .error)
        await driver.send(.action(.sourceProblem("the list was cut short")))
        grid = driver.controller.render()
        let event = try #require(driver.lines.last?.distance(of: "the list was cut short"))
        #expect(!(driver.lines.last ?? "").contains("plant.json"))
        #expect(grid[event, row].style.role == .footer, "an event outranks the trouble and is not drawn as an error")
    }
}
