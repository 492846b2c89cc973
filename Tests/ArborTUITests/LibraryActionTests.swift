import ArborCore
@testable import ArborKit
import ArborTUI
import Synchronization
import Testing

/// A to-do list that previews its items itself.
final class PreviewedTodo: PreviewingItems {
    let todo = TodoSource()
    var displayName: String { todo.displayName }
    func root() async throws -> SourceRoot? { try await todo.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await todo.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await todo.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await todo.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await todo.item(id) }
    func preview(of id: String, lines: Int) async throws -> ItemPreview {
        ItemPreview(lines: [PreviewLine("own preview of \(id)", .heading)])
    }
}

extension TerminalLoops {
    @Suite(.serialized) struct LibraryActionTests {
        @Test func aProgramsActionIsCalledWithTheFocusAndTheMarks() async {
            let called = Mutex<[ActionContext]>([])
            var options = BrowserOptions.picker(multiple: true)
            options.actions = [CustomAction(key: .character("x"), name: "archive") { context in called.withLock { $0.append(context) } }]
            let browser = HierarchyBrowser(source: TodoSource(), options: options)
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            terminal.type(.character(" "), .down, .character("x"))
            #expect(await waitUntil { !called.withLock { $0 }.isEmpty })
            #expect(called.withLock { $0 } == [ActionContext(id: "work", marked: ["home"])])
            terminal.type(.control("c"))
            _ = await run.end()
        }

        @Test func theSourcesOwnPreviewAndACommandsOutputShowInThePane() async {
            var options = BrowserOptions()
            options.previewWindow = try? PreviewWindow(parsing: "right:50%")
            let browser = HierarchyBrowser(source: PreviewedTodo(), options: options)
            let terminal = FakeTerminal(width: 100, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.frame { $0.joined().contains("own preview of home") } != nil)
            terminal.type(.character("q"))
            _ = await run.end()

            var commanded = BrowserOptions()
            commanded.previewCommand = "printf 'from sh:%s' {}"
            commanded.bindings = [ActionBinding(key: .character("w"), actions: [.changePreviewWindow("down:50%")])]
            let second = HierarchyBrowser(source: TodoSource(), options: commanded)
            let other = FakeTerminal(width: 100, height: 14)
            let secondRun = BrowserRun(second, on: other)
            #expect(await other.frame { $0.joined().contains("from sh:home") } != nil, "the command ran through the run loop")
            other.type(.down)
            #expect(await other.frame { $0.joined().contains("from sh:work") } != nil)
            other.type(.character("w"))
            #expect(await other.frame { lines in lines.firstIndex { $0.contains("from sh:work") }.map { $0 > 5 } ?? false } != nil,
                    "the pane moved below the list")
            other.type(.character("q"))
            _ = await secondRun.end()
        }
    }
}
