import ArborCore
@testable import ArborKit
import ArborTUI
import Foundation
import Synchronization
import Testing

/// One list a program changes while the browser shows it; every item's title is its id.
final class ChangingList: HierarchySource {
    let displayName = "list"
    private let items: Mutex<[String]>
    /// How long reading the list takes, in microseconds.
    let readTime: UInt32

    init(_ items: [String], readTime: UInt32 = 0) {
        self.items = Mutex(items)
        self.readTime = readTime
    }

    /// The items now, in order.
    var current: [String] { items.withLock { $0 } }

    /// Inserts an id at an index; returns the index.
    func insert(_ id: String, at index: Int) -> Int {
        items.withLock { $0.insert(id, at: min(index, $0.count)) }
        return min(index, current.count - 1)
    }

    /// Removes an id; returns the index it had.
    func remove(_ id: String) -> Int? {
        items.withLock { list in
            guard let index = list.firstIndex(of: id) else { return nil }
            list.remove(at: index)
            return index
        }
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { id.isEmpty ? current.count : 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        guard id.isEmpty else { return [] }
        let list = current
        if readTime > 0 { usleep(readTime) }
        return Array(list[range.clamped(to: 0..<list.count)])
    }
    func parentID(of id: String) async throws -> String? { id.isEmpty ? nil : "" }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id, subtitle: "task"), childCount: 0)
    }
}

extension TerminalLoops {
    @Suite(.serialized) struct LibraryMutationTests {
        func options(multiple: Bool = true) -> BrowserOptions {
            var options = BrowserOptions.picker(multiple: multiple)
            options.cells = .single
            return options
        }

