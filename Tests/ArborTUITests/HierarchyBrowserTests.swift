import ArborCore
@testable import ArborKit
import ArborTUI
import Foundation
import Synchronization
import Testing

/// A to-do list a program keeps and changes while the browser shows it.
final class TodoSource: HierarchySource {
    let displayName = "todo"
    private let lists = Mutex<[String: [String]]>(["": ["home", "work"], "home": ["home/paint"], "work": ["work/report"]])

    /// Adds an item at the front of a list; returns its index.
    func add(_ id: String, to list: String) -> Int {
        lists.withLock { $0[list, default: []].insert(id, at: 0) }
        return 0
    }

    /// Removes the item at `index` of a list.
    func remove(at index: Int, from list: String) {
        lists.withLock { _ = $0[list]?.remove(at: index) }
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { lists.withLock { $0[id]?.count ?? 0 } }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        lists.withLock { Array(($0[id] ?? [])[range.clamped(to: 0..<($0[id]?.count ?? 0))]) }
    }
    func parentID(of id: String) async throws -> String? { id.contains("/") ? String(id.split(separator: "/")[0]) : id.isEmpty ? nil : "" }
    func item(_ id: String) async throws -> SourceItem {
        let title = id.split(separator: "/").last.map(String.init) ?? id
        let icon = id.hasSuffix("urgent") ? "⚠" : ""
        return SourceItem(id: id, content: ItemContent(title: title, subtitle: "task", icon: icon),
                          childCount: lists.withLock { $0[id]?.count ?? 0 })
    }
}

/// A browser running on a thread of its own, on a terminal in memory.
final class BrowserRun: Sendable {
    private let result = Mutex<BrowserResult?>(nil)

    init(_ browser: HierarchyBrowser, on terminal: FakeTerminal) {
        Thread.detachNewThread { [self] in
            let ended = try? browser.run(acquire: { terminal }, release: {})
            result.withLock { $0 = ended }
        }
    }

    /// The result, once the browser has ended (nil if it has not within 30 seconds).
    func end() async -> BrowserResult? {
        _ = await waitUntil { result.withLock { $0 != nil } }
        return result.withLock { $0 }
    }
}

extension TerminalLoops {
    @Suite(.serialized) struct HierarchyBrowserTests {
        @Test func anItemInsertedFromAnotherTaskShowsKeepingTheFocusAndIsPicked() async throws {
            let source = TodoSource()
            let focused = Mutex<[String?]>([])
            var options = BrowserOptions.picker()
            options.onFocusChange = { id in focused.withLock { $0.append(id) } }
            let expanded = Mutex<[String]>([])
            options.onExpand = { id in expanded.withLock { $0.append(id) } }
            let browser = HierarchyBrowser(source: source, options: options)
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            // → on an item still being read is not taken: the second task is waited for before it is entered.
            #expect(await terminal.frame { $0.contains { $0.contains("work") } } != nil)
            terminal.type(.down)
            #expect(await terminal.focusedLine(showing: "work") != nil, "\(terminal.frames.last ?? [])")
            terminal.type(.right)
            #expect(await terminal.focusedLine(showing: "report") != nil, "\(terminal.frames.last ?? [])")
            await Task.detached {
                browser.insertChildren(["work/urgent"], of: "work", at: [source.add("work/urgent", to: "work")])
            }.value
            let shown = await terminal.frame { $0.contains { $0.contains("⚠ urgent") } }
            #expect(shown != nil, "the inserted item shows with its icon")
            #expect(await terminal.focusedLine(showing: "report") != nil, "the focus stays on its item")
            terminal.type(.up, .enter)
            let result = await run.end()
            #expect(result == BrowserResult(picked: ["work/urgent"], status: 0))
            #expect(result?.ending == .picked)
            #expect(focused.withLock { $0 }.prefix(2) == ["home", "work"])
            #expect(focused.withLock { $0 }.last == "work/urgent")
            #expect(expanded.withLock { $0 } == ["work"])
        }

        /// A program asks what is shown and where, and moves the focus by a path of ids.
        @Test func aProgramReadsWhatIsShownAndMovesTheFocus() async throws {
            let browser = HierarchyBrowser(source: TodoSource())
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            #expect(await waitUntil { browser.shown.item("home") != nil })
            let shown = browser.shown
            #expect(shown.focusedID == "home")
            let home = try #require(shown.item("home"))
            #expect(home.level == 0 && home.isFocused && home.height == 3, "the focused task's cell is drawn whole")
            #expect(terminal.frames.last?[home.y].contains("home") == true)
            let work = try #require(shown.item("work"))
            #expect(work.y == home.y + 3 && work.height == 1 && !work.isFocused)
            #expect(shown.item("work/report") == nil, "an item not on screen is not shown")
            browser.reveal(["work", "work/report"])
            #expect(await waitUntil { browser.shown.focusedID == "work/report" })
            #expect(browser.shown.item("work")?.isFocused == true)
            #expect(browser.shown.item("work/report")?.level == 1)
            terminal.type(.character("q"))
            #expect(await run.end()?.ending == .quit)
        }

