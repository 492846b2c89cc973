import ArborCore
import Testing

@Suite("Jump to a place: ids, paths of titles, completion")
struct JumpTests {
    let outline: [(String, [String])] = [
        ("top", ["alpha", "beta", "gamma", "gammaray"]),
        ("gamma", ["g1", "g2", "h1"]),
        ("g1", ["deep"]),
    ]

    func started(virtual: Bool = true) async -> Driver {
        var driver = Driver(MutableSource(root: "top", virtual: virtual, outline))
        driver.send(.start)
        await driver.settle()
        return driver
    }

    @Test func anIdOpensItsPath() async {
        var driver = await started()
        driver.send(.place(.open("deep")))
        await driver.settle()
        #expect(driver.columnParents == ["top", "gamma", "g1"])
        #expect(driver.focusedID(2) == "deep")
        var shown = await started(virtual: false)
        shown.send(.place(.open("g2")))
        await shown.settle()
        #expect(shown.focusedID(2) == "g2")
    }

    @Test func aPathOfTitlesMatchesExactlyThenIgnoringCaseThenByAUniquePrefix() async {
        var driver = await started()
        driver.send(.place(.open("Gamma/g1/dee")))
        await driver.settle()
        #expect(driver.focusedID(2) == "deep")
        driver.send(.place(.open("/gammar")))
        await driver.settle()
        #expect(driver.focusedID(0) == "gammaray")
        driver.send(.place(.open("gam/g1")))
        await driver.settle()
        #expect(driver.state.message == "no item 'gam' there (2 start with it)")
        var shown = await started(virtual: false)
        shown.send(.place(.open("Top/Gamma/H1")))
        await shown.settle()
        #expect(shown.focusedID(2) == "h1")
        shown.send(.place(.open("Beta")))
        await shown.settle()
        #expect(shown.focusedID(1) == "beta", "the root's title may be left out")
    }

    /// A title holding `/` is written `\/` in a path (as `Y` copies it and `--output path` prints it), and that
    /// path names the item again.
    @Test func aPathOfTitlesHoldingSlashesReadsBack() async {
        var driver = Driver(MutableSource(root: "top", virtual: true, [("top", ["deps"]), ("deps", ["@isaacs/compare", "abbrev"])]))
        driver.send(.start)
        await driver.settle()
        let written = TitlePath.text(["Deps", "@isaacs/compare"])
        #expect(written == "Deps/@isaacs\\/compare")
        #expect(TitlePath.titles(written) == ["Deps", "@isaacs/compare"])
        #expect(TitlePath.titles(TitlePath.text(["a\\b", "c/"])) == ["a\\b", "c/"])
        driver.send(.place(.open(written)))
        await driver.settle()
        #expect(driver.focusedID(1) == "@isaacs/compare")
        driver.send(.place(.complete("deps/@is")))
        await driver.settle()
        #expect(driver.state.place.completion?.text == "deps/@isaacs\\/compare/")
    }

    @Test func tabCompletesTheLastTitle() async {
        var driver = await started()
        driver.send(.place(.complete("gamma/g")))
        await driver.settle()
        #expect(driver.state.place.completion == PlaceCompletion(text: "gamma/g", candidates: ["G1", "G2"]))
        #expect(driver.state.message == "G1  G2")
        driver.send(.place(.complete("gamma/h")))
        await driver.settle()
        #expect(driver.state.place.completion?.text == "gamma/H1/")
        #expect(driver.state.message == nil)
        driver.send(.place(.complete("Gam")))
        await driver.settle()
        #expect(driver.state.place.completion?.text == "Gamma")
        driver.send(.place(.complete("gamma/x")))
        await driver.settle()
        #expect(driver.state.place.completion?.text == "gamma/x")
        #expect(driver.state.message == "nothing there starts so")
        driver.send(.place(.complete("gamma/")))
        await driver.settle()
        #expect(driver.state.place.completion?.candidates == ["G1", "G2", "H1"])
        driver.send(.place(.complete("nowhere/x")))
        await driver.settle()
        #expect(driver.state.message == "no item 'nowhere' there (0 start with it)")
    }

    @Test func anAnswerForAnOlderRequestIsIgnored() async {
        var driver = await started()
        driver.send(.place(.open("deep")))
        let older = driver.pending.removeFirst()
        driver.send(.place(.complete("g")))
        driver.send(await driver.answer(older))
        #expect(driver.state.navigation.levels.count == 1)
        driver.send(.place(.completed(generation: -1, .success(PlaceCompletion(text: "x", candidates: [])))))
        #expect(driver.state.place.completion == nil)
    }

    @Test func anEmptyHierarchyHasNoPlaces() async {
        var driver = Driver(StaticHierarchy(displayName: "empty", nodes: [], rootIndex: -1, rootIsVirtual: true))
        driver.send(.start)
        await driver.settle()
        driver.send(.place(.open("a/b")))
        await driver.settle()
        #expect(driver.state.message == "the hierarchy is empty")
        driver.send(.place(.complete("a")))
        await driver.settle()
        #expect(driver.state.message == "the hierarchy is empty")
    }
}