        /// A picker of many over `source` on a terminal in memory, once its first frame shows `first` focused.
        func present(_ source: ChangingList, height: Int, showing first: String) async -> (HierarchyBrowser, FakeTerminal, BrowserRun) {
            let browser = HierarchyBrowser(source: source, options: options())
            let terminal = FakeTerminal(width: 60, height: height)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: first) != nil)
            return (browser, terminal, run)
        }

        /// The items a frame lists, top to bottom (single-line cells of the first column).
        func listed(in frame: [String]) -> [String] {
            frame.compactMap { line in
                line.firstMatch(of: /^│[▌ ][○●] (\S+)/).map { String($0.1) }
            }
        }

        @Test(arguments: [true, false])
        func aMarkedItemRemovedIsNotPickedAndTheFooterSaysSo(byID: Bool) async throws {
            let source = ChangingList(["alpha", "beta", "gamma"])
            let (browser, terminal, run) = await present(source, height: 12, showing: "alpha")
            terminal.type(.character(" "), .down, .character(" "))
            #expect(await terminal.frame { $0.last?.contains("2 marked") == true } != nil)
            let index = try #require(source.remove("alpha"))
            await Task.detached {
                browser.apply([byID ? .removedItems(["alpha"], of: "") : .removedChildren(of: "", at: [index])])
            }.value
            let after = await terminal.frame { self.listed(in: $0) == ["beta", "gamma"] }
            #expect(after?.last?.contains("1 marked item went away") == true, "\(after ?? [])")
            terminal.type(.enter)
            #expect(await run.end() == BrowserResult(picked: ["beta"], status: 0))
        }

        @Test func anInsertArrivingAfterTheListWasReadAgainAddsTheRowOnce() async throws {
            let source = ChangingList(["alpha", "beta"])
            let (browser, terminal, run) = await present(source, height: 12, showing: "alpha")
            let index = source.insert("new", at: 0)
            browser.invalidateChildren(of: "")
            #expect(await terminal.frame { self.listed(in: $0) == ["new", "alpha", "beta"] } != nil, "read again first")
            browser.insertChildren(["new"], of: "", at: [index])
            browser.apply([.insertedChildren(of: "", at: [index])])
            let marker = source.insert("last", at: 3)
            browser.insertChildren(["last"], of: "", at: [marker])
            let frame = await terminal.frame { $0.joined().contains("last") }
            try await Task.sleep(nanoseconds: 200_000_000)
            let shown = listed(in: terminal.frames.last ?? [])
            #expect(shown == ["new", "alpha", "beta", "last"], "each row once: \(frame ?? [])")
            #expect(terminal.frames.last?.last?.contains("of 4") == true, "the count says 4")
            terminal.type(.character("q"))
            _ = await run.end()
        }

        @Test func changesRacingTheBrowsersOwnReadsEndWithTheSourcesList() async throws {
            let source = ChangingList((0..<8).map { "item\($0)" }, readTime: 3_000)
            let (browser, terminal, run) = await present(source, height: 40, showing: "item0")
            terminal.type(.character(" "), .down, .character(" "))
            #expect(await terminal.frame { $0.last?.contains("2 marked") == true } != nil)
            await Task.detached {
                var generator = SystemRandomNumberGenerator()
                var next = 100
                _ = source.remove("item1")
                browser.removeChildren(["item1"], of: "")
                for step in 0..<400 {
                    let list = source.current.filter { $0 != "item0" }
                    if list.count < 20, list.isEmpty || Bool.random(using: &generator) {
                        let id = "item\(next)"
                        next += 1
                        let index = source.insert(id, at: Int.random(in: 0...list.count, using: &generator))
                        browser.insertChildren([id], of: "", at: [index])
                    } else if let id = list.randomElement(using: &generator) {
                        _ = source.remove(id)
                        browser.removeChildren([id], of: "")
                    }
                    // The browser reads the list again now and then; the last changes land while it reads.
                    if step % 3 == 0, step < 390 { browser.invalidateChildren(of: "") }
                    if step % 5 == 0 { try? await Task.sleep(nanoseconds: 500_000) }
                }
            }.value
            let expected = source.current
            let frame = await terminal.frame(within: 10) { self.listed(in: $0) == expected }
            #expect(frame != nil, "the list ends as the source's \(expected):\n\((terminal.frames.last ?? []).joined(separator: "\n"))")
            terminal.type(.enter)
            #expect(await run.end()?.picked == ["item0"], "a mark stays only while its item does")
        }

        @Test func aTitleThatGrowsWidensItsColumnAtOnce() async throws {
            let source = RenamedPair()
            let browser = HierarchyBrowser(source: source, options: options())
            let terminal = FakeTerminal(width: 100, height: 12)
            let run = BrowserRun(browser, on: terminal)
            // The first column's box starts at 0; the second's where the first ends.
            func secondBox(_ frame: [String]) -> Int? {
                frame.dropFirst().first.flatMap { line in Array(line).indices.dropFirst().first { Array(line)[$0] == "┌" } }
            }
            #expect(await terminal.focusedLine(showing: "a") != nil)
            terminal.type(.right)
            let before = try #require(await terminal.frame { $0.joined().contains("leaf") && secondBox($0) != nil })
            source.title.withLock { $0 = "a title much longer than the first" }
            browser.invalidateItems(["b"])
            let after = await terminal.frame { $0.joined().contains("much longer") }
            let widened = try #require(after.flatMap(secondBox))
            #expect(widened > secondBox(before)!, "the column grew for the longer title:\n\((after ?? []).joined(separator: "\n"))")
            terminal.type(.escape)
            _ = await run.end()
        }
    }
}

/// Two items, the first with a child, the second renamed by the test.
final class RenamedPair: HierarchySource {
    let displayName = "pair"
    let title = Mutex("b")

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { id.isEmpty ? 2 : id == "a" ? 1 : 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let ids = id.isEmpty ? ["a", "b"] : id == "a" ? ["leaf"] : []
        return Array(ids[range.clamped(to: 0..<ids.count)])
    }
    func parentID(of id: String) async throws -> String? { id == "leaf" ? "a" : id.isEmpty ? nil : "" }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id == "b" ? title.withLock { $0 } : id), childCount: id == "a" ? 1 : 0)
    }
}
