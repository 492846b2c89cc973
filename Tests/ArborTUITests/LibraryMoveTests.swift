import ArborCore
@testable import ArborKit
import ArborTUI
import Foundation
import Synchronization
import Testing

/// A tree a program rearranges while the browser shows it: each item's title is its id.
final class MovableTree: HierarchySource {
    let displayName = "tree"
    private let lists = Mutex<[String: [String]]>(["": ["a", "b"], "a": ["a1", "a2"], "a1": ["a1x"], "b": ["b1"], "b1": ["b1y"]])
    /// Ids whose children are read only once `gate` opens.
    let slow: Set<String>
    private let gate = Mutex(false)

    init(slow: Set<String> = []) {
        self.slow = slow
    }

    /// Lets the slow lists be read.
    func open() { gate.withLock { $0 = true } }

    /// Moves an item to the end of another parent's children.
    func move(_ id: String, under parent: String) {
        lists.withLock { lists in
            for key in lists.keys { lists[key]?.removeAll { $0 == id } }
            lists[parent, default: []].append(id)
        }
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { lists.withLock { $0[id]?.count ?? 0 } }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        if slow.contains(id) {
            while !gate.withLock({ $0 }) { try await Task.sleep(nanoseconds: 5_000_000) }
        }
        return lists.withLock { Array(($0[id] ?? [])[range.clamped(to: 0..<($0[id]?.count ?? 0))]) }
    }
    func parentID(of id: String) async throws -> String? {
        lists.withLock { lists in lists.first { $0.value.contains(id) }?.key }
    }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id, subtitle: "node"), childCount: lists.withLock { $0[id]?.count ?? 0 })
    }
}

/// Moves and selection changes a program makes through ArborKit's public API while the browser runs.
extension TerminalLoops {
    @Suite(.serialized) struct LibraryMoveTests {
        /// After `invalidateParent(of:)` the moved item is focused under its new parent, and ← walks up through
        /// every level the source gives above it: deeper, shallower (the top level) and in another branch.
        @Test(arguments: [("a1x", ["a1x", "a1", "a"]), ("", []), ("b1", ["b1", "b"])])
        func anItemMovedUnderANewParentKeepsTheLevelsAboveIt(newParent: String, above: [String]) async throws {
            let tree = MovableTree()
            var options = BrowserOptions()
            options.cells = .single
            let browser = HierarchyBrowser(source: tree, options: options)
            let terminal = FakeTerminal(width: 120, height: 16)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "a") != nil)
            browser.reveal(["a", "a2"])
            #expect(await waitUntil { browser.shown.focusedID == "a2" }, "\(terminal.frames.last ?? [])")
            tree.move("a2", under: newParent)
            browser.invalidateParent(of: "a2")
            let moved = await waitUntil {
                browser.shown.focusedID == "a2" && browser.shown.items.filter(\.isFocused).map(\.id).dropLast().elementsEqual(above.reversed())
            }
            #expect(moved, "focused under \(newParent): \(browser.shown.items.filter(\.isFocused).map(\.id)) \(terminal.frames.last ?? [])")
            for ancestor in above {
                terminal.type(.left)
                #expect(await waitUntil { browser.shown.focusedID == ancestor }, "← reaches \(ancestor): \(terminal.frames.last ?? [])")
            }
            terminal.type(.left)
            #expect(await terminal.frame { $0.joined().contains("top of the hierarchy") } != nil, "then the top")
            browser.reveal(["a", "a1"])
            #expect(await waitUntil { browser.shown.focusedID == "a1" })
            let siblings = browser.shown.items.filter { $0.level == browser.shown.item("a1")?.level }.map(\.id)
            #expect(siblings == ["a1"], "a2 left its former siblings: \(terminal.frames.last ?? [])")
            terminal.type(.character("q"))
            #expect(await run.end()?.ending == .quit)
        }

        /// The program turns picking on, marks, and changes the kind of selection while a column is being read;
        /// the column arrives with the cells' select state, and the marks follow each kind.
        @Test func theSelectionToggledWhileAColumnLoadsHoldsWhenItArrives() async throws {
            let tree = MovableTree(slow: ["a"])
            var options = BrowserOptions()
            options.cells = .single
            let browser = HierarchyBrowser(source: tree, options: options)
            let terminal = FakeTerminal(width: 120, height: 16)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "a") != nil)
            terminal.type(.right)
            browser.setSelection(.multiple)
            browser.setMarks(["b", "a"])
            #expect(await waitUntil { browser.shown.marked == ["b", "a"] }, "marks set while a's list is read")
            #expect(!(terminal.frames.last ?? []).joined().contains("a1"), "a's children are still being read")
            tree.open()
            let arrived = try #require(await terminal.frame { $0.joined().contains("a1") && $0.joined().contains("a2") })
            #expect(arrived.contains { $0.contains("○ a1") } && arrived.contains { $0.contains("● a") }, "\(arrived)")
            terminal.type(.tab)
            #expect(await waitUntil { browser.shown.marked == ["b", "a", "a1"] }, "Tab marks in the column that arrived")
            browser.setSelection(.single)
            #expect(await waitUntil { browser.shown.marked == ["a1"] }, "a single pick keeps the last mark")
            browser.setSelection(.none)
            #expect(await waitUntil { browser.shown.marked.isEmpty })
            #expect(await terminal.frame { !$0.joined().contains("○") && !$0.joined().contains("●") && $0.joined().contains("a1") } != nil,
                    "browsing shows no select state")
            terminal.type(.character("q"))
            #expect(await run.end()?.ending == .quit)
        }
    }
}
