import ArborCore
@testable import ArborKit
import ArborTUI
import Foundation
import Testing

/// A program's cells for urgent tasks: a red `P1` before the title; every other task drawn by the built-in cell,
/// and lists counting their tasks in words.
private struct PriorityCells: CellRenderer {
    func draw(_ cell: CellContext, on canvas: inout CellCanvas) -> Bool {
        guard cell.id.hasSuffix("urgent") || cell.id.contains("\u{1B}") else { return false }
        let used = canvas.write("P1", x: 1, y: 0, look: RoleLook(foreground: .index(1), bold: true))
        canvas.write(" " + (cell.content?.title ?? cell.id) + String(repeating: " long", count: 40), x: 1 + used, y: 0, role: .title)
        return true
    }

    func countText(for cell: CellContext) -> String? { cell.childCount.map { "\($0) tasks" } }
}

/// Custom cells drawn where the built-in one would be, with its rules for text.
extension TerminalLoops {
    @Suite(.serialized) struct CellRendererTests {
        @Test func aProgramsCellsAreDrawnInsideTheirColumnInertAndCutAndTheCountIsItsOwn() async throws {
            let source = TodoSource()
            _ = source.add("work/緊急urgent", to: "work")
            _ = source.add("work/urgent", to: "work")
            _ = source.add("work/\u{1B}[2Jwipe", to: "work")
            var options = BrowserOptions()
            options.cellRenderer = PriorityCells()
            let browser = HierarchyBrowser(source: source, options: options)
            let terminal = FakeTerminal(width: 70, height: 14)
            let run = BrowserRun(browser, on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            let counted = await terminal.frame { $0.contains { $0.contains("work") && $0.contains("▷ 4 tasks") } }
            #expect(counted != nil, "the program's count text: \(terminal.frames.last ?? [])")
            #expect(await terminal.frame { $0.contains { $0.contains("work") } } != nil)
            terminal.type(.down)
            #expect(await terminal.focusedLine(showing: "work") != nil, "\(terminal.frames.last ?? [])")
            terminal.type(.right)
            let drawn = try #require(await terminal.frame { $0.contains { $0.contains("P1 urgent long") } }, "\(terminal.frames.last ?? [])")
            let urgent = try #require(drawn.first { $0.contains("P1 urgent") })
            let hostile = try #require(drawn.first { $0.contains("P1 ^[[2Jwipe") }, "an escape in a title is shown inert")
            #expect(!drawn.joined().unicodeScalars.contains { $0.value == 0x1B })
            #expect(hostile.contains("│▌P1"), "the program's focused cell comes with the focus bar: \(hostile)")
            #expect(urgent.contains("│ P1"), "and the others with their background: \(urgent)")
            let wide = try #require(drawn.first { $0.contains("P1 緊急urgent long") }, "wide characters are drawn, two columns each")
            for line in [urgent, hostile, wide] {
                #expect(line.contains("…│"), "text longer than the cell is cut at its edge: \(line)")
                #expect(line.filter { $0 == "│" }.count == drawn[2].filter { $0 == "│" }.count, "the column's borders stay")
            }
            #expect(drawn.contains { $0.contains("report") && !$0.contains("P1") }, "other tasks keep the built-in cell")
            terminal.type(.character("q"))
            #expect(await run.end()?.ending == .quit)
        }
    }
}
