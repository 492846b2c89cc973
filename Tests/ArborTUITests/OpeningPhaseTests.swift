import ArborCore
@testable import ArborKit
import ArborTUI
import Foundation
import Testing

extension TerminalLoops {
    @Suite("The run loop's first phase: a source opening, the loading screen, then the browser on it")
    struct OpeningPhaseTests {
        /// A browser over the to-do list, opened after `delay` seconds (or failing with `failure`).
        func browser(after delay: Double, failure: String? = nil) -> HierarchyBrowser {
            HierarchyBrowser(opening: "todo.json", options: .picker()) {
                try await Task.sleep(for: .seconds(delay))
                if let failure { throw SourceError(failure) }
                return TodoSource()
            }
        }

        @Test func aSlowSourceShowsTheLoadingScreenThenTheBrowserOnTheSameTerminal() async {
            let terminal = FakeTerminal(width: 60, height: 12)
            let run = BrowserRun(browser(after: 0.6), on: terminal)
            let loading = await terminal.frame { $0.joined().contains("reading todo.json…") }
            #expect(loading?.last?.contains("q stop") == true, "the loading screen says how to stop")
            #expect(await terminal.focusedLine(showing: "home") != nil, "then the browser")
            terminal.type(.down, .right, .enter)
            #expect(await run.end() == BrowserResult(picked: ["work/report"], status: 0))
        }

        @Test func aQuickSourceDrawsNoLoadingScreen() async {
            let terminal = FakeTerminal(width: 60, height: 12)
            let run = BrowserRun(browser(after: 0), on: terminal)
            #expect(await terminal.focusedLine(showing: "home") != nil)
            #expect(!terminal.frames.contains { $0.joined().contains("reading") })
            terminal.type(.escape)
            #expect(await run.end()?.ending == .cancelled)
        }

        @Test func qOnTheLoadingScreenCancels() async {
            let terminal = FakeTerminal(width: 60, height: 12)
            let run = BrowserRun(browser(after: 30), on: terminal)
            #expect(await terminal.frame { $0.joined().contains("reading todo.json…") } != nil)
            terminal.type(.character("q"))
            let result = await run.end()
            #expect(result == BrowserResult(picked: [], status: 130))
            #expect(result?.ending == .cancelled)
        }

        @Test func aSourceThatCannotBeOpenedEndsTheRunSayingWhy() async {
            let terminal = FakeTerminal(width: 60, height: 12)
            let run = BrowserRun(browser(after: 0.3, failure: "todo.json:3:7: expected a value"), on: terminal)
            let result = await run.end()
            #expect(result == BrowserResult(picked: [], status: 2, failure: "todo.json:3:7: expected a value"))
            #expect(result?.ending == .failed)
        }
    }
}