        /// The events a program hears: levels entered, an expansion and its collapse, marks set and taken back,
        /// and the state the browser ends in.
        @Test func aProgramHearsLevelsCollapsesMarksAndTheClose() async throws {
            let heard = Mutex<[String]>([])
            let closing = Mutex<BrowserClosing?>(nil)
            var options = BrowserOptions.picker(multiple: true)
            options.onLevelEnter = { level, parent in heard.withLock { $0.append("level \(level) \(parent ?? "top")") } }
            options.onExpand = { id in heard.withLock { $0.append("expand \(id)") } }
            options.onCollapse = { id in heard.withLock { $0.append("collapse \(id)") } }
            options.onMarkChange = { id, marked in heard.withLock { $0.append("\(marked ? "mark" : "unmark") \(id)") } }
            options.onClose = { state in closing.withLock { $0 = state } }
            let browser = HierarchyBrowser(source: TodoSource(), options: options)
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            terminal.type(.right)
            #expect(await terminal.focusedLine(showing: "paint") != nil)
            terminal.type(.tab)
            #expect(await waitUntil { heard.withLock { $0.contains("mark home/paint") } })
            terminal.type(.tab, .left, .down)
            #expect(await terminal.focusedLine(showing: "work") != nil)
            #expect(await waitUntil { heard.withLock { $0.contains("collapse home") } })
            terminal.type(.tab, .escape)
            let result = await run.end()
            #expect(result?.ending == .cancelled)
            // Level 0 lists the children of the virtual root, whose id is "".
            #expect(heard.withLock { $0 } == ["level 0 ", "expand home", "level 1 home", "mark home/paint", "unmark home/paint",
                                              "level 0 ", "collapse home", "mark work"])
            #expect(closing.withLock { $0 } == BrowserClosing(focusedID: "work", marked: ["work"], expanded: [], status: 130))
        }

        /// Marks a program sets show and read back while the browser runs; with `acceptEnds` false, Enter hands
        /// the marks to the program and the browser goes on until the user quits.
        @Test func marksAreSetAndReadWhileItRunsAndAcceptingNeedNotEnd() async throws {
            let accepted = Mutex<[[String]]>([])
            var options = BrowserOptions.picker(multiple: true)
            options.acceptEnds = false
            options.onAccept = { ids in accepted.withLock { $0.append(ids) } }
            let browser = HierarchyBrowser(source: TodoSource(), options: options)
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            browser.setMarks(["work", "home"])
            #expect(await waitUntil { browser.shown.marked == ["work", "home"] })
            terminal.type(.tab)
            #expect(await waitUntil { browser.shown.marked == ["work"] }, "the user unmarks the focused home")
            terminal.type(.enter)
            #expect(await waitUntil { accepted.withLock { $0 } == [["work"]] })
            #expect(await terminal.frame { $0.last?.contains("accepted 1 item") == true } != nil, "the browser goes on, saying so")
            browser.setMarks(["home"])
            #expect(await waitUntil { browser.shown.marked == ["home"] })
            terminal.type(.enter)
            #expect(await waitUntil { accepted.withLock { $0 } == [["work"], ["home"]] })
            terminal.type(.escape)
            let result = await run.end()
            #expect(result?.ending == .cancelled)
        }

        /// A browser started to browse is turned into a picker by the program: Tab marks and Enter accepts.
        @Test func theSelectionIsALiveSetting() async throws {
            let browser = HierarchyBrowser(source: TodoSource())
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            browser.setSelection(.multiple)
            #expect(await terminal.frame { $0.joined().contains("○") } != nil, "the cells show their select state")
            terminal.type(.tab, .down, .tab)
            #expect(await waitUntil { browser.shown.marked == ["home", "work"] })
            terminal.type(.enter)
            let result = await run.end()
            #expect(result == BrowserResult(picked: ["home", "work"], status: 0))
        }

        @Test func quittingTheBrowserPicksNothing() async {
            let source = TodoSource()
            let browser = HierarchyBrowser(source: source)
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            browser.reloadData()
            browser.invalidateItems(["home"])
            browser.invalidateChildren(of: "home")
            browser.invalidateParent(of: "home/paint")
            source.remove(at: 1, from: "")
            browser.removeChildren(["work"], of: "")
            #expect(await terminal.frame { !$0.joined().contains("work") } != nil)
            terminal.type(.character("q"))
            let result = await run.end()
            #expect(result == BrowserResult(picked: [], status: 0))
            #expect(result?.ending == .quit)
        }

        @Test(arguments: [(Int32(1), BrowserResult.Ending.nothingPicked), (130, .cancelled), (143, .interrupted)])
        func theStatusSaysHowItEnded(status: Int32, ending: BrowserResult.Ending) {
            #expect(BrowserResult(picked: [], status: status).ending == ending)
        }

        @Test func iconsStandBeforeTitlesInCellsAndTheOutline() async {
            let urgent = StaticHierarchy(displayName: "x", nodes: [
                .init(id: "r", content: ItemContent(title: "root"), children: [1]),
                .init(id: "u", content: ItemContent(title: "urgent", icon: "⚠"), parent: 0),
            ], rootIndex: 0, rootIsVirtual: true)
            var columns = await ScreenDriver(urgent, name: "x", width: 40, height: 8)
            #expect(columns.lines.contains { $0.contains("▌⚠ urgent") })
            await columns.press(.character("o"))
            #expect(columns.lines.contains { $0.contains("⚠ urgent") })
            let hostile = StaticHierarchy(displayName: "x", nodes: [
                .init(id: "r", content: ItemContent(title: "root"), children: [1]),
                .init(id: "e", content: ItemContent(title: "escape", icon: "\u{1B}[2J"), parent: 0),
            ], rootIndex: 0, rootIsVirtual: true)
            var inert = await ScreenDriver(hostile, name: "x", width: 40, height: 8)
            #expect(inert.lines.contains { $0.hasPrefix("▌^") && $0.contains(" escape") }, "an icon's control characters are drawn inert")
            #expect(!inert.controller.render().lines.joined().unicodeScalars.contains { $0.value == 0x1B })
            await inert.press(.character("o"))
            #expect(!inert.lines.joined().unicodeScalars.contains { $0.value == 0x1B })
        }
    }
}
